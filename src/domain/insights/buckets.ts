import type { InsightLevel } from '../../db/tables/insights.js'

// Time buckets of the maintained figures. Every response is counted in the whole form (`all`)
// and in one bucket of each level below: its UTC day, six hours, hour, ten minutes and minute.
// A window [since, until] (any instants, inclusive) is cut into whole buckets, coarsest first,
// and, at each edge, the part of one minute that is inside the window: those responses are read
// and counted one by one. At each edge there are at most 3 six-hour buckets, 5 hours, 5
// ten-minute buckets and 9 minutes, plus one per day of the window: the cost of an answer does
// not grow with the number of responses, and it is exact to the microsecond.

export const MINUTE = 60_000_000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

export type BucketLevel = Exclude<InsightLevel, 'all'>

/** Coarsest first; each span is a whole multiple of the next, all aligned on the Unix epoch. */
export const levels: readonly { level: BucketLevel; span: number }[] = [
  { level: 'day', span: DAY },
  { level: 'six_hours', span: 6 * HOUR },
  { level: 'hour', span: HOUR },
  { level: 'ten_minutes', span: 10 * MINUTE },
  { level: 'minute', span: MINUTE },
]

export const levelSpan = Object.fromEntries(levels.map(({ level, span }) => [level, span])) as Record<
  BucketLevel,
  number
>

/** The next finer level, whose buckets make up one of `level`; the responses themselves below a minute. */
export function childLevel(level: InsightLevel): BucketLevel | 'responses' {
  if (level === 'all') return 'day'
  return levels[levels.findIndex((candidate) => candidate.level === level) + 1]?.level ?? 'responses'
}

export interface BucketKey {
  level: InsightLevel
  bucket: number
}

export const floorTo = (at: number, span: number): number => Math.floor(at / span) * span

/** The buckets a response submitted at `at` (microseconds) counts in: `all` and one per level. */
export function bucketsOf(at: number): BucketKey[] {
  return [
    { level: 'all', bucket: 0 },
    ...levels.map(({ level, span }) => ({ level, bucket: floorTo(at, span) })),
  ]
}

export interface WindowPieces {
  /** Whole buckets: every bucket of `level` starting in [from, to]. */
  ranges: { level: BucketLevel; from: number; to: number }[]
  /** Partial minutes: responses submitted in [from, to] are counted one by one. */
  scans: { from: number; to: number }[]
}

/** Cuts the inclusive window [low, high] into runs of whole buckets, coarsest first, and partial minutes. */
export function windowPieces(low: number, high: number): WindowPieces {
  const pieces: WindowPieces = { ranges: [], scans: [] }
  let at = low
  while (at <= high) {
    const left = high - at + 1
    const index = levels.findIndex(({ span }) => at % span === 0 && left >= span)
    const found = levels[index]
    if (found) {
      // A run of this level up to the next bucket of the level above, which the next turn takes.
      const parent = levels[index - 1]?.span
      const untilParent =
        parent === undefined ? Number.POSITIVE_INFINITY : (floorTo(at, parent) + parent - at) / found.span
      const count = Math.min(Math.floor(left / found.span), untilParent)
      pieces.ranges.push({ level: found.level, from: at, to: at + (count - 1) * found.span })
      at += count * found.span
    } else {
      const to = Math.min(high, floorTo(at, MINUTE) + MINUTE - 1)
      pieces.scans.push({ from: at, to })
      at = to + 1
    }
  }
  return pieces
}
