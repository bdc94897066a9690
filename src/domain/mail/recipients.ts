import { sql } from 'kysely'
import type { Clock } from '../../clock.js'
import type { Db } from '../../db/database.js'
import type { RecipientStatus } from '../../db/tables/mail.js'

// What a recipient's personal link does to its status (docs/api.md#personal-links). Opening it
// marks the recipient opened; completing it marks it completed, once.

/** Marks the recipient opened (not over completed or unsubscribed), and when it first was. */
export async function markRecipientOpened(trx: Db, clock: Clock, recipientId: string): Promise<void> {
  const now = clock.nowMicros()
  await trx
    .updateTable('invitation_recipients')
    .set({
      status: sql<RecipientStatus>`case when status in ('completed', 'unsubscribed') then status else 'opened' end`,
      opened_at: sql<number>`coalesce(opened_at, ${now})`,
    })
    .where('id', '=', recipientId)
    .execute()
}

/**
 * Marks the recipient completed by `responseId` (null: an anonymous form's response, which no
 * record links to it), with no more reminders due. False when it was completed already: the
 * caller's transaction must then keep nothing (one response per link).
 */
export async function markRecipientCompleted(
  trx: Db,
  clock: Clock,
  recipientId: string,
  responseId: string | null,
): Promise<boolean> {
  const completed = await trx
    .updateTable('invitation_recipients')
    .set({
      status: 'completed',
      completed_at: clock.nowMicros(),
      response_id: responseId,
      next_reminder_at: null,
    })
    .where('id', '=', recipientId)
    .where('completed_at', 'is', null)
    .executeTakeFirst()
  return Number(completed.numUpdatedRows) === 1
}
