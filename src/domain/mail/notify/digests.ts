import type { Clock } from '../../../clock.js'
import { type Config, publicBaseUrl } from '../../../config.js'
import type { Database, Transaction } from '../../../db/database.js'
import type { ResponseItem } from '../../../shared/forms/answers.js'
import type { FormDefinition } from '../../../shared/forms/definition.js'
import type { DeliverySignal } from '../../webhooks/signal.js'
import { queueMails } from '../outbox.js'
import { NOTIFICATION_SHOWN, notificationMail } from './notification.js'

// The team's notifications (settings.notify), a duty of the delivery worker: each form's digest of
// new responses (record.ts counts them as they are stored) becomes one `notification` mail per
// address once due, at most one a minute per form, and the digest starts again from nothing, in
// the same transaction.

/** Digests turned into mails per run: the worker runs the duty again at once when it was full. */
const DIGEST_BATCH = 50
/** The least time between two notifications of one form. */
export const NOTIFY_EVERY_MICROS = 60_000_000

/** Sends the due digests (at most a batch); how many were due. */
export async function sendDueDigests(
  database: Database,
  clock: Clock,
  signal: DeliverySignal,
  config: Config,
): Promise<number> {
  const due = await database.db
    .selectFrom('mail_digests')
    .select(['form_id', 'pending', 'first_at'])
    .where('pending', '>', 0)
    .where('due_at', '<=', clock.nowMicros())
    .orderBy('due_at')
    .limit(DIGEST_BATCH)
    .execute()
  for (const digest of due) {
    await database.transaction((trx) => sendDigest(trx, clock, signal, config, digest))
  }
  return due.length
}

interface DueDigest {
  form_id: string
  pending: number
  first_at: number
}

/**
 * Claims the digest as it was read (its count and start unchanged: no response stored since, no
 * other worker sending it), starts it again, due a minute from now, and queues its mails. A digest
 * that changed meanwhile is left for the next run, which reads it again.
 */
async function sendDigest(
  trx: Transaction,
  clock: Clock,
  signal: DeliverySignal,
  config: Config,
  digest: DueDigest,
): Promise<void> {
  const now = clock.nowMicros()
  const claimed = await trx
    .updateTable('mail_digests')
    .set({ pending: 0, due_at: now + NOTIFY_EVERY_MICROS })
    .where('form_id', '=', digest.form_id)
    .where('pending', '=', digest.pending)
    .where('first_at', '=', digest.first_at)
    .returning('workspace_id')
    .executeTakeFirst()
  if (!claimed) return
  const form = await trx
    .selectFrom('forms')
    .select(['title', 'definition'])
    .where('id', '=', digest.form_id)
    .executeTakeFirst()
  // The setting may have been removed since the responses came: then no one is told.
  const emails = form && (JSON.parse(form.definition) as FormDefinition).settings?.notify?.emails
  if (!form || !emails || emails.length === 0) return
  const count = Number(digest.pending)
  const rows = await trx
    .selectFrom('responses')
    .select('item_json')
    .where('form_id', '=', digest.form_id)
    .where('submitted_at', '>=', digest.first_at)
    .orderBy('seq', 'desc')
    .limit(Math.min(count, NOTIFICATION_SHOWN))
    .execute()
  const { subject, body } = notificationMail({
    formTitle: form.title,
    count,
    newest: rows.map((row) => JSON.parse(row.item_json) as ResponseItem),
    link: `${publicBaseUrl(config)}/app/forms/${encodeURIComponent(digest.form_id)}`,
  })
  const mails = emails.map((to) => ({
    workspaceId: claimed.workspace_id,
    formId: digest.form_id,
    kind: 'notification' as const,
    to,
    subject,
    body,
  }))
  await queueMails(trx, clock, signal, config, mails)
}
