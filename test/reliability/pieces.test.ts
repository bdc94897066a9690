import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PIECE_BYTES, pieces } from '../../src/pieces.js'

// Large items are written in pieces (src/pieces.ts): the bytes must be exactly those of the whole
// text, whatever falls on a piece's edge.

const joined = (text: string | Buffer) => Buffer.concat([...pieces(text)])

describe('pieces', () => {
  it('of a text are its UTF-8 bytes, at most 64 KiB each, a surrogate pair never split', () => {
    const units = Math.floor(PIECE_BYTES / 3)
    // An emoji (two UTF-16 units) across the first edge; 3-byte characters filling whole pieces.
    for (const text of [
      `${'a'.repeat(units - 1)}😀${'b'.repeat(10)}`,
      `${'é'.repeat(units)}😀`,
      '€'.repeat(3 * units + 5),
      `${'a'.repeat(units - 1)}\ud800x`,
    ]) {
      const parts = [...pieces(text)]
      for (const part of parts) expect(part.length).toBeLessThanOrEqual(PIECE_BYTES)
      expect(Buffer.concat(parts).equals(Buffer.from(text))).toBe(true)
    }
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 3 * units }), (text) => {
        expect(joined(text).equals(Buffer.from(text))).toBe(true)
      }),
      { numRuns: 50 },
    )
  })

  it('of a text of over a million units are its UTF-8 bytes too', () => {
    const text = `${'a'.repeat(1 << 20)}😀é`
    const parts = [...pieces(text)]
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(PIECE_BYTES)
    expect(Buffer.concat(parts).equals(Buffer.from(text))).toBe(true)
  })

  it('of a Buffer are slices of it', () => {
    const bytes = Buffer.alloc(3 * PIECE_BYTES + 7, 1)
    const parts = [...pieces(bytes)]
    expect(parts.map((part) => part.length)).toEqual([PIECE_BYTES, PIECE_BYTES, PIECE_BYTES, 7])
    expect(Buffer.concat(parts).equals(bytes)).toBe(true)
  })
})
