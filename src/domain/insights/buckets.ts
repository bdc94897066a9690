import type { InsightLevel } from '../../db/tables/insights.js'

// Time buckets of the maintained figures. Every response is counted in four buckets: the whole
// form (`all`), its UTC day, hour and minute. A window [since, until] (any instants, inclusive)
// is cut into whole days, whole hours and whole minutes (at most 23 hours and 59 minutes at each
// end) and, at each edge, the part of one minute that is inside the window: those responses
// are read and counted one by one. So an answer reads at most a few dozen bucket rows, one per
// day of the window, and the responses of at most two partial minutes: its cost does not grow
// with the number of responses, and it is exact to the microsecond.

export const MINUTE = 60_000_000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

export const levelSpan: Record<Exclude<InsightLevel, 'all'>, number> = {
  day: DAY,
  hour: HOUR,
  minute: MINUTE,
}

export interface BucketKey {
  level: InsightLevel
  bucket: number
}

export const floorTo = (at: number, span: number): number => Math.floor(at / span) * span

/** The four buckets a response submitted at `at` (microseconds) counts in. */
export function bucketsOf(at: number): BucketKey[] {
  return [
    { level: 'all', bucket: 0 },
    { level: 'day', bucket: floorTo(at, DAY) },
    { level: 'hour', bucket: floorTo(at, HOUR) },
    { level: 'minute', bucket: floorTo(at, MINUTE) },
  ]
}

export interface WindowPieces {
  /** Whole buckets: every bucket of `level` starting in [from, to]. */
  ranges: { level: Exclude<InsightLevel, 'all'>; from: number; to: number }[]
  /** Partial minutes: responses submitted in [from, to] are counted one by one. */
  scans: { from: number; to: number }[]
}

/** Cuts the inclusive window [low, high] into whole days, hours and minutes, and partial minutes. */
export function windowPieces(low: number, high: number): WindowPieces {
  const pieces: WindowPieces = { ranges: [], scans: [] }
  let at = low
  while (at <= high) {
    const left = high - at + 1
    if (at % DAY === 0 && left >= DAY) {
      const days = Math.floor(left / DAY)
      pieces.ranges.push({ level: 'day', from: at, to: at + (days - 1) * DAY })
      at += days * DAY
    } else if (at % HOUR === 0 && left >= HOUR) {
      const hours = Math.min(Math.floor(left / HOUR), (floorTo(at, DAY) + DAY - at) / HOUR)
      pieces.ranges.push({ level: 'hour', from: at, to: at + (hours - 1) * HOUR })
      at += hours * HOUR
    } else if (at % MINUTE === 0 && left >= MINUTE) {
      const minutes = Math.min(Math.floor(left / MINUTE), (floorTo(at, HOUR) + HOUR - at) / MINUTE)
      pieces.ranges.push({ level: 'minute', from: at, to: at + (minutes - 1) * MINUTE })
      at += minutes * MINUTE
    } else {
      const to = Math.min(high, floorTo(at, MINUTE) + MINUTE - 1)
      pieces.scans.push({ from: at, to })
      at = to + 1
    }
  }
  return pieces
}
