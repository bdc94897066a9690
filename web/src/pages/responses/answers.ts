import type { Answer, ResponseFilter } from '../../api'

/** An answer as a person reads it. */
export function answerText(answer: Answer): string {
  const value = (answer as unknown as Record<string, unknown>)[answer.type]
  if (answer.type === 'boolean') return value ? 'Yes' : 'No'
  if (answer.type === 'choice') return (value as { label: string }).label
  if (answer.type === 'choices') return (value as { labels: string[] }).labels.join(', ')
  return String(value)
}

/** Dates picked in the filter are whole UTC days, inclusive at both ends. */
export function filterOf(from: string, to: string): ResponseFilter {
  return {
    since: from ? `${from}T00:00:00Z` : undefined,
    until: to ? `${to}T23:59:59.999999Z` : undefined,
  }
}
