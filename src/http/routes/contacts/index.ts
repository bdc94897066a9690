import type { FastifyInstance } from 'fastify'
import { bulkRoutes } from './bulk.js'
import { contactListRoutes } from './lists.js'

export async function contactRoutes(app: FastifyInstance): Promise<void> {
  await app.register(contactListRoutes)
  await app.register(bulkRoutes)
}
