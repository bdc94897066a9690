import type { FieldError } from './field-error.js'

// Strings the databases cannot store faithfully never reach them: NUL (PostgreSQL text refuses
// it) and unpaired surrogates (not UTF-8). Checked on every path, query and body.

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1')
}

export function isStorableString(value: string): boolean {
  return !value.includes('\u0000') && value.isWellFormed()
}

/**
 * The text made storable, for what Canvass writes of text it did not check (an identity
 * provider's name, an audit event's details): NUL and unpaired surrogates become U+FFFD.
 */
export function storableText(value: string): string {
  return isStorableString(value) ? value : value.toWellFormed().replaceAll('\u0000', '\uFFFD')
}

/** The one message for text that breaks the rule, however it arrived. */
export const UNSTORABLE = 'must not contain NUL or unpaired surrogates'

interface Place {
  value: unknown
  segment: string
  parent: Place | undefined
  /** Set for the key itself of an object property, rather than its value. */
  badKey?: true
}

function pointerOf(place: Place | undefined): string {
  const segments: string[] = []
  for (let at = place; at?.parent; at = at.parent) segments.push(at.segment)
  return segments.reverse().join('')
}

/**
 * Names every string in a parsed JSON value that cannot be stored. Iterative, and paths are
 * built only for offending places: bodies nested thousands of levels deep must not overflow
 * the stack or cost memory quadratic in their depth.
 */
export function unstorableStrings(value: unknown, path = ''): FieldError[] {
  const errors: FieldError[] = []
  const stack: Place[] = [{ value, segment: path, parent: undefined }]
  const root = stack[0] as Place
  const where = (place: Place) => (place === root ? path : path + pointerOf(place))
  while (stack.length > 0) {
    const place = stack.pop() as Place
    const item = place.value
    if (typeof item === 'string') {
      if (!isStorableString(item)) {
        errors.push({ path: where(place), message: UNSTORABLE })
      }
    } else if (item !== null && typeof item === 'object') {
      const entries = Array.isArray(item) ? item.map((v, i) => [String(i), v] as const) : Object.entries(item)
      const children: Place[] = []
      for (const [key, child] of entries) {
        const childPlace = { value: child, segment: `/${escapePointer(key)}`, parent: place }
        if (!Array.isArray(item) && !isStorableString(key)) {
          children.push({ ...childPlace, value: undefined, badKey: true })
        }
        children.push(childPlace)
      }
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Place)
    } else if (place.badKey) {
      errors.push({ path: where(place), message: 'key must not contain NUL or unpaired surrogates' })
    }
  }
  return errors
}
