import { answerText as sharedAnswerText } from '../../../../src/shared/forms/answer-text'
import type { Answer as StoredAnswer } from '../../../../src/shared/forms/answers'
import type { Answer, ResponseFilter } from '../../api'

/** An answer as a person reads it: labels joined, Yes or No, a consent Accepted, a matrix's rows. */
export const answerText = (answer: Answer): string =>
  sharedAnswerText(answer as unknown as StoredAnswer, 'words')

const sizeUnits = ['KB', 'MB', 'GB', 'TB']

/** A size as a person reads it, in the hosted page's units (1 MB = 1,048,576 bytes): "2.4 MB", "512 bytes". */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${bytes} bytes`
  let value = bytes / 1024
  let unit = 0
  while (value >= 1023.95 && unit < sizeUnits.length - 1) {
    value /= 1024
    unit++
  }
  // One decimal while it says something ("2.4 MB"), none once the number is large ("512 KB").
  const shown = value < 100 ? Math.round(value * 10) / 10 : Math.round(value)
  return `${shown.toLocaleString('en')} ${sizeUnits[unit]}`
}

/** Dates picked in the filter are whole UTC days, inclusive at both ends (insights count UTC days). */
export function filterOf(from: string, to: string): ResponseFilter {
  return {
    since: from ? `${from}T00:00:00Z` : undefined,
    until: to ? `${to}T23:59:59.999999Z` : undefined,
  }
}

/** The viewer's time zone (the browser's), as the responses page names it: `Europe/Berlin`. */
export function viewerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time'
}

/** The first instant of a `YYYY-MM-DD` day in the viewer's time zone. */
function startOfLocalDay(day: string, offsetDays = 0): Date {
  const [year, month, date] = day.split('-').map(Number)
  return new Date(year ?? 1970, (month ?? 1) - 1, (date ?? 1) + offsetDays)
}

/**
 * Dates picked in the responses filter are whole days in the viewer's time zone, inclusive at both
 * ends, as the table and the drawer show times: a response at 00:30 local time is in that day.
 */
export function viewerDayFilter(from: string, to: string): ResponseFilter {
  return {
    since: from ? startOfLocalDay(from).toISOString() : undefined,
    // The last millisecond of the day, which includes its whole span (docs/api.md#timestamps).
    until: to ? new Date(startOfLocalDay(to, 1).getTime() - 1).toISOString() : undefined,
  }
}
