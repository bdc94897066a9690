import { randomBytes, randomFillSync } from 'node:crypto'

// Opaque, URL-safe identifiers with 128 random bits behind a short type prefix
// (docs/api.md#identifiers: at most 64 characters, not guessable).
export type IdPrefix =
  | 'ws'
  | 'tok'
  | 'ses'
  | 'frm'
  | 'q'
  | 'rsp'
  | 'cl'
  | 'ct'
  | 'wh'
  | 'evt'
  | 'dlv'
  | 'drf'
  | 'ml'
  | 'inv'
  | 'rcp'
  | 'mem'
  | 'mss'
  | 'mcd'
  | 'oid'
  | 'aud'
  | 'file'

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBytes(16).toString('base64url')}`
}

const POOLED_IDS = 256

// URL-safe characters in ascending byte order, so that a time written with them sorts as the time.
const ORDERED_DIGITS = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz'
const TIME_DIGITS = 8

/** Milliseconds since 1970 as 8 ordered digits (48 bits: until the year 10889). */
function timePart(milliseconds: number): string {
  let rest = Math.max(0, Math.floor(milliseconds))
  let text = ''
  for (let i = 0; i < TIME_DIGITS; i++) {
    text = ORDERED_DIGITS[rest % 64] + text
    rest = Math.floor(rest / 64)
  }
  return text
}

/**
 * Ids cut from a buffer of random bytes refilled 256 ids at a time, for paths that make ids on
 * every request: one randomBytes call per id costs far more than a slice (docs/performance.md).
 * Each service owns one. These ids begin with the time they were made (ms, 8 characters) before
 * their 128 random bits: the rows a submission writes are keyed by them (responses, their search
 * text, figures and text answers, deliveries and their attempts), and keys made close in time land
 * in the same index pages, where random keys dirtied a page each for every transaction to write
 * (docs/performance.md). The time is no secret: a response's submitted_at says as much.
 */
export class IdPool {
  readonly #bytes = Buffer.alloc(16 * POOLED_IDS)
  #offset = this.#bytes.length

  /** `now`: the context's clock, in milliseconds. */
  constructor(private readonly now: () => number = Date.now) {}

  next(prefix: IdPrefix): string {
    if (this.#offset === this.#bytes.length) {
      randomFillSync(this.#bytes)
      this.#offset = 0
    }
    const start = this.#offset
    this.#offset += 16
    return `${prefix}_${timePart(this.now())}${this.#bytes.toString('base64url', start, start + 16)}`
  }
}

/** `count` ids at once: one call for the random bytes, for bulk inserts. */
export function newIds(prefix: IdPrefix, count: number): string[] {
  const bytes = randomBytes(16 * count)
  const ids: string[] = new Array(count)
  for (let i = 0; i < count; i++)
    ids[i] = `${prefix}_${bytes.subarray(i * 16, i * 16 + 16).toString('base64url')}`
  return ids
}
