import type { ResponseItem } from '../../shared/forms/answers.js'

// What holds an address, for erasure (docs/api.md#erasure). An address is compared trimmed and
// without case. The database narrows the rows to look at with LIKE; each candidate is then
// checked here, in JavaScript, so that the rules read the same on SQLite and PostgreSQL.

/** The address as erasure compares it: trimmed, lower case. */
export const addressKey = (address: string): string => address.trim().toLowerCase()

/** Whether a value is the address (its key). */
export const isAddress = (value: unknown, key: string): value is string =>
  typeof value === 'string' && addressKey(value) === key

/**
 * A LIKE pattern matching `lower(column)` where the column holds the key (somewhere, when
 * `contains`). SQLite's lower() knows only ASCII, so every other character of the key matches any
 * one character; the candidates it lets through are checked again. `%`, `_` and `\` match themselves.
 */
export function candidatePattern(key: string, contains: boolean): string {
  const escaped = [...key]
    .map((character) =>
      /[\\%_]/.test(character) ? `\\${character}` : character > '\u007f' ? '_' : character,
    )
    .join('')
  return contains ? `%${escaped}%` : escaped
}

/** Whether a stored response carries the address in an `email` answer or a hidden field. */
export function responseHoldsAddress(item: ResponseItem, key: string): boolean {
  return (
    item.answers.some((answer) => answer.type === 'email' && isAddress(answer['email'], key)) ||
    item.hidden.some((field) => isAddress(field.value, key))
  )
}

/** Whether a draft holds the address: as the answer to one of the form's `email` questions, or a hidden value. */
export function draftHoldsAddress(
  draft: { answers_json: string; hidden_json: string },
  emailQuestions: ReadonlySet<string>,
  key: string,
): boolean {
  const answers = JSON.parse(draft.answers_json) as Record<string, unknown>
  const hidden = JSON.parse(draft.hidden_json) as Record<string, unknown>
  return (
    Object.entries(answers).some(
      ([question, value]) => emailQuestions.has(question) && isAddress(value, key),
    ) || Object.values(hidden).some((value) => isAddress(value, key))
  )
}

/** Whether a text (a mail's body, a webhook's payload) mentions the address anywhere. */
export const mentionsAddress = (text: string | null, key: string): boolean =>
  text?.toLowerCase().includes(key) === true
