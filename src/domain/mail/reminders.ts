import { sql } from 'kysely'
import type { Clock } from '../../clock.js'
import type { Database, Transaction } from '../../db/database.js'
import { parseTemplate, renderSubject } from '../../shared/mail/templates.js'
import type { DeliverySignal } from '../webhooks/signal.js'
import type { InvitationSettings } from './invitations.js'
import { type NewMail, queueMails } from './outbox.js'
import { DAY_MICROS, personalLink } from './recipients.js'

// Reminders (docs/api.md#invitations), a duty of the worker: a recipient's next reminder is due
// `every_days` after their invitation's send time, then after each reminder queued (and, once the
// worker records a mail as sent, after that mail: recordRecipientMail). Only recipients who have not
// completed, unsubscribed or bounced get one, none while one of their mails is still queued, none of
// a cancelled invitation, at most `count` each. Queuing a reminder moves the recipient's next one on
// in the same statement, so two workers never queue the same reminder.

/** Recipients reminded per run: their data (up to ~200 KB each) is read to fill the subject. */
const BATCH = 100

export const REMINDER_SUBJECT_PREFIX = 'Reminder: '

interface Due {
  id: string
  email: string
  name: string
  data_json: string
  token: string
  form_id: string
  invitation_id: string
  workspace_id: string
  subject: string
  reminder_count: number
  reminder_every_days: number
  title: string
}

async function dueRecipients(trx: Transaction, now: number): Promise<Due[]> {
  return trx
    .selectFrom('invitation_recipients as r')
    .innerJoin('invitations as i', 'i.id', 'r.invitation_id')
    .innerJoin('forms as f', 'f.id', 'r.form_id')
    .select([
      'r.id',
      'r.email',
      'r.name',
      'r.data_json',
      'r.token',
      'r.form_id',
      'r.invitation_id',
      'i.workspace_id',
      'i.subject',
      'i.reminder_count',
      'i.reminder_every_days',
      'f.title',
    ])
    .where('r.next_reminder_at', '<=', now)
    .where('r.status', 'not in', ['completed', 'unsubscribed', 'bounced'])
    .whereRef('r.reminders_sent', '<', 'i.reminder_count')
    .where('i.status', '!=', 'cancelled')
    .where((eb) =>
      eb.not(
        eb.or([
          eb.exists(
            eb
              .selectFrom('mails as m')
              .select('m.id')
              .whereRef('m.recipient_id', '=', 'r.id')
              .where('m.status', '=', 'queued'),
          ),
          eb.exists(
            eb
              .selectFrom('unsubscribes as u')
              .select('u.email_key')
              .whereRef('u.workspace_id', '=', 'i.workspace_id')
              .whereRef('u.email_key', '=', 'r.email_key'),
          ),
        ]),
      ),
    )
    .orderBy('r.next_reminder_at')
    .limit(BATCH)
    .execute()
}

/**
 * Moves the reminders of `due` (all of one invitation) on: one more sent, the next due `every_days`
 * from now, or none once `count` are. Returns the recipients this call took (another worker may
 * have taken some first).
 */
async function takeReminders(trx: Transaction, now: number, due: Due[]): Promise<Set<string>> {
  const first = due[0] as Due
  const next = now + Number(first.reminder_every_days) * DAY_MICROS
  const taken = await trx
    .updateTable('invitation_recipients')
    .set((eb) => ({
      reminders_sent: eb('reminders_sent', '+', 1),
      next_reminder_at: eb
        .case()
        .when(eb('reminders_sent', '+', 1), '<', Number(first.reminder_count))
        // Typed: PostgreSQL would read an untyped parameter in a CASE as text.
        .then(sql<number>`cast(${next} as bigint)`)
        .else(null)
        .end(),
    }))
    .where('invitation_id', '=', first.invitation_id)
    .where(
      'id',
      'in',
      due.map((row) => row.id),
    )
    .where('next_reminder_at', '<=', now)
    .returning('id')
    .execute()
  return new Set(taken.map((row) => row.id))
}

/**
 * The reminders duty: queues a `reminder` mail (composed when sent) for each recipient whose
 * reminder is due, at most a batch a run. Returns how many it queued.
 */
export async function queueDueReminders(
  database: Database,
  clock: Clock,
  signal: DeliverySignal,
  config: InvitationSettings,
): Promise<number> {
  return database.transaction(async (trx) => {
    const now = clock.nowMicros()
    const due = await dueRecipients(trx, now)
    const byInvitation = new Map<string, Due[]>()
    for (const row of due)
      byInvitation.set(row.invitation_id, [...(byInvitation.get(row.invitation_id) ?? []), row])
    const mails: NewMail[] = []
    for (const rows of byInvitation.values()) {
      const taken = await takeReminders(trx, now, rows)
      const subject = parseTemplate(REMINDER_SUBJECT_PREFIX + (rows[0] as Due).subject).parts
      for (const row of rows) {
        if (!taken.has(row.id)) continue
        const values = {
          name: row.name,
          link: personalLink(config, row.token),
          formTitle: row.title,
          data: JSON.parse(row.data_json) as Record<string, string>,
        }
        mails.push({
          workspaceId: row.workspace_id,
          kind: 'reminder',
          to: row.email,
          subject: renderSubject(subject, values),
          formId: row.form_id,
          invitationId: row.invitation_id,
          recipientId: row.id,
        })
      }
    }
    await queueMails(trx, clock, signal, config, mails)
    return due.length
  })
}
