import Ajv, { type ErrorObject } from 'ajv'
import addFormats from 'ajv-formats'
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify'
import { parseTimestamp } from '../clock.js'
import { type FieldError, validationFailed } from '../domain/errors.js'
import { escapePointer } from '../shared/storable.js'

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
    // Errors carry the offending value, so a message can quote it.
    verbose: true,
  }),
)

// Timestamps in queries (`since`, `until`): checked with the rest of the query, so one answer
// names every bad parameter.
ajv.addFormat('timestamp', { type: 'string', validate: (text: string) => parseTimestamp(text) !== undefined })

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema }) => ajv.compile(schema as object)

/**
 * A named schema that request schemas refer to by `$ref: 'Name#'` (as the OpenAPI document's
 * components are): known to the validator from the start, since routes are compiled without
 * Fastify's shared schemas.
 */
export function sharedSchema<T extends { $id?: string }>(schema: T): T {
  if (schema.$id !== undefined && !ajv.getSchema(schema.$id)) ajv.addSchema(schema as object)
  return schema
}

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

function describe(error: ErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return 'is required'
    case 'additionalProperties':
      return 'is not a known property'
    case 'enum': {
      const allowed = (error.params.allowedValues as unknown[]).map(String).join(', ')
      return `must be one of ${allowed}; got ${quoted(error.data)}`
    }
    case 'format':
      if (error.params.format === 'email') return 'must be an e-mail address'
      if (error.params.format === 'timestamp') return 'must be an ISO 8601 timestamp or Unix seconds'
      return `must be a valid ${error.params.format}`
    default:
      return error.message ?? 'is invalid'
  }
}

/**
 * A value as a person would write it in JSON, cut short if long. Only scalars are written out: an
 * array or object may be nested thousands of levels deep, and serialising it would overflow the stack.
 */
function quoted(value: unknown): string {
  if (Array.isArray(value)) return 'an array'
  if (value !== null && typeof value === 'object') return 'an object'
  const text =
    typeof value === 'string'
      ? JSON.stringify(value.length > 200 ? value.slice(0, 200) : value)
      : String(value)
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
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

/** For POSTs that take no body: none, or an empty JSON object (a schema cannot say "optional body"). */
export async function noBody(request: FastifyRequest): Promise<void> {
  const body = request.body
  if (body === undefined || body === null) return
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw validationFailed([{ path: '', message: 'must be empty or an empty JSON object' }])
  }
  const keys = Object.keys(body)
  if (keys.length > 0) {
    throw validationFailed(keys.map((key) => ({ path: `/${key}`, message: 'is not a known property' })))
  }
}
