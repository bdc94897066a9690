import type { Send } from './fixtures.js'

// The operations of the OpenAPI document Canvass serves, read the way a client reads them.
// Every generated test of this suite enumerates these, so a route that lands is covered
// (or makes the suite fail until it is) without anyone editing a list.

export type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  patternProperties?: Record<string, JsonSchema>
  items?: JsonSchema
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minItems?: number
  maxItems?: number
  default?: unknown
  $ref?: string
  [key: string]: unknown
}

export interface Operation {
  method: string
  /** OpenAPI template, e.g. `/v1/forms/{form_id}`. */
  template: string
  /** `METHOD template`, the key of fixtures and examples. */
  key: string
  scope: string | undefined
  hasSecurity: boolean
  pathParams: Record<string, JsonSchema>
  query: Record<string, JsonSchema>
  body: JsonSchema | undefined
  successStatuses: number[]
}

interface Document {
  paths: Record<string, Record<string, RawOperation>>
  components?: { schemas?: Record<string, JsonSchema> }
}

interface RawOperation {
  description?: string
  tags?: string[]
  security?: unknown[]
  parameters?: { in: string; name: string; schema?: JsonSchema; required?: boolean }[]
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
  responses?: Record<string, unknown>
}

const methods = ['get', 'post', 'put', 'patch', 'delete']

export async function loadDocument(send: Send): Promise<Document> {
  const response = await send({ method: 'GET', url: '/v1/openapi.json', token: null })
  if (response.statusCode !== 200) throw new Error(`GET /v1/openapi.json answered ${response.statusCode}`)
  return response.json() as Document
}

export async function loadOperations(send: Send): Promise<Operation[]> {
  const document = await loadDocument(send)
  const resolve = resolver(document)
  const operations: Operation[] = []
  for (const [template, item] of Object.entries(document.paths)) {
    for (const method of methods) {
      const raw = item[method]
      if (!raw) continue
      // The operational endpoints (health, readiness, metrics, this document, /docs) are public
      // by design and checked by the foundation tests; every other operation is checked here.
      if (raw.tags?.includes('operations')) continue
      // Operations declared `security: []` (the respondent endpoints, docs/api.md#respondents) need no token by
      // design and are checked by test/respondents.
      if (Array.isArray(raw.security) && raw.security.length === 0) continue
      // An event stream never ends, so it cannot be read whole through inject: its 401, 403 and
      // 404 are checked over a socket by test/insights/stream.test.ts.
      if (JSON.stringify(raw.responses ?? {}).includes('text/event-stream')) continue
      const pathParams: Record<string, JsonSchema> = {}
      const query: Record<string, JsonSchema> = {}
      for (const parameter of raw.parameters ?? []) {
        const schema = resolve(parameter.schema ?? {})
        if (parameter.in === 'path') pathParams[parameter.name] = schema
        if (parameter.in === 'query') query[parameter.name] = schema
      }
      const bodySchema = raw.requestBody?.content?.['application/json']?.schema
      const scope = /Needs scope `([^`]+)`/.exec(raw.description ?? '')?.[1]
      operations.push({
        method: method.toUpperCase(),
        template,
        key: `${method.toUpperCase()} ${template}`,
        scope,
        hasSecurity: JSON.stringify(raw.security ?? []).includes('bearer'),
        pathParams,
        query,
        body: bodySchema ? resolve(bodySchema) : undefined,
        successStatuses: Object.keys(raw.responses ?? {})
          .map(Number)
          .filter((status) => status >= 200 && status < 300),
      })
    }
  }
  return operations
}

/** Inlines `$ref`s to components so generators see whole schemas. */
function resolver(document: Document): (schema: JsonSchema) => JsonSchema {
  const components = document.components?.schemas ?? {}
  const inline = (value: unknown, depth: number): unknown => {
    if (depth > 40 || value === null || typeof value !== 'object') return value
    if (Array.isArray(value)) return value.map((item) => inline(item, depth + 1))
    const object = value as Record<string, unknown>
    if (typeof object['$ref'] === 'string') {
      const name = object['$ref'].replace(/^#\/components\/schemas\//, '').replace(/#$/, '')
      const target = components[name]
      if (target) return inline(target, depth + 1)
    }
    return Object.fromEntries(Object.entries(object).map(([key, item]) => [key, inline(item, depth + 1)]))
  }
  return (schema) => inline(schema, 0) as JsonSchema
}

export function fillTemplate(template: string, params: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`no value for path parameter ${name} of ${template}`)
    return encodeURIComponent(value)
  })
}
