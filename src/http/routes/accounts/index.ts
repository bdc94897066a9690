import type { FastifyInstance } from 'fastify'
import { passwordResetRoutes } from './password-reset.js'
import { profileRoutes } from './profile.js'
import { setupRoutes } from './setup.js'

// A member's own account: the setup link, password reset, the profile (registered with the session
// routes, through forCallers: the profile needs a caller).
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  await app.register(setupRoutes)
  await app.register(passwordResetRoutes)
  await app.register(profileRoutes)
}
