import { randomBytes } from 'node:crypto'

// Opaque, URL-safe identifiers with 128 random bits behind a short type prefix
// (docs/api.md#identifiers: at most 64 characters, not guessable).
export type IdPrefix = 'ws' | 'tok' | 'ses' | 'frm' | 'q' | 'rsp' | 'cl' | 'ct' | 'wh' | 'evt' | 'dlv'

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBytes(16).toString('base64url')}`
}

/** `count` ids at once: one call for the random bytes, for bulk inserts. */
export function newIds(prefix: IdPrefix, count: number): string[] {
  const bytes = randomBytes(16 * count)
  const ids: string[] = new Array(count)
  for (let i = 0; i < count; i++)
    ids[i] = `${prefix}_${bytes.subarray(i * 16, i * 16 + 16).toString('base64url')}`
  return ids
}
