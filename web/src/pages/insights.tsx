import { useEffect, useRef, useState } from 'preact/hooks'
import { type Form, type ResponseFilter, routeMissing } from '../api'
import { useApp } from '../app-context'
import type { BarChart, BarData } from '../charts'
import { DateFilter, Empty, ErrorMessage, useLoad, useResponseStream } from '../components'
import { Skeleton } from '../skeleton'
import { LatestAnswers } from './insights-answers'
import { type Funnel, FunnelCard } from './insights-funnel'
import { fileSize, filterOf } from './responses/answers'

interface QuestionInsight {
  id: string
  title: string
  type: string
  answered: number
  shown: number
  distribution?: Record<string, number>
  mean?: number | null
  nps?: { promoters: number; passives: number; detractors: number; score: number }
  csat?: { satisfied: number; percent: number }
  yes?: number
  no?: number
  choices?: { label: string; count: number }[]
  dates?: { date: string; count: number }[]
  accepted?: number
  declined?: number
  rows?: { label: string; answered: number; columns: { label: string; count: number }[] }[]
  ranks?: { label: string; ranked: number; mean_rank: number | null }[]
  /** file_upload: the files' size in all, in bytes (`answered` counts them). */
  bytes?: number
}

interface Insights {
  responses: number
  questions: QuestionInsight[]
  timeline: { date: string; responses: number }[]
  funnel: Funnel
}

/** The summary of a form's responses as charts, kept current by the response stream. */
export function InsightsView({ form }: { form: Form }) {
  const { api } = useApp()
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const { data, error, reload } = useLoad(
    () => api.insights.get(form.id, filterOf(from, to)) as Promise<unknown> as Promise<Insights>,
    [form.id, from, to],
  )

  // Each new response re-reads the figures (one request however many arrive while it runs), so the
  // charts always show what GET .../insights answers, never a sum kept in the browser.
  const live = useResponseStream(api.responses.streamUrl(form.id), reload, 200) === 'on'

  if (routeMissing(error)) {
    return (
      <Empty>
        <p>Insights are not available on this server yet. Responses and exports work as usual.</p>
      </Empty>
    )
  }
  return (
    <div>
      <DateFilter
        label="Filter insights"
        zone="UTC"
        from={from}
        to={to}
        onApply={(nextFrom, nextTo) => {
          setFrom(nextFrom)
          setTo(nextTo)
        }}
      />
      <p class="live" role="status">
        {live ? 'Live: new responses update these figures' : ''}
      </p>
      <ErrorMessage error={error} onRetry={reload} />
      {!data && !error && <Skeleton label="Loading insights" />}
      {data && (
        <>
          <p class="figure" data-testid="response-total">
            {data.responses} {data.responses === 1 ? 'response' : 'responses'}
          </p>
          {data.responses === 0 && (
            <Empty>
              <p>
                {from || to
                  ? 'No responses in these dates. Widen the range to see figures.'
                  : 'No responses yet. Share the form’s public link; charts fill in as answers arrive.'}
              </p>
            </Empty>
          )}
          {data.funnel.started > 0 && <FunnelCard form={form} funnel={data.funnel} />}
          {data.timeline.length > 0 && (
            <section class="card" aria-labelledby="per-day">
              <h2 id="per-day">Responses per day</h2>
              <Chart
                title="Responses per day"
                data={perDay(data.timeline.map(({ date, responses }) => [date, responses]))}
              />
            </section>
          )}
          {data.questions.map((question) => (
            <QuestionCard
              key={question.id}
              formId={form.id}
              question={question}
              responses={data.responses}
              filter={filterOf(from, to)}
            />
          ))}
        </>
      )}
    </div>
  )
}

const textKinds = ['short_text', 'long_text', 'email', 'url', 'phone_number']

function QuestionCard({
  formId,
  question,
  responses,
  filter,
}: {
  formId: string
  question: QuestionInsight
  responses: number
  filter: ResponseFilter
}) {
  const headingId = `q-${question.id}`
  return (
    <section class="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{question.title}</h2>
      <p class="meta">
        {question.answered} answered
        {/* Off some paths: read against those who saw it, not every response. */}
        {question.shown < responses && ` of ${question.shown} shown`}
        {question.mean !== undefined && question.mean !== null && ` · mean ${question.mean}`}
      </p>
      {question.nps && (
        <>
          <p class="figure">NPS {question.nps.score}</p>
          <Chart
            title={`NPS groups of “${question.title}”`}
            horizontal
            data={{
              labels: ['Detractors (0–6)', 'Passives (7–8)', 'Promoters (9–10)'],
              values: [question.nps.detractors, question.nps.passives, question.nps.promoters],
              colors: ['--danger', '--muted', '--ok-text'],
            }}
          />
        </>
      )}
      {question.csat && (
        <>
          <p class="figure">CSAT {question.csat.percent} %</p>
          <p class="meta">{question.csat.satisfied} satisfied (4 or 5)</p>
        </>
      )}
      {question.distribution && Object.keys(question.distribution).length > 0 && (
        <Chart
          title={`Answers to “${question.title}”`}
          data={{
            labels: Object.keys(question.distribution),
            values: Object.values(question.distribution),
          }}
        />
      )}
      {question.choices && question.choices.length > 0 && (
        <Chart
          title={`Choices in “${question.title}”`}
          horizontal
          data={{
            labels: question.choices.map((choice) => choice.label),
            values: question.choices.map((choice) => choice.count),
          }}
        />
      )}
      {question.yes !== undefined && (
        <Chart
          title={`Yes or no to “${question.title}”`}
          horizontal
          data={{ labels: ['Yes', 'No'], values: [question.yes, question.no ?? 0] }}
        />
      )}
      {question.accepted !== undefined && (
        <Chart
          title={`Consent to “${question.title}”`}
          horizontal
          data={{ labels: ['Accepted', 'Not accepted'], values: [question.accepted, question.declined ?? 0] }}
        />
      )}
      {question.bytes !== undefined && (
        <p class="figure">
          {question.answered === 1 ? '1 file' : `${question.answered} files`}, {fileSize(question.bytes)} in
          all
        </p>
      )}
      {question.rows && question.rows.length > 0 && <MatrixTable question={question} rows={question.rows} />}
      {question.ranks && question.ranks.length > 0 && (
        <RankTable question={question} ranks={question.ranks} />
      )}
      {question.dates && question.dates.length > 0 && (
        <Chart
          title={`Days answered to “${question.title}”`}
          data={perDay(question.dates.map(({ date, count }) => [date, count]))}
        />
      )}
      {textKinds.includes(question.type) && (
        <LatestAnswers formId={formId} question={question} filter={filter} />
      )}
    </section>
  )
}

type MatrixRows = NonNullable<QuestionInsight['rows']>
type Ranks = NonNullable<QuestionInsight['ranks']>

/** A matrix's answers: a row per row, a column per column, each cell a count and its share of the row. */
function MatrixTable({ question, rows }: { question: QuestionInsight; rows: MatrixRows }) {
  const columns = rows[0]?.columns.map((column) => column.label) ?? []
  return (
    <div class="table-wrap">
      <table class="figures">
        <caption class="visually-hidden">Answers to “{question.title}”, per row</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {row.columns.map((cell) => (
                <td key={cell.label}>
                  {cell.count}
                  {row.answered > 0 && (
                    <span class="share"> ({Math.round((100 * cell.count) / row.answered)} %)</span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** A ranking's labels, best mean rank first. */
function RankTable({ question, ranks }: { question: QuestionInsight; ranks: Ranks }) {
  return (
    <div class="table-wrap">
      <table class="figures">
        <caption class="visually-hidden">Mean rank of each choice in “{question.title}” (1 is first)</caption>
        <thead>
          <tr>
            <th scope="col">Choice</th>
            <th scope="col">Mean rank</th>
            <th scope="col">Ranked by</th>
          </tr>
        </thead>
        <tbody>
          {ranks.map((rank) => (
            <tr key={rank.label}>
              <th scope="row">{rank.label}</th>
              <td>{rank.mean_rank ?? '–'}</td>
              <td>{rank.ranked}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Every day from the first to the last given, days without a count included as zero. */
function perDay(days: [date: string, count: number][]): BarData {
  const counts = new Map(days)
  const dates = [...counts.keys()].sort()
  const labels: string[] = []
  const first = dates[0]
  const last = dates[dates.length - 1]
  if (first && last) {
    // A long quiet stretch would draw thousands of empty bars; beyond a year, only days with responses.
    const span = (Date.parse(last) - Date.parse(first)) / 86_400_000
    if (span > 366) labels.push(...dates)
    else {
      for (let day = Date.parse(first); day <= Date.parse(last); day += 86_400_000) {
        labels.push(new Date(day).toISOString().slice(0, 10))
      }
    }
  }
  return { labels, values: labels.map((label) => counts.get(label) ?? 0) }
}

const dark = () => matchMedia('(prefers-color-scheme: dark)')

/**
 * A bar chart drawn by Chart.js (loaded with the first chart), with the same figures as a table
 * for screen readers and anyone who wants the numbers.
 */
function Chart({ title, data, horizontal = false }: { title: string; data: BarData; horizontal?: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const chart = useRef<BarChart | null>(null)
  const [scheme, setScheme] = useState(() => dark().matches)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    const query = dark()
    const changed = () => setScheme(query.matches)
    query.addEventListener('change', changed)
    return () => query.removeEventListener('change', changed)
  }, [])

  // Drawn again when the colour scheme changes: the colours are read from CSS when drawing.
  useEffect(() => {
    let current = true
    import('../charts').then(
      ({ drawBars }) => {
        if (!current || !canvas.current) return
        chart.current = drawBars(canvas.current, data, horizontal)
      },
      () => current && setFailed(true),
    )
    return () => {
      current = false
      chart.current?.destroy()
      chart.current = null
    }
  }, [scheme, horizontal])

  useEffect(() => {
    chart.current?.update(data)
  }, [data.labels.join('\u0000'), data.values.join(',')])

  const summary = data.labels.map((label, index) => `${label}: ${data.values[index]}`).join(', ')
  const height = horizontal ? Math.max(96, data.labels.length * 32 + 40) : 200
  return (
    <figure class="chart">
      {!failed && (
        <div class="chart-canvas" style={{ height: `${height}px` }}>
          <canvas ref={canvas} role="img" aria-label={`${title}. ${summary}`} />
        </div>
      )}
      <details open={failed}>
        <summary>Table: {title}</summary>
        <table class="bars">
          <thead>
            <tr>
              <th scope="col">Answer</th>
              <th scope="col">Count</th>
            </tr>
          </thead>
          <tbody>
            {data.labels.map((label, index) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{data.values[index]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
