import './invitations/mail.css'
import { useState } from 'preact/hooks'
import type { Form } from '../api'
import { useApp } from '../app-context'
import { Empty, ErrorMessage, formatTime, Link, Pager, useLoad } from '../components'
import { Skeleton } from '../skeleton'
import { Denied } from './denied'
import { InvitationCounts, StatusChip } from './invitations/chips'
import { NewInvitation } from './invitations/new-invitation'

export { InvitationPage } from './invitations/invitation-page'

// A form's Invitations tab: its invitations, newest first, each with its counts, and writing a new
// one (web/src/pages/invitations/new-invitation.tsx).

export function InvitationsView({ form }: { form: Form }) {
  const { api, can, navigate, reason } = useApp()
  const [page, setPage] = useState(1)
  const [writing, setWriting] = useState(false)
  const { data, error, reload } = useLoad(() => api.invitations.list(form.id, page), [form.id, page])
  const base = `/app/forms/${encodeURIComponent(form.id)}/invitations`
  return (
    <div>
      <ErrorMessage error={error} onRetry={reload} />
      {!writing && (
        <p>
          {can('invitations:write') ? (
            <button type="button" class="primary" onClick={() => setWriting(true)}>
              New invitation
            </button>
          ) : (
            <Denied label="New invitation" reason={reason('send invitations')} />
          )}
        </p>
      )}
      {writing && (
        <NewInvitation
          form={form}
          onCancel={() => setWriting(false)}
          onSent={(invitation) => navigate(`${base}/${encodeURIComponent(invitation.id)}`)}
        />
      )}
      {!data && !error && <Skeleton label="Loading invitations" />}
      {data && data.items.length === 0 && page === 1 && !writing && (
        <Empty>
          <p>
            No invitations yet. Invite a contact list and each person gets a personal link to this form, with
            reminders for those who have not answered.
          </p>
        </Empty>
      )}
      {data && data.items.length > 0 && (
        <ul class="cards">
          {data.items.map((invitation) => (
            <li class="card" key={invitation.id}>
              <h2>
                <Link href={`${base}/${encodeURIComponent(invitation.id)}`}>{invitation.subject}</Link>
              </h2>
              <p class="meta">
                <StatusChip status={invitation.status} />
                <span>Created {formatTime(invitation.created_at)}</span>
                {invitation.status === 'scheduled' && <span>Sends {formatTime(invitation.send_at)}</span>}
              </p>
              <InvitationCounts counts={invitation.counts} />
            </li>
          ))}
        </ul>
      )}
      {data && <Pager page={page} hasNext={data.hasNext} onPage={setPage} label="Invitation pages" />}
    </div>
  )
}
