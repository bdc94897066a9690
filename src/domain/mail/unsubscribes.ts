import type { Clock } from '../../clock.js'
import type { Database, Db } from '../../db/database.js'
import { notLeased } from './recipients.js'

// Unsubscribing (docs/api.md#unsubscribing): a recipient's token names their address and the
// workspace that invited them. Unsubscribing records (workspace, address) for good: every recipient
// of that address in the workspace becomes `unsubscribed` (unless they completed), their mails not
// sent yet are stopped, no later invitation mails them (createInvitation), no reminder is queued
// (queueDueReminders), and the worker checks again before sending (isUnsubscribed).

/** What the unsubscribe page shows of a token. */
export interface UnsubscribeTarget {
  email: string
  workspace: string
  unsubscribed: boolean
}

const tokenShape = /^[A-Za-z0-9_-]{22}$/

async function recipientOf(db: Db, token: string) {
  if (!tokenShape.test(token)) return undefined
  return db
    .selectFrom('invitation_recipients as r')
    .innerJoin('invitations as i', 'i.id', 'r.invitation_id')
    .innerJoin('workspaces as w', 'w.id', 'i.workspace_id')
    .leftJoin('unsubscribes as u', (join) =>
      join.onRef('u.workspace_id', '=', 'i.workspace_id').onRef('u.email_key', '=', 'r.email_key'),
    )
    .select([
      'r.email',
      'r.email_key',
      'i.workspace_id',
      'w.name as workspace',
      'u.created_at as unsubscribed_at',
    ])
    .where('r.token', '=', token)
    .executeTakeFirst()
}

/** The address and workspace a recipient's token names; undefined for a token that names none. */
export async function findUnsubscribeTarget(db: Db, token: string): Promise<UnsubscribeTarget | undefined> {
  const found = await recipientOf(db, token)
  return (
    found && { email: found.email, workspace: found.workspace, unsubscribed: found.unsubscribed_at !== null }
  )
}

/** Unsubscribes the address a token names from its workspace; undefined for a token that names none. */
export async function unsubscribe(
  database: Database,
  clock: Clock,
  token: string,
): Promise<UnsubscribeTarget | undefined> {
  return database.transaction(async (trx) => {
    const found = await recipientOf(trx, token)
    if (!found) return undefined
    const now = clock.nowMicros()
    await trx
      .insertInto('unsubscribes')
      .values({ workspace_id: found.workspace_id, email_key: found.email_key, created_at: now })
      .onConflict((conflict) => conflict.columns(['workspace_id', 'email_key']).doNothing())
      .execute()
    const ofAddress = trx
      .selectFrom('invitation_recipients as r')
      .innerJoin('invitations as i', 'i.id', 'r.invitation_id')
      .select('r.id')
      .where('r.email_key', '=', found.email_key)
      .where('i.workspace_id', '=', found.workspace_id)
    await trx
      .updateTable('invitation_recipients')
      .set({ status: 'unsubscribed', next_reminder_at: null })
      .where('id', 'in', ofAddress)
      .where('status', '!=', 'completed')
      .execute()
    await trx
      .updateTable('mails')
      .set({
        status: 'failed',
        last_error: 'not sent: the address has unsubscribed',
        next_attempt_at: null,
        lease_expires_at: null,
      })
      .where('recipient_id', 'in', ofAddress)
      .where('status', 'in', ['queued', 'held'])
      .where(notLeased(clock.nowMicros()))
      .execute()
    return { email: found.email, workspace: found.workspace, unsubscribed: true }
  })
}

/** Whether the workspace may no longer mail this address (checked again by the worker at send time). */
export async function isUnsubscribed(db: Db, workspaceId: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('unsubscribes')
    .select('email_key')
    .where('workspace_id', '=', workspaceId)
    .where('email_key', '=', email.toLowerCase())
    .executeTakeFirst()
  return row !== undefined
}
