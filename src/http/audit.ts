import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AuditEvent } from '../domain/audit/log.js'

// The audit log's record of API calls (docs/api.md#audit-log), in one place: every successful
// call of a caller to a route that changes something (any method but GET and HEAD), and the reads
// a route marks `audit: true` (responses listed, exported or streamed). The action is the
// operation's id; the target what the route's last path parameter names, or for a create the id
// of what it created; the other path parameters, the query's listing parameters and a few harmless body fields (ids,
// a role, scopes) are the details. Never a body's content: answers, secrets, passwords, tokens.
// Public routes (sign-in, respondents) record themselves, if at all.

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Whether the audit log records a successful call: by default every call with a caller but a
     * read (GET, HEAD); `true` for a read worth recording, `false` for a route that records itself.
     */
    audit?: boolean
  }
}

// The query parameters a record keeps: those that shape a listing. Free text (`query`, `title`) may
// hold an address or anything else a person typed, and outlive its erasure; a cursor may carry
// the values it sorts by, a stream's last event id is any text; codes and states are credentials.
// None of them is kept.
const keptParameters = new Set([
  'page',
  'page_size',
  'since',
  'until',
  'sort',
  'status',
  'kind',
  'format',
  'limit',
  'action',
  'actor',
  'included_response_ids',
  'included_tokens',
])
const MAX_TEXT = 2000

/** Records every audited call of the routes registered in this plugin (callers.ts adds it). */
export function recordCalls(app: FastifyInstance): void {
  const created = new WeakMap<FastifyRequest, string>()
  // What is queued is written before the app's database may close.
  app.addHook('onClose', async () => {
    await app.ctx.audit.flush()
  })
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode === 201 && audited(request)) {
      const id = (payload as { id?: unknown } | null)?.id
      if (typeof id === 'string') created.set(request, id)
    }
    return payload
  })
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 || !audited(request)) return payload
    const createdId = reply.statusCode === 201 ? (created.get(request) ?? idInText(payload)) : undefined
    recordCall(app, request, createdId)
    return payload
  })
}

function audited(request: FastifyRequest): boolean {
  const { audit, public: isPublic } = request.routeOptions.config
  if (audit !== undefined) return audit
  return !isPublic && request.method !== 'GET' && request.method !== 'HEAD'
}

/** Queues the event of this call; a route whose answer is not sent through Fastify (a stream) calls it itself. */
export function recordCall(app: FastifyInstance, request: FastifyRequest, createdId?: string): void {
  const principal = request.principal
  if (!principal) return
  const route = request.routeOptions.url ?? ''
  const params = (request.params ?? {}) as Record<string, string>
  const { target, others } = targetOf(route, params, createdId)
  const event: AuditEvent = {
    workspaceId: principal.workspaceId,
    actor: principal.actor,
    action: request.routeOptions.schema?.operationId ?? `${request.method} ${route}`,
    target,
    address: request.ip,
  }
  const details = { ...others, ...queryDetails(request.query), ...bodyDetails(request.body) }
  if (Object.keys(details).length > 0) event.details = details
  app.ctx.audit.queue(event)
}

/** `contact-lists` -> `contact_list`, `deliveries` -> `delivery`. */
function singular(segment: string): string {
  const name = segment.replace(/-/g, '_')
  if (name.endsWith('ies')) return `${name.slice(0, -3)}y`
  return name.endsWith('s') ? name.slice(0, -1) : name
}

interface RouteShape {
  /** The path's parameters in order, each with the type of what it names. */
  params: { name: string; type: string }[]
  /** What a create in it makes, when the path ends in a collection (`/v1/forms`: `form`). */
  collection: string | undefined
}

// Derived from a route's path alone, once per route: a pure cache, not state.
const shapes = new Map<string, RouteShape>()

function shapeOf(route: string): RouteShape {
  const known = shapes.get(route)
  if (known) return known
  const segments = route.split('/').filter((segment) => segment !== '')
  const params = segments.flatMap((segment, index) => {
    if (!segment.startsWith(':')) return []
    const name = segment.slice(1)
    const before = segments[index - 1] ?? ''
    const type = before === '' || before.startsWith(':') ? name.replace(/_id$/, '') : before
    return [{ name, type: singular(type) }]
  })
  const last = segments.at(-1) ?? ''
  const shape = {
    params,
    collection: !last.startsWith(':') && last.endsWith('s') ? singular(last) : undefined,
  }
  shapes.set(route, shape)
  return shape
}

/**
 * The thing a call acted on: what it created, named after the collection it was created in (the
 * path's last segment), else what the last path parameter names (after the segment before it).
 * The other path parameters are details; so is what an action made (`.../redeliver`).
 */
function targetOf(route: string, params: Record<string, string>, createdId: string | undefined) {
  const shape = shapeOf(route)
  const present = shape.params.filter(({ name }) => params[name] !== undefined)
  const others: Record<string, string> = {}
  let target: AuditEvent['target'] = null
  if (createdId !== undefined && shape.collection) target = { type: shape.collection, id: createdId }
  else {
    const acted = present.pop()
    if (acted) target = { type: acted.type, id: params[acted.name] as string }
    if (createdId !== undefined) others['created_id'] = createdId
  }
  for (const { name } of present) others[name] = params[name] as string
  return { target, others }
}

/** The id at the start of a JSON text sent as it is (a stored response). */
function idInText(payload: unknown): string | undefined {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return undefined
  const head = typeof payload === 'string' ? payload.slice(0, 120) : payload.subarray(0, 120).toString()
  return /^\{\s*"id"\s*:\s*"([A-Za-z0-9_-]{1,64})"/.exec(head)?.[1]
}

function shortText(value: unknown): unknown {
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value
  return value
}

function queryDetails(query: unknown): Record<string, unknown> {
  const details: Record<string, unknown> = {}
  if (!query || typeof query !== 'object') return details
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && keptParameters.has(name)) details[name] = shortText(value)
  }
  return details
}

function bodyDetails(body: unknown): Record<string, unknown> {
  const details: Record<string, unknown> = {}
  if (!body || typeof body !== 'object' || Array.isArray(body)) return details
  for (const [name, value] of Object.entries(body)) {
    const isId = name.endsWith('_id') && typeof value === 'string'
    const isScopes = Array.isArray(value) && value.every((item) => typeof item === 'string')
    const harmless = name === 'role' ? typeof value === 'string' : name === 'scopes' && isScopes
    if (isId || harmless) details[name] = shortText(value)
  }
  return details
}
