import type { FastifyInstance } from 'fastify'
import { contactRoutes } from './contacts/index.js'
import { dashboardRoutes } from './dashboard.js'
import { formRoutes } from './forms/index.js'
import { publicRoutes } from './public/index.js'
import { sessionRoutes } from './session.js'
import { systemRoutes } from './system.js'
import { webhookRoutes } from './webhooks/index.js'

export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(systemRoutes)
  await app.register(formRoutes)
  await app.register(contactRoutes)
  await app.register(webhookRoutes)
  await app.register(publicRoutes)
  await app.register(sessionRoutes)
  await app.register(dashboardRoutes)
}
