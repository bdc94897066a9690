import type { Clock } from '../clock.js'
import type { Config } from '../config.js'
import type { Database } from '../db/database.js'
import type { DeliverySignal } from './webhooks/signal.js'

// Periodic work of the delivery worker other than sending (due reminders, notification digests):
// each is a duty, run by the worker once a poll round (src/delivery/worker.ts), one after another,
// its errors logged. A duty handles at most DUTY_BATCH rows a run and says how many it handled;
// when that was a whole batch more may be waiting, and the worker runs it again at once (between
// its claims, so sending never waits for a long backlog of duties).

/** Rows one run of a duty handles at most; handling this many means more may be due. */
export const DUTY_BATCH = 200

/** One run of a duty: the rows it handled (at most DUTY_BATCH). Mails it queues wake the worker through `signal`. */
export type Duty = (
  database: Database,
  clock: Clock,
  signal: DeliverySignal,
  config: Config,
) => Promise<number>
