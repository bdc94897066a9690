import { type CancelTimer, type Clock, processClock } from '../../src/clock.js'

/**
 * The tests' clock: the process's clock moved forward by as much as the test has advanced it, so a
 * test that waits for a window, a TTL or an expiry to run out moves time instead of sleeping.
 * `stopped`: time stands still from the clock's creation and moves only when advanced, so a run of
 * requests falls in one rate-limit window however slowly a busy machine serves it; give one only
 * to a context alone on its database, as its timestamps no longer follow the process's.
 * Timestamps (nowMicros) still strictly increase. A timer runs when its time has come by this
 * clock: when the test advances it that far, or when that much real time has gone by.
 */
export class TestClock implements Clock {
  readonly #stoppedAt: { ms: number; micros: number } | undefined
  #aheadMs = 0
  #lastMicros = 0
  readonly #timers = new Set<{ due: number; run: () => void }>()

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

  after(ms: number, run: () => void): CancelTimer {
    const timer = {
      due: this.now() + ms,
      run: () => {
        if (!this.#timers.delete(timer)) return
        clearTimeout(real)
        run()
      },
    }
    const real = setTimeout(timer.run, ms)
    this.#timers.add(timer)
    return () => {
      this.#timers.delete(timer)
      clearTimeout(real)
    }
  }

  /** Each run schedules the next `ms` after it: advancing past several periods at once runs it once. */
  every(ms: number, run: () => void): CancelTimer {
    let cancel: CancelTimer
    const tick = () => {
      cancel = this.after(ms, tick)
      run()
    }
    cancel = this.after(ms, tick)
    return () => cancel()
  }

  /** Moves this clock forward by whole milliseconds, running the timers whose time has come, in order. */
  advance(ms: number): void {
    if (!Number.isInteger(ms) || ms < 0) throw new Error(`advance by a whole number of ms >= 0, not ${ms}`)
    this.#aheadMs += ms
    const due = [...this.#timers].filter((timer) => timer.due <= this.now()).sort((a, b) => a.due - b.due)
    for (const timer of due) timer.run()
  }
}
