import type { FieldError } from '../shared/field-error.js'

// How deep a JSON body nests, read off its text before it is parsed: parsing a body of a few MB
// nested thousands of levels takes V8 tens of milliseconds (a hostile definition of 1,000 rules
// nested 200 deep, 2 MB: ~50 ms), and no Canvass body needs more than a few dozen levels (a
// condition tree of the deepest kind allowed, 8, is 16 levels of JSON inside a definition).

/** The deepest a large JSON body may nest: objects and arrays inside one another. */
export const JSON_DEPTH_MAX = 64
/**
 * Bodies longer than this (256 Ki characters) are checked before they are parsed; a shorter one,
 * however deep, parses in a few ms.
 */
export const DEPTH_CHECKED_CHARS = 256 * 1024

const OPEN_OBJECT = 0x7b // {
const OPEN_ARRAY = 0x5b // [
const CLOSE_OBJECT = 0x7d // }
const CLOSE_ARRAY = 0x5d // ]
const QUOTE = 0x22 // "
const BACKSLASH = 0x5c // \
const COMMA = 0x2c // ,
const COLON = 0x3a // :

interface Frame {
  array: boolean
  /** The element's index being read (arrays); where the member's key is in the text (objects). */
  at: number
  keyEnd: number
  expectKey: boolean
}

const escapeSegment = (segment: string | number) => String(segment).replace(/~/g, '~0').replace(/\//g, '~1')

/** A key as written between its quotes, decoded (its escapes are JSON's). */
function keyOf(raw: string): string {
  if (!raw.includes('\\')) return raw
  try {
    return JSON.parse(`"${raw}"`) as string
  } catch {
    return raw
  }
}

/**
 * The problem of a body nested deeper than `max`, at the pointer of the first value that is;
 * undefined when it is not. Text that is not JSON is read as far as its brackets go: one that
 * opens too many is refused here, the rest by the parser (a 400 either way).
 */
export function jsonDepthProblem(text: string, max = JSON_DEPTH_MAX): FieldError | undefined {
  const stack: Frame[] = []
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at)
    if (code === QUOTE) {
      // Strings are skipped whole, to their closing quote (indexOf is fast).
      const end = closingQuote(text, at + 1)
      const top = stack.at(-1)
      if (top !== undefined && !top.array && top.expectKey) {
        top.at = at + 1
        top.keyEnd = end
      }
      at = end
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (stack.length >= max) {
        const segment = (frame: Frame) => (frame.array ? frame.at : keyOf(text.slice(frame.at, frame.keyEnd)))
        const path = stack.map((frame) => `/${escapeSegment(segment(frame))}`).join('')
        return { path, message: `is nested more than ${max} levels deep` }
      }
      const array = code === OPEN_ARRAY
      stack.push({ array, at: 0, keyEnd: 0, expectKey: !array })
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) stack.pop()
    else if (code === COMMA) {
      const top = stack.at(-1)
      if (top?.array) top.at++
      else if (top) top.expectKey = true
    } else if (code === COLON) {
      const top = stack.at(-1)
      if (top && !top.array) top.expectKey = false
    }
  }
  return undefined
}

/** Where the string whose text starts at `start` ends: its closing quote (one no backslash escapes). */
function closingQuote(text: string, start: number): number {
  let end = text.indexOf('"', start)
  while (end > 0) {
    let backslashes = 0
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++
    if (backslashes % 2 === 0) return end
    end = text.indexOf('"', end + 1)
  }
  return text.length
}
