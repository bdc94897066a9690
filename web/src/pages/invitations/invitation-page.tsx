import { useState } from 'preact/hooks'
import { ApiError } from '../../api'
import { useApp } from '../../app-context'
import {
  ConfirmDialog,
  Empty,
  ErrorMessage,
  formatTime,
  Link,
  Pager,
  useLoad,
  usePageTitle,
} from '../../components'
import type { Invitation, RecipientStatus } from '../../mail-api'
import { Skeleton, SkeletonText } from '../../skeleton'
import { InvitationCounts, StatusChip } from './chips'
import { RecipientsTable, StatusFilter } from './recipients-table'
import { usePolling } from './use-polling'

/** Whether what the page shows may still change: mails to go, or recipients yet to answer. */
function stillMoving(invitation: Invitation | undefined): boolean {
  if (!invitation || invitation.status === 'cancelled') return false
  const { counts } = invitation
  const settled = counts.completed + counts.failed + counts.bounced + counts.unsubscribed
  return invitation.status === 'sending' || invitation.status === 'scheduled' || settled < counts.recipients
}

function Heading({ invitation, missing }: { invitation: Invitation | undefined; missing: boolean }) {
  return (
    <>
      <h1>
        {invitation ? (
          invitation.subject
        ) : missing ? (
          'Invitation not found'
        ) : (
          <SkeletonText label="Loading" />
        )}
      </h1>
      {invitation && (
        <p class="meta">
          <StatusChip status={invitation.status} />
          <span>Created {formatTime(invitation.created_at)}</span>
          <span>Sends {formatTime(invitation.send_at)}</span>
          <span>
            Reminders:{' '}
            {invitation.reminders.count === 0
              ? 'none'
              : `${invitation.reminders.count}, every ${invitation.reminders.every_days} days`}
          </span>
        </p>
      )}
    </>
  )
}

/** One invitation: its counts, its recipients with their personal links, cancelling it. */
export function InvitationPage({ formId, invitationId }: { formId: string; invitationId: string }) {
  const { api, can } = useApp()
  const [page, setPage] = useState(1)
  const [status, setStatus] = useState<RecipientStatus | undefined>(undefined)
  const [confirming, setConfirming] = useState(false)
  const [actionError, setActionError] = useState<unknown>(null)
  const [notice, setNotice] = useState('')
  const form = useLoad(() => api.forms.get(formId), [formId])
  const invitation = useLoad(() => api.invitations.get(formId, invitationId), [formId, invitationId])
  const recipients = useLoad(
    () => api.invitations.recipients(formId, invitationId, page, status),
    [formId, invitationId, page, status],
  )
  const refresh = () => {
    invitation.reload()
    recipients.reload()
  }
  usePolling(refresh, stillMoving(invitation.data))
  const missing = invitation.error instanceof ApiError && invitation.error.status === 404
  usePageTitle(
    missing ? ['Invitation not found'] : [invitation.data?.subject, 'Invitations', form.data?.title],
  )
  const formBase = `/app/forms/${encodeURIComponent(formId)}`
  const current = invitation.data
  const cancellable = current && (current.status === 'scheduled' || current.status === 'sending')
  return (
    <section>
      <p class="crumbs">
        <Link href="/app/forms">Forms</Link> › <Link href={formBase}>{form.data?.title ?? 'Form'}</Link> ›{' '}
        <Link href={`${formBase}/invitations`}>Invitations</Link>
      </p>
      <Heading invitation={current} missing={missing} />
      <ErrorMessage error={invitation.error ?? recipients.error} onRetry={refresh} />
      <ErrorMessage error={actionError} />
      <p role="status">{notice}</p>
      {current && <InvitationCounts counts={current.counts} />}
      {current && (
        <div class="actions">
          <a class="button" href={api.invitations.csvUrl(formId, invitationId)} download>
            Download recipients.csv
          </a>
          {cancellable && can('invitations:write') && (
            <button type="button" class="danger" onClick={() => setConfirming(true)}>
              Cancel invitation
            </button>
          )}
        </div>
      )}
      <h2 class="section-title">Recipients</h2>
      <StatusFilter
        status={status}
        onChange={(next) => {
          setStatus(next)
          setPage(1)
        }}
      />
      {!recipients.data && !recipients.error && <Skeleton label="Loading recipients" />}
      {recipients.data && recipients.data.items.length === 0 && (
        <Empty>
          <p>{status ? `No recipient is ${status}.` : 'This invitation has no recipients.'}</p>
        </Empty>
      )}
      {recipients.data && recipients.data.items.length > 0 && (
        <RecipientsTable items={recipients.data.items} />
      )}
      {recipients.data && (
        <Pager page={page} hasNext={recipients.data.hasNext} onPage={setPage} label="Recipients pages" />
      )}
      <ConfirmDialog
        open={confirming}
        title="Cancel this invitation?"
        confirmLabel="Cancel invitation"
        cancelLabel="Keep sending"
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false)
          try {
            await api.invitations.cancel(formId, invitationId)
            setNotice('Invitation cancelled')
            refresh()
          } catch (problem) {
            setActionError(problem)
          }
        }}
      >
        <p>Mails not sent yet are not sent, and no reminder follows. Links already sent keep working.</p>
      </ConfirmDialog>
    </section>
  )
}
