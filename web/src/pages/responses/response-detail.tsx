import { useEffect, useRef } from 'preact/hooks'
import type { ResponseItem } from '../../api'
import { formatTime } from '../../components'
import { AnswerValue } from './answer-value'

/**
 * One response in full (every answer, hidden field and variable) in a drawer beside the table. It
 * is a native modal dialog: focus moves into it and stays there, Escape closes it, and closing
 * returns focus to the View button that opened it. Closing goes through the dialog itself (its
 * close event), so the browser restores focus before the drawer leaves the page.
 */
export function ResponseDetail(props: { item: ResponseItem; zone: string; onClose: () => void }) {
  const { item, onClose } = props
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])
  return (
    <dialog ref={ref} class="drawer" aria-labelledby="response-title" onClose={onClose}>
      <header class="drawer-head">
        <h2 id="response-title">Response of {formatTime(item.submitted_at)}</h2>
        <button type="button" onClick={() => ref.current?.close()}>
          Close
        </button>
      </header>
      <dl>
        <div>
          <dt>Submitted ({props.zone})</dt>
          <dd>{formatTime(item.submitted_at)}</dd>
        </div>
        {item.answers.map((answer) => (
          <div key={answer.question.id}>
            <dt>{answer.question.title}</dt>
            <dd>
              <AnswerValue answer={answer} />
            </dd>
          </div>
        ))}
        {item.hidden.map((field) => (
          <div key={`hidden-${field.name}`}>
            <dt>{field.name} (hidden field)</dt>
            <dd>{field.value}</dd>
          </div>
        ))}
        {item.variables.map((variable) => (
          <div key={`variable-${variable.name}`}>
            <dt>{variable.name} (variable)</dt>
            <dd>{variable.value}</dd>
          </div>
        ))}
      </dl>
      <p class="meta">Id {item.id}</p>
    </dialog>
  )
}
