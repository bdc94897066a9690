import { randomBytes } from 'node:crypto'
import { stringify } from 'csv-stringify/sync'
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely'
import { type Clock, formatTimestamp } from '../../clock.js'
import { type Config, publicBaseUrl } from '../../config.js'
import type { Db } from '../../db/database.js'
import type { Schema } from '../../db/schema.js'
import type { InvitationRecipientsTable, RecipientStatus } from '../../db/tables/mail.js'
import { spreadsheetSafe } from '../forms/export.js'
import { type Listing, loadedBytes, type MemoryBudget, type Page, pageRows, readBatches } from '../listing.js'

// The recipients of an invitation (docs/api.md#invitations): one personal link each, named by a
// token of 22 URL-safe characters (128 random bits), and how each stands. A status only moves
// forward: queued -> sent | failed | bounced -> opened -> completed; unsubscribed ends it unless
// the recipient completed. Whoever completes or unsubscribes gets no reminder again.

export type LinkSettings = Pick<Config, 'publicUrl' | 'host' | 'port'>

export const recipientStatuses = [
  'queued',
  'sent',
  'failed',
  'bounced',
  'opened',
  'completed',
  'unsubscribed',
] as const satisfies readonly RecipientStatus[]

/** `count` personal-link tokens, from one call for their random bytes. */
export function newRecipientTokens(count: number): string[] {
  const bytes = randomBytes(16 * count)
  const tokens: string[] = new Array(count)
  for (let i = 0; i < count; i++) tokens[i] = bytes.toString('base64url', i * 16, i * 16 + 16)
  return tokens
}

/** The recipient's personal link to the form. */
export function personalLink(config: LinkSettings, token: string): string {
  return `${publicBaseUrl(config)}/i/${token}`
}

/** The recipient's unsubscribe page (and one-click POST target, RFC 8058). */
export function unsubscribeLink(config: LinkSettings, token: string): string {
  return `${publicBaseUrl(config)}/u/${token}`
}

/** A recipient as the API shows it. */
export interface RecipientView {
  contact_id: string | null
  email: string
  name: string
  link: string
  status: RecipientStatus
  last_mail_at: string | null
  reminders_sent: number
  completed_at: string | null
}

const viewColumns = [
  'contact_id',
  'email',
  'name',
  'token',
  'status',
  'last_mail_at',
  'reminders_sent',
  'completed_at',
] as const

type ViewRow = Pick<InvitationRecipientsTable, (typeof viewColumns)[number]>

const stamp = (micros: number | null) => (micros === null ? null : formatTimestamp(Number(micros)))

function recipientView(config: LinkSettings, row: ViewRow): RecipientView {
  return {
    contact_id: row.contact_id,
    email: row.email,
    name: row.name,
    link: personalLink(config, row.token),
    status: row.status,
    last_mail_at: stamp(row.last_mail_at),
    reminders_sent: Number(row.reminders_sent),
    completed_at: stamp(row.completed_at),
  }
}

/** A page of the invitation's recipients by address, one row more when another page follows. */
export async function listRecipients(
  db: Db,
  config: LinkSettings,
  invitationId: string,
  page: Page,
  status?: RecipientStatus,
): Promise<RecipientView[]> {
  let query = db
    .selectFrom('invitation_recipients')
    .select(viewColumns)
    .where('invitation_id', '=', invitationId)
  if (status !== undefined) query = query.where('status', '=', status)
  const rows = await query
    .orderBy('email_key')
    .orderBy('id')
    .$call((q) => pageRows(q, page))
    .execute()
  return rows.map((row) => recipientView(config, row))
}

// A recipients.csv batch: up to 500 rows of at most ~1.3 KB each (an address, a name of 256
// characters, a link), counted as strings loaded, and no more than the budget's batch size.
const CSV_BATCH = 500
const CSV_ROW_BYTES = 1300

/** UTF-8's byte order mark, as the responses' CSV export begins: spreadsheets then read accents right. */
const byteOrderMark = Buffer.from([0xef, 0xbb, 0xbf])

/**
 * recipients.csv (`email,name,link`), every recipient but the unsubscribed (whom the workspace
 * must not mail from anywhere), by address, read in keyset batches; each item is its CSV line,
 * spreadsheet-safe as the responses' export.
 */
export function recipientsCsv(
  db: Db,
  config: LinkSettings,
  budget: MemoryBudget,
  invitationId: string,
): { head: Buffer; listing: Listing<string> } {
  const rowBytes = loadedBytes.string(db, CSV_ROW_BYTES)
  const batchRows = Math.max(1, Math.min(CSV_BATCH, Math.floor(budget.batchBytes / rowBytes)))
  // One list's contacts have one address each: an invitation's recipients are unique by address.
  let cursor: string | undefined
  let done = false
  const read = async (): Promise<string[] | undefined> => {
    if (done) return undefined
    let query = db
      .selectFrom('invitation_recipients')
      .select(['email_key', 'email', 'name', 'token'])
      .where('invitation_id', '=', invitationId)
      .where('status', '!=', 'unsubscribed')
    if (cursor !== undefined) query = query.where('email_key', '>', cursor)
    const rows = await query.orderBy('email_key').limit(batchRows).execute()
    const last = rows[rows.length - 1]
    if (!last) return undefined
    done = rows.length < batchRows
    cursor = last.email_key
    return rows.map((row) =>
      stringify([[row.email, row.name, personalLink(config, row.token)].map(spreadsheetSafe)]),
    )
  }
  const head = Buffer.concat([byteOrderMark, Buffer.from(stringify([['email', 'name', 'link']]))])
  return { head, listing: readBatches(budget, batchRows * rowBytes, read) }
}

/**
 * Stops a recipient's (or invitation's) mails not sent yet: failed, with `reason` as their error.
 * One a worker holds at `now` may be on the wire already: it is left to that worker, which records
 * what the server said (and finds the reason itself should it have to try again).
 */
export async function stopUnsentMails(
  trx: Db,
  by: { recipientId: string } | { invitationId: string },
  reason: string,
  now: number,
): Promise<number> {
  let query = trx
    .updateTable('mails')
    .set({ status: 'failed', last_error: reason, next_attempt_at: null, lease_expires_at: null })
    .where('status', 'in', ['queued', 'held'])
    .where(notLeased(now))
  query =
    'recipientId' in by
      ? query.where('recipient_id', '=', by.recipientId)
      : query.where('invitation_id', '=', by.invitationId)
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** Mails no worker holds at `now`. */
export const notLeased =
  (now: number) =>
  (eb: ExpressionBuilder<Schema, 'mails'>): Expression<SqlBool> =>
    eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<=', now)])

/** No more reminders for this recipient. */
export async function endReminders(trx: Db, recipientId: string): Promise<void> {
  await trx
    .updateTable('invitation_recipients')
    .set({ next_reminder_at: null })
    .where('id', '=', recipientId)
    .execute()
}

/** The recipient opened their link: `opened` unless they completed or unsubscribed already. */
export async function markRecipientOpened(trx: Db, clock: Clock, recipientId: string): Promise<void> {
  const now = clock.nowMicros()
  await trx
    .updateTable('invitation_recipients')
    .set((eb) => ({
      opened_at: eb.fn.coalesce('opened_at', eb.val(now)),
      status: eb
        .case()
        .when('status', 'in', ['queued', 'sent', 'failed', 'bounced'])
        .then('opened' as RecipientStatus)
        .else(eb.ref('status'))
        .end(),
    }))
    .where('id', '=', recipientId)
    .execute()
}

/**
 * The recipient's link gave a response (`responseId`; null for an anonymous form, so that nothing
 * links the two): `completed`, no more reminders, and their mails not sent yet are stopped. False
 * when it was completed already: the caller's transaction must then keep nothing (one response
 * per link).
 */
export async function markRecipientCompleted(
  trx: Db,
  clock: Clock,
  recipientId: string,
  responseId: string | null,
): Promise<boolean> {
  const now = clock.nowMicros()
  // An anonymous form's recipient says when to the hour only: to the microsecond, it would name
  // the response submitted at that instant.
  const at = responseId === null ? now - (now % HOUR_MICROS) : now
  const completed = await trx
    .updateTable('invitation_recipients')
    .set((eb) => ({
      status: 'completed',
      completed_at: at,
      response_id: responseId,
      opened_at: eb.fn.coalesce('opened_at', eb.val(at)),
      next_reminder_at: null,
    }))
    .where('id', '=', recipientId)
    .where('completed_at', 'is', null)
    .executeTakeFirst()
  if (Number(completed.numUpdatedRows) !== 1) return false
  await stopUnsentMails(trx, { recipientId }, 'not sent: the recipient has completed the form', now)
  return true
}

export const DAY_MICROS = 86_400_000_000
const HOUR_MICROS = 3_600_000_000

/**
 * What sending one of a recipient's mails did, for the worker's record step: `sent` (at `at`)
 * moves a queued or failed recipient to `sent` and makes their next reminder due `every_days`
 * after this mail while they have reminders left; `failed` marks a recipient not reached yet;
 * `bounced` marks one not reached yet and ends their reminders.
 */
export async function recordRecipientMail(
  trx: Db,
  recipientId: string,
  outcome: 'sent' | 'failed' | 'bounced',
  at: number,
): Promise<void> {
  const row = await trx
    .selectFrom('invitation_recipients as r')
    .innerJoin('invitations as i', 'i.id', 'r.invitation_id')
    .select([
      'r.status',
      'r.reminders_sent',
      'i.reminder_count',
      'i.reminder_every_days',
      'i.status as invitation',
    ])
    .where('r.id', '=', recipientId)
    .executeTakeFirst()
  if (!row) return
  const notReached = row.status === 'queued' || row.status === 'failed'
  if (outcome === 'sent') {
    const reminding =
      row.invitation !== 'cancelled' &&
      ['queued', 'sent', 'failed', 'opened'].includes(row.status) &&
      Number(row.reminders_sent) < Number(row.reminder_count)
    await trx
      .updateTable('invitation_recipients')
      .set({
        last_mail_at: at,
        status: notReached ? 'sent' : row.status,
        next_reminder_at: reminding ? at + Number(row.reminder_every_days) * DAY_MICROS : null,
      })
      .where('id', '=', recipientId)
      .execute()
    return
  }
  await trx
    .updateTable('invitation_recipients')
    .set({
      status: notReached ? outcome : row.status,
      ...(outcome === 'bounced' ? { next_reminder_at: null } : {}),
    })
    .where('id', '=', recipientId)
    .execute()
}
