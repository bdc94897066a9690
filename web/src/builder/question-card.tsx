import type { FlowPage } from '../../../src/shared/flow/types'
import type { DraftQuestion } from './draft'
import { MoveButtons } from './move-buttons'
import { PageSelect } from './page-parts'
import { QuestionEditor } from './question-editor'

/** What a dragged question carries: its position. Other drags (files, text) are not drops here. */
const DRAG_TYPE = 'application/x-canvass-question'

/** One question of the list: its place (drag handle, Alt+Arrow keys, buttons), its tools, its editor. */
export function QuestionCard(props: {
  question: DraftQuestion
  index: number
  count: number
  dragging: boolean
  setDragging: (index: number | null) => void
  moveQuestion: (from: number, to: number) => void
  duplicate: () => void
  remove: () => void
  onChange: (question: DraftQuestion) => void
  messageAt: (path: string) => string | undefined
  /** The page it is on and the way to another, when the form has pages. */
  page?: { at: number; pages: FlowPage[]; move: (page: number) => void }
}) {
  const { question, index, moveQuestion, setDragging } = props
  return (
    <li
      id={`card-${question.key}`}
      class={`question-card${props.dragging ? ' dragging' : ''}`}
      tabIndex={-1}
      aria-label={`Question ${index + 1}: ${question.title || 'untitled'}`}
      onKeyDown={(event) => {
        if (!event.altKey) return
        if (event.key === 'ArrowUp') {
          event.preventDefault()
          moveQuestion(index, index - 1)
        } else if (event.key === 'ArrowDown') {
          event.preventDefault()
          moveQuestion(index, index + 1)
        }
      }}
      onDragOver={(event) => {
        if (event.dataTransfer?.types.includes(DRAG_TYPE)) event.preventDefault()
      }}
      onDrop={(event) => {
        const from = Number(event.dataTransfer?.getData(DRAG_TYPE) ?? '')
        setDragging(null)
        if (!event.dataTransfer?.types.includes(DRAG_TYPE) || !Number.isInteger(from)) return
        event.preventDefault()
        if (from !== index) moveQuestion(from, index)
      }}
    >
      <div class="question-head">
        <span
          class="drag-handle"
          draggable
          title="Drag to reorder (or Alt+Arrow keys)"
          aria-hidden="true"
          onDragStart={(event) => {
            setDragging(index)
            if (!event.dataTransfer) return
            event.dataTransfer.effectAllowed = 'move'
            event.dataTransfer.setData(DRAG_TYPE, String(index))
          }}
          onDragEnd={() => setDragging(null)}
        >
          ⠿
        </span>
        <strong>Question {index + 1}</strong>
        <QuestionTools {...props} />
      </div>
      {props.page && (
        <PageSelect question={index} page={props.page.at} pages={props.page.pages} move={props.page.move} />
      )}
      <QuestionEditor
        question={question}
        index={index}
        messageAt={props.messageAt}
        onChange={props.onChange}
      />
    </li>
  )
}

function QuestionTools(props: {
  index: number
  count: number
  moveQuestion: (from: number, to: number) => void
  duplicate: () => void
  remove: () => void
}) {
  const { index, moveQuestion } = props
  return (
    <span class="question-tools">
      <MoveButtons noun="question" index={index} count={props.count} move={moveQuestion} />
      <button
        type="button"
        class="secondary"
        aria-label={`Duplicate question ${index + 1}`}
        onClick={props.duplicate}
      >
        Duplicate
      </button>
      <button type="button" class="danger" aria-label={`Remove question ${index + 1}`} onClick={props.remove}>
        Remove
      </button>
    </span>
  )
}
