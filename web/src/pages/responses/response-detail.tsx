import type { ResponseItem } from '../../api'
import { formatTime } from '../../components'
import { answerText } from './answers'

/** One response in full: every answer, hidden field and variable. */
export function ResponseDetail({ item, onClose }: { item: ResponseItem; onClose: () => void }) {
  return (
    <section class="panel" aria-labelledby="response-title">
      <h2 id="response-title">Response of {formatTime(item.submitted_at)}</h2>
      <dl>
        {item.answers.map((answer) => (
          <div key={answer.question.id}>
            <dt>{answer.question.title}</dt>
            <dd>{answerText(answer)}</dd>
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
      <button type="button" onClick={onClose}>
        Close
      </button>
    </section>
  )
}
