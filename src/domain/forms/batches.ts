import { chunksOf } from '../../chunks.js'
import type { Clock } from '../../clock.js'
import type { Database } from '../../db/database.js'
import type { Submission } from '../../shared/forms/answers.js'
import type { DeliverySignal } from '../webhooks/signal.js'
import {
  type StoredResponse,
  type StoreOptions,
  type SubmissionOutcome,
  storeInTransaction,
} from './responses/store.js'

// Group commit. Submissions to a form that arrive while one of its transactions is writing (or
// in the same turn of the event loop) wait for it to end, then are stored together in the next:
// one lock of the form row, one insert of responses, of deliveries and of insight buckets for the
// lot. Alone, a submission starts its transaction at once (no added wait); under load the fixed
// cost of a transaction, most of a submission's cost on its own, is shared (the submit bench,
// docs/performance.md). Each submission is still checked and refused on its own (storeResponses);
// if a transaction fails as a whole, its submissions are tried again one by one, so one cannot
// fail the others.

// Enough to share a transaction among every connection of a loaded server, few enough that one
// transaction holds the form's row only briefly; and at most about a MiB of request bodies (past
// the first), so a batch of large submissions holds no more than one large one would.
const MAX_BATCH = 32
const MAX_BATCH_BYTES = 1024 * 1024

interface Waiting {
  submission: Submission
  bytes: number
  resolve(outcome: SubmissionOutcome | undefined): void
  reject(error: unknown): void
}

interface FormQueue {
  workspaceId: string
  formId: string
  waiting: Waiting[]
}

export class SubmissionBatches {
  readonly #queues = new Map<string, FormQueue>()

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly signal: DeliverySignal,
    private readonly options: StoreOptions,
  ) {}

  /**
   * Stores one submission (throwing its refusal: validation_failed, NotAcceptingError);
   * undefined when the form is not in the workspace. `bytes`: the size of the request it came in.
   */
  async submit(
    workspaceId: string,
    formId: string,
    submission: Submission,
    bytes = 0,
  ): Promise<StoredResponse | undefined> {
    const outcome = await new Promise<SubmissionOutcome | undefined>((resolve, reject) => {
      const key = `${workspaceId}/${formId}`
      const waiting = { submission, bytes, resolve, reject }
      const queue = this.#queues.get(key)
      if (queue) {
        queue.waiting.push(waiting)
        return
      }
      const started: FormQueue = { workspaceId, formId, waiting: [waiting] }
      this.#queues.set(key, started)
      // After the other requests that came in with this one: on SQLite a transaction is all
      // microtasks (the driver is synchronous), so none would arrive while it runs.
      setImmediate(() => void this.#drain(key, started))
    })
    if (outcome === undefined) return undefined
    if ('refused' in outcome) throw outcome.refused
    return outcome.stored
  }

  async #drain(key: string, queue: FormQueue): Promise<void> {
    try {
      while (queue.waiting.length > 0) await this.#store(queue, takeBatch(queue.waiting))
    } finally {
      this.#queues.delete(key)
    }
  }

  async #store(queue: FormQueue, batch: Waiting[]): Promise<void> {
    let outcomes: SubmissionOutcome[] | undefined
    try {
      const submissions = batch.map((waiting) => waiting.submission)
      const { workspaceId, formId } = queue
      outcomes = await storeInTransaction(
        this.database,
        this.clock,
        this.signal,
        { workspaceId, formId, submissions },
        this.options,
      )
    } catch (error) {
      if (batch.length === 1) return batch[0]?.reject(error)
      for (const waiting of batch) await this.#store(queue, [waiting])
      return
    }
    for (const [index, waiting] of batch.entries()) waiting.resolve(outcomes?.[index])
  }
}

/** Takes the next batch off the waiting submissions: at least one. */
function takeBatch(waiting: Waiting[]): Waiting[] {
  const [batch = []] = chunksOf(waiting, {
    count: MAX_BATCH,
    bytes: MAX_BATCH_BYTES,
    size: (each) => each.bytes,
  })
  return waiting.splice(0, batch.length)
}
