import { type RawBuilder, sql } from 'kysely'
import type { Clock } from '../../clock.js'
import type { Database, Db, Transaction } from '../../db/database.js'
import { jsonRecords } from '../../db/fragments.js'
import { insertChunks } from '../../db/insert-limits.js'
import type { MailStatus, MailsTable, RecipientStatus } from '../../db/tables/mail.js'
import { DAY_MICROS, recordRecipientMail } from './recipients.js'

// The worker's side of the mail outbox, as leases.ts of webhook deliveries is for theirs: workers
// claim due mails with a lease and record an attempt's outcome only while they still hold it; an
// expired lease (a crashed worker) makes the mail due again. Every attempt is a row of
// mail_attempts; a mail of an invitation's recipient updates the recipient with it.

// A literal, not a parameter: only then can SQLite use the partial index of due mails (mails_due).
const isQueued = sql<boolean>`status = 'queued'`

export interface ClaimedMail {
  mail: MailsTable
  /** The lease this worker holds; results are written only while it still holds it. */
  lease: number
}

/** One attempt's outcome: accepted (`sent`), to be tried again (`retry`), or refused for good. */
export type MailResult = 'sent' | 'retry' | 'failed' | 'bounced'

export interface MailAttempt {
  result: MailResult
  /** When the attempt started (microseconds). */
  attemptedAt: number
  durationMs: number
  /** The SMTP reply code that ended it; null when the connection failed or nothing was sent. */
  replyCode: number | null
  /** One line; null when accepted. */
  error: string | null
}

/** Leases up to `limit` due mails for `leaseMicros`, oldest due first (one database claim, as for deliveries). */
export async function claimDueMails(
  database: Database,
  clock: Clock,
  limit: number,
  leaseMicros: number,
): Promise<ClaimedMail[]> {
  const now = clock.nowMicros()
  const lease = now + leaseMicros
  const isFree = sql`(lease_expires_at is null or lease_expires_at <= ${now})`
  const claimDue = async (db: Db, skipClaimed: RawBuilder<unknown>) => {
    const { rows: due } = await sql<{ id: string }>`
      select id from mails
      where ${isQueued} and next_attempt_at <= ${now} and ${isFree}
      order by next_attempt_at asc limit ${limit}
      ${skipClaimed}`.execute(db)
    if (due.length === 0) return []
    const { rows } = await sql<MailsTable>`
      update mails set lease_expires_at = ${lease}
      where id in (${sql.join(due.map((row) => row.id))}) and ${isQueued} and ${isFree}
      returning *`.execute(db)
    return rows
  }
  const mails = await database.claim(claimDue)
  return mails.map((mail) => ({ mail, lease }))
}

/** Voids every lease of a queued mail: for a process that alone sends, those left at its start are a crashed run's. */
export async function releaseAllMailLeases(db: Db): Promise<void> {
  await db
    .updateTable('mails')
    .set({ lease_expires_at: null })
    .where(isQueued)
    .where('lease_expires_at', 'is not', null)
    .execute()
}

/** Gives claimed mails back, due again at `dueAt` (over the send rate: the next minute). */
export async function deferMails(db: Db, claims: readonly ClaimedMail[], dueAt: number): Promise<void> {
  for (const { mail, lease } of claims) {
    await db
      .updateTable('mails')
      .set({ lease_expires_at: null, next_attempt_at: dueAt })
      .where('id', '=', mail.id)
      .where('lease_expires_at', '=', lease)
      .execute()
  }
}

// What a recipient's status becomes when one of its mails is sent, fails or bounces: a recipient
// who has opened, completed or unsubscribed stays so.
const recipientStatus = (status: RecipientStatus) =>
  sql<RecipientStatus>`case when status in ('opened', 'completed', 'unsubscribed') then status else ${status} end`

/** A recipient's mail failed or bounced: recipients.ts says what that does to it. */
async function updateRecipient(
  trx: Transaction,
  mail: MailsTable,
  status: 'failed' | 'bounced',
  now: number,
) {
  if (mail.recipient_id !== null) await recordRecipientMail(trx, mail.recipient_id, status, now)
}

/** Writes attempts, each numbered after the attempt count it brought its mail to. */
async function insertAttempts(
  trx: Transaction,
  attempts: readonly { mailId: string; number: number; attempt: MailAttempt }[],
) {
  const rows = attempts.map(({ mailId, number, attempt }) => ({
    mail_id: mailId,
    number,
    attempted_at: attempt.attemptedAt,
    duration_ms: attempt.durationMs,
    reply_code: attempt.replyCode,
    error: attempt.error,
  }))
  for (const chunk of insertChunks(rows, (row) => row.error?.length ?? 0)) {
    const values = chunk.map(
      (row) =>
        sql`(${row.mail_id}, ${row.number}, ${row.attempted_at}, ${row.duration_ms}, ${row.reply_code}, ${row.error})`,
    )
    await sql`insert into mail_attempts (mail_id, number, attempted_at, duration_ms, reply_code, error)
      values ${sql.join(values)}`.execute(trx)
  }
}

/**
 * Records accepted mails, many in one transaction and one statement each for the mails, their
 * attempts and their recipients (a commit and a round trip cost more than the rows: on PostgreSQL
 * a batch was a round trip a mail). 'lost' where the lease ran out and another worker took the mail.
 */
export async function recordMailsSent(
  database: Database,
  clock: Clock,
  sent: readonly { claim: ClaimedMail; attempt: MailAttempt }[],
): Promise<('sent' | 'lost')[]> {
  // Each its own instant (docs/api.md#timestamps), as if recorded one by one.
  const rows = sent.map(({ claim }) => ({
    id: claim.mail.id,
    lease: claim.lease,
    attempts: Number(claim.mail.attempts) + 1,
    sent_at: clock.nowMicros(),
  }))
  return database.transaction(async (trx) => {
    const { rows: updated } = await sql<{ id: string }>`
      update mails set status = 'sent', attempts = r.attempts, last_error = null,
        next_attempt_at = null, lease_expires_at = null, sent_at = r.sent_at
      from ${jsonRecords(trx, JSON.stringify(rows), sentColumns)}
      where mails.id = r.id and mails.lease_expires_at = r.lease
      returning mails.id`.execute(trx)
    const recorded = new Set(updated.map((row) => row.id))
    const log: { mailId: string; number: number; attempt: MailAttempt }[] = []
    const recipients: { id: string; at: number }[] = []
    for (const [index, { claim, attempt }] of sent.entries()) {
      if (!recorded.has(claim.mail.id)) continue
      const row = rows[index] as (typeof rows)[number]
      log.push({ mailId: claim.mail.id, number: row.attempts, attempt })
      if (claim.mail.recipient_id !== null) recipients.push({ id: claim.mail.recipient_id, at: row.sent_at })
    }
    await insertAttempts(trx, log)
    if (recipients.length > 0) {
      await sql`
        update invitation_recipients set status = ${recipientStatus('sent')}, last_mail_at = r.at,
          next_reminder_at = case when invitation_recipients.next_reminder_at is null then null
            else r.at + ${DAY_MICROS} * (select i.reminder_every_days from invitations i
              where i.id = invitation_recipients.invitation_id) end
        from ${jsonRecords(trx, JSON.stringify(recipients), { id: 'text', at: 'bigint' })}
        where invitation_recipients.id = r.id`.execute(trx)
    }
    return sent.map(({ claim }) => (recorded.has(claim.mail.id) ? 'sent' : 'lost'))
  })
}

const sentColumns = { id: 'text', lease: 'bigint', attempts: 'bigint', sent_at: 'bigint' } as const

/**
 * Records an attempt that was not accepted: retried after the schedule's next delay (+-20 %
 * jitter) while the schedule lasts, else failed; failed or bounced at once when the server
 * refused the mail for good. Returns what the mail became ('queued' while retried).
 */
export async function recordMailFailure(
  database: Database,
  clock: Clock,
  claim: ClaimedMail,
  attempt: MailAttempt,
  schedule: readonly number[],
): Promise<MailStatus | 'lost'> {
  const now = clock.nowMicros()
  const number = Number(claim.mail.attempts) + 1
  const delaySeconds = attempt.result === 'retry' ? schedule[number - 1] : undefined
  const status: MailStatus =
    delaySeconds !== undefined ? 'queued' : attempt.result === 'bounced' ? 'bounced' : 'failed'
  const nextAttemptAt =
    delaySeconds === undefined
      ? null
      : now + Math.round(delaySeconds * (0.8 + Math.random() * 0.4) * 1_000_000)
  return database.transaction(async (trx) => {
    const updated = await trx
      .updateTable('mails')
      .set({
        status,
        attempts: number,
        last_error: attempt.error,
        next_attempt_at: nextAttemptAt,
        lease_expires_at: null,
      })
      .where('id', '=', claim.mail.id)
      .where('lease_expires_at', '=', claim.lease)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) return 'lost'
    await insertAttempts(trx, [{ mailId: claim.mail.id, number, attempt }])
    if (status !== 'queued') await updateRecipient(trx, claim.mail, status, now)
    return status
  })
}

/** Fails a mail that cannot be sent at all (nothing to compose, no public URL): no attempt is made. */
export async function refuseMail(
  database: Database,
  clock: Clock,
  claim: ClaimedMail,
  reason: string,
): Promise<'failed' | 'lost'> {
  return database.transaction(async (trx) => {
    const updated = await trx
      .updateTable('mails')
      .set({ status: 'failed', last_error: reason, next_attempt_at: null, lease_expires_at: null })
      .where('id', '=', claim.mail.id)
      .where('lease_expires_at', '=', claim.lease)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) return 'lost'
    await updateRecipient(trx, claim.mail, 'failed', clock.nowMicros())
    return 'failed'
  })
}

/**
 * Deletes up to `limit` finished mails (sent, failed, bounced) created before `before` (µs), their
 * attempts with them (cascade); held and queued mails stay. Says how many went.
 */
export async function pruneFinishedMails(db: Db, before: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('mails')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('mails')
        .select('id')
        // Literals, so the partial index of finished mails (mails_finished) applies.
        .where(sql<boolean>`status in ('sent', 'failed', 'bounced')`)
        .where('created_at', '<', before)
        .orderBy('created_at', 'asc')
        .limit(limit),
    )
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
