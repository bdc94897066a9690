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
    .select('form_id')
    .where('pending', '>', 0)
    .where('due_at', '<=', clock.nowMicros())
    .orderBy('due_at')
    .limit(DIGEST_BATCH)
    .execute()
  for (const { form_id: formId } of due) {
    await database.transaction((trx) => sendDigest(trx, clock, signal, config, formId))
  }
  return due.length
}

/**
 * Takes the digest if it is still due (another worker may have sent it), starts it again, due a
 * minute from now, and queues its mails. The first update changes nothing but holds the row until
 * the transaction ends (PostgreSQL; SQLite's transaction holds the whole database), so responses
 * stored meanwhile wait, then count in the next digest: none is told twice or never.
 */
async function sendDigest(
  trx: Transaction,
  clock: Clock,
  signal: DeliverySignal,
  config: Config,
  formId: string,
): Promise<void> {
  const now = clock.nowMicros()
  const digest = await trx
    .updateTable('mail_digests')
    .set((eb) => ({ pending: eb.ref('pending') }))
    .where('form_id', '=', formId)
    .where('pending', '>', 0)
    .where('due_at', '<=', now)
    .returning(['workspace_id', 'pending', 'first_at'])
    .executeTakeFirst()
  if (!digest) return
  await trx
    .updateTable('mail_digests')
    .set({ pending: 0, due_at: now + NOTIFY_EVERY_MICROS })
    .where('form_id', '=', formId)
    .execute()
  const form = await trx
    .selectFrom('forms')
    .select(['title', 'definition'])
    .where('id', '=', formId)
    .executeTakeFirst()
  // The setting may have been removed since the responses came: then no one is told.
  const emails = form && (JSON.parse(form.definition) as FormDefinition).settings?.notify?.emails
  if (!form || !emails || emails.length === 0) return
  const count = Number(digest.pending)
  const rows = await trx
    .selectFrom('responses')
    .select('item_json')
    .where('form_id', '=', formId)
    .where('submitted_at', '>=', digest.first_at)
    .orderBy('seq', 'desc')
    .limit(Math.min(count, NOTIFICATION_SHOWN))
    .execute()
  const { subject, body } = notificationMail({
    formTitle: form.title,
    count,
    newest: rows.map((row) => JSON.parse(row.item_json) as ResponseItem),
    link: `${publicBaseUrl(config)}/app/forms/${encodeURIComponent(formId)}`,
  })
  const mails = emails.map((to) => ({
    workspaceId: digest.workspace_id,
    formId,
    kind: 'notification' as const,
    to,
    subject,
    body,
  }))
  await queueMails(trx, clock, signal, config, mails)
}
