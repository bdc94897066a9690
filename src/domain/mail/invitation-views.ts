import { type Clock, formatTimestamp } from '../../clock.js'
import type { Database, Db } from '../../db/database.js'
import type { InvitationStatus, InvitationsTable, RecipientStatus } from '../../db/tables/mail.js'
import { type Page, pageRows } from '../listing.js'
import { stopUnsentMails } from './recipients.js'

// Invitations as the API shows them (docs/api.md#invitations): their counts are read from the
// recipients' rows (one aggregate over an index of (invitation_id, status, next_reminder_at)), so they
// always agree with the recipients' statuses; and the status is worked out when read: scheduled until
// its send time, sending while any of its mails is queued or any recipient still has a reminder to
// come, then done; or cancelled.

export interface InvitationCounts {
  recipients: number
  sent: number
  failed: number
  bounced: number
  opened: number
  completed: number
  unsubscribed: number
}

export interface InvitationView {
  id: string
  form_id: string
  list_id: string
  subject: string
  message: string
  send_at: string
  reminders: { count: number; every_days: number }
  status: InvitationStatus
  counts: InvitationCounts
  created_at: string
}

const invitationColumns = [
  'id',
  'form_id',
  'list_id',
  'subject',
  'message',
  'send_at',
  'reminder_count',
  'reminder_every_days',
  'status',
  'created_at',
] as const

type InvitationRow = Pick<InvitationsTable, (typeof invitationColumns)[number]>

interface Tally {
  counts: InvitationCounts
  /** Recipients with a reminder still to come. */
  reminding: number
  /** Whether any of its mails is still queued. */
  queued: boolean
}

const emptyCounts = (): InvitationCounts => ({
  recipients: 0,
  sent: 0,
  failed: 0,
  bounced: 0,
  opened: 0,
  completed: 0,
  unsubscribed: 0,
})

/** Each invitation's recipients by status, and whether it has mails queued. */
async function tallies(db: Db, ids: string[]): Promise<Map<string, Tally>> {
  const found = new Map<string, Tally>(
    ids.map((id) => [id, { counts: emptyCounts(), reminding: 0, queued: false }]),
  )
  if (ids.length === 0) return found
  const rows = await db
    .selectFrom('invitation_recipients')
    .select((eb) => [
      'invitation_id',
      'status',
      eb.fn.countAll<number>().as('recipients'),
      eb.fn.count<number>('next_reminder_at').as('reminding'),
    ])
    .where('invitation_id', 'in', ids)
    .groupBy(['invitation_id', 'status'])
    .execute()
  for (const row of rows) {
    const tally = found.get(row.invitation_id)
    if (!tally) continue
    const count = Number(row.recipients)
    tally.counts.recipients += count
    if (row.status !== 'queued') tally.counts[row.status as Exclude<RecipientStatus, 'queued'>] += count
    tally.reminding += Number(row.reminding)
  }
  const queued = await db
    .selectFrom('mails')
    .select('invitation_id')
    .distinct()
    .where('invitation_id', 'in', ids)
    .where('status', '=', 'queued')
    .execute()
  for (const row of queued) {
    const tally = row.invitation_id === null ? undefined : found.get(row.invitation_id)
    if (tally) tally.queued = true
  }
  return found
}

function invitationView(row: InvitationRow, tally: Tally, now: number): InvitationView {
  const sendAt = Number(row.send_at)
  let status: InvitationStatus = 'done'
  if (row.status === 'cancelled') status = 'cancelled'
  else if (now < sendAt) status = 'scheduled'
  else if (tally.queued || tally.reminding > 0) status = 'sending'
  return {
    id: row.id,
    form_id: row.form_id,
    list_id: row.list_id,
    subject: row.subject,
    message: row.message,
    send_at: formatTimestamp(sendAt),
    reminders: { count: Number(row.reminder_count), every_days: Number(row.reminder_every_days) },
    status,
    counts: tally.counts,
    created_at: formatTimestamp(Number(row.created_at)),
  }
}

async function views(db: Db, clock: Clock, rows: InvitationRow[]): Promise<InvitationView[]> {
  const found = await tallies(
    db,
    rows.map((row) => row.id),
  )
  const now = clock.nowMicros()
  return rows.map((row) => invitationView(row, found.get(row.id) as Tally, now))
}

export async function findInvitation(
  db: Db,
  clock: Clock,
  workspaceId: string,
  formId: string,
  invitationId: string,
): Promise<InvitationView | undefined> {
  const row = await db
    .selectFrom('invitations')
    .select(invitationColumns)
    .where('id', '=', invitationId)
    .where('form_id', '=', formId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst()
  return row && (await views(db, clock, [row]))[0]
}

/** A page of the form's invitations, newest first, one more when another page follows. */
export async function listInvitations(
  db: Db,
  clock: Clock,
  formId: string,
  page: Page,
): Promise<InvitationView[]> {
  const rows = await db
    .selectFrom('invitations')
    .select(invitationColumns)
    .where('form_id', '=', formId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .$call((query) => pageRows(query, page))
    .execute()
  return views(db, clock, rows)
}

/**
 * Cancels an invitation: its mails not sent yet (queued or held) are marked failed with the error
 * `cancelled` and never sent, recipients who were still waiting for theirs are `failed`, and no
 * reminder follows. Links already sent keep working. Cancelling again changes nothing.
 */
export async function cancelInvitation(
  database: Database,
  clock: Clock,
  workspaceId: string,
  formId: string,
  invitationId: string,
): Promise<InvitationView | undefined> {
  const found = await database.transaction(async (trx) => {
    const row = await trx
      .updateTable('invitations')
      .set({ status: 'cancelled', updated_at: clock.nowMicros() })
      .where('id', '=', invitationId)
      .where('form_id', '=', formId)
      .where('workspace_id', '=', workspaceId)
      .returning('id')
      .executeTakeFirst()
    if (!row) return false
    await stopUnsentMails(trx, { invitationId }, 'cancelled', clock.nowMicros())
    await trx
      .updateTable('invitation_recipients')
      .set({ next_reminder_at: null })
      .where('invitation_id', '=', invitationId)
      .where('next_reminder_at', 'is not', null)
      .execute()
    await trx
      .updateTable('invitation_recipients')
      .set({ status: 'failed' })
      .where('invitation_id', '=', invitationId)
      .where('status', '=', 'queued')
      .execute()
    return true
  })
  return found ? findInvitation(database.db, clock, workspaceId, formId, invitationId) : undefined
}

/** Whether the invitation is the form's, in the workspace. */
export async function invitationInWorkspace(
  db: Db,
  workspaceId: string,
  formId: string,
  invitationId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('invitations')
    .select('id')
    .where('id', '=', invitationId)
    .where('form_id', '=', formId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst()
  return row !== undefined
}
