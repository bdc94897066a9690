import type { FastifyInstance } from 'fastify'

// Headers on every answer (docs/api.md#respondents): no content sniffing, and no framing by other sites.
// The hosted form pages replace the policy with their own, which lets any site frame them.
export function addSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff')
    reply.header('content-security-policy', "frame-ancestors 'none'")
    reply.header('x-frame-options', 'DENY')
  })
}
