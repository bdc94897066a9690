import { recall } from '../flow/recall.js'
import type { FormView, Question } from '../forms/definition.js'
import { fieldsFromAnswer } from './answer-messages.js'
import { type PageErrors, type TypedValues, typedFields } from './fields.js'
import { type PageState, questionsAsShown, recallValuesOf } from './flow-view.js'
import { Alerts, actionIn, CarriedFields, pageTitle, questionsForScript } from './form-page.js'
import { Layout, useLocalised, usePageLanguage } from './layout.js'
import { QuestionCard, recalled } from './question-card.js'

// A hosted form of several pages (docs/api.md#hosted-multi-page-forms), one page at a time. Every
// page of the form is in the HTML, the ones not shown `hidden`: with JavaScript off the server
// shows the page the path is at and reads only its fields; with it on, the page's script
// (web/hosted/flow.ts) moves between them without reloads, showing and hiding questions as the
// shared flow engine says, and saves each page to the same draft.

/** The page's own fields, beside the questions' and `hidden:<name>`. */
export const PAGE_FIELD = 'canvass:page'
export const ACTION_FIELD = 'canvass:action'
/** The questions the page showed when it was sent, by id, space-separated. */
export const SHOWN_FIELD = 'canvass:shown'
export type PageAction = 'next' | 'back' | 'later'

export interface FlowPageProps {
  form: FormView
  /** The page shown and what the path says of it. */
  page: string
  state: PageState
  /** The draft's answers and hidden values (every page's). */
  answers: Record<string, unknown>
  hidden: Record<string, string>
  /** What was typed on this page, shown again beside its errors. */
  values?: TypedValues
  errors?: PageErrors
  notice?: { heading: string; message: string }
  /** Where its pages post (the script too): `/f/{form_id}`, unless a personal link's (`/i/{token}`). */
  action?: string
}

/** What the page's script runs the flow engine on: the definition less its words and settings. */
function flowForScript(form: FormView): string {
  return JSON.stringify({
    questions: JSON.parse(questionsForScript(form.questions)),
    hidden: form.hidden,
    variables: form.variables,
    pages: form.pages,
    logic: form.logic,
  })
}

const hasRecall = (text: string | undefined) => text?.includes('{{') === true

export function FlowPage(props: FlowPageProps) {
  const { page, state, answers, hidden, values, errors, notice, action } = props
  const form = useLocalised(props.form)
  const language = usePageLanguage()
  const { t, locale, scriptMessages } = language.words
  const { path } = state
  const recallValues = recallValuesOf(path, answers, hidden)
  const words = (text: string) => recall(text, recallValues)
  const asShown = new Map(
    questionsAsShown(form, path, recallValues).map((question) => [question.id, question]),
  )
  const written = new Map(form.questions.map((question) => [question.id, question]))
  const onPath = new Set(path.questions)
  const visited = new Set(path.pages)
  const place = { index: state.index + 1, count: state.count }
  const title = pageTitle(t('form.pageTitle', { title: form.title, ...place }), notice, errors)
  const card = (question: Question, pageId: string) => {
    // A question of a page not reached yet is marked as written; its page's script marks it again.
    const shown = visited.has(pageId)
      ? (asShown.get(question.id) ?? question)
      : {
          ...question,
          title: words(question.title),
          ...(question.description !== undefined ? { description: words(question.description) } : {}),
        }
    const typed = pageId === page && values ? typedFields(question, values) : undefined
    return (
      <QuestionCard
        question={shown}
        values={typed ?? fieldsFromAnswer(question, answers[question.id])}
        {...(pageId === page && errors?.byQuestion.has(question.id)
          ? { error: errors.byQuestion.get(question.id) as string }
          : {})}
        hidden={visited.has(pageId) && !onPath.has(question.id)}
        templates={{
          ...(hasRecall(question.title) ? { title: question.title } : {}),
          ...(hasRecall(question.description) ? { description: question.description } : {}),
        }}
      />
    )
  }
  return (
    <Layout title={title} script="flow">
      <header class="form-header">
        <h1 dir="auto">{form.title}</h1>
        <p class="progress-hint" id="progress-hint" aria-live="polite">
          {t('form.pageOf', place)}
        </p>
      </header>
      <Alerts notice={notice} errors={errors} />
      <form
        method="post"
        action={actionIn(action ?? `/f/${form.id}`, language)}
        enctype={
          form.questions.some((question) => question.type === 'file_upload')
            ? 'multipart/form-data'
            : undefined
        }
        novalidate
        class="form"
        data-form-id={form.id}
        data-flow={flowForScript(form)}
        data-locale={locale}
        data-messages={scriptMessages}
      >
        <input type="hidden" name={PAGE_FIELD} value={page} />
        <input type="hidden" name={SHOWN_FIELD} value={[...state.shown].join(' ')} />
        <CarriedFields hidden={Object.entries(hidden)} />
        {form.pages.map((flowPage) => (
          <section
            class="flow-page"
            data-page={flowPage.id}
            hidden={flowPage.id !== page}
            aria-labelledby={flowPage.title ? `page-${flowPage.id}` : undefined}
          >
            {flowPage.title && (
              <h2 class="page-title" id={`page-${flowPage.id}`} dir="auto">
                {recalled(words(flowPage.title), hasRecall(flowPage.title) ? flowPage.title : undefined)}
              </h2>
            )}
            {flowPage.questions.flatMap((id) => {
              const question = written.get(id)
              return question ? [card(question, flowPage.id)] : []
            })}
          </section>
        ))}
        <div class="actions">
          <button
            type="submit"
            name={ACTION_FIELD}
            value="next"
            data-last={state.next === null ? 'true' : 'false'}
          >
            {state.next === null ? t('form.submit') : t('form.next')}
          </button>
          <button
            type="submit"
            name={ACTION_FIELD}
            value="back"
            class="secondary"
            hidden={state.previous === undefined}
          >
            {t('form.back')}
          </button>
          <button type="submit" name={ACTION_FIELD} value="later" class="link">
            {t('form.later')}
          </button>
        </div>
      </form>
    </Layout>
  )
}
