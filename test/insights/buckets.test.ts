import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseTimestamp } from '../../src/clock.js'
import { DAY, levelSpan, MINUTE, windowPieces } from '../../src/domain/insights/buckets.js'
import {
  addFigures,
  emptyFigures,
  type Figures,
  figuresFromJson,
  figuresOfItem,
  figuresToJson,
  StoredFiguresSum,
} from '../../src/domain/insights/figures.js'

// How a window is cut into stored buckets, and how figures are stored (src/domain/insights).
// The figures themselves are tested through the API (figures.test.ts, rebuild.test.ts).

const at = (text: string) => parseTimestamp(text) as number

describe('a window', () => {
  it('is cut into whole buckets, coarsest first, and partial minutes, covering it exactly', () => {
    const instant = fc.integer({ min: at('2026-01-01T00:00:00Z'), max: at('2026-03-01T00:00:00Z') })
    fc.assert(
      fc.property(instant, instant, (a, b) => {
        const [low, high] = [Math.min(a, b), Math.max(a, b)]
        const { ranges, scans } = windowPieces(low, high)
        const pieces = [
          ...ranges.map((range) => {
            const span = levelSpan[range.level]
            expect(range.from % span).toBe(0)
            expect(range.to % span).toBe(0)
            return { from: range.from, to: range.to + span - 1, buckets: (range.to - range.from) / span + 1 }
          }),
          ...scans.map((scan) => {
            expect(Math.floor(scan.from / MINUTE)).toBe(Math.floor(scan.to / MINUTE))
            return { ...scan, buckets: 0 }
          }),
        ].sort((x, y) => x.from - y.from)
        // No gap, no overlap.
        let next = low
        for (const piece of pieces) {
          expect(piece.from).toBe(next)
          next = piece.to + 1
        }
        expect(next).toBe(high + 1)
        // At each edge at most 3 six-hour buckets, 5 hours, 5 ten-minute buckets, 9 minutes and a
        // partial minute; one bucket per whole day between.
        const buckets = pieces.reduce((sum, piece) => sum + piece.buckets, 0)
        const days = Math.floor((high - low) / DAY) + 1
        expect(buckets).toBeLessThanOrEqual(days + 2 * (3 + 5 + 5 + 9))
        expect(scans.length).toBeLessThanOrEqual(2)
      }),
      { numRuns: 2000 },
    )
  })

  it('of the bench (edges inside a minute, 17 days apart) reads 36 buckets and two partial minutes', () => {
    const { ranges, scans } = windowPieces(at('2026-10-03T10:17:23.5Z'), at('2026-10-20T15:42:10.25Z'))
    const buckets = ranges.reduce(
      (sum, range) => sum + (range.to - range.from) / levelSpan[range.level] + 1,
      0,
    )
    expect(buckets).toBe(36)
    expect(scans).toHaveLength(2)
  })
})

function item(answers: { id: string; type: string; value: unknown }[]) {
  return {
    id: 'rsp_x',
    submitted_at: '2026-01-01T00:00:00Z',
    answers: answers.map(({ id, type, value }) => ({
      question: { id, type: 'number', title: id },
      type,
      [type]: value,
    })),
    hidden: [],
    variables: [],
  } as unknown as Parameters<typeof figuresOfItem>[0]
}

const plain = (figures: Figures) => ({
  responses: figures.responses,
  questions: [...figures.questions].map(([id, t]) => [
    id,
    t.answered,
    new Map([...t.values].sort()),
    new Map([...t.ints].sort(([a], [b]) => a - b)),
    t.sum,
  ]),
})

describe('stored figures', () => {
  it('keep every count, whole numbers close together in one dense array, others as entries', () => {
    const value = fc.oneof(
      fc.integer({ min: -20, max: 400 }).map(String),
      fc.integer({ min: -1e12, max: 1e12 }).map(String),
      fc.constantFrom('0.5', '-2.25', '1e+21', '12345678901234567890'),
    )
    fc.assert(
      fc.property(fc.array(value, { maxLength: 60 }), (numbers) => {
        const figures = emptyFigures()
        for (const number of numbers)
          addFigures(figures, figuresOfItem(item([{ id: 'n', type: 'number', value: number }]), []), 1)
        const text = figuresToJson(figures)
        expect(plain(figuresFromJson(text))).toEqual(plain(figures))
        // Stored again, the same text.
        expect(figuresToJson(figuresFromJson(text))).toBe(text)
      }),
      { numRuns: 500 },
    )
  })

  it('are dense for a scale, and read as written by earlier versions (entries only)', () => {
    const figures = emptyFigures()
    for (const value of ['0', '7', '10', '7'])
      addFigures(figures, figuresOfItem(item([{ id: 'nps', type: 'number', value }]), []), 1)
    expect(JSON.parse(figuresToJson(figures)).q[0]).toEqual([
      'nps',
      4,
      [],
      [24],
      [0, 1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 1],
    ])
    const earlier = '{"r":4,"q":[["nps",4,[["n:0",1],["n:7",2],["n:10",1]],[24]]],"v":[]}'
    expect(plain(figuresFromJson(earlier))).toEqual(plain(figures))
  })

  it('add up, many at once, to the sum of their figures', () => {
    // Rows of values close together (dense), far apart (entries), and dense rows too far from
    // each other to share one array.
    const row = fc.array(
      fc.oneof(
        fc.integer({ min: -50, max: 300 }),
        fc.integer({ min: 1e9, max: 1e9 + 40 }),
        fc.integer({ min: -1e12, max: 1e12 }),
      ),
      { maxLength: 30 },
    )
    fc.assert(
      fc.property(fc.array(row, { maxLength: 8 }), (rows) => {
        const expected = emptyFigures()
        const sum = new StoredFiguresSum()
        for (const values of rows) {
          const figures = emptyFigures()
          for (const value of values) {
            addFigures(
              figures,
              figuresOfItem(item([{ id: 'n', type: 'number', value: String(value) }]), []),
              1,
            )
          }
          addFigures(expected, figures, 1)
          sum.add(figuresToJson(figures))
        }
        const got = sum.figures()
        expect(plain(got).questions.map((q) => q.slice(0, 4))).toEqual(
          plain(expected).questions.map((q) => q.slice(0, 4)),
        )
        expect(got.responses).toBe(expected.responses)
      }),
      { numRuns: 500 },
    )
  })
})
