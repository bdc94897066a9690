import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { type TSchema, Type } from 'typebox'
import { formatTimestamp, parseTimestamp, timestampSpanMicros } from '../../clock.js'
import type { AuditEventRow, AuditPosition } from '../../domain/audit/listing.js'
import { type FieldError, validationFailed } from '../../domain/errors.js'
import { workspaceOf } from '../auth.js'
import { ref, Timestamp } from '../schemas.js'

// The audit log (docs/api.md#audit-log), read only: no route changes or deletes an event.

const Nullable = <T extends TSchema>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description })

export const AuditEventSchema = Type.Object(
  {
    id: Type.String(),
    at: Timestamp,
    actor: Type.Object(
      {
        type: Type.Union([Type.Literal('member'), Type.Literal('token'), Type.Literal('system')]),
        id: Nullable(Type.String(), "The member's or token's id; null for Canvass itself."),
        name: Nullable(Type.String(), 'Its name when the event was recorded.'),
      },
      { description: 'Who did it: a signed-in member, a token, or Canvass itself (`system`).' },
    ),
    action: Type.String({
      description:
        "The operation's id for a call of the API (e.g. `createForm`, `listResponses`), or an event the " +
        'server names itself (e.g. `session.sign_in`, `session.sign_in_failed`).',
    }),
    target: Nullable(
      Type.Object({ type: Type.String(), id: Nullable(Type.String(), 'Its id.') }),
      'What it was done to, e.g. `{"type": "form", "id": "frm_..."}`; null when nothing in particular.',
    ),
    address: Nullable(Type.String(), 'The client address (CANVASS_TRUST_PROXY applies); null for Canvass.'),
    details: Nullable(
      Type.Record(Type.String(), Type.Unknown()),
      'More about it: other ids of the path, the query, a role or scopes given. Never secrets or answers.',
    ),
  },
  { $id: 'AuditEvent' },
)

export const AuditPage = Type.Object(
  {
    items: Type.Array(ref(AuditEventSchema)),
    next_cursor: Nullable(Type.String(), 'Pass as `cursor` for the next (older) events; null at the end.'),
  },
  { $id: 'AuditPage', description: 'Events newest first; a `Link` header names the next page (rel `next`).' },
)

const AuditQuery = Type.Object(
  {
    since: Type.Optional(
      Type.String({ format: 'timestamp', description: 'Events at or after: ISO 8601 or Unix seconds.' }),
    ),
    until: Type.Optional(
      Type.String({
        format: 'timestamp',
        description:
          'Events at or before: ISO 8601 or Unix seconds (a bound without fraction includes its second).',
      }),
    ),
    actor: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        pattern: '^[A-Za-z0-9_-]+$',
        description: 'A member or token id, or an actor type: `member`, `token` or `system`.',
      }),
    ),
    action: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        pattern: '^[A-Za-z0-9_.:-]+$',
        description: 'Only this action.',
      }),
    ),
    limit: Type.Integer({
      minimum: 1,
      maximum: 1000,
      default: 50,
      description: 'Events per page (1..1000).',
    }),
    cursor: Type.Optional(
      Type.String({ maxLength: 200, description: 'The `next_cursor` of the previous page.' }),
    ),
  },
  { additionalProperties: false },
)

/** A page's end as an opaque cursor: the time and id of its last event. */
function cursorOf(event: AuditEventRow): string {
  return Buffer.from(`${event.at}.${event.id}`).toString('base64url')
}

function positionOf(cursor: string, errors: FieldError[]): AuditPosition | undefined {
  const match = /^(\d{1,17})\.([A-Za-z0-9_-]{1,64})$/.exec(Buffer.from(cursor, 'base64url').toString())
  if (!match) errors.push({ path: '/cursor', message: 'is not a cursor this API gave' })
  return match ? { at: Number(match[1]), id: match[2] as string } : undefined
}

function eventOf(row: AuditEventRow) {
  return {
    id: row.id,
    at: formatTimestamp(row.at),
    actor: { type: row.actor_type, id: row.actor_id, name: row.actor_name },
    action: row.action,
    target: row.target_type === null ? null : { type: row.target_type, id: row.target_id },
    address: row.address,
    details: row.details === null ? null : (JSON.parse(row.details) as Record<string, unknown>),
  }
}

function nextLink(request: FastifyRequest, cursor: string): string {
  const url = new URL(request.url, 'http://canvass.invalid')
  url.searchParams.set('cursor', cursor)
  return `<${url.pathname}${url.search}>; rel="next"`
}

export async function auditRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/v1/audit',
    {
      config: { scope: 'audit:read' },
      schema: {
        tags: ['audit'],
        operationId: 'listAuditEvents',
        summary: 'The audit log, newest first',
        description:
          'Every change made through the API, every listing, export and stream of responses, every sign-in ' +
          'and failed sign-in, every change of members and tokens: who, what, to what, from where. ' +
          'Filters combine; `since`/`until` bound the time. Paged by `cursor`. No operation changes or ' +
          'deletes events: they are kept `CANVASS_AUDIT_DAYS` (365). Owners and admins hold the scope.',
        querystring: AuditQuery,
        response: { 200: ref(AuditPage) },
      },
    },
    async (request, reply) => {
      const { since, until, actor, action, limit, cursor } = request.query
      const errors: FieldError[] = []
      // The schema has checked both (format `timestamp`).
      const from = since === undefined ? undefined : parseTimestamp(since)
      const to =
        until === undefined ? undefined : (parseTimestamp(until) as number) + timestampSpanMicros(until) - 1
      if (from !== undefined && to !== undefined && from > to) {
        errors.push({ path: '/since', message: 'must not be after until' })
      }
      const after = cursor === undefined ? undefined : positionOf(cursor, errors)
      if (errors.length > 0) throw validationFailed(errors)
      const filter = { since: from, until: to, actor, action }
      const { events, more } = await app.ctx.audit.list(workspaceOf(request), filter, limit, after)
      const last = events.at(-1)
      const next = more && last ? cursorOf(last) : null
      if (next) reply.header('link', nextLink(request, next))
      return { items: events.map(eventOf), next_cursor: next }
    },
  )
}
