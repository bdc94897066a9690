import type { FastifyInstance } from 'fastify'
import { publicApiRoutes } from './api.js'
import { publicPageRoutes } from './pages.js'

// docs/api.md#respondents: everything a respondent without a token reaches.
export async function publicRoutes(app: FastifyInstance): Promise<void> {
  await app.register(publicApiRoutes)
  await app.register(publicPageRoutes)
}
