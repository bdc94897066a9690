import type { FormView, Question } from '../forms/definition.js'
import { HIDDEN_PREFIX, HONEYPOT_FIELD, type PageErrors, type TypedValues, typedFields } from './fields.js'
import { Layout, type PageLanguage, useLocalised, usePageLanguage } from './layout.js'
import { QuestionCard } from './question-card.js'

// The hosted form (docs/api.md#hosted-form-pages): native controls only, so it works with JavaScript off and with
// every assistive technology; errors beside their control and in a summary that takes focus.

export interface FormPageProps {
  form: FormView
  hidden: Map<string, string>
  values?: TypedValues
  errors?: PageErrors
  /** Why the answers shown were not sent (too many submissions): above the form, focused first. */
  notice?: { heading: string; message: string }
  /** Where the form posts: its own page, `/f/{form_id}`, unless a personal link's (`/i/{token}`). */
  action?: string
}

function ErrorSummary(props: { errors: PageErrors }) {
  const { t } = usePageLanguage().words
  return (
    <div class="error-summary" tabindex={-1} autofocus aria-labelledby="error-summary-title" role="alert">
      <h2 id="error-summary-title">{t('form.summary', { count: props.errors.all.length })}</h2>
      <ul>
        {props.errors.all.map((error) => (
          <li dir="auto">
            {error.questionId ? <a href={`#q-${error.questionId}`}>{error.message}</a> : error.message}
          </li>
        ))}
      </ul>
    </div>
  )
}

function Notice(props: { heading: string; message: string }) {
  // Looks and is focused as the error summary is (static/form.js), so the kept answers are not
  // overwritten by the ones the tab saved.
  return (
    <div class="error-summary" tabindex={-1} autofocus aria-labelledby="notice-title" role="alert">
      <h2 id="notice-title">{props.heading}</h2>
      <p>{props.message}</p>
    </div>
  )
}

/** What is said above the form, focused first: why the answers were not sent, or their problems. */
export function Alerts(props: { notice: FormPageProps['notice']; errors: PageErrors | undefined }) {
  const { notice, errors } = props
  return (
    <>
      {/* Where the page's script says a message as it marks a question (web/hosted/marks.ts). */}
      <p id="live-message" class="visually-hidden" aria-live="polite" />
      {notice && <Notice heading={notice.heading} message={notice.message} />}
      {errors && errors.all.length > 0 && <ErrorSummary errors={errors} />}
    </>
  )
}

/** The fields a form post carries besides its answers: hidden fields, and the trap for bots. */
export function CarriedFields(props: { hidden: Iterable<[string, string]> }) {
  const { t } = usePageLanguage().words
  return (
    <>
      {[...props.hidden].map(([name, value]) => (
        <input type="hidden" name={HIDDEN_PREFIX + name} value={value} />
      ))}
      <div class="trap" aria-hidden="true">
        <label for="canvass-website">{t('form.trap')}</label>
        <input id="canvass-website" name={HONEYPOT_FIELD} type="text" tabindex={-1} autocomplete="off" />
      </div>
    </>
  )
}

/** What the page's script checks answers against (web/hosted/form.ts): the questions, less their descriptions. */
export function questionsForScript(questions: Question[]): string {
  return JSON.stringify(
    questions.map(({ id, title, type, required, properties }) => ({ id, title, type, required, properties })),
  )
}

/** Where a page posts, in the page's language when the form has several (the answer is in it too). */
export function actionIn(action: string, language: PageLanguage): string {
  if (!language.others) return action
  return `${action}${action.includes('?') ? '&' : '?'}lang=${encodeURIComponent(language.words.lang)}`
}

/** The page's title: the form's, after why the answers were not sent. */
export function pageTitle(title: string, notice: FormPageProps['notice'], errors: PageErrors | undefined) {
  const { t } = usePageLanguage().words
  if (notice) return t('layout.noticeTitle', { heading: notice.heading, title })
  return errors ? t('layout.errorTitle', { title }) : title
}

export function FormPage({ form: written, hidden, values, errors, notice, action }: FormPageProps) {
  const form = useLocalised(written)
  const language = usePageLanguage()
  const { t, locale, scriptMessages } = language.words
  const count = form.questions.length
  const required = form.questions.filter((question) => question.required).length
  const questions = t('form.questionCount', { count })
  return (
    <Layout title={pageTitle(form.title, notice, errors)}>
      <header class="form-header">
        <h1 dir="auto">{form.title}</h1>
        <p class="progress-hint" id="progress-hint" data-count={count}>
          {required > 0
            ? t('form.countAndRequired', {
                questions,
                required: t('form.requiredCount', { count: required }),
              })
            : questions}
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
        data-questions={questionsForScript(form.questions)}
        data-locale={locale}
        data-messages={scriptMessages}
      >
        <CarriedFields hidden={hidden} />
        {form.questions.map((question, index) => (
          <QuestionCard
            question={question}
            position={{ number: index + 1, count }}
            values={(values && typedFields(question, values)) ?? []}
            error={errors?.byQuestion.get(question.id)}
          />
        ))}
        <div class="actions">
          <button type="submit">{t('form.submit')}</button>
        </div>
      </form>
    </Layout>
  )
}
