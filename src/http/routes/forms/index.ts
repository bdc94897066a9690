import type { FastifyInstance } from 'fastify'
import { draftRoutes } from './drafts.js'
import { formDefinitionRoutes } from './forms.js'
import { insightsRoutes } from './insights.js'
import { responseRoutes } from './responses.js'
import { simulateRoutes } from './simulate.js'
import { streamRoutes } from './stream.js'

export async function formRoutes(app: FastifyInstance): Promise<void> {
  await app.register(formDefinitionRoutes)
  await app.register(responseRoutes)
  await app.register(draftRoutes)
  await app.register(insightsRoutes)
  await app.register(streamRoutes)
  await app.register(simulateRoutes)
}
