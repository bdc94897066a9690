import { useState } from 'preact/hooks'
import type { Answer, Form, ResponseFilter, ResponseItem } from '../api'
import { useApp } from '../app-context'
import {
  ConfirmDialog,
  DateFilter,
  Empty,
  ErrorMessage,
  formatTime,
  Pager,
  useLoad,
  useResponseStream,
} from '../components'

const PAGE_SIZE = 25

/** An answer as a person reads it. */
export function answerText(answer: Answer): string {
  const value = (answer as unknown as Record<string, unknown>)[answer.type]
  if (answer.type === 'boolean') return value ? 'Yes' : 'No'
  if (answer.type === 'choice') return (value as { label: string }).label
  if (answer.type === 'choices') return (value as { labels: string[] }).labels.join(', ')
  return String(value)
}

/** Dates picked in the filter are whole UTC days, inclusive at both ends. */
export function filterOf(from: string, to: string): ResponseFilter {
  return {
    since: from ? `${from}T00:00:00Z` : undefined,
    until: to ? `${to}T23:59:59.999999Z` : undefined,
  }
}

export function ResponsesView({ form }: { form: Form }) {
  const { api, can } = useApp()
  const [page, setPage] = useState(1)
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [open, setOpen] = useState<ResponseItem | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [actionError, setActionError] = useState<unknown>(null)
  const [notice, setNotice] = useState('')
  const filter = filterOf(from, to)
  const { data, error, reload } = useLoad(
    () => api.responses.list(form.id, page, PAGE_SIZE, filter),
    [form.id, page, from, to],
  )
  const columns = form.questions.slice(0, 3)
  const canWrite = can('responses:write')

  // New responses appear without a reload while the first page is shown.
  const live = useResponseStream(api.responses.streamUrl(form.id), reload)

  const toggle = (id: string) => {
    const next = new Set(selected)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    setSelected(next)
  }

  return (
    <div>
      <DateFilter
        label="Filter responses"
        from={from}
        to={to}
        onApply={(nextFrom, nextTo) => {
          setFrom(nextFrom)
          setTo(nextTo)
          setPage(1)
          setSelected(new Set())
        }}
      />
      <p class="toolbar">
        <a class="button" href={api.responses.exportUrl(form.id, 'csv', filter)} download>
          Export CSV
        </a>
        <a class="button" href={api.responses.exportUrl(form.id, 'ndjson', filter)} download>
          Export NDJSON
        </a>
        {canWrite && (
          <button
            type="button"
            class="danger"
            disabled={selected.size === 0}
            onClick={() => setConfirming(true)}
          >
            Delete selected ({selected.size})
          </button>
        )}
        <span class="live" role="status">
          {live === 'on'
            ? 'Live: new responses appear here'
            : live === 'unavailable'
              ? 'Live updates are not available on this server'
              : ''}
        </span>
      </p>
      <p role="status">{notice}</p>
      <ErrorMessage error={error ?? actionError} />
      {data && data.items.length === 0 && (
        <Empty>
          {page === 1 && !from && !to ? (
            <p>
              No responses yet. Share the form’s public link, or submit through the API; they appear here as
              they arrive.
            </p>
          ) : (
            <p>No responses match this filter. Widen the dates or clear them.</p>
          )}
        </Empty>
      )}
      {data && data.items.length > 0 && (
        <div class="table-wrap">
          <table>
            <caption class="visually-hidden">Responses, newest first</caption>
            <thead>
              <tr>
                {canWrite && <th scope="col">Select</th>}
                <th scope="col">Submitted</th>
                {columns.map((question) => (
                  <th scope="col" key={question.id}>
                    {question.title}
                  </th>
                ))}
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((item) => (
                <tr key={item.id}>
                  {canWrite && (
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`Select response of ${formatTime(item.submitted_at)}`}
                        checked={selected.has(item.id)}
                        onChange={() => toggle(item.id)}
                      />
                    </td>
                  )}
                  <td>{formatTime(item.submitted_at)}</td>
                  {columns.map((question) => {
                    const answer = item.answers.find((a) => a.question.id === question.id)
                    return <td key={question.id}>{answer ? answerText(answer) : '—'}</td>
                  })}
                  <td>
                    <button type="button" class="link" onClick={() => setOpen(item)}>
                      View<span class="visually-hidden"> response {item.id}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && (
        <Pager
          page={page}
          hasNext={data.hasNext}
          onPage={(next) => {
            setPage(next)
            setSelected(new Set())
          }}
          label="Responses pages"
        />
      )}
      {open && <ResponseDetail item={open} onClose={() => setOpen(null)} />}
      <ConfirmDialog
        open={confirming}
        title={`Delete ${selected.size} ${selected.size === 1 ? 'response' : 'responses'}?`}
        confirmLabel="Delete"
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false)
          try {
            const count = selected.size
            await api.responses.delete(form.id, [...selected])
            setSelected(new Set())
            setNotice(`${count} ${count === 1 ? 'response' : 'responses'} deleted`)
            reload()
          } catch (problem) {
            setActionError(problem)
          }
        }}
      >
        <p>They are removed for good; exports and insights will no longer count them.</p>
      </ConfirmDialog>
    </div>
  )
}

function ResponseDetail({ item, onClose }: { item: ResponseItem; onClose: () => void }) {
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
