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

type Queued = QueuedDelivery & { webhookId: string; body: string; now: number }

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
  const queued: Queued[] = []
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
  const handed = handOver(trx, signal, webhookIds, queued, payloads.length, manual, eventType)
  // Raw SQL without `returning`: on every submission, building this 15-column insert with the
  // query builder and reading the row back cost more CPU than SQLite takes to write it
  // (`npm run bench -- --only submit`). Columns left out are null.
  for (const chunk of insertChunks(queued, (delivery) => delivery.body.length)) {
    const rows = chunk.map(
      (delivery) =>
        sql`(${delivery.id}, ${delivery.webhookId}, ${delivery.eventId}, ${eventType}, ${delivery.body}, 'pending', 0, 0, ${manual}, ${delivery.now}, ${handed.get(delivery)?.lease_expires_at ?? null}, ${delivery.createdAt})`,
    )
    await sql`insert into webhook_deliveries (id, webhook_id, event_id, event_type, payload, status,
        attempts, attempt_base, manual, next_attempt_at, lease_expires_at, created_at)
      values ${sql.join(rows)}`.execute(trx)
  }
  if (handed.size < queued.length) signal.announceAfterCommit(trx)
  return queued.map(({ id, eventId, createdAt }) => ({ id, eventId, createdAt }))
}

/**
 * Leases as many of the new deliveries as this process's worker has room for to it, in their own
 * INSERT, and hands them over once the transaction commits: a claim would read and write them again
 * (`npm run bench -- --only submit`). What a rollback leaves unused is given back; what is not
 * handed over is claimed as before. A worker that stops or crashes before finishing them leaves
 * leases that run out, so other workers (or this one, restarted) deliver them: at least once, as always.
 */
function handOver(
  trx: Transaction,
  signal: DeliverySignal,
  webhookIds: readonly string[],
  queued: readonly Queued[],
  eventCount: number,
  manual: number,
  eventType: string,
): Map<Queued, DeliveryRow> {
  const handed = new Map<Queued, DeliveryRow>()
  const local = signal.local
  if (!local) return handed
  const reserved = webhookIds.map((webhookId) => [webhookId, local.reserve(webhookId, eventCount)] as const)
  if (reserved.every(([, count]) => count === 0)) return handed
  trx.afterRollback(() => {
    for (const [webhookId, count] of reserved) if (count > 0) local.release(webhookId, count)
  })
  const room = new Map(reserved)
  const lease = (queued[0]?.now ?? 0) + local.leaseMicros
  for (const delivery of queued) {
    const left = room.get(delivery.webhookId) ?? 0
    if (left === 0) continue
    room.set(delivery.webhookId, left - 1)
    handed.set(delivery, {
      id: delivery.id,
      webhook_id: delivery.webhookId,
      event_id: delivery.eventId,
      event_type: eventType,
      payload: delivery.body,
      status: 'pending',
      attempts: 0,
      attempt_base: 0,
      manual,
      last_status_code: null,
      last_error: null,
      next_attempt_at: delivery.now,
      lease_expires_at: lease,
      created_at: delivery.createdAt,
      delivered_at: null,
    })
  }
  // Reserved for each webhook exactly the deliveries it has here, so nothing is left to give back.
  const rows = [...handed.values()]
  trx.afterCommit(() => local.take(rows))
  return handed
}
