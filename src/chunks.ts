// The one splitter of a sequence into runs bounded by count and by bytes: rows of a multi-row
// statement (src/db/insert-limits.ts), submissions sharing a transaction (forms/batches.ts), items
// of a page or a stream read together (src/domain/listing.ts), the writes of a listing
// (src/http/listings.ts). The bytes of one text are cut by pieces() (src/pieces.ts) instead.

/** At most `count` items a run, and past its first item at most `bytes` by `size`. */
export type ChunkLimits<T> =
  | { count: number; bytes?: undefined }
  | { count?: number; bytes: number; size: (item: T) => number }

/**
 * Consecutive runs of `items`, in order, each within `limits`: never empty, and an item larger
 * than `bytes` alone in its run. Lazy: a caller that takes the first run reads no further.
 */
export function* chunksOf<T>(items: Iterable<T>, limits: ChunkLimits<T>): Generator<T[]> {
  const count = limits.count ?? Number.POSITIVE_INFINITY
  const bytes = limits.bytes ?? Number.POSITIVE_INFINITY
  let chunk: T[] = []
  let chunkBytes = 0
  for (const item of items) {
    const itemBytes = limits.bytes === undefined ? 0 : limits.size(item)
    if (chunk.length > 0 && (chunk.length === count || chunkBytes + itemBytes > bytes)) {
      yield chunk
      chunk = []
      chunkBytes = 0
    }
    chunk.push(item)
    chunkBytes += itemBytes
  }
  if (chunk.length > 0) yield chunk
}
