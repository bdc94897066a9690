import type { Logger } from 'pino'
import type { Clock } from '../clock.js'
import type { Config } from '../config.js'
import type { Database } from '../db/database.js'
import { DUTY_BATCH, type Duty } from '../domain/duties.js'
import { pruneDrafts } from '../domain/forms/drafts/store.js'
import { pruneFinishedMails } from '../domain/mail/leases.js'
import type { MailComposer } from '../domain/mail/outbox.js'
import { minuteOf, pruneSendCounts } from '../domain/mail/rate.js'
import { pruneFinishedDeliveries } from '../domain/webhooks/attempts.js'
import type { DeliverySignal, Queued } from '../domain/webhooks/signal.js'
import type { Resolver } from '../domain/webhooks/ssrf.js'
import type { AnyChannel } from './channel.js'
import { MailChannel } from './mail-channel.js'
import type { DeliveryMetrics } from './metrics.js'
import { Wakeup } from './pacing.js'
import { defaultSmtpTimeouts, type SmtpTimeouts } from './smtp.js'
import { WebhookChannel } from './webhook-channel.js'

// The delivery worker: one loop that delivers through each of its channels (channel.ts), webhook
// deliveries (webhook-channel.ts) and mails (mail-channel.ts, when CANVASS_SMTP_URL is set). Each
// job is four steps over the worker's context: claim, send, record, schedule. A channel keeps at
// most its `concurrency` jobs in flight, claims when told that something was queued (announced
// once committed, coalesced over a few milliseconds), when its own jobs leave room, and at the
// poll. stop() takes no new jobs and waits for those under way. Besides sending, the loop prunes
// what is past its retention and runs the duties it was given (src/domain/duties.ts).
//
// A claim is a write, so claims are made in batches: after a local enqueue, on the poll, or when a
// batch's worth of slots is free again, not after every finished attempt (that was a large share
// of a submission's CPU in the submit bench). For the same reason successes are recorded together:
// those that finish within a few milliseconds of each other share one transaction.

export interface WorkerOptions {
  config: Config
  database: Database
  logger: Logger
  /** This process's announcements of queued deliveries and mails. */
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
  /** How often to look for deliveries and mails past their retention (default 60 s). */
  pruneEveryMs?: number
  /** Composes mails queued without a body (invitations, reminders). */
  mailComposer?: MailComposer
  /** SMTP connections at once (default 5). */
  smtpConnections?: number
  /** How long an SMTP connect, greeting or later reply may take (default 10 s, 10 s, 30 s). */
  smtpTimeouts?: Partial<SmtpTimeouts>
  /** Periodic work run once a poll round, each on its own (src/domain/duties.ts). */
  duties?: Duty[]
}

export interface DeliveryWorker {
  stop(): Promise<void>
}

// Deliveries and mails deleted per retention statement: short writes, however much is due.
const PRUNE_BATCH = 200
const DAY_MICROS = 24 * 3600 * 1_000_000

/** A channel with what the worker has under way through it. */
interface Lane {
  readonly channel: AnyChannel
  /** Every job under way, until recorded (a stop waits for them). */
  readonly inFlight: Set<Promise<void>>
  /** Jobs holding one of the channel's slots (all of inFlight, unless its slots are freed at the answer). */
  busy: number
  /** Claim before the next poll: something was queued, room came free, or the last claim came full. */
  wanted: boolean
  nextPollAt: number
}

/** Everything one worker works with: its settings, its channels, and what it has under way. */
interface WorkerContext {
  readonly options: WorkerOptions
  readonly config: Config
  readonly database: Database
  readonly clock: Clock
  readonly logger: Logger
  readonly pollMs: number
  readonly pruneEveryMs: number
  readonly lanes: Lane[]
  readonly wakeup: Wakeup
  nextPruneAt: number
  nextDutiesAt: number
  stopping: boolean
}

export function runDeliveryWorker(options: WorkerOptions): DeliveryWorker {
  const { config, database, clock, logger } = options
  const pollMs = options.pollMs ?? 250
  const ctx: WorkerContext = {
    options,
    config,
    database,
    clock,
    logger,
    pollMs,
    pruneEveryMs: options.pruneEveryMs ?? 60_000,
    lanes: [],
    wakeup: new Wakeup(clock, pollMs),
    nextPruneAt: 0,
    nextDutiesAt: 0,
    stopping: false,
  }
  const lane = (channel: AnyChannel): Lane => ({
    channel,
    inFlight: new Set(),
    busy: 0,
    wanted: true,
    nextPollAt: 0,
  })
  const webhookChannel = new WebhookChannel({
    config,
    database,
    clock,
    logger,
    metrics: options.metrics,
    resolver: options.resolver,
    concurrency: options.concurrency ?? 32,
    perWebhook: options.perWebhook ?? 16,
    stopping: () => ctx.stopping,
    ready: () => startReady(ctx, webhooks),
  })
  const webhooks = lane(webhookChannel)
  ctx.lanes.push(webhooks)
  const mails = config.smtpUrl === undefined ? undefined : lane(mailChannel(config.smtpUrl, options))
  if (mails) ctx.lanes.push(mails)

  const unsubscribe = options.signal.subscribe((queued: Queued) => {
    const told = queued === 'mails' ? mails : webhooks
    if (told) told.wanted = true
    ctx.wakeup.soon()
  })
  let detach = () => {}
  const loop = run(ctx, () => {
    if (!ctx.stopping) detach = options.signal.attach(webhookChannel.handOver)
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

function mailChannel(smtpUrl: string, options: WorkerOptions): MailChannel {
  return new MailChannel(smtpUrl, {
    config: options.config,
    database: options.database,
    clock: options.clock,
    logger: options.logger,
    composer: options.mailComposer,
    connections: options.smtpConnections ?? 5,
    timeouts: { ...defaultSmtpTimeouts, ...options.smtpTimeouts },
  })
}

/** The worker's loop; `ready` once a crashed run's leases are void, so new ones may be handed over. */
async function run(ctx: WorkerContext, ready: () => void): Promise<void> {
  // Where no other process delivers (SQLite), the leases left held are a crashed run's.
  if (!ctx.database.capabilities.sharedByProcesses) {
    for (const { channel } of ctx.lanes) await channel.voidLeases().catch(() => undefined)
  }
  ready()
  while (!ctx.stopping) {
    ctx.wakeup.clear()
    if (ctx.clock.now() >= ctx.nextPruneAt) await prune(ctx)
    let more = ctx.clock.now() >= ctx.nextDutiesAt && (await runDuties(ctx))
    for (const lane of ctx.lanes) if (await claimRound(ctx, lane)) more = true
    if (more) continue
    await ctx.wakeup.sleep()
  }
  for (const { channel } of ctx.lanes) await channel.stop?.()
  await Promise.allSettled(ctx.lanes.flatMap((lane) => [...lane.inFlight]))
  for (const { channel } of ctx.lanes) await channel.close()
}

/**
 * Starts what a lane has ready, then, when it is wanted or its poll has come, claims what it has
 * room for; true when the claim came full (more may be due at once).
 */
async function claimRound(ctx: WorkerContext, lane: Lane): Promise<boolean> {
  startReady(ctx, lane)
  const now = ctx.clock.now()
  if (!lane.wanted && now < lane.nextPollAt) return false
  lane.wanted = false
  lane.nextPollAt = now + ctx.pollMs
  const free = freeSlots(lane)
  if (free <= 0) return false
  const claims = await claim(ctx, lane, free)
  for (const job of claims) start(ctx, lane, job)
  // All it asked for: more may be due at once. (A wake-up heard meanwhile stays wanted.)
  if (claims.length < free) return false
  lane.wanted = true
  return true
}

/** Step 1: leases up to `free` due jobs of the lane. */
async function claim(ctx: WorkerContext, lane: Lane, free: number): Promise<unknown[]> {
  try {
    return await lane.channel.claim(free)
  } catch (error) {
    if (!ctx.stopping) ctx.logger.warn({ err: error }, `claiming ${lane.channel.name} failed; retrying`)
    return []
  }
}

/** Slots for attempts not taken by those in flight. */
const freeSlots = (lane: Lane): number => lane.channel.concurrency - lane.busy

/** Starts jobs that need no claim (handed over) while there are slots and the channel lets them start. */
function startReady(ctx: WorkerContext, lane: Lane): void {
  const { channel } = lane
  if (!channel.next) return
  while (!ctx.stopping && freeSlots(lane) > 0) {
    const job = channel.next()
    if (!job) return
    start(ctx, lane, job)
  }
}

/**
 * Runs one claimed job's attempt in the background. The channel hears when the far end has
 * answered (its shares count what the receiver sees), before the outcome is recorded. The job
 * holds one of the lane's slots until it is recorded, or, for a channel that says so (mail: the
 * SMTP pool then always has the next mail ready), until it is answered.
 */
function start(ctx: WorkerContext, lane: Lane, job: unknown): void {
  const { channel } = lane
  channel.started?.(job)
  lane.busy++
  let holding = true
  const release = () => {
    if (!holding) return
    holding = false
    lane.busy--
  }
  let answering = true
  const answered = () => {
    if (!answering) return
    answering = false
    channel.answered?.(job)
    if (channel.releasesSlotWhenAnswered) release()
    schedule(ctx, lane, job)
  }
  const running = attempt(lane, job, answered)
    .catch((error: unknown) => ctx.logger.error({ err: error }, `${channel.name}: an attempt failed to run`))
    .finally(() => {
      lane.inFlight.delete(running)
      release()
      answered()
      schedule(ctx, lane, job)
    })
  lane.inFlight.add(running)
}

/** Step 2, prepare and send; step 3, record. */
async function attempt(lane: Lane, job: unknown, answered: () => void): Promise<void> {
  const { channel } = lane
  const ready = await channel.prepare(job)
  if (ready === undefined) return
  const outcome = await channel.send(ready)
  answered()
  await channel.record(job, ready, outcome)
}

/**
 * Step 4: after an attempt, claims again now if nothing is in flight, or once a batch fits both
 * the lane and the job's far end (which likely has more due); otherwise at the poll.
 */
function schedule(ctx: WorkerContext, lane: Lane, job: unknown): void {
  startReady(ctx, lane)
  const { channel } = lane
  const free = freeSlots(lane)
  if (
    lane.busy === 0 ||
    (free >= channel.claimBatch && (channel.room?.(job) ?? free) >= channel.claimBatch)
  ) {
    lane.wanted = true
    ctx.wakeup.now()
  }
}

/**
 * Runs each duty once, one after another, each on its own (a failure is logged and keeps no other
 * from its round); true when one handled a whole batch, to run again at once.
 */
async function runDuties(ctx: WorkerContext): Promise<boolean> {
  const { duties = [], database, clock, signal, config } = ctx.options
  let full = false
  for (const duty of duties) {
    if (ctx.stopping) break
    try {
      if ((await duty(database, clock, signal, config)) >= DUTY_BATCH) full = true
    } catch (error) {
      if (!ctx.stopping) ctx.logger.warn({ err: error, duty: duty.name }, 'a worker duty failed; retrying')
    }
  }
  ctx.nextDutiesAt = full ? 0 : clock.now() + ctx.pollMs
  return full
}

/**
 * Deletes one batch of finished deliveries and one of finished mails past retention, one of drafts
 * untouched for CANVASS_DRAFT_DAYS (docs/api.md#drafts) and the send counts of past minutes;
 * again at once while batches come full.
 */
async function prune(ctx: WorkerContext): Promise<void> {
  const now = ctx.clock.nowMicros()
  const retained = now - ctx.config.deliveryRetentionDays * DAY_MICROS
  // Each on its own: one failing does not keep the others from their round.
  const pruned = await Promise.all([
    pruneStep(ctx, 'old webhook deliveries', () =>
      pruneFinishedDeliveries(ctx.database.db, retained, PRUNE_BATCH),
    ),
    pruneStep(ctx, 'old mails', () => pruneFinishedMails(ctx.database.db, retained, PRUNE_BATCH)),
    pruneStep(ctx, 'old drafts', () =>
      pruneDrafts(ctx.database.db, now - ctx.config.draftDays * DAY_MICROS, PRUNE_BATCH),
    ),
    pruneStep(ctx, 'past mail send counts', async () => {
      await pruneSendCounts(ctx.database.db, minuteOf(ctx.clock) - 1)
      return 0
    }),
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
