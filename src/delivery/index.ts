import type { Logger } from 'pino'
import type { Config } from '../config.js'
import type { Database } from '../db/database.js'
import type { DeliverySignal } from '../domain/webhooks/signal.js'
import type { Resolver } from '../domain/webhooks/ssrf.js'
import type { DeliveryMetrics } from './metrics.js'
import { runDeliveryWorker } from './worker.js'

export interface BackgroundWork {
  /** Stops taking new work and waits for what is under way. */
  stop(): Promise<void>
}

/** The webhook delivery worker: inside `serve` (unless CANVASS_WORKER=0) and as `canvass worker`. */
export function startDeliveryWorker(deps: {
  config: Config
  database: Database
  logger: Logger
  signal: DeliverySignal
  metrics: DeliveryMetrics
  resolver: Resolver
}): BackgroundWork {
  return runDeliveryWorker(deps)
}
