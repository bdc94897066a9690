import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { mayReadMetrics, metricsTokenHint, registerProductMetrics } from '../../product-metrics.js'
import { ApiError } from '../errors.js'

// Liveness, readiness and metrics: outside /v1, no token.
export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const Status = Type.Object({ status: Type.String() })
  const tags = ['operations']
  registerProductMetrics(app.metrics.registry, app.ctx.productMetrics)

  app.get(
    '/healthz',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'checkLiveness',
        summary: 'Liveness: the process answers',
        description: 'No token needed.',
        response: { 200: Status },
      },
    },
    async () => ({ status: 'ok' }),
  )

  app.get(
    '/readyz',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'checkReadiness',
        summary: 'Readiness: the database is reachable (503 when not)',
        description: 'No token needed.',
        response: { 200: Status, 503: Status },
      },
    },
    async (request, reply) => {
      try {
        await app.ctx.database.ping()
        return { status: 'ready' }
      } catch (error) {
        request.log.warn({ err: error }, 'database unreachable')
        return reply.code(503).send({ status: 'database unreachable' })
      }
    },
  )

  app.get(
    '/metrics',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'getMetrics',
        summary: 'Prometheus metrics (text exposition format)',
        description:
          'Request counts and latency histograms by route and status, webhook delivery counts, ' +
          'latency and queue depth, product counters (responses stored, contacts added, public ' +
          'submissions refused by kind), and process metrics. No API token; when the server sets ' +
          '`CANVASS_METRICS_TOKEN`, `Authorization: Bearer <that token>` (401 otherwise).',
        response: {
          200: {
            description: 'Prometheus text exposition format.',
            content: { 'text/plain': { schema: { type: 'string' } } },
          },
          401: {
            description: 'CANVASS_METRICS_TOKEN is set and the request did not carry it (`unauthorized`).',
            content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
          },
        },
      },
    },
    async (request, reply) => {
      if (!mayReadMetrics(app.ctx.config.metricsToken, request.headers.authorization)) {
        throw new ApiError('unauthorized', metricsTokenHint, undefined, {
          'www-authenticate': 'Bearer realm="canvass-metrics"',
        })
      }
      reply.type(app.metrics.registry.contentType)
      return app.metrics.registry.metrics()
    },
  )
}
