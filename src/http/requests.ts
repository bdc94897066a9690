import type { FastifyInstance } from 'fastify'
import { rejectUnstorable } from '../domain/errors.js'
import { MemoryBudget } from '../domain/listing.js'
import { redactUrl } from '../logger.js'
import { ApiError } from './errors.js'
import { bodyMemoryGate } from './memory.js'
import { coerceQuery } from './validation.js'

// What every request goes through, whatever answers it (a route, the not-found handler, an
// error): its id, the Host check, the memory gate for large bodies, the check of its query and
// path strings, and one log line and metrics sample once answered.

const requestIdPattern = /^[A-Za-z0-9._:@/+=-]{1,128}$/

/** The request id: the caller's X-Request-Id when it is a sensible one, a new UUID otherwise. */
export function requestIdOf(given: string | string[] | undefined, fresh: () => string): string {
  return typeof given === 'string' && requestIdPattern.test(given) ? given : fresh()
}

export function checkRequests(app: FastifyInstance): void {
  const { bodyLimit, bodyMemory } = app.ctx.config
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id)
    // Node's check is turned off (src/http/app.ts) so that this answer is a problem document.
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      throw new ApiError('validation_failed', 'an HTTP/1.1 request must carry a Host header')
    }
  })
  app.addHook('preParsing', bodyMemoryGate(new MemoryBudget(bodyMemory), bodyLimit))
  // Query and path strings that the databases cannot store faithfully never reach them.
  app.addHook('preValidation', async (request) => {
    for (const part of [request.query, request.params]) {
      if (part && typeof part === 'object') rejectUnstorable(part)
    }
    const query = request.query as Record<string, unknown> | undefined
    if (query && typeof query === 'object') coerceQuery(query, request.routeOptions.schema?.querystring)
  })
}

export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched'
    const labels = { method: request.method, route, status_code: String(reply.statusCode) }
    const seconds = reply.elapsedTime / 1000
    app.metrics.requests.inc(labels)
    app.metrics.duration.observe(labels, seconds)
    request.log.info(
      {
        method: request.method,
        url: redactUrl(request.url),
        route,
        status: reply.statusCode,
        ms: reply.elapsedTime,
      },
      'request',
    )
  })
}
