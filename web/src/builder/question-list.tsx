import { useState } from 'preact/hooks'
import { type QuestionKind, questionKinds } from '../../../src/shared/forms/definition'
import { type DraftQuestion, fieldId, kindLabels, newKey, newQuestionId, startingProperties } from './draft'
import type { SectionProps } from './field'
import { PageHead } from './page-parts'
import {
  addPage,
  moveToPage,
  pageIndexes,
  pagesOf,
  placeQuestion,
  removePage,
  renamePage,
  stepQuestion,
} from './pages'
import { QuestionCard } from './question-card'

// The questions of the form, in order, on their pages: added, moved (buttons, Alt+Arrow keys, a
// page select or a drag), duplicated, removed; pages added, titled, removed. Each change is
// announced, since a screen reader sees no card move.

export function QuestionList({ draft, change, messageAt }: SectionProps) {
  const [announcement, setAnnouncement] = useState('')
  const [dragging, setDragging] = useState<number | null>(null)
  const questions = draft.questions
  const setQuestions = (next: DraftQuestion[]) => change({ ...draft, questions: next })

  const pages = pagesOf(draft)
  const onPage = pageIndexes(draft)
  // Focus follows the moved question, so the keyboard can keep moving it.
  const followed = (key: string | undefined, next: typeof draft, said: string) => {
    change(next)
    setAnnouncement(said)
    requestAnimationFrame(() => document.getElementById(`card-${key}`)?.focus())
  }
  const moveQuestion = (from: number, to: number) => {
    const key = questions[from]?.key
    const next = Math.abs(to - from) === 1 ? stepQuestion(draft, from, to) : placeQuestion(draft, from, to)
    if (next === draft) return
    const at = next.questions.findIndex((question) => question.key === key)
    const page = pageIndexes(next)[at] ?? 0
    const where = pages.length > 0 ? ` on page ${page + 1}` : ''
    followed(key, next, `Question moved to position ${at + 1} of ${questions.length}${where}.`)
  }
  const toPage = (from: number, page: number) => {
    const key = questions[from]?.key
    const next = moveToPage(draft, from, page)
    const at = next.questions.findIndex((question) => question.key === key)
    followed(key, next, `Question moved to page ${page + 1}, now question ${at + 1}.`)
  }
  const duplicate = (index: number) => {
    const question = questions[index] as DraftQuestion
    const copy = {
      ...question,
      key: newKey(),
      id: newQuestionId(),
      properties: structuredClone(question.properties),
    }
    setQuestions([...questions.slice(0, index + 1), copy, ...questions.slice(index + 1)])
    setAnnouncement(`Question ${index + 1} duplicated.`)
  }
  const remove = (index: number) => {
    setQuestions(questions.filter((_, at) => at !== index))
    setAnnouncement(`Question ${index + 1} removed.`)
  }
  const add = (kind: QuestionKind) => {
    const question: DraftQuestion = {
      key: newKey(),
      id: newQuestionId(),
      title: `${kindLabels[kind]} question`,
      type: kind,
      required: false,
      properties: startingProperties(kind),
    }
    setQuestions([...questions, question])
    setAnnouncement(`${kindLabels[kind]} question added as question ${questions.length + 1}.`)
    requestAnimationFrame(() =>
      document.getElementById(fieldId(`/questions/${questions.length}/title`))?.focus(),
    )
  }

  const card = (question: DraftQuestion, index: number) => (
    <QuestionCard
      key={question.key}
      question={question}
      index={index}
      count={questions.length}
      dragging={dragging === index}
      setDragging={setDragging}
      moveQuestion={moveQuestion}
      duplicate={() => duplicate(index)}
      remove={() => remove(index)}
      onChange={(next) => setQuestions(questions.map((q, at) => (at === index ? next : q)))}
      messageAt={messageAt}
      {...(pages.length > 1
        ? { page: { at: onPage[index] ?? 0, pages, move: (to) => toPage(index, to) } }
        : {})}
    />
  )
  const indexed = questions.map((question, index) => ({ question, index }))

  return (
    <fieldset class="builder-section">
      <legend>Questions</legend>
      {questions.length === 0 && <p class="meta">No questions yet: add the first one below.</p>}
      {pages.length === 0 ? (
        <ol class="question-list">{indexed.map(({ question, index }) => card(question, index))}</ol>
      ) : (
        pages.map((page, p) => {
          const own = indexed.filter(({ index }) => onPage[index] === p)
          return (
            <section key={page.id} class="page-group" aria-labelledby={`page-heading-${p}`}>
              <PageHead
                page={page}
                index={p}
                count={pages.length}
                messageAt={messageAt}
                rename={(title) => change(renamePage(draft, p, title))}
                remove={() => {
                  change(removePage(draft, p))
                  setAnnouncement(`Page ${p + 1} removed; its questions joined page ${Math.max(p, 1)}.`)
                }}
              />
              <ol class="question-list" start={(own[0]?.index ?? 0) + 1}>
                {own.map(({ question, index }) => card(question, index))}
              </ol>
            </section>
          )
        })
      )}
      <p class="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <div class="list-actions">
        <AddQuestion add={add} />
        <button
          type="button"
          class="secondary"
          onClick={() => {
            const next = addPage(draft)
            change(next)
            const count = pagesOf(next).length
            setAnnouncement(`Page ${count} added. Move questions to it with their page select.`)
            requestAnimationFrame(() => document.getElementById(`page-heading-${count - 1}`)?.focus())
          }}
        >
          Add a page
        </button>
      </div>
    </fieldset>
  )
}

function AddQuestion({ add }: { add: (kind: QuestionKind) => void }) {
  const [adding, setAdding] = useState<QuestionKind>('short_text')
  return (
    <div class="inline-add">
      <label for="add-kind">Kind of the new question</label>
      <select
        id="add-kind"
        value={adding}
        onChange={(event) => setAdding(event.currentTarget.value as QuestionKind)}
      >
        {questionKinds.map((kind) => (
          <option key={kind} value={kind}>
            {kindLabels[kind]}
          </option>
        ))}
      </select>
      <button type="button" onClick={() => add(adding)}>
        Add question
      </button>
    </div>
  )
}
