// Bytes in pieces of at most 64 KiB, for answers written a piece at a time with backpressure
// (listings: src/http/listings.ts; exports: src/domain/forms/export.ts; the live stream).

export const PIECE_BYTES = 64 * 1024
// A text up to a million UTF-16 units (a contact with large data, ~200 KB) is encoded a slice at
// a time (at most 3 bytes a unit): its whole Buffer would be a block glibc serves from a heap that
// fragments (docs/operating.md, "glibc and large buffers"), while 64 KiB blocks are reused. A
// longer one (a multi-MB response read from PostgreSQL) is encoded at once, so that the string can
// be collected while its bytes are written instead of living on through its slices. The peaks
// measured either way are in docs/performance.md.
const PIECE_UNITS = Math.floor(PIECE_BYTES / 3)
const SLICED_UNITS = 1 << 20

/** The UTF-8 bytes of a text, or the bytes of a Buffer, in pieces of at most 64 KiB. */
export function* pieces(text: string | Buffer): Generator<Buffer> {
  const bytes = typeof text === 'string' && text.length > SLICED_UNITS ? Buffer.from(text) : text
  if (typeof bytes !== 'string') {
    for (let at = 0; at < bytes.length; at += PIECE_BYTES) yield bytes.subarray(at, at + PIECE_BYTES)
    return
  }
  for (let at = 0; at < bytes.length; ) {
    let end = Math.min(bytes.length, at + PIECE_UNITS)
    // Never between the two halves of a surrogate pair: each half alone would encode as U+FFFD.
    const last = bytes.charCodeAt(end - 1)
    if (end < bytes.length && last >= 0xd800 && last <= 0xdbff) end--
    yield Buffer.from(bytes.slice(at, end))
    at = end
  }
}
