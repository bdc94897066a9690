import { useState } from 'preact/hooks'
import type { Form } from '../api'
import { useApp } from '../app-context'
import { Empty, ErrorMessage, formatTime, Pager, useLoad } from '../components'
import { Skeleton } from '../skeleton'
import { AnswerValue } from './responses/answer-value'

const PAGE_SIZE = 25

/** The form's open drafts, newest first (docs/api.md#drafts): shown while settings.partial_responses is on. */
export function DraftsView({ form }: { form: Form }) {
  const { api } = useApp()
  const [page, setPage] = useState(1)
  const { data, error, reload } = useLoad(() => api.drafts.page(form.id, page, PAGE_SIZE), [form.id, page])
  const pageTitle = (id: string | null) => {
    if (id === null) return '—'
    const index = form.pages?.findIndex((each) => each.id === id) ?? -1
    const title = form.pages?.[index]?.title
    return index < 0 ? id : `Page ${index + 1}${title ? `: ${title}` : ''}`
  }
  return (
    <div>
      <p class="meta">
        Answers people have begun and not sent yet. A draft becomes a response when it is completed, and is
        deleted once untouched for the server’s retention period.
      </p>
      <ErrorMessage error={error} onRetry={reload} />
      {!data && !error && <Skeleton label="Loading drafts" />}
      {data && data.items.length === 0 && (
        <Empty>
          <p>{page === 1 ? 'No open drafts.' : 'No more drafts.'}</p>
        </Empty>
      )}
      {data && data.items.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take focus for a keyboard to scroll it
        <section class="table-wrap" aria-label="Drafts table" tabIndex={0}>
          <table class="responses">
            <caption class="visually-hidden">Open drafts, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Started</th>
                <th scope="col">Updated</th>
                <th scope="col">Last page</th>
                <th scope="col">Answers</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((draft) => (
                <tr key={draft.id}>
                  <td>{formatTime(draft.started_at)}</td>
                  <td>{formatTime(draft.updated_at)}</td>
                  <td>{pageTitle(draft.last_page)}</td>
                  <td>
                    {draft.answers.length === 0 ? (
                      '—'
                    ) : (
                      <ul class="draft-answers">
                        {draft.answers.map((answer) => (
                          <li key={answer.question.id}>
                            <span class="draft-question">{answer.question.title}:</span>{' '}
                            <AnswerValue answer={answer} />
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {data && <Pager page={page} hasNext={data.hasNext} onPage={setPage} label="Drafts pages" />}
    </div>
  )
}
