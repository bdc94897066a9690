import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'

// Liveness, readiness and metrics: outside /v1, no token.
export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const Status = Type.Object({ status: Type.String() })
  const tags = ['operations']

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
          'latency and queue depth, and process metrics. No token needed.',
        response: {
          200: {
            description: 'Prometheus text exposition format.',
            content: { 'text/plain': { schema: { type: 'string' } } },
          },
        },
      },
    },
    async (_request, reply) => {
      reply.type(app.metrics.registry.contentType)
      return app.metrics.registry.metrics()
    },
  )
}
