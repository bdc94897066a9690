// Recall (docs/api.md#recall): `{{question:id}}`, `{{hidden:name}}` and `{{variable:name}}` in a
// text, replaced by the answer as a person reads it. Plain text in, plain text out: escaping it
// for HTML is the template's job, as for every other value.

const reference = /\{\{(question|hidden|variable):([^{}]+?)\}\}/g

export type RecallKind = 'question' | 'hidden' | 'variable'

/** The references a text makes, in order. */
export function recallReferences(text: string): { kind: RecallKind; name: string; written: string }[] {
  return [...text.matchAll(reference)].map((match) => ({
    kind: match[1] as RecallKind,
    name: match[2] as string,
    written: match[0],
  }))
}

/** What recall reads: answers and hidden values as a submission gives them, the path's variables. */
export interface RecallValues {
  answers: Record<string, unknown>
  hidden?: Record<string, unknown>
  variables?: { name: string; value: number }[]
}

/** An answer as a person reads it: a label, labels joined by ", ", a date as written, Yes or No, a matrix's rows. */
export function readableAnswer(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (Array.isArray(value)) return value.filter((item) => typeof item === 'string').join(', ')
  // A file: its name (a matrix's cells are all strings, a file's size is a number).
  const file = value as { name?: unknown; size?: unknown } | null
  if (typeof file?.name === 'string' && typeof file.size === 'number') return file.name
  // A matrix: each row answered with its column.
  if (value !== null && typeof value === 'object')
    return Object.entries(value)
      .filter(([, column]) => typeof column === 'string')
      .map(([row, column]) => `${row}: ${column}`)
      .join(', ')
  return ''
}

const own = (record: Record<string, unknown> | undefined, key: string) =>
  record && Object.hasOwn(record, key) ? record[key] : undefined

/** The text with every reference replaced; empty where there is no answer (or no such name). */
export function recall(text: string, values: RecallValues): string {
  if (!text.includes('{{')) return text
  return text.replace(reference, (_written, kind: RecallKind, name: string) => {
    if (kind === 'question') return readableAnswer(own(values.answers, name))
    if (kind === 'hidden') return readableAnswer(own(values.hidden, name))
    const variable = values.variables?.find((candidate) => candidate.name === name)
    // A variable divided may have many decimals: a person reads two at most.
    return variable ? readableAnswer(Math.round(variable.value * 100) / 100) : ''
  })
}
