import { useState } from 'preact/hooks'
import { type QuestionKind, questionKinds } from '../../../src/shared/forms/definition'
import {
  type DraftQuestion,
  fieldId,
  kindLabels,
  move,
  newKey,
  newQuestionId,
  startingProperties,
} from './draft'
import type { SectionProps } from './field'
import { QuestionCard } from './question-card'

// The questions of the form, in order: added, moved (buttons, Alt+Arrow keys or a drag), duplicated,
// removed. Each change is announced, since a screen reader sees no card move.

export function QuestionList({ draft, change, messageAt }: SectionProps) {
  const [announcement, setAnnouncement] = useState('')
  const [dragging, setDragging] = useState<number | null>(null)
  const questions = draft.questions
  const setQuestions = (next: DraftQuestion[]) => change({ ...draft, questions: next })

  const moveQuestion = (from: number, to: number) => {
    if (to < 0 || to >= questions.length) return
    setQuestions(move(questions, from, to))
    setAnnouncement(`Question moved to position ${to + 1} of ${questions.length}.`)
    // Focus follows the moved question, so the keyboard can keep moving it.
    const key = questions[from]?.key
    requestAnimationFrame(() => document.getElementById(`card-${key}`)?.focus())
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

  return (
    <fieldset class="builder-section">
      <legend>Questions</legend>
      {questions.length === 0 && <p class="meta">No questions yet: add the first one below.</p>}
      <ol class="question-list">
        {questions.map((question, index) => (
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
          />
        ))}
      </ol>
      <p class="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <AddQuestion add={add} />
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
