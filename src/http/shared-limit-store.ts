import type { FastifyRateLimitStore } from '@fastify/rate-limit'
import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'
import { ConfigError } from '../config.js'

// The rate limits' counts shared by every process through Redis (CANVASS_REDIS_URL). Redis must
// answer when the server starts, or the start fails with one line. Should it stop answering later,
// the limits fail over, not open or closed: each process counts on its own, as without Redis (so
// N processes allow N times the rate), until Redis is back. No request waits for a Redis that is
// down: a lost connection is noticed at once, a Redis that stops answering within `timeoutMs`
// (CANVASS_REDIS_TIMEOUT_MS, 100 ms). One line is logged when an outage starts and one when it ends.

const CONNECT_TIMEOUT_MS = 2000

// One count per key and window: the first hit starts the window (its expiry), later hits read
// what is left of it. The same as the rate-limit plugin's own Redis store does.
const incrementScript = `
local current = redis.call('INCR', KEYS[1])
local ttl = tonumber(ARGV[1])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], ttl)
else
  ttl = redis.call('PTTL', KEYS[1])
end
return {current, ttl}
`

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void
type Increment = (key: string, windowMs: number) => Promise<[number, number]>

/** The connection to Redis and whether it is answering; logs each change once. */
class RedisLink {
  #up = true
  #closing = false
  readonly increment: Increment

  constructor(
    readonly redis: Redis,
    readonly where: string,
    readonly log: FastifyBaseLogger,
  ) {
    redis.defineCommand('canvassRateIncrement', { numberOfKeys: 1, lua: incrementScript })
    const commands = redis as unknown as { canvassRateIncrement: Increment }
    this.increment = (key, windowMs) => commands.canvassRateIncrement(key, windowMs)
    redis.on('error', (error: Error) => this.down(error.message))
    redis.on('close', () => this.down('the connection closed'))
    redis.on('ready', () => this.back())
  }

  get ready(): boolean {
    return this.redis.status === 'ready'
  }

  down(reason: string): void {
    if (!this.#up || this.#closing) return
    this.#up = false
    this.log.warn(
      { redis: this.where, reason },
      `Redis at ${this.where} is not answering (${reason}): rate limits are counted in each process until it is back`,
    )
  }

  back(): void {
    if (this.#up || this.#closing) return
    this.#up = true
    this.log.info({ redis: this.where }, `Redis at ${this.where} is back: rate limits are shared again`)
  }

  async close(): Promise<void> {
    this.#closing = true
    await this.redis.quit().catch(() => this.redis.disconnect())
  }
}

/** Counts in Redis while it answers; in this process's own counts (`local`) while it does not. */
class SharedWindowCounts implements FastifyRateLimitStore {
  constructor(
    readonly link: RedisLink,
    readonly namespace: string,
    readonly local: FastifyRateLimitStore,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    if (!this.link.ready) {
      this.local.incr(key, callback, timeWindow, max)
      return
    }
    this.link.increment(this.namespace + key, timeWindow).then(
      ([current, ttl]) => {
        // Back after a command that timed out on a connection that stayed up (no 'ready' then).
        this.link.back()
        callback(null, { current, ttl })
      },
      (error: Error) => {
        // A command cut off by a lost connection says so in ioredis's words about retries.
        this.link.down(this.link.ready ? error.message : 'the connection closed')
        this.local.incr(key, callback, timeWindow, max)
      },
    )
  }

  /** Each limit counts apart: its keys are in a namespace of its own window. */
  child(options: Parameters<FastifyRateLimitStore['child']>[0]): SharedWindowCounts {
    const window = (options as { timeWindow?: unknown }).timeWindow
    return new SharedWindowCounts(
      this.link,
      `${this.namespace}${String(window)}ms:`,
      this.local.child(options),
    )
  }
}

export interface SharedCounts {
  /** The store class for the rate-limit plugin. */
  store: new () => FastifyRateLimitStore
  close(): Promise<void>
}

/**
 * Connects to Redis, or throws a ConfigError naming CANVASS_REDIS_URL if it does not answer.
 * `localStore` is the store counted in while Redis is down.
 */
export async function connectSharedCounts(
  url: string,
  prefix: string,
  localStore: new () => FastifyRateLimitStore,
  log: FastifyBaseLogger,
  timeoutMs: number,
): Promise<SharedCounts> {
  const where = new URL(url).host || '127.0.0.1:6379'
  const redis = new Redis(url, {
    lazyConnect: true,
    // Never queue a command for a Redis that is not connected, never retry one: count locally.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: timeoutMs,
  })
  let lastError: Error | undefined
  const remember = (error: Error) => {
    lastError = error
  }
  redis.on('error', remember)
  try {
    await redis.connect()
  } catch (error) {
    redis.disconnect()
    const reason = (lastError ?? (error as Error)).message
    throw new ConfigError(
      'CANVASS_REDIS_URL',
      `cannot reach Redis at ${where} (${reason}); start Redis there, or unset CANVASS_REDIS_URL to count rate limits in each process on its own`,
    )
  }
  redis.off('error', remember)
  const link = new RedisLink(redis, where, log)
  const local = new localStore()
  return {
    store: class extends SharedWindowCounts {
      constructor() {
        super(link, prefix, local)
      }
    },
    close: () => link.close(),
  }
}
