// Timestamps as the API writes and reads them, in microseconds. Free of Node APIs: the dashboard's
// form builder checks definitions (closes_at) with the same code (web/src/builder/draft.ts).

/** `2026-11-22T10:04:05.123456Z` */
export function formatTimestamp(micros: number): string {
  const millis = Math.floor(micros / 1000)
  const iso = new Date(millis).toISOString()
  return `${iso.slice(0, 23)}${String(micros - millis * 1000).padStart(3, '0')}Z`
}

const isoPattern = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,6})\d*)?(Z|[+-]\d{2}:?\d{2})$/

/** Parses ISO 8601 (with offset, up to microseconds) or Unix seconds into microseconds; undefined if neither. */
export function parseTimestamp(text: string): number | undefined {
  if (/^-?\d{1,12}(\.\d{1,6})?$/.test(text)) return Math.round(Number(text) * 1_000_000)
  const match = isoPattern.exec(text)
  if (!match) return undefined
  const [, base, fraction = '', zone] = match
  const millis = Date.parse(`${base}${zone}`)
  if (Number.isNaN(millis)) return undefined
  // Date.parse accepts 2026-02-30; a timestamp must name a real instant.
  const roundTrip = new Date(Date.parse(`${base}Z`)).toISOString().slice(0, 19)
  if (roundTrip !== base) return undefined
  return millis * 1000 + Number(fraction.padEnd(6, '0'))
}

/**
 * The span a timestamp as written stands for, in microseconds: `2026-11-22T10:04:05Z` and Unix
 * `1700000000` name a whole second (1,000,000), `...05.123Z` a millisecond (1,000). An inclusive
 * upper bound covers all of it.
 */
export function timestampSpanMicros(text: string): number {
  const fraction = /\.(\d+)/.exec(text)?.[1] ?? ''
  return 10 ** Math.max(0, 6 - fraction.length)
}
