import Ajv, { type ErrorObject } from 'ajv'
import addFormats from 'ajv-formats'
import type { FastifySchemaCompiler } from 'fastify'
import { parseTimestamp } from '../clock.js'
import { isStorableString } from '../domain/strings.js'
import { type FieldError, validationFailed } from './errors.js'

// Values are validated as sent, with no type coercion: "5" is not a number in a body.
// Query values are strings on the wire; coerceQuery turns the ones that are plainly written
// integers or booleans into numbers and booleans first (Ajv's own coercion would accept
// "0x10", "1e2" and "Infinity"). Every error is collected so one answer names every place.

const ajv = addFormats.default(
  new Ajv.default({
    allErrors: true,
    removeAdditional: false,
    useDefaults: true,
    strict: false,
    coerceTypes: false,
  }),
)

// Timestamps in queries (`since`, `until`): checked with the rest of the query, so one answer
// names every bad parameter.
ajv.addFormat('timestamp', { type: 'string', validate: (text: string) => parseTimestamp(text) !== undefined })

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema }) => ajv.compile(schema as object)

// Leading zeros are allowed (`page=01` is page 1); at most 15 digits keeps it exact.
const integerText = /^-?[0-9]{1,15}$/

export function coerceQuery(query: Record<string, unknown>, schema: unknown): void {
  const properties = (schema as { properties?: Record<string, { type?: string }> } | undefined)?.properties
  if (!properties) return
  for (const [name, value] of Object.entries(query)) {
    const type = properties[name]?.type
    if (typeof value !== 'string') continue
    if (type === 'integer' && integerText.test(value)) query[name] = Number(value)
    else if (type === 'boolean' && (value === 'true' || value === 'false')) query[name] = value === 'true'
  }
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1')
}

function describe(error: ErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return 'is required'
    case 'additionalProperties':
      return 'is not a known property'
    case 'format':
      if (error.params.format === 'email') return 'must be an e-mail address'
      if (error.params.format === 'timestamp') return 'must be an ISO 8601 timestamp or Unix seconds'
      return `must be a valid ${error.params.format}`
    default:
      return error.message ?? 'is invalid'
  }
}

export function fieldErrorsFromAjv(errors: ErrorObject[]): FieldError[] {
  const seen = new Set<string>()
  const result: FieldError[] = []
  for (const error of errors) {
    let path = error.instancePath
    if (error.keyword === 'required') path += `/${escapePointer(String(error.params.missingProperty))}`
    if (error.keyword === 'additionalProperties')
      path += `/${escapePointer(String(error.params.additionalProperty))}`
    const field = { path, message: describe(error) }
    const key = `${field.path}\0${field.message}`
    if (!seen.has(key)) {
      seen.add(key)
      result.push(field)
    }
  }
  return result
}

export { isStorableString }

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
        errors.push({ path: where(place), message: 'must not contain NUL or unpaired surrogates' })
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

export function rejectUnstorable(value: unknown): void {
  const errors = unstorableStrings(value)
  if (errors.length > 0) throw validationFailed(errors)
}
