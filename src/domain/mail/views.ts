import { sql } from 'kysely'
import { formatTimestamp } from '../../clock.js'
import type { Database, Db } from '../../db/database.js'
import type { MailKind, MailStatus, MailsTable } from '../../db/tables/mail.js'
import { type Listing, type MemoryBudget, type Page, pageRows, plannedObjects } from '../listing.js'
import { type MailComposer, storedBody } from './outbox.js'

// The outbox as the API shows it (docs/api.md#mail): a workspace's mails, newest first, and one
// mail with its text, HTML and every attempt.

export interface MailView {
  id: string
  to: string
  subject: string
  kind: MailKind
  status: MailStatus
  attempts: number
  last_error: string | null
  created_at: string
  sent_at: string | null
}

export interface MailAttemptView {
  number: number
  attempted_at: string
  duration_ms: number
  reply_code: number | null
  error: string | null
}

export interface MailDetail extends MailView {
  /** The parts as sent; null when the mail cannot be composed here (no composer, or what it came from is gone). */
  text: string | null
  html: string | null
  attempts_log: MailAttemptView[]
}

export interface MailFilter {
  status?: MailStatus | undefined
  kind?: MailKind | undefined
}

export function mailView(row: MailsTable): MailView {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    kind: row.kind,
    status: row.status,
    attempts: Number(row.attempts),
    last_error: row.last_error,
    created_at: formatTimestamp(Number(row.created_at)),
    sent_at: row.sent_at === null ? null : formatTimestamp(Number(row.sent_at)),
  }
}

/** A page of the workspace's mails, newest first, planned by size and read within `budget`. */
export async function listMails(
  db: Db,
  budget: MemoryBudget,
  workspaceId: string,
  page: Page,
  filter: MailFilter,
): Promise<Listing<MailView>> {
  const plan = await db
    .selectFrom('mails')
    .select([
      'id',
      sql<number>`octet_length(to_address) + octet_length(subject) + coalesce(octet_length(last_error), 0)`.as(
        'bytes',
      ),
    ])
    .where('workspace_id', '=', workspaceId)
    .$if(filter.status !== undefined, (query) => query.where('status', '=', filter.status as MailStatus))
    .$if(filter.kind !== undefined, (query) => query.where('kind', '=', filter.kind as MailKind))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .$call((query) => pageRows(query, page))
    .execute()
  return plannedObjects(budget, page, plan, async (ids) => {
    const rows = await db
      .selectFrom('mails')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('id', 'in', ids)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute()
    return rows.map(mailView)
  })
}

/** One mail of the workspace with its parts and attempts, oldest first; undefined when it has none by that id. */
export async function findMail(
  database: Database,
  composer: MailComposer | undefined,
  workspaceId: string,
  mailId: string,
): Promise<MailDetail | undefined> {
  const { db } = database
  const row = await db
    .selectFrom('mails')
    .selectAll()
    .where('id', '=', mailId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst()
  if (!row) return undefined
  // A team mail carries a one-time code (an invitation, a password reset): whoever reads the
  // outbox (invitations:read, editors and viewers too) must not be able to use it.
  const secret = row.kind === 'member'
  const body = secret ? undefined : row.body_json === null ? await composer?.(database, row) : storedBody(row)
  const attempts = await db
    .selectFrom('mail_attempts')
    .selectAll()
    .where('mail_id', '=', row.id)
    .orderBy('number', 'asc')
    .execute()
  return {
    ...mailView(row),
    text: body?.text ?? null,
    html: body?.html ?? null,
    attempts_log: attempts.map((attempt) => ({
      number: Number(attempt.number),
      attempted_at: formatTimestamp(Number(attempt.attempted_at)),
      duration_ms: Number(attempt.duration_ms),
      reply_code: attempt.reply_code === null ? null : Number(attempt.reply_code),
      error: attempt.error,
    })),
  }
}
