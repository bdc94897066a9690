import { useState } from 'preact/hooks'
import { formatTime } from '../../components'
import type { Recipient, RecipientStatus } from '../../mail-api'
import { StatusChip } from './chips'

export const recipientStatuses: RecipientStatus[] = [
  'queued',
  'sent',
  'opened',
  'completed',
  'failed',
  'bounced',
  'unsubscribed',
]

/** Which recipients the table shows: all, or those of one status. */
export function StatusFilter(props: {
  status: RecipientStatus | undefined
  onChange: (status?: RecipientStatus) => void
}) {
  return (
    <div class="filters status-filter">
      <label>
        Show recipients
        <select
          value={props.status ?? ''}
          onChange={(event) =>
            props.onChange((event.currentTarget.value || undefined) as RecipientStatus | undefined)
          }
        >
          <option value="">All statuses</option>
          {recipientStatuses.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </label>
    </div>
  )
}

function CopyLink({ recipient }: { recipient: Recipient }) {
  const [said, setSaid] = useState('')
  return (
    <span class="copy-link">
      <button
        type="button"
        class="link"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(recipient.link)
            setSaid('Copied')
          } catch {
            setSaid('Copying failed: select the link and copy it')
          }
          setTimeout(() => setSaid(''), 4000)
        }}
      >
        Copy link<span class="visually-hidden"> of {recipient.email}</span>
      </button>
      <span role="status" class="copy-status">
        {said}
      </span>
    </span>
  )
}

export function RecipientsTable({ items }: { items: Recipient[] }) {
  return (
    <div class="table-wrap">
      <table class="recipients">
        <caption class="visually-hidden">Recipients, by address</caption>
        <thead>
          <tr>
            <th scope="col">Recipient</th>
            <th scope="col">Status</th>
            <th scope="col">Last mail</th>
            <th scope="col">Reminders</th>
            <th scope="col">Personal link</th>
          </tr>
        </thead>
        <tbody>
          {items.map((recipient) => (
            <tr key={recipient.link}>
              <td>
                {recipient.email}
                {recipient.name && <span class="recipient-name">{recipient.name}</span>}
              </td>
              <td>
                <StatusChip status={recipient.status} />
              </td>
              <td>{formatTime(recipient.last_mail_at)}</td>
              <td>{recipient.reminders_sent}</td>
              <td>
                <code class="link-text">{recipient.link}</code>
                <CopyLink recipient={recipient} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
