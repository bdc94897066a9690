import type { Logger } from 'pino'
import type { Clock } from '../clock.js'
import type { Config } from '../config.js'
import type { Database } from '../db/database.js'
import { pruneDrafts } from '../domain/forms/drafts/store.js'
import { pruneFinishedDeliveries } from '../domain/webhooks/attempts.js'
import {
  type AttemptOutcome,
  abandonDelivery,
  type ClaimedDelivery,
  claimDueDeliveries,
  recordFailure,
  releaseAllLeases,
} from '../domain/webhooks/deliveries/leases.js'
import { WebhookShares } from '../domain/webhooks/shares.js'
import type { DeliverySignal } from '../domain/webhooks/signal.js'
import type { Resolver } from '../domain/webhooks/ssrf.js'
import { DeliveryClient } from './client.js'
import { HandOver } from './handover.js'
import type { DeliveryMetrics } from './metrics.js'
import { SuccessBatch, Wakeup } from './pacing.js'

// The delivery worker: claims due deliveries with a lease, keeps at most `concurrency` attempts
// in flight (one slow endpoint holds up only its own jobs), polls every `pollMs` and wakes soon
// after this process queues something (announced once committed). stop() takes no new jobs and
// waits for those under way. One attempt is four steps over the worker's context: claim, send,
// record, schedule; besides them the loop prunes deliveries past their retention.
//
// A claim is a write, so claims are made in batches: after a local enqueue (coalesced over a few
// milliseconds), on the poll, or when a webhook has a quarter of its share free again, not after
// every finished attempt (that was a large share of a submission's CPU in the submit bench). For
// the same reason successes are recorded together: those that finish within a few milliseconds of
// each other share one transaction. Deliveries this process queues need no claim at all while
// the worker has room and no older work due: they are leased to it in their own INSERT and handed
// over once committed (LocalDeliveries).

export interface WorkerOptions {
  config: Config
  database: Database
  logger: Logger
  /** This process's announcements of queued deliveries. */
  signal: DeliverySignal
  metrics: DeliveryMetrics
  /** Resolves webhook hosts; each connection goes to an address it gave and the guard checked. */
  resolver: Resolver
  /** The context's clock: due times, leases, retries, retention and the attempt's own stamps. */
  clock: Clock
  /** Attempts in flight at once (default 32). */
  concurrency?: number
  /** Attempts in flight to one webhook at once (default 16): a slow endpoint holds only these. */
  perWebhook?: number
  pollMs?: number
  /** How often to look for deliveries past their retention (default 60 s). */
  pruneEveryMs?: number
}

export interface DeliveryWorker {
  stop(): Promise<void>
}

// A lease outlives one attempt (its timeout) with room to write the result.
const LEASE_MARGIN_MS = 5000
// Deliveries queued here that may wait for a slot without a claim (handover.ts): ~2 KB each.
const HANDED_OVER_WAITING = 256
// Deliveries deleted per retention statement: short writes, however much is due.
const PRUNE_BATCH = 200

/** Everything one worker works with: its settings, its parts, and what it has under way. */
interface WorkerContext {
  readonly config: Config
  readonly database: Database
  readonly clock: Clock
  readonly logger: Logger
  readonly metrics: DeliveryMetrics
  readonly client: DeliveryClient
  readonly concurrency: number
  /** Claims are made once this many slots are free (a quarter of the smaller share). */
  readonly claimBatch: number
  readonly leaseMicros: number
  readonly pruneEveryMs: number
  readonly shares: WebhookShares
  readonly inFlight: Set<Promise<void>>
  /** Deliveries this process queued, handed over without a claim (handover.ts). */
  readonly handOver: HandOver
  /** The last claim found less due than it had room for: nothing older waits for a slot. */
  caughtUp: boolean
  readonly successes: SuccessBatch
  readonly wakeup: Wakeup
  nextPruneAt: number
  stopping: boolean
}

export function runDeliveryWorker(options: WorkerOptions): DeliveryWorker {
  const { config, database, clock } = options
  const concurrency = options.concurrency ?? 32
  const perWebhook = options.perWebhook ?? 16
  const leaseMicros = (config.webhookTimeoutMs + LEASE_MARGIN_MS) * 1000
  const ctx: WorkerContext = {
    config,
    database,
    clock,
    logger: options.logger,
    metrics: options.metrics,
    client: new DeliveryClient({
      allowPrivate: config.webhookAllowPrivate,
      timeoutMs: config.webhookTimeoutMs,
      resolver: options.resolver,
      clock,
    }),
    concurrency,
    claimBatch: Math.max(1, Math.floor(Math.min(concurrency, perWebhook) / 4)),
    leaseMicros,
    pruneEveryMs: options.pruneEveryMs ?? 60_000,
    shares: new WebhookShares(perWebhook),
    inFlight: new Set(),
    handOver: new HandOver({
      database,
      clock,
      logger: options.logger,
      leaseMicros,
      capacity: HANDED_OVER_WAITING,
      accepting: () => !ctx.stopping && ctx.caughtUp,
      ready: () => startHandedOver(ctx),
    }),
    caughtUp: true,
    successes: new SuccessBatch(database, clock),
    wakeup: new Wakeup(clock, options.pollMs ?? 250),
    nextPruneAt: 0,
    stopping: false,
  }
  const unsubscribe = options.signal.subscribe(() => ctx.wakeup.soon())
  let detach = () => {}
  const loop = run(ctx, () => {
    if (!ctx.stopping) detach = options.signal.attach(ctx.handOver)
  })
  return {
    async stop() {
      ctx.stopping = true
      detach()
      unsubscribe()
      ctx.wakeup.cancel()
      await loop
    },
  }
}

/** The worker's loop; `ready` once a crashed run's leases are void, so new ones may be handed over. */
async function run(ctx: WorkerContext, ready: () => void): Promise<void> {
  // Where no other process delivers (SQLite), the leases left held are a crashed run's.
  if (!ctx.database.capabilities.sharedByProcesses)
    await releaseAllLeases(ctx.database.db).catch(() => undefined)
  ready()
  while (!ctx.stopping) {
    ctx.wakeup.clear()
    if (ctx.clock.now() >= ctx.nextPruneAt) await prune(ctx)
    startHandedOver(ctx)
    const free = freeSlots(ctx)
    if (free > 0) {
      const claims = await claim(ctx, free)
      ctx.caughtUp = claims.length < free
      for (const claimed of claims) start(ctx, claimed)
      // All it asked for: more may be due at once.
      if (claims.length === free) continue
    }
    await ctx.wakeup.sleep()
  }
  await ctx.handOver.stop()
  await Promise.allSettled([...ctx.inFlight])
  await ctx.client.close()
}

/** Step 1: leases up to `free` due deliveries, each webhook within its room. */
async function claim(ctx: WorkerContext, free: number): Promise<ClaimedDelivery[]> {
  try {
    return await claimDueDeliveries(ctx.database, ctx.clock, free, ctx.leaseMicros, ctx.shares)
  } catch (error) {
    if (!ctx.stopping) ctx.logger.warn({ err: error }, 'claiming webhook deliveries failed; retrying')
    return []
  }
}

/** Slots for attempts not taken by those in flight. */
const freeSlots = (ctx: WorkerContext): number => ctx.concurrency - ctx.inFlight.size

/** Starts handed-over deliveries while there are slots and their webhooks have room. */
function startHandedOver(ctx: WorkerContext): void {
  while (!ctx.stopping && freeSlots(ctx) > 0) {
    const claimed = ctx.handOver.next((webhookId) => ctx.shares.room(webhookId))
    if (!claimed) return
    start(ctx, claimed)
  }
}

/**
 * Runs one claimed delivery's attempt in the background. Its webhook's share counts the requests
 * its receiver sees, so it is given back once the answer is in, not once the outcome is recorded
 * (recording waits to share a transaction, and holding the share through that wait left receipts
 * far behind a burst: `npm run bench -- --only webhook-e2e`); the worker's concurrency counts the
 * whole attempt.
 */
function start(ctx: WorkerContext, claimed: ClaimedDelivery): void {
  const webhookId = claimed.webhook.id
  ctx.shares.started(webhookId)
  let sharing = true
  const answered = () => {
    if (!sharing) return
    sharing = false
    ctx.shares.finished(webhookId)
    schedule(ctx, webhookId)
  }
  const job = attempt(ctx, claimed, answered)
    .catch((error: unknown) =>
      ctx.logger.error({ err: error, delivery: claimed.delivery.id }, 'webhook delivery failed to run'),
    )
    .finally(() => {
      ctx.inFlight.delete(job)
      answered()
      schedule(ctx, webhookId)
    })
  ctx.inFlight.add(job)
}

async function attempt(ctx: WorkerContext, claimed: ClaimedDelivery, answered: () => void): Promise<void> {
  const { delivery, webhook } = claimed
  if (webhook.enabled !== 1 && delivery.manual !== 1) {
    await abandonDelivery(ctx.database, claimed, 'the webhook is disabled')
    return
  }
  const outcome = await send(ctx, claimed)
  answered()
  const result = await record(ctx, claimed, outcome)
  ctx.logger.debug(
    { delivery: delivery.id, tag: webhook.tag, status: outcome.statusCode, result, error: outcome.error },
    'webhook delivery attempt',
  )
}

/** Step 2: one signed POST to the webhook's URL. */
async function send(ctx: WorkerContext, { delivery, webhook }: ClaimedDelivery): Promise<AttemptOutcome> {
  ctx.metrics.attempted.inc()
  const outcome = await ctx.client.send({
    url: webhook.url,
    deliveryId: delivery.id,
    payload: delivery.payload,
    secret: webhook.secret,
    verifySsl: webhook.verify_ssl === 1,
  })
  ctx.metrics.latency.observe({ outcome: outcome.ok ? 'success' : 'failure' }, outcome.durationMs / 1000)
  return outcome
}

/** Step 3: writes the outcome and its attempt, while this worker still holds the lease. */
async function record(
  ctx: WorkerContext,
  claimed: ClaimedDelivery,
  outcome: AttemptOutcome,
): Promise<'succeeded' | 'retrying' | 'failed' | 'lost'> {
  const result = outcome.ok
    ? await ctx.successes.record(claimed, outcome)
    : await recordFailure(ctx.database, ctx.clock, claimed, outcome, ctx.config.webhookRetrySchedule)
  if (result === 'succeeded') ctx.metrics.succeeded.inc()
  else if (result !== 'lost') ctx.metrics.failed.inc({ final: result === 'failed' ? 'true' : 'false' })
  if (!outcome.ok) {
    // What an operator needs to find the failing receiver; never the secret, the URL or the body.
    const { delivery, webhook } = claimed
    ctx.logger.warn(
      {
        webhook: webhook.tag,
        form: webhook.form_id,
        delivery: delivery.id,
        attempt: Number(delivery.attempts) + 1,
        status: outcome.statusCode,
        error: outcome.error,
        result,
      },
      'webhook delivery attempt failed',
    )
  }
  return result
}

/**
 * Step 4: after an attempt, claims again now if nothing is in flight, or once a batch fits both
 * the worker and the webhook (which likely has more due); otherwise at the poll.
 */
function schedule(ctx: WorkerContext, webhookId: string): void {
  startHandedOver(ctx)
  const free = freeSlots(ctx)
  if (ctx.inFlight.size === 0 || (free >= ctx.claimBatch && ctx.shares.room(webhookId) >= ctx.claimBatch)) {
    ctx.wakeup.now()
  }
}

/**
 * Deletes one batch of finished deliveries past retention, and one of drafts untouched for
 * CANVASS_DRAFT_DAYS (docs/api.md#drafts); again at once while batches come full.
 */
async function prune(ctx: WorkerContext): Promise<void> {
  const day = 24 * 3600 * 1_000_000
  const now = ctx.clock.nowMicros()
  // Each on its own: one failing does not keep the other from its round.
  const pruned = await Promise.all([
    pruneStep(ctx, 'old webhook deliveries', () =>
      pruneFinishedDeliveries(ctx.database.db, now - ctx.config.deliveryRetentionDays * day, PRUNE_BATCH),
    ),
    pruneStep(ctx, 'old drafts', () =>
      pruneDrafts(ctx.database.db, now - ctx.config.draftDays * day, PRUNE_BATCH),
    ),
  ])
  const full = pruned.some((count) => count === PRUNE_BATCH)
  ctx.nextPruneAt = full ? 0 : ctx.clock.now() + ctx.pruneEveryMs
}

/** How many rows one prune deleted; 0 when it failed (logged, tried again next round). */
async function pruneStep(ctx: WorkerContext, what: string, step: () => Promise<number>): Promise<number> {
  try {
    return await step()
  } catch (error) {
    if (!ctx.stopping) ctx.logger.warn({ err: error }, `pruning ${what} failed; retrying later`)
    return 0
  }
}
