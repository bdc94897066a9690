import { randomBytes, randomFillSync } from 'node:crypto'

// Opaque, URL-safe identifiers with 128 random bits behind a short type prefix
// (docs/api.md#identifiers: at most 64 characters, not guessable).
export type IdPrefix = 'ws' | 'tok' | 'ses' | 'frm' | 'q' | 'rsp' | 'cl' | 'ct' | 'wh' | 'evt' | 'dlv'

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBytes(16).toString('base64url')}`
}

const POOLED_IDS = 256

/**
 * Ids cut from a buffer of random bytes refilled 256 ids at a time, for paths that make ids on
 * every request: one randomBytes call per id costs far more than a slice (docs/performance.md).
 * Each service owns one.
 */
export class IdPool {
  readonly #bytes = Buffer.alloc(16 * POOLED_IDS)
  #offset = this.#bytes.length

  next(prefix: IdPrefix): string {
    if (this.#offset === this.#bytes.length) {
      randomFillSync(this.#bytes)
      this.#offset = 0
    }
    const start = this.#offset
    this.#offset += 16
    return `${prefix}_${this.#bytes.toString('base64url', start, start + 16)}`
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
