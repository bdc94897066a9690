import type { FastifyInstance } from 'fastify'
import { faviconIco } from '../favicon.js'

// What a person's browser asks first: the server's root, which leads to the dashboard, and the
// site icon. No token; outside the API reference.
export async function entryRoutes(app: FastifyInstance): Promise<void> {
  const icon = faviconIco()
  const schema = { hide: true }
  app.get('/', { schema, config: { public: true } }, async (_request, reply) => reply.redirect('/app', 302))
  app.get('/favicon.ico', { schema, config: { public: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=86400').type('image/x-icon').send(icon),
  )
}
