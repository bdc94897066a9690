import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config.js'
import type { Database } from '../db/database.js'
import {
  type AttemptOutcome,
  abandonDelivery,
  type ClaimedDelivery,
  claimDueDeliveries,
  recordFailure,
  recordSuccesses,
  releaseAllLeases,
} from '../domain/webhooks/deliveries.js'
import { onDeliveryQueued } from '../domain/webhooks/signal.js'
import { DeliveryClient } from './client.js'
import { deliveryMetrics } from './metrics.js'

// The delivery worker: claims due deliveries with a lease, keeps at most `concurrency` attempts
// in flight (one slow endpoint holds up only its own jobs), polls every `pollMs` and wakes soon
// after this process queues something. stop() takes no new jobs and waits for those under way.
//
// A claim is a write, so claims are made in batches: after a local enqueue (coalesced over a few
// milliseconds), on the poll, or when a webhook has a quarter of its share free again, not after
// every finished attempt (`npm run bench -- --only submit`: one claim per finished attempt cost
// about 300 µs of CPU per submission). For the same reason successes are recorded together:
// those that finish within a few milliseconds of each other share one transaction.

export interface WorkerOptions {
  config: Config
  database: Database
  logger: FastifyBaseLogger
  /** Attempts in flight at once (default 32). */
  concurrency?: number
  /** Attempts in flight to one webhook at once (default 16): a slow endpoint holds only these. */
  perWebhook?: number
  pollMs?: number
}

interface Settle {
  resolve(result: 'succeeded' | 'lost'): void
  reject(error: unknown): void
}

export interface DeliveryWorker {
  stop(): Promise<void>
}

// A lease outlives one attempt (its timeout) with room to write the result.
const LEASE_MARGIN_MS = 5000
// Wait this long after a local enqueue before claiming, so a burst is claimed in one statement.
const ENQUEUE_COALESCE_MS = 10
// Successes finishing within this long of the first are recorded in one transaction.
const SUCCESS_COALESCE_MS = 5

export function runDeliveryWorker(options: WorkerOptions): DeliveryWorker {
  const { config, database, logger } = options
  const concurrency = options.concurrency ?? 32
  const perWebhook = options.perWebhook ?? 16
  const inFlightByWebhook = new Map<string, number>()
  const pollMs = options.pollMs ?? 250
  const claimBatch = Math.max(1, Math.floor(Math.min(concurrency, perWebhook) / 4))
  const room = (webhookId: string) => perWebhook - (inFlightByWebhook.get(webhookId) ?? 0)
  const leaseMicros = (config.webhookTimeoutMs + LEASE_MARGIN_MS) * 1000
  const client = new DeliveryClient({
    allowPrivate: config.webhookAllowPrivate,
    timeoutMs: config.webhookTimeoutMs,
  })
  const inFlight = new Set<Promise<void>>()
  let stopping = false
  let wake: (() => void) | undefined
  let woken = false
  // Queued by this process: the rows may not be committed yet, so look again shortly a few times.
  let hurry = 0

  const poke = () => {
    woken = true
    wake?.()
  }
  // Wakes shortly after a local enqueue rather than at once, so a burst of submissions is claimed
  // in one query rather than one query per response.
  let coalescing: NodeJS.Timeout | undefined
  const pokeSoon = () => {
    coalescing ??= setTimeout(() => {
      coalescing = undefined
      poke()
    }, ENQUEUE_COALESCE_MS)
  }
  const unsubscribe = onDeliveryQueued(() => {
    hurry = 3
    pokeSoon()
  })

  const sleep = () =>
    new Promise<void>((resolve) => {
      if (woken || stopping) return resolve()
      const delay = hurry > 0 ? 15 : pollMs
      if (hurry > 0) hurry--
      const timer = setTimeout(done, delay)
      function done() {
        clearTimeout(timer)
        wake = undefined
        resolve()
      }
      wake = done
    })

  // Successful attempts waiting to be recorded. A crash before they are means another attempt
  // later, with the same webhook-id: delivery stays at least once.
  let successes: { claim: ClaimedDelivery; outcome: AttemptOutcome; settle: Settle }[] = []
  const recordSuccess = (claim: ClaimedDelivery, outcome: AttemptOutcome) =>
    new Promise<'succeeded' | 'lost'>((resolve, reject) => {
      successes.push({ claim, outcome, settle: { resolve, reject } })
      if (successes.length === 1) setTimeout(recordSuccessesNow, SUCCESS_COALESCE_MS)
    })
  async function recordSuccessesNow() {
    const batch = successes
    successes = []
    try {
      const results = await recordSuccesses(database, batch)
      for (const [i, { settle }] of batch.entries()) settle.resolve(results[i] ?? 'lost')
    } catch (error) {
      for (const { settle } of batch) settle.reject(error)
    }
  }

  async function attempt(claim: ClaimedDelivery): Promise<void> {
    const { delivery, webhook } = claim
    if (webhook.enabled !== 1 && delivery.manual !== 1) {
      await abandonDelivery(database, claim, 'the webhook is disabled')
      return
    }
    const started = performance.now()
    deliveryMetrics.attempted.inc()
    const outcome = await client.send({
      url: webhook.url,
      deliveryId: delivery.id,
      payload: delivery.payload,
      secret: webhook.secret,
      verifySsl: webhook.verify_ssl === 1,
    })
    deliveryMetrics.latency.observe(
      { outcome: outcome.ok ? 'success' : 'failure' },
      (performance.now() - started) / 1000,
    )
    const result = outcome.ok
      ? await recordSuccess(claim, outcome)
      : await recordFailure(database, claim, outcome, config.webhookRetrySchedule)
    if (result === 'succeeded') deliveryMetrics.succeeded.inc()
    else if (result !== 'lost') deliveryMetrics.failed.inc({ final: result === 'failed' ? 'true' : 'false' })
    logger.debug(
      { delivery: delivery.id, tag: webhook.tag, status: outcome.statusCode, result, error: outcome.error },
      'webhook delivery attempt',
    )
  }

  function start(claim: ClaimedDelivery) {
    const webhookId = claim.webhook.id
    inFlightByWebhook.set(webhookId, (inFlightByWebhook.get(webhookId) ?? 0) + 1)
    const job = attempt(claim)
      .catch((error: unknown) =>
        logger.error({ err: error, delivery: claim.delivery.id }, 'webhook delivery failed to run'),
      )
      .finally(() => {
        inFlight.delete(job)
        const left = (inFlightByWebhook.get(webhookId) ?? 1) - 1
        if (left > 0) inFlightByWebhook.set(webhookId, left)
        else inFlightByWebhook.delete(webhookId)
        // Its webhook likely has more due: claim them once a batch fits, not one by one.
        const free = concurrency - inFlight.size
        if (inFlight.size === 0 || (free >= claimBatch && room(webhookId) >= claimBatch)) poke()
      })
    inFlight.add(job)
  }

  const loop = (async () => {
    if (database.dialect === 'sqlite') await releaseAllLeases(database.db).catch(() => undefined)
    while (!stopping) {
      woken = false
      const free = concurrency - inFlight.size
      if (free > 0) {
        try {
          const claims = await claimDueDeliveries(database, free, leaseMicros, perWebhook, inFlightByWebhook)
          for (const claim of claims) start(claim)
          if (claims.length > 0) hurry = 0
          if (claims.length === free) continue
        } catch (error) {
          if (!stopping) logger.warn({ err: error }, 'claiming webhook deliveries failed; retrying')
        }
      }
      await sleep()
    }
    await Promise.allSettled([...inFlight])
    await client.close()
  })()

  return {
    async stop() {
      stopping = true
      unsubscribe()
      clearTimeout(coalescing)
      wake?.()
      await loop
    },
  }
}
