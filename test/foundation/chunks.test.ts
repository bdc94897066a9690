import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { chunksOf } from '../../src/chunks.js'

// The one splitter (src/chunks.ts): statements, submission batches, page and stream batches and
// export writes all rely on its runs being the whole sequence, in order, each within its limits.

describe('chunksOf', () => {
  it('cuts a sequence into runs of at most `count`, and past the first item at most `bytes`', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 50 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 120 }),
        (sizes, count, bytes) => {
          const runs = [...chunksOf(sizes, { count, bytes, size: (size) => size })]
          expect(runs.flat()).toEqual(sizes)
          for (const [index, run] of runs.entries()) {
            expect(run.length).toBeGreaterThan(0)
            expect(run.length).toBeLessThanOrEqual(count)
            const total = run.reduce((sum, size) => sum + size, 0)
            if (run.length > 1) expect(total).toBeLessThanOrEqual(bytes)
            // Greedy: a run ends only where the next item would not fit.
            const next = runs[index + 1]?.[0]
            if (next !== undefined) expect(run.length === count || total + next > bytes).toBe(true)
          }
        },
      ),
    )
  })

  it('bounds by count alone, or by bytes alone, and is lazy', () => {
    expect([...chunksOf([1, 2, 3, 4, 5], { count: 2 })]).toEqual([[1, 2], [3, 4], [5]])
    expect([...chunksOf([5, 1, 1, 9, 2], { bytes: 6, size: (n) => n })]).toEqual([[5, 1], [1], [9], [2]])
    expect([...chunksOf([], { count: 3 })]).toEqual([])
    let read = 0
    const counted = (function* () {
      for (;;) yield ++read
    })()
    const [first] = chunksOf(counted, { count: 3 })
    expect(first).toEqual([1, 2, 3])
    expect(read).toBe(4)
  })
})
