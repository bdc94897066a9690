import type { Clock } from '../clock.js'

// The worker's two clocks of its own (worker.ts): when successes are written, and when it next claims.

// Successes finishing within this long of the first are recorded in one transaction.
const SUCCESS_COALESCE_MS = 5
// Wait this long after a local enqueue before claiming, so a burst is claimed in one statement.
const ENQUEUE_COALESCE_MS = 10

/**
 * Successful attempts waiting to be recorded together, by `write` (one transaction, one result per
 * item). A crash before they are means another attempt later, with the same webhook-id or
 * Message-ID: delivery stays at least once.
 */
export class SuccessBatch<Item, Result> {
  #waiting: { item: Item; settle: { resolve(result: Result): void; reject(error: unknown): void } }[] = []

  constructor(
    private readonly write: (items: Item[]) => Promise<Result[]>,
    /** The result of an item the write gave none for. */
    private readonly missing: Result,
  ) {}

  record(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ item, settle: { resolve, reject } })
      if (this.#waiting.length === 1) setTimeout(() => void this.#flush(), SUCCESS_COALESCE_MS)
    })
  }

  async #flush(): Promise<void> {
    const batch = this.#waiting
    this.#waiting = []
    try {
      const results = await this.write(batch.map(({ item }) => item))
      for (const [i, { settle }] of batch.entries()) settle.resolve(results[i] ?? this.missing)
    } catch (error) {
      for (const { settle } of batch) settle.reject(error)
    }
  }
}

/**
 * When the loop next claims: at the poll (on the context's clock, so a test that moves time sees due
 * work claimed), shortly after a local enqueue (coalesced), or now.
 */
export class Wakeup {
  #woken = false
  #wake: (() => void) | undefined
  #soon: NodeJS.Timeout | undefined

  constructor(
    private readonly clock: Clock,
    private readonly pollMs: number,
  ) {}

  now(): void {
    this.#woken = true
    this.#wake?.()
  }

  /** Shortly, so a burst of submissions is claimed in one query rather than one per response. */
  soon(): void {
    this.#soon ??= setTimeout(() => {
      this.#soon = undefined
      this.now()
    }, ENQUEUE_COALESCE_MS)
  }

  /** Forgets wake-ups before this point: the claim about to run sees what they announced. */
  clear(): void {
    this.#woken = false
  }

  /** Until the poll interval ends or a wake-up comes; at once if one came since clear(). */
  sleep(): Promise<void> {
    return new Promise((resolve) => {
      if (this.#woken) return resolve()
      const done = () => {
        cancelPoll()
        this.#wake = undefined
        resolve()
      }
      const cancelPoll = this.clock.after(this.pollMs, done)
      this.#wake = done
    })
  }

  /** Ends a sleep for good (stop). */
  cancel(): void {
    clearTimeout(this.#soon)
    this.now()
  }
}
