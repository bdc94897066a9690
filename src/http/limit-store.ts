import type { FastifyRateLimitStore } from '@fastify/rate-limit'

// The rate limits' counts in this process (without CANVASS_REDIS_URL). They replace the plugin's
// LRU of 5,000 keys, where enough fresh keys (other addresses, other forms) pushed a spent key out
// before its window ended and so gave its client a new budget (issue 25). Here a key is dropped
// only once its window has ended. At most `capacity` live keys are held (CANVASS_RATE_LIMIT_KEYS);
// a new key past that is counted in one overflow count shared by every such key, so a flood of
// fresh keys limits itself and never frees a spent one.

interface Count {
  hits: number
  startedAt: number
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void

class WindowCounts implements FastifyRateLimitStore {
  // In the order their windows started (a restarted key moves to the end): ended ones lead.
  readonly #counts = new Map<string, Count>()
  #overflow: Count = { hits: 0, startedAt: 0 }

  constructor(readonly capacity: number) {}

  incr(key: string, callback: Callback, timeWindow: number): void {
    const now = Date.now()
    this.#dropEnded(now, timeWindow)
    const count = this.#countOf(key, now, timeWindow)
    count.hits++
    callback(null, { current: count.hits, ttl: count.startedAt + timeWindow - now })
  }

  /** Each limit (per token, public, failed authentications) counts in its own store. */
  child(): WindowCounts {
    return new WindowCounts(this.capacity)
  }

  #countOf(key: string, now: number, timeWindow: number): Count {
    const known = this.#counts.get(key)
    if (known && known.startedAt + timeWindow > now) return known
    if (known) this.#counts.delete(key)
    if (this.#counts.size >= this.capacity) {
      if (this.#overflow.startedAt + timeWindow <= now) this.#overflow = { hits: 0, startedAt: now }
      return this.#overflow
    }
    const fresh = { hits: 0, startedAt: now }
    this.#counts.set(key, fresh)
    return fresh
  }

  #dropEnded(now: number, timeWindow: number): void {
    for (const [key, count] of this.#counts) {
      if (count.startedAt + timeWindow > now) return
      this.#counts.delete(key)
    }
  }
}

/** The store class the rate-limit plugin builds its counts from, holding at most `capacity` keys each. */
export function windowCountsStore(capacity: number) {
  return class extends WindowCounts {
    constructor() {
      super(capacity)
    }
  }
}
