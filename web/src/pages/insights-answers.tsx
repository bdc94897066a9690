import { useState } from 'preact/hooks'
import type { ResponseFilter } from '../api'
import { useApp } from '../app-context'
import { ErrorMessage, formatTime, useLoad } from '../components'

const FIRST = 5
const MORE = 10
/** The API's largest page: past it, "Show more" stops (the export has every answer). */
const MOST = 1000

/**
 * A text question's latest answers, newest first, read for this card alone (so the charts of the
 * page never wait for them) and read again when the count of answers changes (a live update).
 */
export function LatestAnswers(props: {
  formId: string
  question: { id: string; title: string; answered: number }
  filter: ResponseFilter
}) {
  const { api } = useApp()
  const { formId, question, filter } = props
  const [shown, setShown] = useState(FIRST)
  const { data, error, loading } = useLoad(
    () => api.insights.answers(formId, question.id, 1, shown, filter),
    [formId, question.id, filter.since, filter.until, question.answered, shown],
  )
  if (question.answered === 0) return null
  const items = data?.items ?? []
  return (
    <div class="latest-answers">
      <h3 id={`latest-${question.id}`}>Latest answers</h3>
      <ErrorMessage error={error} />
      {data && items.length === 0 && <p class="meta">No answers in these dates.</p>}
      {items.length > 0 && (
        <ol aria-labelledby={`latest-${question.id}`}>
          {items.map((item) => (
            <li key={item.response_id}>
              <p class="answer-text">{item.value}</p>
              <p class="meta">
                <time dateTime={item.submitted_at}>{formatTime(item.submitted_at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      {data?.hasNext && shown < MOST && (
        <button type="button" disabled={loading} onClick={() => setShown(Math.min(MOST, shown + MORE))}>
          Show more answers
        </button>
      )}
    </div>
  )
}
