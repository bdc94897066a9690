import type { Invitation } from '../../mail-api'

// Status chips of invitations, recipients and mails, coloured by what the status means: done well
// (ok), under way (progress), went wrong (problem), or neither.

const tone: Record<string, string> = {
  done: 'ok',
  completed: 'ok',
  sent: 'ok',
  sending: 'progress',
  scheduled: 'progress',
  queued: 'progress',
  opened: 'progress',
  failed: 'problem',
  bounced: 'problem',
  cancelled: 'neutral',
  unsubscribed: 'neutral',
  held: 'neutral',
}

export function StatusChip({ status }: { status: string }) {
  return (
    <span class={`chip ${tone[status] ?? 'neutral'}`}>
      <span class="visually-hidden">Status: </span>
      {status}
    </span>
  )
}

const countNames: [keyof Invitation['counts'], string][] = [
  ['recipients', 'Recipients'],
  ['sent', 'Sent'],
  ['opened', 'Opened'],
  ['completed', 'Completed'],
  ['failed', 'Failed'],
  ['bounced', 'Bounced'],
  ['unsubscribed', 'Unsubscribed'],
]

/** An invitation's counts, each recipient under its status now. */
export function InvitationCounts({ counts }: { counts: Invitation['counts'] }) {
  return (
    <dl class="counts">
      {countNames.map(([key, label]) => (
        <div key={key}>
          <dt>{label}</dt>
          <dd>{counts[key].toLocaleString()}</dd>
        </div>
      ))}
    </dl>
  )
}
