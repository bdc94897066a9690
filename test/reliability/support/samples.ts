import type { JsonSchema } from './openapi.js'

// A plain valid value for a JSON schema: the starting point that the hostile generators
// mutate. Domain rules the schema cannot express are supplied per operation (examples.ts).

export function sampleOf(schema: JsonSchema, depth = 0): unknown {
  if (schema.const !== undefined) return schema.const
  if (schema.default !== undefined) return schema.default
  if (schema.enum && schema.enum.length > 0) return schema.enum[0]
  const choice = schema.anyOf ?? schema.oneOf
  if (choice && choice.length > 0) {
    const first = choice.find((option) => option.type !== 'null') ?? choice[0]
    return sampleOf(first as JsonSchema, depth + 1)
  }
  if (schema.allOf && schema.allOf.length > 0) {
    return Object.assign({}, ...schema.allOf.map((part) => sampleOf(part, depth + 1)))
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {}
      for (const name of schema.required ?? []) {
        const property = schema.properties?.[name]
        value[name] = property ? sampleOf(property, depth + 1) : 'x'
      }
      return value
    }
    case 'array': {
      const count = Math.max(schema.minItems ?? 0, depth < 4 && schema.items ? 1 : 0)
      return Array.from({ length: count }, () => sampleOf(schema.items ?? {}, depth + 1))
    }
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1)
    case 'boolean':
      return true
    case 'null':
      return null
    case 'string':
      return sampleString(schema)
    default:
      return 'x'
  }
}

function sampleString(schema: JsonSchema): string {
  switch (schema.format) {
    case 'email':
      return 'sample@example.com'
    case 'uri':
    case 'url':
      return 'http://127.0.0.1:9/sample'
    case 'date':
      return '2026-01-02'
    case 'date-time':
      return '2026-01-02T03:04:05.000000Z'
  }
  const length = Math.max(schema.minLength ?? 1, 1)
  return 'a'.repeat(Math.min(length, schema.maxLength ?? length))
}
