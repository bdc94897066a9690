import fc from 'fast-check'
import type { PlannedRequest } from './fixtures.js'
import type { JsonSchema, Operation } from './openapi.js'

// Hostile requests, generated. A case is a list of mutations drawn by fast-check; it is
// applied at run time to the operation's valid request (validRequest), so the ids in it are
// always those of live fixtures. Every mutation keeps to what a client can put on the wire.

/** A JSON fragment spliced verbatim into the body text (what JSON.stringify cannot write). */
export class Raw {
  constructor(readonly text: string) {}
}

export interface WireRequest {
  method: string
  url: string
  headers: Record<string, string>
  payload?: string
}

interface Draft {
  method: string
  params: Record<string, string>
  query: [string, string][]
  body: unknown
  rawBody?: string
  contentType: string | undefined
  headers: Record<string, string>
  duplicateKey?: Raw
  truncateAt?: number
  /** Every property name the operation's body schema knows, at any depth. */
  schemaKeys: string[]
}

type Mutation = (draft: Draft) => void

const deep = (depth: number, open: string, close: string, inner = '1') =>
  new Raw(open.repeat(depth) + inner + close.repeat(depth))

const hostileStrings = [
  '',
  ' ',
  'a'.repeat(300),
  'a'.repeat(70_000),
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🧪👩‍👩‍👧',
  '\u202Eevil\u202C',
  'e\u0301\u0301\u0301',
  '\uFEFF\u2028\u2029',
  '\u0000',
  'nul\u0000inside',
  '\ud800',
  'lone \udfff surrogate',
  "'; drop table forms; --",
  '" or 1=1 --',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log-injection payload, on purpose
  '${jndi:ldap://127.0.0.1/a}',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  'NaN',
  '-1',
  '1e999',
  '2026-02-30',
  'not-an-email@',
  'javascript:alert(1)',
  'http://[::1]:99999/x',
  'file:///etc/passwd',
]

const hostileValues: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    -0.5,
    1.5,
    1e308,
    -1e308,
    2 ** 53 + 1,
    -(2 ** 63),
    Number.MAX_SAFE_INTEGER,
    [],
    {},
    [null],
    [[[]]],
    { a: { b: { c: {} } } },
    new Raw('1e999'),
    new Raw('-1e999'),
    new Raw('123456789012345678901234567890'),
    new Raw('-0'),
    new Raw('1.0'),
    new Raw('"\\ud800"'),
    new Raw('"a\\u0000b"'),
    new Raw('"\\udc00\\ud800"'),
    new Raw('{"__proto__":{"polluted":true}}'),
    new Raw('{"constructor":{"prototype":{"polluted":true}}}'),
    new Raw('{"prototype":{"polluted":true}}'),
    new Raw('{"a":1,"a":2}'),
  ),
  fc.constantFrom(...hostileStrings),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: 50, max: 100_000 }).map((depth) => deep(depth, '[', ']')),
  fc.integer({ min: 50, max: 100_000 }).map((depth) => deep(depth, '[', ']', '"\\u0000"')),
  fc.integer({ min: 50, max: 20_000 }).map((depth) => deep(depth, '{"a":', '}', '"\\ud800"')),
  fc.double(),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map((value) => new Raw(value.toString())),
)

const hostileKeys = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    '',
    'a'.repeat(300),
    'ключ',
    '🔑',
    '$where',
    'toString',
    'hasOwnProperty',
    'unknown_field',
  ),
  fc.string({ maxLength: 12 }),
)

const oddSegments = [
  '%',
  '%zz',
  '%0',
  '%00',
  '%2F',
  '%2f..%2f',
  '%2e%2e',
  '..',
  '.',
  '%C0%AF',
  '%ED%A0%80',
  '%F0%9F%98%80',
  '%FF%FE',
  '%E2%80%AE',
  '%uD800',
  'a'.repeat(65),
  'a'.repeat(5000),
  '%20',
  '+',
  'frm_doesnotexist',
  'x;y',
  'x%3By',
  '%3F',
  '%23',
  "'",
  '%22%3E%3Cscript%3E',
]

const queryNames = [
  'page',
  'page_size',
  'since',
  'until',
  'sort',
  'format',
  'included_response_ids',
  'included_tokens',
  '__proto__',
  'constructor',
  'page[]',
  'page[a]',
  'unknown',
  '',
  '%zz',
]

const queryValues = [
  '',
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  'Infinity',
  'NaN',
  '99999999999999999999',
  '1001',
  'true',
  'null',
  '%zz',
  '%',
  '%00',
  '%ED%A0%80',
  'a'.repeat(10_000),
  encodeURIComponent('𝔘𝔫𝔦'),
  'a,b,,c',
  ','.repeat(2000),
  '2026-13-45T99:99:99Z',
  'submitted_at,sideways',
  'csv%0d%0aSet-Cookie:x',
]

const contentTypes = [
  undefined,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/jsonx',
  'APPLICATION/JSON',
  'application/json;',
  'application/merge-patch+json',
  'application/json, text/plain',
  '*/*',
  '',
]

const rawBodies = [
  '',
  ' ',
  'null',
  '[]',
  '"text"',
  '0',
  'true',
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":NaN}',
  '\uFEFF{}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '[' + '['.repeat(10_000) + ']'.repeat(10_000) + ']',
  '{"a":"' + 'x'.repeat(300_000) + '"}',
  'a=1&b=2',
  '\u0000',
]

/** Every JSON pointer into a value, the root included, as key paths. */
function pathsOf(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(prefix)
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) pathsOf(item, [...prefix, index], out)
  } else if (value !== null && typeof value === 'object' && !(value instanceof Raw)) {
    for (const [key, item] of Object.entries(value)) pathsOf(item, [...prefix, key], out)
  }
  return out
}

function clone(value: unknown): unknown {
  if (value === undefined || value instanceof Raw) return value
  if (Array.isArray(value)) return value.map(clone)
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) define(copy, key, clone(item))
    return copy
  }
  return value
}

/** Own property even for `__proto__`, so JSON.stringify writes it. */
function define(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

function setAt(draft: Draft, pick: number, value: unknown) {
  const paths = pathsOf(draft.body)
  const path = paths[pick % paths.length] ?? []
  if (path.length === 0) {
    draft.body = clone(value)
    return
  }
  const parent = path
    .slice(0, -1)
    .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], draft.body)
  define(parent as Record<string, unknown>, String(path.at(-1)), clone(value))
}

function removeAt(draft: Draft, pick: number) {
  const paths = pathsOf(draft.body).filter((path) => path.length > 0)
  const path = paths[pick % Math.max(paths.length, 1)]
  if (!path) {
    draft.body = undefined
    return
  }
  const parent = path
    .slice(0, -1)
    .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], draft.body)
  if (Array.isArray(parent)) parent.splice(Number(path.at(-1)), 1)
  else delete (parent as Record<string, unknown>)[String(path.at(-1))]
}

function addKey(draft: Draft, pick: number, key: string, value: unknown) {
  const objects = pathsOf(draft.body)
    .map((path) => path.reduce<unknown>((at, k) => (at as Record<string, unknown>)[k], draft.body))
    .filter((at) => at !== null && typeof at === 'object' && !Array.isArray(at) && !(at instanceof Raw))
  const target = objects[pick % Math.max(objects.length, 1)]
  if (target) define(target as Record<string, unknown>, key, clone(value))
  else {
    const body: Record<string, unknown> = {}
    define(body, key, clone(value))
    draft.body = body
  }
}

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.tuple(fc.nat(), hostileValues).map(
    ([pick, value]): Mutation =>
      (d) =>
        setAt(d, pick, value),
  ),
  fc.nat().map(
    (pick): Mutation =>
      (d) =>
        removeAt(d, pick),
  ),
  fc.tuple(fc.nat(), hostileKeys, hostileValues).map(
    ([pick, key, value]): Mutation =>
      (d) =>
        addKey(d, pick, key, value),
  ),
  hostileValues.map(
    (value): Mutation =>
      (d) => {
        d.duplicateKey = value instanceof Raw ? value : new Raw(JSON.stringify(value ?? null) ?? 'null')
      },
  ),
  fc.constantFrom(...contentTypes).map(
    (type): Mutation =>
      (d) => {
        d.contentType = type
        if (d.body === undefined) d.body = {}
      },
  ),
  fc.nat().map(
    (at): Mutation =>
      (d) => {
        d.truncateAt = at
      },
  ),
  fc.constantFrom(...rawBodies).map(
    (text): Mutation =>
      (d) => {
        d.rawBody = text
        d.contentType ??= 'application/json'
      },
  ),
  fc
    .tuple(fc.nat(), fc.oneof(fc.constantFrom(...oddSegments), fc.string({ maxLength: 20 }).map(safeEncode)))
    .map(
      ([pick, segment]): Mutation =>
        (d) => {
          const names = Object.keys(d.params)
          const name = names[pick % Math.max(names.length, 1)]
          if (name) d.params[name] = segment
        },
    ),
  fc
    .tuple(
      fc.oneof(fc.constantFrom(...queryNames), fc.string({ maxLength: 8 }).map(safeEncode)),
      fc.oneof(fc.constantFrom(...queryValues), fc.string({ maxLength: 30 }).map(safeEncode)),
      fc.boolean(),
    )
    .map(
      ([name, value, replace]): Mutation =>
        (d) => {
          if (replace) d.query = d.query.filter(([existing]) => existing !== name)
          d.query.push([name, value])
        },
    ),
  fc
    .constantFrom(
      { 'x-request-id': 'a'.repeat(500) },
      { 'x-request-id': '../../etc' },
      { 'idempotency-key': 'k'.repeat(300) },
      { 'idempotency-key': '' },
      { accept: 'text/html' },
      { 'content-encoding': 'gzip' },
      { 'transfer-encoding': 'chunked' },
    )
    .map(
      (headers): Mutation =>
        (d) => {
          Object.assign(d.headers, headers)
        },
    ),
)

/** encodeURIComponent that never throws: lone surrogates go out as raw percent bytes. */
function safeEncode(text: string): string {
  try {
    return encodeURIComponent(text)
  } catch {
    return [...text].map((char) => (char.isWellFormed() ? encodeURIComponent(char) : '%ED%A0%80')).join('')
  }
}

const keyCache = new WeakMap<object, string[]>()

function keysOf(schema: JsonSchema | undefined): string[] {
  if (!schema) return []
  const cached = keyCache.get(schema)
  if (cached) return cached
  const keys = new Set<string>()
  const walk = (node: unknown, depth: number) => {
    if (depth > 30 || node === null || typeof node !== 'object') return
    if (Array.isArray(node)) {
      for (const item of node) walk(item, depth + 1)
      return
    }
    const properties = (node as JsonSchema).properties
    if (properties) for (const key of Object.keys(properties)) keys.add(key)
    for (const value of Object.values(node)) walk(value, depth + 1)
  }
  walk(schema, 0)
  const result = [...keys]
  keyCache.set(schema, result)
  return result
}

export const hostileCase = fc.array(mutation, { minLength: 1, maxLength: 3 })

let rawCounter = 0

function serialise(body: unknown): string {
  const raws = new Map<string, string>()
  const text = JSON.stringify(body, (_key, value) => {
    if (value instanceof Raw) {
      const marker = `\u0001raw${rawCounter++}\u0001`
      raws.set(marker, value.text)
      return marker
    }
    return typeof value === 'bigint' ? Number(value) : value
  })
  if (text === undefined) return ''
  let result = text
  for (const [marker, raw] of raws) result = result.replace(JSON.stringify(marker), raw)
  return result
}

/** The valid request of operation, with the case's mutations applied, as sent on the wire. */
export function render(
  operation: Operation,
  valid: PlannedRequest,
  params: Record<string, string>,
  mutations: Mutation[],
): WireRequest {
  const draft: Draft = {
    method: operation.method,
    params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, encodeURIComponent(v)])),
    query: Object.entries(valid.query).map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)]),
    body: clone(valid.body),
    contentType: valid.body === undefined ? undefined : 'application/json',
    headers: {},
    schemaKeys: keysOf(operation.body),
  }
  for (const mutate of mutations) mutate(draft)
  const path = operation.template.replace(/\{([^}]+)\}/g, (_, name: string) => draft.params[name] ?? '')
  const search = draft.query.map(([k, v]) => `${k}=${v}`).join('&')
  let payload = draft.rawBody ?? (draft.body === undefined ? undefined : serialise(draft.body))
  if (payload !== undefined && draft.duplicateKey && payload.startsWith('{') && payload.length > 2) {
    const firstKey = /^\{("(?:[^"\\]|\\.)*"):/.exec(payload)?.[1] ?? '"k"'
    payload = `{${firstKey}:${draft.duplicateKey.text},${payload.slice(1)}`
  }
  if (payload !== undefined && draft.truncateAt !== undefined && payload.length > 1) {
    payload = payload.slice(0, draft.truncateAt % payload.length)
  }
  const headers: Record<string, string> = { ...draft.headers }
  if (draft.contentType !== undefined && payload !== undefined) headers['content-type'] = draft.contentType
  return { method: draft.method, url: search ? `${path}?${search}` : path, headers, payload }
}
