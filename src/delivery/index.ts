import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config.js'
import type { Database } from '../db/database.js'
import { runDeliveryWorker } from './worker.js'

export interface BackgroundWork {
  /** Stops taking new work and waits for what is under way. */
  stop(): Promise<void>
}

/** The webhook delivery worker: inside `serve` (unless CANVASS_WORKER=0) and as `canvass worker`. */
export function startDeliveryWorker(deps: {
  config: Config
  database: Database
  logger: FastifyBaseLogger
}): BackgroundWork {
  return runDeliveryWorker(deps)
}
