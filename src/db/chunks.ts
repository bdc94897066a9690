/**
 * Consecutive runs of `items` for multi-row statements: each at most `rows` long and, past its
 * first item, at most `bytes` by `size`. One statement's parameters then stay a bounded size
 * (pg sends them in one message) however large the items are.
 */
export function* chunksOf<T>(
  items: readonly T[],
  rows: number,
  bytes: number,
  size: (item: T) => number,
): Generator<T[]> {
  let chunk: T[] = []
  let chunkBytes = 0
  for (const item of items) {
    const itemBytes = size(item)
    if (chunk.length > 0 && (chunk.length === rows || chunkBytes + itemBytes > bytes)) {
      yield chunk
      chunk = []
      chunkBytes = 0
    }
    chunk.push(item)
    chunkBytes += itemBytes
  }
  if (chunk.length > 0) yield chunk
}

/** Rows per multi-row insert, and the parameter bytes one may carry past its first row. */
export const INSERT_ROWS = 500
export const INSERT_BYTES = 1024 * 1024
