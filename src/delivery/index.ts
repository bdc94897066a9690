import { runDeliveryWorker, type WorkerOptions } from './worker.js'

export interface BackgroundWork {
  /** Stops taking new work and waits for what is under way. */
  stop(): Promise<void>
}

/** The delivery worker (webhooks and mail): inside `serve` (unless CANVASS_WORKER=0) and as `canvass worker`. */
export function startDeliveryWorker(options: WorkerOptions): BackgroundWork {
  return runDeliveryWorker(options)
}
