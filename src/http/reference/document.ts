// The API reference page's reading of the OpenAPI document (src/http/reference/page.tsx renders it):
// operations grouped by tag in the document's order, and every schema flattened into rows of fields,
// so a person reads `settings.thank_you.title` in a table instead of unfolding JSON Schema by hand.

export interface Schema {
  $ref?: string
  type?: string | string[]
  format?: string
  description?: string
  enum?: unknown[]
  const?: unknown
  default?: unknown
  pattern?: string
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  minItems?: number
  maxItems?: number
  required?: string[]
  properties?: Record<string, Schema>
  additionalProperties?: boolean | Schema
  items?: Schema
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
}

interface Parameter {
  name: string
  in: string
  required?: boolean
  description?: string
  schema?: Schema
}

interface Media {
  schema?: Schema
}

interface Operation {
  operationId?: string
  summary?: string
  description?: string
  tags?: string[]
  parameters?: Parameter[]
  security?: unknown[]
  requestBody?: { required?: boolean; description?: string; content?: Record<string, Media> }
  responses?: Record<string, { description?: string; content?: Record<string, Media> }>
}

export interface OpenApiDocument {
  info: { title: string; version: string; description?: string }
  servers?: { url: string; description?: string }[]
  tags?: { name: string; description?: string }[]
  paths: Record<string, Record<string, Operation>>
  components?: {
    schemas?: Record<string, Schema>
    securitySchemes?: Record<
      string,
      { type: string; scheme?: string; in?: string; name?: string; description?: string }
    >
  }
}

/** A schema's type as a reader names it: its kind and, for a named schema, the link to it. */
export type TypeName = { text: string } | { schema: string } | { list: TypeName } | { either: TypeName[] }

export interface Field {
  /** `settings.thank_you.title`; `questions[].title` for the items of a list. */
  name: string
  depth: number
  /** Where a parameter goes: path, query or header. */
  location?: string
  type: TypeName
  required: boolean
  description?: string
  /** Limits and allowed values, each one short line: `1 to 1000 characters`, `one of: a, b`. */
  rules: string[]
}

export interface Body {
  mediaType: string
  /** The body as a whole (`array of Form`, a named schema, `string`). */
  type: TypeName
  fields: Field[]
}

export interface ReferenceOperation {
  id: string
  method: string
  path: string
  summary: string
  description?: string
  public: boolean
  parameters: Field[]
  requestBody?: Body & { required: boolean; description?: string }
  responses: { status: string; description: string; bodies: Body[] }[]
  /** Error statuses that mean what they mean everywhere (Reference.errors), named, not repeated. */
  commonErrors: string[]
}

export interface ReferenceSection {
  tag: string
  description?: string
  operations: ReferenceOperation[]
}

export interface NamedSchema {
  name: string
  description?: string
  type: TypeName
  fields: Field[]
}

export interface Reference {
  title: string
  version: string
  description?: string
  servers: { url: string; description?: string }[]
  security: { name: string; description: string }[]
  sections: ReferenceSection[]
  /** The problem responses most operations share, described once. */
  errors: { status: string; description: string }[]
  schemas: NamedSchema[]
}

const methods = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options'] as const
/** Nested inline objects deeper than this are named, not unfolded (none is, today). */
const MAX_DEPTH = 6

const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1)

const isNull = (schema: Schema) => schema.type === 'null'

function typeName(schema: Schema): TypeName {
  if (schema.$ref) return { schema: refName(schema.$ref) }
  const choices = schema.anyOf ?? schema.oneOf
  if (choices) return { either: choices.map(typeName) }
  if (schema.allOf?.length === 1 && schema.allOf[0]) return typeName(schema.allOf[0])
  if (Array.isArray(schema.type)) return { either: schema.type.map((type) => ({ text: type })) }
  if (schema.type === 'array') return { list: schema.items ? typeName(schema.items) : { text: 'any' } }
  if (schema.const !== undefined) return { text: `${typeof schema.const}` }
  if (schema.type === 'object' && !schema.properties && typeof schema.additionalProperties === 'object') {
    return { text: `object of ${textOf(typeName(schema.additionalProperties))}` }
  }
  if (!schema.type) return { text: 'any' }
  return { text: schema.format ? `${schema.type} (${schema.format})` : schema.type }
}

function textOf(type: TypeName): string {
  if ('text' in type) return type.text
  if ('schema' in type) return type.schema
  if ('list' in type) return `array of ${textOf(type.list)}`
  return type.either.map(textOf).join(' or ')
}

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

function range(low: number | undefined, high: number | undefined, unit: string): string | undefined {
  if (low !== undefined && high !== undefined) return `${low} to ${high}${unit}`
  if (low !== undefined) return `at least ${low}${unit}`
  if (high !== undefined) return `at most ${high}${unit}`
  return undefined
}

/** The limits of a schema and of the choices of an `X or null`, each one short line. */
function rulesOf(schema: Schema): string[] {
  const rules: string[] = []
  const add = (rule: string | undefined) => {
    if (rule && !rules.includes(rule)) rules.push(rule)
  }
  if (schema.const !== undefined) add(`always ${shown(schema.const)}`)
  if (schema.enum) add(`one of: ${schema.enum.map(shown).join(', ')}`)
  add(range(schema.minimum, schema.maximum, ''))
  add(range(schema.minLength, schema.maxLength, ' characters'))
  add(range(schema.minItems, schema.maxItems, ' items'))
  if (schema.pattern) add(`matches ${schema.pattern}`)
  if (schema.default !== undefined) add(`default ${shown(schema.default)}`)
  for (const choice of schema.anyOf ?? schema.oneOf ?? []) {
    if (!choice.$ref && !isNull(choice)) for (const rule of rulesOf(choice)) add(rule)
  }
  return rules
}

/** The description of a field: its own, or that of its one non-null choice. */
function descriptionOf(schema: Schema): string | undefined {
  if (schema.description) return schema.description
  const choices = (schema.anyOf ?? schema.oneOf ?? []).filter((choice) => !isNull(choice) && !choice.$ref)
  return choices.length === 1 ? choices[0]?.description : undefined
}

/** The inline object whose fields a row unfolds: itself, its items, or its one non-null choice. */
function unfolded(schema: Schema): { object: Schema; suffix: string } | undefined {
  if (schema.properties) return { object: schema, suffix: '.' }
  if (schema.type === 'array' && schema.items?.properties) return { object: schema.items, suffix: '[].' }
  const choices = (schema.anyOf ?? schema.oneOf ?? []).filter((choice) => !isNull(choice))
  if (choices.length === 1 && choices[0]) return unfolded(choices[0])
  return undefined
}

/** The rows of an object's fields, nested objects unfolded beneath their field. */
export function fieldsOf(object: Schema, prefix = '', depth = 0): Field[] {
  const rows: Field[] = []
  const required = new Set(object.required ?? [])
  for (const [name, schema] of Object.entries(object.properties ?? {})) {
    const description = descriptionOf(schema)
    rows.push({
      name: `${prefix}${name}`,
      depth,
      type: typeName(schema),
      required: required.has(name),
      ...(description ? { description } : {}),
      rules: rulesOf(schema),
    })
    const inner = unfolded(schema)
    if (inner && depth < MAX_DEPTH)
      rows.push(...fieldsOf(inner.object, `${prefix}${name}${inner.suffix}`, depth + 1))
  }
  return rows
}

function bodyOf(mediaType: string, media: Media): Body {
  const schema = media.schema ?? {}
  const inner = schema.$ref ? undefined : unfolded(schema)
  return {
    mediaType,
    type: schema.properties ? { text: 'object' } : typeName(schema),
    fields: inner ? fieldsOf(inner.object, inner.suffix === '[].' ? '[].' : '') : [],
  }
}

function parameterField(parameter: Parameter): Field {
  const schema = parameter.schema ?? {}
  const description = parameter.description ?? descriptionOf(schema)
  return {
    name: parameter.name,
    depth: 0,
    location: parameter.in,
    type: typeName(schema),
    // A query value with a default may be left out, whatever `required` says of the validated value.
    required: Boolean(parameter.required) && schema.default === undefined,
    ...(description ? { description } : {}),
    rules: rulesOf(schema),
  }
}

function operationOf(method: string, path: string, operation: Operation): ReferenceOperation {
  // Path parameters first, as they appear in the URL, then the query.
  const parameters = [...(operation.parameters ?? [])].sort(
    (a, b) => Number(b.in === 'path') - Number(a.in === 'path'),
  )
  const body = operation.requestBody
  const [bodyType, bodyMedia] = Object.entries(body?.content ?? {})[0] ?? []
  return {
    id: operation.operationId ?? `${method}-${path}`,
    method: method.toUpperCase(),
    path,
    summary: operation.summary ?? `${method.toUpperCase()} ${path}`,
    ...(operation.description ? { description: operation.description } : {}),
    public: Array.isArray(operation.security) && operation.security.length === 0,
    parameters: parameters.map(parameterField),
    ...(body && bodyType && bodyMedia
      ? {
          requestBody: {
            ...bodyOf(bodyType, bodyMedia),
            required: Boolean(body.required),
            ...(body.description ? { description: body.description } : {}),
          },
        }
      : {}),
    responses: Object.entries(operation.responses ?? {}).map(([status, response]) => ({
      status,
      description: response.description ?? '',
      bodies: Object.entries(response.content ?? {}).map(([mediaType, media]) => bodyOf(mediaType, media)),
    })),
    commonErrors: [],
  }
}

/** Per error status, the description most operations give it; the operations that give it lose the row. */
function shareErrors(operations: ReferenceOperation[]): { status: string; description: string }[] {
  const counts = new Map<string, Map<string, number>>()
  for (const operation of operations) {
    for (const response of operation.responses) {
      if (Number(response.status) < 400) continue
      const byText = counts.get(response.status) ?? new Map<string, number>()
      byText.set(response.description, (byText.get(response.description) ?? 0) + 1)
      counts.set(response.status, byText)
    }
  }
  const errors = [...counts]
    .map(([status, byText]) => {
      const [description, count] = [...byText].sort((a, b) => b[1] - a[1])[0] ?? ['', 0]
      return { status, description, count }
    })
    .filter((error) => error.count > 1)
    .sort((a, b) => a.status.localeCompare(b.status))
  for (const operation of operations) {
    const common = new Set(
      operation.responses
        .filter((response) =>
          errors.some((e) => e.status === response.status && e.description === response.description),
        )
        .map((response) => response.status),
    )
    operation.commonErrors = [...common]
    operation.responses = operation.responses.filter((response) => !common.has(response.status))
  }
  return errors.map(({ status, description }) => ({ status, description }))
}

export function referenceOf(document: OpenApiDocument): Reference {
  const sections = new Map<string, ReferenceSection>()
  for (const tag of document.tags ?? []) {
    sections.set(tag.name, {
      tag: tag.name,
      ...(tag.description ? { description: tag.description } : {}),
      operations: [],
    })
  }
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of methods) {
      const operation = item[method]
      if (!operation) continue
      const tag = operation.tags?.[0] ?? 'other'
      if (!sections.has(tag)) sections.set(tag, { tag, operations: [] })
      sections.get(tag)?.operations.push(operationOf(method, path, operation))
    }
  }
  const schemes = document.components?.securitySchemes ?? {}
  const errors = shareErrors([...sections.values()].flatMap((section) => section.operations))
  return {
    title: document.info.title,
    version: document.info.version,
    ...(document.info.description ? { description: document.info.description } : {}),
    servers: document.servers ?? [],
    security: Object.entries(schemes).map(([name, scheme]) => ({
      name:
        scheme.type === 'http'
          ? `HTTP ${scheme.scheme ?? ''} (${name})`
          : `${scheme.name ?? name} in ${scheme.in ?? 'header'}`,
      description: scheme.description ?? '',
    })),
    sections: [...sections.values()].filter((section) => section.operations.length > 0),
    errors,
    schemas: Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => ({
      name,
      ...(schema.description ? { description: schema.description } : {}),
      type: schema.properties ? { text: 'object' } : typeName(schema),
      fields: schema.properties ? fieldsOf(schema) : [],
    })),
  }
}
