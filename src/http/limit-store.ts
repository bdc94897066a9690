import type { FastifyRateLimitStore } from '@fastify/rate-limit'
import type { Clock } from '../clock.js'

// The rate limits' counts in this process (without CANVASS_REDIS_URL). They replace the plugin's
// LRU of 5,000 keys, where enough fresh keys (other addresses, other forms) pushed a spent key out
// before its window ended and so gave its client a new budget (issue 25). Here a spent key (one at
// its limit) is dropped only once its window has ended. At most `capacity` keys are held
// (CANVASS_RATE_LIMIT_KEYS): a new key past that takes the place of the oldest key still under its
// limit, whose client loses little (a fresh count). Only when every key held is spent do new keys
// share an overflow count, one per group (`groupedKey`), so spending one group's leaves the others'.
// Not a cache (lru-cache): which key goes first depends on whether it is spent, and a spent one
// must never go before its window ends.

interface Count {
  hits: number
  startedAt: number
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void

const GROUP_END = '|'

/**
 * A key whose client, should it arrive while every key held is spent, shares an overflow count
 * with its group's other newcomers only: `<group>|<client>`. A key without a group is in ''. The
 * group ends at the first '|', so it must not hold one; the client part may.
 */
export function groupedKey(group: string, client: string): string {
  return `${group}${GROUP_END}${client}`
}

function groupOf(key: string): string {
  const end = key.indexOf(GROUP_END)
  return end < 0 ? '' : key.slice(0, end)
}

class WindowCounts implements FastifyRateLimitStore {
  // Every key held, in the order their windows started (a restarted key moves to the end): ended
  // ones lead. Each limit has a store of its own (child), so every key of a store has one window.
  readonly #counts = new Map<string, Count>()
  // The keys still under their limit, in the same order: the first is the one to give up.
  readonly #under = new Set<string>()
  // Per group, in the same order; at most `capacity` groups, past which a group counts in ''.
  readonly #overflow = new Map<string, Count>()

  constructor(
    readonly capacity: number,
    readonly clock: Clock,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    const now = this.clock.now()
    this.#dropEnded(now, timeWindow)
    const count = this.#countOf(key, now, timeWindow)
    count.hits++
    if (count.hits >= max) this.#under.delete(key)
    callback(null, { current: count.hits, ttl: count.startedAt + timeWindow - now })
  }

  /** Each limit (per token, public, failed authentications, sign-ins) counts in its own store. */
  child(): WindowCounts {
    return new WindowCounts(this.capacity, this.clock)
  }

  #countOf(key: string, now: number, timeWindow: number): Count {
    const known = this.#counts.get(key)
    if (known && known.startedAt + timeWindow > now) return known
    if (known) this.#forget(key)
    if (this.#counts.size >= this.capacity) {
      const oldestUnder = this.#under.values().next()
      if (oldestUnder.done) return this.#overflowOf(groupOf(key), now, timeWindow)
      this.#forget(oldestUnder.value)
    }
    const fresh = { hits: 0, startedAt: now }
    this.#counts.set(key, fresh)
    this.#under.add(key)
    return fresh
  }

  #overflowOf(group: string, now: number, timeWindow: number): Count {
    const known = this.#overflow.get(group)
    if (known && known.startedAt + timeWindow > now) return known
    if (known) this.#overflow.delete(group)
    if (this.#overflow.size >= this.capacity && group !== '') return this.#overflowOf('', now, timeWindow)
    const fresh = { hits: 0, startedAt: now }
    this.#overflow.set(group, fresh)
    return fresh
  }

  #forget(key: string): void {
    this.#counts.delete(key)
    this.#under.delete(key)
  }

  #dropEnded(now: number, timeWindow: number): void {
    for (const [key, count] of this.#counts) {
      if (count.startedAt + timeWindow > now) break
      this.#forget(key)
    }
    for (const [group, count] of this.#overflow) {
      if (count.startedAt + timeWindow > now) break
      this.#overflow.delete(group)
    }
  }
}

/** The store class the rate-limit plugin builds its counts from, holding at most `capacity` keys each. */
export function windowCountsStore(capacity: number, clock: Clock) {
  return class extends WindowCounts {
    constructor() {
      super(capacity, clock)
    }
  }
}
