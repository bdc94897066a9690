import { type Selectable, sql } from 'kysely'
import { type Clock, formatTimestamp } from '../../../clock.js'
import type { Transaction } from '../../../db/database.js'
import { insertChunks } from '../../../db/insert-limits.js'
import type { WebhookDeliveriesTable } from '../../../db/tables/webhooks.js'
import { type IdPool, newId } from '../../../ids.js'
import type { DeliverySignal } from '../signal.js'

// The outbox: one row per event and webhook. A row is pending until an attempt succeeds or the
// retry schedule is exhausted (leases.ts); the API shows it through views.ts.

export type DeliveryRow = Selectable<WebhookDeliveriesTable>

/** What every event's body starts with: its id, its type and when it happened. */
export interface EventHeader {
  event_id: string
  event_type: string
  created_at: string
}

/** A delivery as queued: the values its row was written with. */
export interface QueuedDelivery {
  id: string
  eventId: string
  createdAt: number
}

/**
 * Queues one event for each of the webhooks, inside the caller's transaction. `payload` gives the
 * exact request body, already serialised: the outbox splices the stored response text into it
 * rather than serialising the response a second time.
 */
export async function queueEvent(
  trx: Transaction,
  clock: Clock,
  signal: DeliverySignal,
  webhookIds: string[],
  eventType: string,
  payload: (header: EventHeader) => string,
  options: { manual?: boolean; ids?: IdPool | undefined } = {},
): Promise<QueuedDelivery[]> {
  return queueEvents(trx, clock, signal, webhookIds, eventType, [payload], options)
}

/**
 * Queues events of one type, in order, each for every one of the webhooks (queueEvent for
 * several): a batch of submissions writes all its deliveries in one statement, not one per event.
 * The deliveries are returned event by event.
 */
export async function queueEvents(
  trx: Transaction,
  clock: Clock,
  signal: DeliverySignal,
  webhookIds: string[],
  eventType: string,
  payloads: readonly ((header: EventHeader) => string)[],
  options: { manual?: boolean; ids?: IdPool | undefined } = {},
): Promise<QueuedDelivery[]> {
  if (webhookIds.length === 0 || payloads.length === 0) return []
  const id = (prefix: 'evt' | 'dlv') => (options.ids ? options.ids.next(prefix) : newId(prefix))
  const manual = options.manual ? 1 : 0
  const queued: (QueuedDelivery & { webhookId: string; body: string; now: number })[] = []
  for (const payload of payloads) {
    const now = clock.nowMicros()
    const eventId = id('evt')
    const body = payload({ event_id: eventId, event_type: eventType, created_at: formatTimestamp(now) })
    // Every row its own instant (docs/api.md#timestamps): the first shares the event's, the rest follow.
    for (const [index, webhookId] of webhookIds.entries()) {
      queued.push({
        id: id('dlv'),
        eventId,
        createdAt: index === 0 ? now : clock.nowMicros(),
        webhookId,
        body,
        now,
      })
    }
  }
  // Raw SQL without `returning`: on every submission, building this 15-column insert with the
  // query builder and reading the row back cost more CPU than SQLite takes to write it
  // (`npm run bench -- --only submit`). Columns left out are null.
  for (const chunk of insertChunks(queued, (delivery) => delivery.body.length)) {
    const rows = chunk.map(
      (delivery) =>
        sql`(${delivery.id}, ${delivery.webhookId}, ${delivery.eventId}, ${eventType}, ${delivery.body}, 'pending', 0, 0, ${manual}, ${delivery.now}, ${delivery.createdAt})`,
    )
    await sql`insert into webhook_deliveries (id, webhook_id, event_id, event_type, payload, status,
        attempts, attempt_base, manual, next_attempt_at, created_at)
      values ${sql.join(rows)}`.execute(trx)
  }
  signal.announceAfterCommit(trx)
  return queued.map(({ id, eventId, createdAt }) => ({ id, eventId, createdAt }))
}
