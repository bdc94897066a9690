// The time as Canvass reads it. Every part of a process that reads the time (stamps, expiry,
// windows, retries, caches) or waits for it (a stream's heartbeat, caller checks and lifetime)
// asks its context's clock, so a test can move time forward instead of sleeping
// (test/support/clock.ts).

/** Cancels a timer; cancelling one that has run, or twice, does nothing. */
export type CancelTimer = () => void

export interface Clock {
  /**
   * Microseconds since the epoch: each value this clock hands out is greater than the one before
   * (docs/api.md#timestamps).
   */
  nowMicros(): number
  /** Milliseconds since the epoch, fractional, never going back: for windows, expiry and durations. */
  now(): number
  /** Runs `run` once, `ms` from now by this clock. */
  after(ms: number, run: () => void): CancelTimer
  /** Runs `run` every `ms` by this clock, until cancelled. */
  every(ms: number, run: () => void): CancelTimer
}

// Date.now() only has millisecond resolution, so the wall clock is read once and advanced with
// the monotonic high-resolution timer.
class ProcessClock implements Clock {
  readonly #wallAtStartMicros = BigInt(Date.now()) * 1000n
  readonly #hrtimeAtStart = process.hrtime.bigint()
  // The same instant for now(): performance.now() is the same monotonic timer, and cheaper to read.
  readonly #wallAtStartMs = Number(this.#wallAtStartMicros / 1000n)
  readonly #performanceAtStart = performance.now()
  #lastMicros = 0

  nowMicros(): number {
    const now = Number(this.#wallAtStartMicros + (process.hrtime.bigint() - this.#hrtimeAtStart) / 1000n)
    this.#lastMicros = now > this.#lastMicros ? now : this.#lastMicros + 1
    return this.#lastMicros
  }

  now(): number {
    return this.#wallAtStartMs + (performance.now() - this.#performanceAtStart)
  }

  after(ms: number, run: () => void): CancelTimer {
    const timer = setTimeout(run, ms)
    return () => clearTimeout(timer)
  }

  every(ms: number, run: () => void): CancelTimer {
    const timer = setInterval(run, ms)
    return () => clearInterval(timer)
  }
}

/**
 * The process's one clock: a context uses it unless it is given another, which must read it too
 * (as the tests' clock does), so that timestamps keep increasing across every context of a process.
 */
export const processClock: Clock = new ProcessClock()

export { formatTimestamp, parseTimestamp, timestampSpanMicros } from './shared/timestamps.js'
