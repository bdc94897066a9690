// Bytes in pieces of at most 64 KiB, for answers written a piece at a time with backpressure
// (pages: src/http/memory.ts; exports: src/domain/forms/export.ts).

export const PIECE_BYTES = 64 * 1024
// A text is encoded a slice at a time (at most 3 bytes a UTF-16 unit): one Buffer of a 4 MB item
// is a block glibc serves from its heap once it has seen a few, and that heap fragments
// (docs/operating.md, "glibc and large buffers"); 64 KiB blocks are reused.
const PIECE_UNITS = Math.floor(PIECE_BYTES / 3)

/** The UTF-8 bytes of a text, or the bytes of a Buffer, in pieces of at most 64 KiB. */
export function* pieces(text: string | Buffer): Generator<Buffer> {
  if (typeof text !== 'string') {
    for (let at = 0; at < text.length; at += PIECE_BYTES) yield text.subarray(at, at + PIECE_BYTES)
    return
  }
  for (let at = 0; at < text.length; ) {
    let end = Math.min(text.length, at + PIECE_UNITS)
    // Never between the two halves of a surrogate pair: each half alone would encode as U+FFFD.
    const last = text.charCodeAt(end - 1)
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--
    yield Buffer.from(text.slice(at, end))
    at = end
  }
}
