import { sql } from 'kysely'
import { type Clock, formatTimestamp } from '../../../clock.js'
import type { Database, Db } from '../../../db/database.js'
import { type Page, pageRows } from '../../listing.js'
import { type AttemptView, attemptLog } from '../attempts.js'
import type { DeliverySignal } from '../signal.js'
import type { WebhookRow } from '../webhooks.js'
import { type DeliveryRow, type QueuedDelivery, queueEvent } from './queue.js'

// A webhook's deliveries as the API shows them, and what a user does with them: ping, redeliver.

export interface DeliveryView {
  id: string
  event_id: string
  status: 'pending' | 'succeeded' | 'failed'
  attempts: number
  last_status_code: number | null
  last_error: string | null
  next_attempt_at: string | null
  created_at: string
  delivered_at: string | null
}

const timestampOrNull = (micros: number | null) => (micros === null ? null : formatTimestamp(Number(micros)))

export function deliveryView(row: DeliveryRow): DeliveryView {
  return {
    id: row.id,
    event_id: row.event_id,
    status: row.status,
    attempts: Number(row.attempts),
    last_status_code: row.last_status_code === null ? null : Number(row.last_status_code),
    last_error: row.last_error,
    next_attempt_at: row.status === 'pending' ? timestampOrNull(row.next_attempt_at) : null,
    created_at: formatTimestamp(Number(row.created_at)),
    delivered_at: timestampOrNull(row.delivered_at),
  }
}

/** Sends a `ping` event to one webhook through the same durable path as real events. */
export async function queuePing(
  database: Database,
  clock: Clock,
  signal: DeliverySignal,
  webhook: WebhookRow,
): Promise<DeliveryView> {
  const [queued] = await database.transaction((trx) =>
    queueEvent(
      trx,
      clock,
      signal,
      [webhook.id],
      'ping',
      (header) => JSON.stringify({ ...header, webhook: { form_id: webhook.form_id, tag: webhook.tag } }),
      { manual: true },
    ),
  )
  const { id, eventId, createdAt } = queued as QueuedDelivery
  const at = formatTimestamp(createdAt)
  return {
    id,
    event_id: eventId,
    status: 'pending',
    attempts: 0,
    last_status_code: null,
    last_error: null,
    next_attempt_at: at,
    created_at: at,
    delivered_at: null,
  }
}

/** One page of a webhook's deliveries, newest first, with one extra row when another page follows. */
export async function listDeliveries(db: Db, webhookId: string, page: Page): Promise<DeliveryView[]> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .$call((query) => pageRows(query, page))
    .execute()
  return rows.map(deliveryView)
}

export interface DeliveryDetail extends DeliveryView {
  attempt_log: AttemptView[]
}

/** One delivery of a webhook with every attempt kept, oldest first. */
export async function findDelivery(
  db: Db,
  webhookId: string,
  deliveryId: string,
): Promise<DeliveryDetail | undefined> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', deliveryId)
    .where('webhook_id', '=', webhookId)
    .executeTakeFirst()
  if (!row) return undefined
  return { ...deliveryView(row), attempt_log: await attemptLog(db, row.id) }
}

/**
 * Makes a delivery due again now, with a fresh retry schedule, even if it succeeded or failed.
 * A delivery a worker holds right now keeps its lease; it is retried after that attempt.
 */
export async function redeliver(
  db: Db,
  clock: Clock,
  signal: DeliverySignal,
  webhookId: string,
  deliveryId: string,
): Promise<DeliveryView | undefined> {
  const row = await db
    .updateTable('webhook_deliveries')
    .set({
      status: 'pending',
      attempt_base: sql`attempts`,
      manual: 1,
      next_attempt_at: clock.nowMicros(),
    })
    .where('id', '=', deliveryId)
    .where('webhook_id', '=', webhookId)
    .returningAll()
    .executeTakeFirst()
  if (!row) return undefined
  // One statement, committed by now.
  signal.announce()
  return deliveryView(row)
}
