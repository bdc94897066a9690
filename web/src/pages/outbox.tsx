import './invitations/mail.css'
import { useState } from 'preact/hooks'
import { ApiError } from '../api'
import { useApp } from '../app-context'
import { Empty, ErrorMessage, formatTime, Link, Pager, useLoad, usePageTitle } from '../components'
import type { Mail, MailStatus } from '../mail-api'
import { Skeleton, SkeletonText } from '../skeleton'
import { StatusChip } from './invitations/chips'

// The workspace's outbox (docs/api.md#mail): every mail, newest first, and one mail with its parts
// and attempts. Its HTML part is shown in a sandboxed frame that runs nothing and loads nothing.

const statuses: MailStatus[] = ['held', 'queued', 'sent', 'failed', 'bounced']

/** Mail is held only while no SMTP server is configured: then the outbox says so first. */
function HeldNotice() {
  const { api } = useApp()
  const held = useLoad(() => api.mail.list(1, 'held', 1), [])
  if (!held.data || held.data.items.length === 0) return null
  return (
    <div class="notice warn held-notice" role="note">
      <p>
        Mail is not sent: <code>CANVASS_SMTP_URL</code> is not set. Mails are kept here; invitation links work
        — you can download recipients.csv and send them yourself.
      </p>
    </div>
  )
}

function MailRow({ mail }: { mail: Mail }) {
  return (
    <tr>
      <td class="mail-subject">
        <Link href={`/app/outbox/${encodeURIComponent(mail.id)}`}>{mail.subject || '(no subject)'}</Link>
      </td>
      <td>
        <StatusChip status={mail.status} />
      </td>
      <td>{mail.to}</td>
      <td>{mail.kind}</td>
      <td>{mail.attempts}</td>
      <td class="last-error">{mail.last_error ?? '—'}</td>
      <td>{formatTime(mail.created_at)}</td>
      <td>{formatTime(mail.sent_at)}</td>
    </tr>
  )
}

export function OutboxPage() {
  const { api } = useApp()
  const [page, setPage] = useState(1)
  const [status, setStatus] = useState<MailStatus | undefined>(undefined)
  const { data, error, reload } = useLoad(() => api.mail.list(page, status), [page, status])
  usePageTitle(['Outbox'])
  return (
    <section>
      <h1>Outbox</h1>
      <HeldNotice />
      <div class="filters status-filter">
        <label>
          Show mails
          <select
            value={status ?? ''}
            onChange={(event) => {
              setStatus((event.currentTarget.value || undefined) as MailStatus | undefined)
              setPage(1)
            }}
          >
            <option value="">All statuses</option>
            {statuses.map((item) => (
              <option key={item} value={item}>
                {item}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={reload}>
          Refresh
        </button>
      </div>
      <ErrorMessage error={error} onRetry={reload} />
      {!data && !error && <Skeleton label="Loading mails" />}
      {data && data.items.length === 0 && (
        <Empty>
          <p>
            {status
              ? `No mail is ${status}.`
              : 'No mail yet. Invitations, reminders and notifications show here.'}
          </p>
        </Empty>
      )}
      {data && data.items.length > 0 && (
        <div class="table-wrap">
          <table class="outbox">
            <caption class="visually-hidden">Mails, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">Status</th>
                <th scope="col">To</th>
                <th scope="col">Kind</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last error</th>
                <th scope="col">Created</th>
                <th scope="col">Sent</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((mail) => (
                <MailRow key={mail.id} mail={mail} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pager page={page} hasNext={data.hasNext} onPage={setPage} label="Outbox pages" />}
    </section>
  )
}

export function MailPage({ mailId }: { mailId: string }) {
  const { api } = useApp()
  const { data: mail, error, reload } = useLoad(() => api.mail.get(mailId), [mailId])
  const missing = error instanceof ApiError && error.status === 404
  usePageTitle(missing ? ['Mail not found'] : [mail?.subject, 'Outbox'])
  return (
    <section>
      <p class="crumbs">
        <Link href="/app/outbox">Outbox</Link>
      </p>
      <h1>
        {mail ? (
          mail.subject || '(no subject)'
        ) : missing ? (
          'Mail not found'
        ) : (
          <SkeletonText label="Loading" />
        )}
      </h1>
      <ErrorMessage error={error} onRetry={reload} />
      {!mail && !error && <Skeleton label="Loading the mail" />}
      {mail && (
        <>
          <p class="meta">
            <StatusChip status={mail.status} />
            <span>To {mail.to}</span>
            <span>{mail.kind}</span>
            <span>Created {formatTime(mail.created_at)}</span>
            {mail.sent_at && <span>Sent {formatTime(mail.sent_at)}</span>}
          </p>
          {mail.last_error && <p class="error">Last error: {mail.last_error}</p>}
          <div class="mail-parts">
            <section class="panel" aria-labelledby="mail-text">
              <h2 id="mail-text">Text</h2>
              {mail.text ? <pre class="mail-text">{mail.text}</pre> : <p>Not available any more.</p>}
            </section>
            <section class="panel" aria-labelledby="mail-html">
              <h2 id="mail-html">HTML</h2>
              {mail.html ? (
                <iframe class="mail-html" title="The mail's HTML part" sandbox="" srcdoc={mail.html} />
              ) : (
                <p>Not available any more.</p>
              )}
            </section>
          </div>
          <h2 class="section-title">Attempts</h2>
          {(mail.attempts_log ?? []).length === 0 ? (
            <p>{mail.status === 'held' ? 'None: held mail is never sent.' : 'No attempt yet.'}</p>
          ) : (
            <ol class="attempts">
              {(mail.attempts_log ?? []).map((attempt) => (
                <li key={attempt.number}>
                  {formatTime(attempt.attempted_at)}: {attempt.error ?? 'accepted'}
                  {attempt.reply_code ? ` (${attempt.reply_code})` : ''}, {attempt.duration_ms} ms
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  )
}
