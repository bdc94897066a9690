import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { notFound } from '../../../domain/errors.js'
import { smallItemBytes } from '../../../domain/listing.js'
import { redactUrl } from '../../../logger.js'
import { recordCall } from '../../audit.js'
import { workspaceOf } from '../../auth.js'
import { ApiError } from '../../errors.js'
import { FormParams } from '../../schemas.js'
import { endNotes, Holdings, LiveStream, PLAN_ROWS } from './live-stream.js'

// docs/api.md#response-stream: new responses of a form as Server-Sent Events (live-stream.ts).

export async function streamRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { live, config } = app.ctx
  const { loadedBytes } = app.ctx.responses
  // As the listing does for a page: the items of a read of a form whose items are all this small come with it.
  const smallBytes = smallItemBytes(app.listMemory, PLAN_ROWS, loadedBytes)
  const open = new Set<LiveStream>()
  // Fastify's close waits for open requests: streams end first, so `serve` stops promptly on SIGTERM.
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end(endNotes.stopping)
  })
  const openByToken = new Map<string, number>()
  const takeSlot = (tokenId: string) => {
    const holding = openByToken.get(tokenId) ?? 0
    if (holding >= config.streamsPerToken) {
      throw new ApiError(
        'rate_limited',
        `this token already holds ${holding} open streams, the most allowed (CANVASS_STREAMS_PER_TOKEN)`,
        undefined,
        { 'retry-after': '5' },
      )
    }
    openByToken.set(tokenId, holding + 1)
  }
  const giveSlot = (tokenId: string) => {
    const left = (openByToken.get(tokenId) ?? 1) - 1
    if (left > 0) openByToken.set(tokenId, left)
    else openByToken.delete(tokenId)
  }

  app.get(
    '/v1/forms/:form_id/responses/stream',
    {
      config: { scope: 'responses:read', audit: true },
      schema: {
        tags: ['responses'],
        operationId: 'streamResponses',
        summary: 'New responses as they are stored (Server-Sent Events)',
        description:
          'Each response stored from then on is an event `response` whose `id` is the response id and whose ' +
          '`data` is the listed item. `Last-Event-ID` (header, or the `last_event_id` query) resumes after that ' +
          'response (an id unknown to the form starts from now). A comment line at least every 15 seconds keeps ' +
          `the connection open. At most \`CANVASS_STREAMS_PER_TOKEN\` (default 5) open streams per token and process: ` +
          'past it, `429`. The stream ends, after a comment line saying why, when its token is revoked or its ' +
          'session signed out or expired (within 5 seconds, whichever process serves it), when its form is ' +
          'deleted, and after `CANVASS_STREAM_MAX_SECONDS` (default 3600): resume with `Last-Event-ID` ' +
          '(EventSource does so by itself). Events are read within `CANVASS_LIST_MEMORY` and written as ' +
          'the client takes them; a client that takes nothing of an event for `CANVASS_STREAM_STALL_SECONDS` ' +
          '(default 30) has its connection cut, and resumes the same way.',
        params: FormParams,
        querystring: Type.Object(
          {
            last_event_id: Type.Optional(
              Type.String({ maxLength: 64, description: 'Resume after this response.' }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: {
            description: 'The event stream.',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
        },
      },
    },
    async (request, reply) => {
      // Before the first await: whatever is taken below is given back even if the client hangs up now.
      const holdings = new Holdings(request.raw, reply.raw)
      const workspaceId = workspaceOf(request)
      const formId = request.params.form_id
      const tokenId = request.principal?.callerId ?? ''
      let cursor = await live.newest(workspaceId, formId)
      if (cursor === undefined) throw notFound('form', formId)
      const header = request.headers['last-event-id']
      const resumeAfter =
        (typeof header === 'string' ? header.trim() : undefined) || request.query.last_event_id
      if (resumeAfter) cursor = (await live.positionOf(formId, resumeAfter)) ?? cursor
      if (holdings.over) return reply.hijack()
      takeSlot(tokenId)
      holdings.hold(() => giveSlot(tokenId))
      // Its answer bypasses Fastify's hooks, and so the audit log's: the stream records its start.
      recordCall(fastify, request)
      reply.hijack()
      const stream = new LiveStream({
        raw: reply.raw,
        holdings,
        live,
        budget: app.listMemory,
        loadedBytes,
        smallItemBytes: smallBytes,
        callerStillValid: () => app.callerStillValid(request),
        workspaceId,
        formId,
        cursor,
        clock: app.ctx.clock,
        heartbeatMs: config.streamHeartbeatSeconds * 1000,
        lifetimeMs: config.streamMaxSeconds * 1000,
        stallMs: config.streamStallSeconds * 1000,
        log: request.log,
      })
      open.add(stream)
      holdings.hold(() => {
        open.delete(stream)
        request.log.info(
          { url: redactUrl(request.url), route: request.routeOptions.url, status: 200 },
          'stream closed',
        )
      })
      stream.start({
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        // The connection ends with the stream: a kept-alive socket would hold up the server's close.
        connection: 'close',
      })
      return reply
    },
  )
}
