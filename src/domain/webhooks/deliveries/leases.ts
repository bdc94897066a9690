import { type RawBuilder, sql } from 'kysely'
import type { Clock } from '../../../clock.js'
import type { Database, Db } from '../../../db/database.js'
import { type AttemptRecord, insertAttempts } from '../attempts.js'
import type { WebhookShares } from '../shares.js'
import type { WebhookRow } from '../webhooks.js'
import type { DeliveryRow } from './queue.js'

// The worker's side of the outbox: workers claim due rows with a lease, and record an attempt's
// outcome only while they still hold it; an expired lease (a crashed worker) makes the row due again.

// Written as a literal, not a parameter: only then can SQLite use the partial index of due jobs
// (`where status = 'pending'`); with a parameter every claim scanned the whole table.
const isPending = sql<boolean>`status = 'pending'`

export interface ClaimedDelivery {
  delivery: DeliveryRow
  webhook: WebhookRow
  /** The lease this worker holds; results are written only while it still holds it. */
  lease: number
}

/**
 * Claims due deliveries for `leaseMicros`: at most `limit` in all and no more for each webhook
 * than its room in the worker's `shares` (its attempts under way counted). The due rows
 * are read first, the chosen ones then leased by one UPDATE that checks again that each is
 * pending and unleased, so two workers never both hold a job while a lease is valid (both run
 * as one database claim, whose read skips the rows other workers are claiming). Claiming exactly what will be started keeps claims to one write
 * per batch, with nothing to give back (`npm run bench -- --only submit`).
 */
export async function claimDueDeliveries(
  database: Database,
  clock: Clock,
  limit: number,
  leaseMicros: number,
  shares: WebhookShares,
): Promise<ClaimedDelivery[]> {
  const full = shares.full()
  const now = clock.nowMicros()
  const lease = now + leaseMicros
  // Raw SQL: the worker claims every few milliseconds under load, and building these statements
  // with the query builder cost more CPU than running them (`npm run bench -- --only submit`).
  // `status = 'pending'` stays a literal so that the partial index of due jobs applies.
  const isFree = sql`(lease_expires_at is null or lease_expires_at <= ${now})`
  const claimDue = async (db: Db, skipClaimed: RawBuilder<unknown>) => {
    // Webhooks without room are left out; more than the limit is read, so that one with little
    // room does not hide the others' jobs behind its own. The rows read are this claim's until
    // the lease is written, and rows another worker is claiming are skipped.
    const { rows: due } = await sql<Pick<DeliveryRow, 'id' | 'webhook_id'>>`
      select id, webhook_id from webhook_deliveries
      where status = 'pending' and next_attempt_at <= ${now} and ${isFree}
      ${full.length > 0 ? sql`and webhook_id not in (${sql.join(full)})` : sql``}
      order by next_attempt_at asc limit ${limit * 4}
      ${skipClaimed}`.execute(db)
    const taken = new Map<string, number>()
    const chosen: string[] = []
    for (const row of due) {
      const count = taken.get(row.webhook_id) ?? 0
      if (count >= shares.room(row.webhook_id)) continue
      taken.set(row.webhook_id, count + 1)
      chosen.push(row.id)
      if (chosen.length === limit) break
    }
    if (chosen.length === 0) return []
    const { rows } = await sql<DeliveryRow>`
      update webhook_deliveries set lease_expires_at = ${lease}
      where id in (${sql.join(chosen)}) and status = 'pending' and ${isFree}
      returning *`.execute(db)
    return rows
  }
  const claimed = await database.claim(claimDue)
  return withWebhooks(database, claimed, lease)
}

/**
 * Deliveries leased to this worker when they were queued (queue.ts, handOver), as claimed ones:
 * with their webhooks, read now. Those whose webhook is gone (deleted since, its deliveries with
 * it) are left out.
 */
export function handedOver(
  database: Database,
  deliveries: readonly DeliveryRow[],
): Promise<ClaimedDelivery[]> {
  return withWebhooks(database, deliveries, Number(deliveries[0]?.lease_expires_at))
}

async function withWebhooks(
  database: Database,
  deliveries: readonly DeliveryRow[],
  lease: number,
): Promise<ClaimedDelivery[]> {
  if (deliveries.length === 0) return []
  const webhookIds = [...new Set(deliveries.map((row) => row.webhook_id))]
  const { rows: webhooks } = await sql<WebhookRow>`
    select * from webhooks where id in (${sql.join(webhookIds)})`.execute(database.db)
  const byId = new Map(webhooks.map((webhook) => [webhook.id, webhook]))
  const result: ClaimedDelivery[] = []
  for (const delivery of deliveries) {
    const webhook = byId.get(delivery.webhook_id)
    // A webhook deleted since: its deliveries went with it (cascade).
    if (webhook) result.push({ delivery, webhook, lease })
  }
  return result
}

/** Voids every lease: for a process that alone delivers, those left at its start are a crashed run's. */
export async function releaseAllLeases(db: Db): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ lease_expires_at: null })
    .where(isPending)
    .where('lease_expires_at', 'is not', null)
    .execute()
}

/** Gives up this worker's leases of claimed deliveries it will not start, so another claim takes them now. */
export async function releaseLeases(db: Db, claims: readonly ClaimedDelivery[]): Promise<void> {
  for (const claim of claims) {
    await db
      .updateTable('webhook_deliveries')
      .set({ lease_expires_at: null })
      .where('id', '=', claim.delivery.id)
      .where('lease_expires_at', '=', claim.lease)
      .execute()
  }
}

export interface AttemptOutcome extends AttemptRecord {
  ok: boolean
  /** Seconds asked for by a Retry-After header, if any. */
  retryAfterSeconds?: number | undefined
}

const FIVE_DAYS_MICROS = 5 * 24 * 3600 * 1_000_000

/**
 * Records a failed attempt: retried after the schedule's next delay (+-20 % jitter, or Retry-After
 * when longer), or failed for good at the end of the schedule. A 410 disables the webhook at
 * once; five days of nothing but failures disable it too. Successes: recordSuccesses.
 */
export async function recordFailure(
  database: Database,
  clock: Clock,
  claim: ClaimedDelivery,
  outcome: AttemptOutcome,
  schedule: number[],
): Promise<'retrying' | 'failed' | 'lost'> {
  const { delivery, webhook, lease } = claim
  const now = clock.nowMicros()
  const attempts = Number(delivery.attempts) + 1
  const delaySeconds =
    outcome.statusCode === 410 ? undefined : schedule[attempts - Number(delivery.attempt_base) - 1]
  let nextAttemptAt: number | null = null
  if (delaySeconds !== undefined) {
    const jittered = delaySeconds * (0.8 + Math.random() * 0.4)
    const wait = Math.max(jittered, Math.min(outcome.retryAfterSeconds ?? 0, 24 * 3600))
    nextAttemptAt = now + Math.round(wait * 1_000_000)
  }
  const status = delaySeconds === undefined ? 'failed' : 'retrying'
  return database.transaction(async (trx) => {
    const updated = await trx
      .updateTable('webhook_deliveries')
      .set({
        status: status === 'retrying' ? 'pending' : status,
        attempts,
        last_status_code: outcome.statusCode,
        last_error: outcome.error,
        next_attempt_at: nextAttemptAt,
        lease_expires_at: null,
      })
      .where('id', '=', delivery.id)
      .where('lease_expires_at', '=', lease)
      .executeTakeFirst()
    // Our lease ran out and another worker took the job: its result counts, not ours.
    if (Number(updated.numUpdatedRows) === 0) return 'lost'
    await insertAttempts(trx, [{ deliveryId: delivery.id, number: attempts, attempt: outcome }])

    if (outcome.statusCode === 410) {
      await trx
        .updateTable('webhooks')
        .set({ enabled: 0, updated_at: now })
        .where('id', '=', webhook.id)
        .execute()
    } else {
      const current = await trx
        .selectFrom('webhooks')
        .select(['failing_since', 'enabled'])
        .where('id', '=', webhook.id)
        .executeTakeFirst()
      if (current && current.failing_since === null) {
        await trx.updateTable('webhooks').set({ failing_since: now }).where('id', '=', webhook.id).execute()
      } else if (
        current &&
        current.enabled === 1 &&
        now - Number(current.failing_since) >= FIVE_DAYS_MICROS
      ) {
        await trx
          .updateTable('webhooks')
          .set({ enabled: 0, updated_at: now })
          .where('id', '=', webhook.id)
          .execute()
      }
    }
    return status
  })
}

/**
 * Records successful attempts, many in one transaction: on SQLite each commit of a write costs
 * about as much CPU as the statement itself, and on PostgreSQL each commit waits for its WAL flush
 * (`npm run bench -- --only submit`). An attempt whose lease ran out is 'lost': another worker
 * took the job, and its result counts.
 */
export async function recordSuccesses(
  database: Database,
  clock: Clock,
  attempts: { claim: ClaimedDelivery; outcome: AttemptOutcome }[],
): Promise<('succeeded' | 'lost')[]> {
  return database.transaction(async (trx) => {
    const results: ('succeeded' | 'lost')[] = []
    const recovered = new Set<string>()
    const log: Parameters<typeof insertAttempts>[1] = []
    for (const { claim, outcome } of attempts) {
      const number = Number(claim.delivery.attempts) + 1
      // Raw SQL, as the claim: one of these per delivered event. Each row its own instant
      // (docs/api.md#timestamps), as if recorded one by one.
      const updated = await sql`
        update webhook_deliveries set status = 'succeeded', attempts = ${number},
          last_status_code = ${outcome.statusCode}, last_error = null, next_attempt_at = null,
          lease_expires_at = null, delivered_at = ${clock.nowMicros()}
        where id = ${claim.delivery.id} and lease_expires_at = ${claim.lease}`.execute(trx)
      const recorded = Number(updated.numAffectedRows ?? 0) > 0
      results.push(recorded ? 'succeeded' : 'lost')
      if (recorded) log.push({ deliveryId: claim.delivery.id, number, attempt: outcome })
      if (recorded && claim.webhook.failing_since !== null) recovered.add(claim.webhook.id)
    }
    await insertAttempts(trx, log)
    for (const webhookId of recovered) {
      await trx.updateTable('webhooks').set({ failing_since: null }).where('id', '=', webhookId).execute()
    }
    return results
  })
}

/** A pending delivery of a webhook that was disabled since it was queued: it fails without an attempt. */
export async function abandonDelivery(
  database: Database,
  claim: ClaimedDelivery,
  reason: string,
): Promise<void> {
  await database.db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', last_error: reason, next_attempt_at: null, lease_expires_at: null })
    .where('id', '=', claim.delivery.id)
    .where('lease_expires_at', '=', claim.lease)
    .execute()
}

export async function pendingDeliveryCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(isPending)
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}
