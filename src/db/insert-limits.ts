import { chunksOf } from '../chunks.js'

// Rows per multi-row insert, and the parameter bytes one may carry past its first row: one
// statement's parameters then stay a bounded size (pg sends them in one message) however large
// the items are.
const INSERT_ROWS = 500
const INSERT_BYTES = 1024 * 1024

/** `rows` in runs that each fit one multi-row insert; `size`: the bytes of a row's largest parameter. */
export function insertChunks<T>(rows: readonly T[], size: (row: T) => number): Generator<T[]> {
  return chunksOf(rows, { count: INSERT_ROWS, bytes: INSERT_BYTES, size })
}
