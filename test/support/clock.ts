import { type Clock, processClock } from '../../src/clock.js'

/**
 * The tests' clock: the process's clock moved forward by as much as the test has advanced it, so a
 * test that waits for a window, a TTL or an expiry to run out moves time instead of sleeping.
 * `stopped`: time stands still from the clock's creation and moves only when advanced, so a run of
 * requests falls in one rate-limit window however slowly a busy machine serves it; give one only
 * to a context alone on its database, as its timestamps no longer follow the process's.
 * Timestamps (nowMicros) still strictly increase.
 */
export class TestClock implements Clock {
  readonly #stoppedAt: { ms: number; micros: number } | undefined
  #aheadMs = 0
  #lastMicros = 0

  constructor(options: { stopped?: boolean } = {}) {
    if (options.stopped) this.#stoppedAt = { ms: processClock.now(), micros: processClock.nowMicros() }
  }

  nowMicros(): number {
    const micros = (this.#stoppedAt?.micros ?? processClock.nowMicros()) + this.#aheadMs * 1000
    this.#lastMicros = micros > this.#lastMicros ? micros : this.#lastMicros + 1
    return this.#lastMicros
  }

  now(): number {
    return (this.#stoppedAt?.ms ?? processClock.now()) + this.#aheadMs
  }

  /** Moves this clock forward by whole milliseconds. */
  advance(ms: number): void {
    if (!Number.isInteger(ms) || ms < 0) throw new Error(`advance by a whole number of ms >= 0, not ${ms}`)
    this.#aheadMs += ms
  }
}
