import { type Clock, processClock } from '../../src/clock.js'

/**
 * The process's clock moved forward by as much as the test has advanced it: time passes as usual,
 * and jumps when a test waits for a window, a TTL or an expiry to run out instead of sleeping.
 * Built on processClock, it still hands out strictly increasing timestamps.
 */
export class TestClock implements Clock {
  #aheadMs = 0

  nowMicros(): number {
    return processClock.nowMicros() + this.#aheadMs * 1000
  }

  now(): number {
    return processClock.now() + this.#aheadMs
  }

  /** Moves this clock forward by whole milliseconds. */
  advance(ms: number): void {
    if (!Number.isInteger(ms) || ms < 0) throw new Error(`advance by a whole number of ms >= 0, not ${ms}`)
    this.#aheadMs += ms
  }
}
