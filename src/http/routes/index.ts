import type { FastifyInstance } from 'fastify'
import { forCallers } from '../callers.js'
import { accountRoutes } from './accounts/index.js'
import { auditRoutes } from './audit.js'
import { contactRoutes } from './contacts/index.js'
import { dashboardRoutes } from './dashboard.js'
import { entryRoutes } from './entry.js'
import { erasureRoutes } from './erasure/index.js'
import { fileRoutes, signedFileRoutes } from './files/index.js'
import { formRoutes } from './forms/index.js'
import { invitationRoutes } from './invitations/index.js'
import { unsubscribeRoutes } from './invitations/unsubscribe.js'
import { mailRoutes } from './mail/index.js'
import { memberRoutes } from './members/index.js'
import { tokenRoutes } from './members/tokens.js'
import { oidcRoutes } from './oidc.js'
import { publicRoutes } from './public/index.js'
import { sessionRoutes } from './session.js'
import { systemRoutes } from './system.js'
import { webhookRoutes } from './webhooks/index.js'

// In the order of the OpenAPI document's paths. Only the routes that act for a caller run the
// authentication and the token's rate (forCallers); the others answer anyone.
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(systemRoutes)
  await app.register(
    forCallers(
      formRoutes,
      contactRoutes,
      webhookRoutes,
      invitationRoutes,
      mailRoutes,
      erasureRoutes,
      fileRoutes,
    ),
  )
  await app.register(publicRoutes)
  await app.register(signedFileRoutes)
  await app.register(unsubscribeRoutes)
  await app.register(forCallers(sessionRoutes, accountRoutes))
  await app.register(forCallers(memberRoutes, tokenRoutes))
  await app.register(oidcRoutes)
  await app.register(forCallers(auditRoutes))
  await app.register(dashboardRoutes)
  await app.register(entryRoutes)
}
