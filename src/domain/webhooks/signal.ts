import type { Transaction } from '../../db/database.js'
import type { DeliveryRow } from './deliveries/queue.js'

/**
 * This process's worker, as the code that queues deliveries sees it: it can take new deliveries
 * straight from the transaction that queues them, leased to it in their own INSERT, so that it does
 * not have to find them with a claim (a read and a write a batch) after they commit.
 */
export interface LocalDeliveries {
  /** How long a handed-over delivery's lease lasts, in microseconds. */
  readonly leaseMicros: number
  /**
   * Sets aside room to start up to `wanted` new deliveries to the webhook as soon as they are
   * committed, and says for how many (0 when the worker is busy or has older due work to claim).
   */
  reserve(webhookId: string, wanted: number): number
  /** Gives room set aside back: the transaction that was to hand the deliveries over rolled back. */
  release(webhookId: string, count: number): void
  /** Starts deliveries committed with a lease of this worker's (their rows as written). */
  take(deliveries: readonly DeliveryRow[]): void
}

/** What was queued: webhook deliveries or mails (the worker claims only for the channel told). */
export type Queued = 'deliveries' | 'mails'

/**
 * An in-process wake-up: code that queues deliveries or mails tells this process's worker, so it
 * does not wait for its next poll, or hands deliveries over to it directly (LocalDeliveries). Other
 * processes find the jobs by polling. Created once per process and passed to whoever queues and to
 * the worker.
 */
export class DeliverySignal {
  readonly #listeners = new Set<(queued: Queued) => void>()
  #local: LocalDeliveries | undefined

  /** Announces once trx commits: before that, a worker woken by it could not see the rows. */
  announceAfterCommit(trx: Transaction, queued: Queued = 'deliveries'): void {
    trx.afterCommit(() => this.announce(queued))
  }

  /** For writes made outside a transaction, already committed when this runs. */
  announce(queued: Queued = 'deliveries'): void {
    for (const listener of this.#listeners) listener(queued)
  }

  subscribe(listener: (queued: Queued) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** This process's worker, if it runs here and takes deliveries handed over. */
  get local(): LocalDeliveries | undefined {
    return this.#local
  }

  /** Called by the worker: new deliveries may be handed to it until the returned function is called. */
  attach(local: LocalDeliveries): () => void {
    this.#local = local
    return () => {
      if (this.#local === local) this.#local = undefined
    }
  }
}
