import type { Logger } from 'pino'
import type { Clock } from '../clock.js'
import type { Database } from '../db/database.js'
import { type ClaimedDelivery, handedOver, releaseLeases } from '../domain/webhooks/deliveries/leases.js'
import type { DeliveryRow } from '../domain/webhooks/deliveries/queue.js'
import type { LocalDeliveries } from '../domain/webhooks/signal.js'

// Deliveries this process queues, taken by its worker without a claim (signal.ts): leased to it in
// their own INSERT, handed over once committed, and started from here as slots and webhook shares
// allow. A claim would read and write each of them again; under a steady stream of submissions,
// with every webhook share busy, that was most of the worker's database time
// (`npm run bench -- --only submit`). At most `capacity` wait here; what does not fit is claimed.
// A delivery that waited here half its lease, or that a stop leaves waiting, has its lease given
// up for a claim to take it, so a lease never ends while its attempt runs. One that a crash leaves
// waiting is claimed once its lease ends (on SQLite at the next start, which voids them): at least
// once, as always.

export interface HandOverOptions {
  database: Database
  clock: Clock
  logger: Logger
  leaseMicros: number
  /** Most deliveries set aside or waiting at once. */
  capacity: number
  /** Whether new deliveries may be taken: not while older due work may wait for a claim. */
  accepting(): boolean
  /** Called once handed-over deliveries are ready to start. */
  ready(): void
}

export class HandOver implements LocalDeliveries {
  readonly leaseMicros: number
  #reserved = 0
  readonly #waiting: ClaimedDelivery[] = []
  readonly #reading = new Set<Promise<void>>()
  readonly #releasing = new Set<Promise<void>>()

  constructor(private readonly options: HandOverOptions) {
    this.leaseMicros = options.leaseMicros
  }

  reserve(_webhookId: string, wanted: number): number {
    if (!this.options.accepting()) return 0
    const count = Math.min(wanted, this.options.capacity - this.#reserved - this.#waiting.length)
    if (count <= 0) return 0
    this.#reserved += count
    return count
  }

  release(_webhookId: string, count: number): void {
    this.#reserved -= count
  }

  take(deliveries: readonly DeliveryRow[]): void {
    const reading = this.#read(deliveries).finally(() => this.#reading.delete(reading))
    this.#reading.add(reading)
  }

  /** The first waiting delivery whose webhook has room, if any; those waiting too long are given up. */
  next(room: (webhookId: string) => number): ClaimedDelivery | undefined {
    const stale = this.options.clock.nowMicros() + this.leaseMicros / 2
    for (let index = 0; index < this.#waiting.length; index++) {
      const claimed = this.#waiting[index] as ClaimedDelivery
      if (claimed.lease < stale) {
        this.#waiting.splice(index--, 1)
        this.#giveUp([claimed])
      } else if (room(claimed.webhook.id) > 0) {
        this.#waiting.splice(index, 1)
        return claimed
      }
    }
    return undefined
  }

  /** For a stop: once every hand-over has been read, gives up the leases of those still waiting. */
  async stop(): Promise<void> {
    await Promise.allSettled([...this.#reading])
    this.#giveUp(this.#waiting.splice(0))
    await Promise.allSettled([...this.#releasing])
  }

  #giveUp(claims: ClaimedDelivery[]): void {
    if (claims.length === 0) return
    const releasing = releaseLeases(this.options.database.db, claims)
      .catch((error: unknown) =>
        this.options.logger.warn(
          { err: error },
          'giving up webhook delivery leases failed; they run out instead',
        ),
      )
      .finally(() => this.#releasing.delete(releasing))
    this.#releasing.add(releasing)
  }

  async #read(deliveries: readonly DeliveryRow[]): Promise<void> {
    try {
      this.#waiting.push(...(await handedOver(this.options.database, deliveries)))
    } catch (error) {
      this.options.logger.warn(
        { err: error },
        'starting webhook deliveries failed; they are retried when their lease ends',
      )
    } finally {
      this.#reserved -= deliveries.length
    }
    this.options.ready()
  }
}
