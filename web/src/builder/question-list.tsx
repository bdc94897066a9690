import { useState } from 'preact/hooks'
import { type QuestionKind, questionKinds } from '../../../src/shared/forms/definition'
import { type DraftQuestion, fieldId, kindLabels, newKey, newQuestionId, startingProperties } from './draft'
import type { SectionProps } from './field'
import { PageGroup } from './page-parts'
import { addPage, pageIndexes, pagesOf, removePage, renamePage } from './pages'
import { QuestionCard } from './question-card'
import { questionMoves } from './question-moves'

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
  const { moveQuestion, toPage } = questionMoves(draft, change, setAnnouncement)
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
  const newPage = () => {
    const next = addPage(draft)
    change(next)
    const count = pagesOf(next).length
    setAnnouncement(`Page ${count} added. Move questions to it with their page select.`)
    requestAnimationFrame(() => document.getElementById(`page-heading-${count - 1}`)?.focus())
  }

  return (
    <fieldset class="builder-section">
      <legend>Questions</legend>
      {questions.length === 0 && <p class="meta">No questions yet: add the first one below.</p>}
      {pages.length === 0 ? (
        <ol class="question-list">{indexed.map(({ question, index }) => card(question, index))}</ol>
      ) : (
        pages.map((page, p) => (
          <PageGroup
            key={page.id}
            page={page}
            index={p}
            count={pages.length}
            messageAt={messageAt}
            rename={(title) => change(renamePage(draft, p, title))}
            remove={() => {
              change(removePage(draft, p))
              setAnnouncement(`Page ${p + 1} removed; its questions joined page ${Math.max(p, 1)}.`)
            }}
            first={firstOnPage(onPage, p)}
          >
            {indexed
              .filter(({ index }) => onPage[index] === p)
              .map(({ question, index }) => card(question, index))}
          </PageGroup>
        ))
      )}
      <p class="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <div class="list-actions">
        <AddQuestion add={add} />
        <button type="button" class="secondary" onClick={newPage}>
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

/** The index of a page's first question; of the question after the pages before, for an empty page. */
function firstOnPage(onPage: number[], page: number): number {
  const at = onPage.findIndex((each) => each >= page)
  return at === -1 ? onPage.length : at
}
