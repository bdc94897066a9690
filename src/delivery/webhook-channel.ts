import type { Logger } from 'pino'
import type { Clock } from '../clock.js'
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
} from '../domain/webhooks/deliveries/leases.js'
import { WebhookShares } from '../domain/webhooks/shares.js'
import type { Resolver } from '../domain/webhooks/ssrf.js'
import type { Channel } from './channel.js'
import { DeliveryClient } from './client.js'
import { HandOver } from './handover.js'
import type { DeliveryMetrics } from './metrics.js'
import { SuccessBatch } from './pacing.js'

// The webhook channel of the delivery worker (worker.ts): signed POSTs to webhook URLs. Each
// webhook has a share of the worker's attempts (one slow receiver holds up only its own jobs), and
// deliveries this process queues need no claim at all while the worker has room and no older work
// due: they are leased to it in their own INSERT and handed over once committed (handover.ts).
// Successes finishing within a few milliseconds of each other share one transaction.

export interface WebhookChannelOptions {
  config: Config
  database: Database
  clock: Clock
  logger: Logger
  metrics: DeliveryMetrics
  resolver: Resolver
  concurrency: number
  perWebhook: number
  /** Whether the worker is stopping (nothing new is handed over then). */
  stopping(): boolean
  /** Handed-over deliveries are ready to start. */
  ready(): void
}

// A lease outlives one attempt (its timeout) with room to write the result.
const LEASE_MARGIN_MS = 5000
// Deliveries queued here that may wait for a slot without a claim (handover.ts): ~2 KB each.
const HANDED_OVER_WAITING = 256

type Result = 'succeeded' | 'retrying' | 'failed' | 'lost'

export class WebhookChannel implements Channel<ClaimedDelivery, ClaimedDelivery, AttemptOutcome> {
  readonly name = 'webhook deliveries'
  readonly concurrency: number
  /** A quarter of the smaller share. */
  readonly claimBatch: number
  /** Deliveries this process queued, handed over without a claim. */
  readonly handOver: HandOver
  readonly #options: WebhookChannelOptions
  readonly #leaseMicros: number
  readonly #client: DeliveryClient
  readonly #shares: WebhookShares
  readonly #successes: SuccessBatch<{ claim: ClaimedDelivery; outcome: AttemptOutcome }, 'succeeded' | 'lost'>
  /** The last claim found less due than it had room for: nothing older waits for a slot. */
  #caughtUp = true

  constructor(options: WebhookChannelOptions) {
    const { config, database, clock } = options
    this.#options = options
    this.concurrency = options.concurrency
    this.claimBatch = Math.max(1, Math.floor(Math.min(options.concurrency, options.perWebhook) / 4))
    this.#leaseMicros = (config.webhookTimeoutMs + LEASE_MARGIN_MS) * 1000
    this.#client = new DeliveryClient({
      allowPrivate: config.webhookAllowPrivate,
      timeoutMs: config.webhookTimeoutMs,
      resolver: options.resolver,
      clock,
    })
    this.#shares = new WebhookShares(options.perWebhook)
    this.#successes = new SuccessBatch((batch) => recordSuccesses(database, clock, batch), 'lost')
    this.handOver = new HandOver({
      database,
      clock,
      logger: options.logger,
      leaseMicros: this.#leaseMicros,
      capacity: HANDED_OVER_WAITING,
      accepting: () => !options.stopping() && this.#caughtUp,
      ready: options.ready,
    })
  }

  voidLeases(): Promise<void> {
    return releaseAllLeases(this.#options.database.db)
  }

  /** Leases up to `free` due deliveries, each webhook within its room. */
  async claim(free: number): Promise<ClaimedDelivery[]> {
    const { database, clock } = this.#options
    const claims = await claimDueDeliveries(database, clock, free, this.#leaseMicros, this.#shares)
    this.#caughtUp = claims.length < free
    return claims
  }

  next(): ClaimedDelivery | undefined {
    return this.handOver.next((webhookId) => this.#shares.room(webhookId))
  }

  /**
   * Its webhook's share counts the requests its receiver sees, so it is given back once the answer
   * is in, not once the outcome is recorded (recording waits to share a transaction, and holding
   * the share through that wait left receipts far behind a burst: `npm run bench -- --only webhook-e2e`).
   */
  started(claimed: ClaimedDelivery): void {
    this.#shares.started(claimed.webhook.id)
  }

  answered(claimed: ClaimedDelivery): void {
    this.#shares.finished(claimed.webhook.id)
  }

  room(claimed: ClaimedDelivery): number {
    return this.#shares.room(claimed.webhook.id)
  }

  /** A delivery of a webhook disabled since it was queued fails without an attempt. */
  async prepare(claimed: ClaimedDelivery): Promise<ClaimedDelivery | undefined> {
    if (claimed.webhook.enabled === 1 || claimed.delivery.manual === 1) return claimed
    await abandonDelivery(this.#options.database, claimed, 'the webhook is disabled')
    return undefined
  }

  /** One signed POST to the webhook's URL. */
  async send({ delivery, webhook }: ClaimedDelivery): Promise<AttemptOutcome> {
    const { metrics } = this.#options
    metrics.attempted.inc()
    const outcome = await this.#client.send({
      url: webhook.url,
      deliveryId: delivery.id,
      payload: delivery.payload,
      secret: webhook.secret,
      verifySsl: webhook.verify_ssl === 1,
    })
    metrics.latency.observe({ outcome: outcome.ok ? 'success' : 'failure' }, outcome.durationMs / 1000)
    return outcome
  }

  async record(claimed: ClaimedDelivery, _ready: ClaimedDelivery, outcome: AttemptOutcome): Promise<void> {
    const { database, clock, config, metrics, logger } = this.#options
    const result: Result = outcome.ok
      ? await this.#successes.record({ claim: claimed, outcome })
      : await recordFailure(database, clock, claimed, outcome, config.webhookRetrySchedule)
    if (result === 'succeeded') metrics.succeeded.inc()
    else if (result !== 'lost') metrics.failed.inc({ final: result === 'failed' ? 'true' : 'false' })
    const { delivery, webhook } = claimed
    if (!outcome.ok) {
      // What an operator needs to find the failing receiver; never the secret, the URL or the body.
      logger.warn(
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
    logger.debug(
      { delivery: delivery.id, tag: webhook.tag, status: outcome.statusCode, result, error: outcome.error },
      'webhook delivery attempt',
    )
  }

  stop(): Promise<void> {
    return this.handOver.stop()
  }

  close(): Promise<void> {
    return this.#client.close()
  }
}
