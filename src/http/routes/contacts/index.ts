import type { FastifyInstance } from 'fastify'
import { bulkRoutes } from './bulk.js'
import { contactEditRoutes } from './edit.js'
import { contactListRoutes } from './lists.js'

export async function contactRoutes(app: FastifyInstance): Promise<void> {
  await app.register(contactListRoutes)
  await app.register(bulkRoutes)
  await app.register(contactEditRoutes)
}
