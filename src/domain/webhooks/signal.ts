import type { Transaction } from '../../db/database.js'

/**
 * An in-process wake-up: code that queues deliveries tells this process's worker, so it does not
 * wait for its next poll. Other processes find the jobs by polling. Created once per process and
 * passed to whoever queues and to the worker.
 */
export class DeliverySignal {
  readonly #listeners = new Set<() => void>()

  /** Announces once trx commits: before that, a worker woken by it could not see the rows. */
  announceAfterCommit(trx: Transaction): void {
    trx.afterCommit(() => this.announce())
  }

  /** For writes made outside a transaction, already committed when this runs. */
  announce(): void {
    for (const listener of this.#listeners) listener()
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }
}
