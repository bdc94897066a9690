import { useState } from 'preact/hooks'
import { ApiError, type Form } from '../api'
import { useApp } from '../app-context'
import { Empty, ErrorMessage, useLoad } from '../components'
import { filterOf } from './responses'

interface QuestionInsight {
  id: string
  title: string
  type: string
  answered: number
  distribution?: Record<string, number>
  mean?: number | null
  nps?: { promoters: number; passives: number; detractors: number; score: number }
  csat?: { satisfied: number; percent: number }
  yes?: number
  no?: number
  choices?: { label: string; count: number }[]
}

/** The summary of a form's responses (insights), when this server has it; older servers answer 404. */
export function InsightsView({ form }: { form: Form }) {
  const { api } = useApp()
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const { data, error } = useLoad(() => api.insights.get(form.id, filterOf(from, to)), [form.id, from, to])
  if (error instanceof ApiError && error.routeMissing) {
    return (
      <Empty>
        <p>Insights are not available on this server yet. Responses and exports work as usual.</p>
      </Empty>
    )
  }
  const questions = (data?.['questions'] as QuestionInsight[] | undefined) ?? []
  return (
    <div>
      <form
        class="filters"
        aria-label="Filter insights"
        onSubmit={(event) => {
          event.preventDefault()
          const fields = new FormData(event.currentTarget)
          setFrom(String(fields.get('from') ?? ''))
          setTo(String(fields.get('to') ?? ''))
        }}
      >
        <label>
          From (UTC)
          <input type="date" name="from" />
        </label>
        <label>
          To (UTC)
          <input type="date" name="to" />
        </label>
        <button type="submit">Apply filter</button>
      </form>
      <ErrorMessage error={error} />
      {data && <p>{String(data['responses'])} responses</p>}
      {questions.map((question) => (
        <section class="card" key={question.id} aria-labelledby={`q-${question.id}`}>
          <h2 id={`q-${question.id}`}>{question.title}</h2>
          <p class="meta">{question.answered} answered</p>
          {question.nps && <p class="figure">NPS {question.nps.score}</p>}
          {question.csat && <p class="figure">CSAT {question.csat.percent} %</p>}
          {question.distribution && (
            <Bars rows={Object.entries(question.distribution)} label={question.title} />
          )}
          {question.choices && (
            <Bars
              rows={question.choices.map((choice) => [choice.label, choice.count])}
              label={question.title}
            />
          )}
          {question.yes !== undefined && (
            <Bars
              rows={[
                ['Yes', question.yes],
                ['No', question.no ?? 0],
              ]}
              label={question.title}
            />
          )}
        </section>
      ))}
    </div>
  )
}

function Bars({ rows, label }: { rows: [string, number][]; label: string }) {
  const max = Math.max(1, ...rows.map(([, count]) => count))
  return (
    <table class="bars">
      <caption class="visually-hidden">Answers to {label}</caption>
      <tbody>
        {rows.map(([name, count]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>
              <meter min={0} max={max} value={count} aria-label={`${name}: ${count}`} />
            </td>
            <td>{count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
