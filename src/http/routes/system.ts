import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'

// Liveness, readiness and metrics: outside /v1, no token.
export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const Status = Type.Object({ status: Type.String() })

  app.get('/healthz', { schema: { hide: true, response: { 200: Status } } }, async () => ({ status: 'ok' }))

  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: Status, 503: Status } } },
    async (request, reply) => {
      try {
        await app.database.ping()
        return { status: 'ready' }
      } catch (error) {
        request.log.warn({ err: error }, 'database unreachable')
        return reply.code(503).send({ status: 'database unreachable' })
      }
    },
  )

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(app.metrics.registry.contentType)
    return app.metrics.registry.metrics()
  })
}
