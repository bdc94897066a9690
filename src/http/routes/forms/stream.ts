import type { ServerResponse } from 'node:http'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { notFound } from '../../../domain/errors.js'
import { redactUrl } from '../../../logger.js'
import { workspaceOf } from '../../auth.js'
import { ApiError } from '../../errors.js'
import { FormParams } from '../../schemas.js'

// docs/api.md#response-stream: new responses of a form as Server-Sent Events. A stream keeps a cursor, the
// submission time of the last response it sent (unique and increasing within a form, and
// unchanged by deletions), and on every wake-up (live.ts) or heartbeat sends what was stored
// after it, oldest first: each response once, in order, whichever process stored it.

const BATCH = 100

interface OpenStream {
  end(): void
}

export async function streamRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { live, config } = app.ctx
  const openByToken = new Map<string, number>()
  const open = new Set<OpenStream>()
  // Fastify's close waits for open requests: streams end first, so `serve` stops promptly on SIGTERM.
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end()
  })

  app.get(
    '/v1/forms/:form_id/responses/stream',
    {
      config: { scope: 'responses:read' },
      schema: {
        tags: ['responses'],
        operationId: 'streamResponses',
        summary: 'New responses as they are stored (Server-Sent Events)',
        description:
          'Each response stored from then on is an event `response` whose `id` is the response id and whose ' +
          '`data` is the listed item. `Last-Event-ID` (header, or the `last_event_id` query) resumes after that ' +
          'response (an id unknown to the form starts from now). A comment line at least every 15 seconds keeps ' +
          `the connection open. At most \`CANVASS_STREAMS_PER_TOKEN\` (default 5) open streams per token and process: ` +
          'past it, `429`.',
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
      const workspaceId = workspaceOf(request)
      const formId = request.params.form_id
      const tokenId = request.principal?.tokenId ?? ''
      let cursor = await live.newest(workspaceId, formId)
      if (cursor === undefined) throw notFound('form', formId)
      const header = request.headers['last-event-id']
      const resumeAfter =
        (typeof header === 'string' ? header.trim() : undefined) || request.query.last_event_id
      if (resumeAfter) cursor = (await live.positionOf(formId, resumeAfter)) ?? cursor
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

      reply.hijack()
      const raw: ServerResponse = reply.raw
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        // The connection ends with the stream: a kept-alive socket would hold up the server's close.
        connection: 'close',
      })
      raw.write(': stream open\n\n')

      let closed = false
      let reading = false
      let again = false
      const send = async (text: string) => {
        if (!raw.write(text) && !closed)
          await new Promise((done) => raw.once('drain', done).once('close', done))
      }
      // One reader at a time; a wake-up during a read makes it read again.
      const catchUp = async () => {
        if (reading) {
          again = true
          return
        }
        reading = true
        try {
          do {
            again = false
            for (;;) {
              const rows = await live.after(formId, cursor as number, BATCH)
              for (const row of rows) {
                if (closed) return
                await send(`event: response\nid: ${row.id}\ndata: ${row.json}\n\n`)
                cursor = row.at
              }
              if (rows.length < BATCH) break
            }
          } while (again && !closed)
        } catch (error) {
          request.log.warn({ err: error }, 'response stream: read failed; retrying at the next wake-up')
        } finally {
          reading = false
        }
      }
      const unfollow = live.follow(formId, () => void catchUp())
      const heartbeat = setInterval(() => {
        raw.write(': keep-alive\n\n')
        void catchUp()
      }, config.streamHeartbeatSeconds * 1000)
      const stream: OpenStream = { end: () => raw.end() }
      open.add(stream)
      raw.once('close', () => {
        closed = true
        clearInterval(heartbeat)
        unfollow()
        open.delete(stream)
        const left = (openByToken.get(tokenId) ?? 1) - 1
        if (left > 0) openByToken.set(tokenId, left)
        else openByToken.delete(tokenId)
        request.log.info(
          { url: redactUrl(request.url), route: request.routeOptions.url, status: 200 },
          'stream closed',
        )
      })
      void catchUp()
      return reply
    },
  )
}
