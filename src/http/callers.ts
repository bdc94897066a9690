import type { FastifyInstance, FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify'
import { recordCalls } from './audit.js'
import { authenticate, type CallerCheck, callerCheck, SessionCache, TokenCache } from './auth.js'

// The routes that act for a caller (a workspace's resources under /v1, the dashboard's session)
// are registered through forCallers: only they run the authentication hook, then the token's
// request rate (CANVASS_RATE_LIMIT); their successful calls are recorded in the audit log
// (audit.ts). Every route of theirs names the scope it needs, `signedIn` or `public`
// (src/http/openapi.ts), and no route outside may name a scope: it would never be authenticated,
// so the app refuses to start.

declare module 'fastify' {
  interface FastifyInstance {
    /** Sessions looked up by cookie; signing out forgets one at once. */
    sessions: SessionCache
    /** Whether a request's token or session is still valid, through the caches requests use. */
    callerStillValid: CallerCheck
    /** Forgets what this process cached of a member's sessions and tokens (removed, demoted, new password). */
    forgetMember(memberId: string): void
    /** Forgets what this process cached of a revoked token and the sessions opened with it. */
    forgetToken(tokenId: string): void
    /** The hook that finds a request's caller; added by forCallers. */
    authenticateCaller: onRequestAsyncHookHandler
  }
}

// Decorates the instances within forCallers, and so the routes they register.
const ACTS_FOR_CALLERS = 'actsForCallers'

/** The caches of tokens and sessions, one per app, and what routes and hooks ask of them. */
export function decorateCallers(app: FastifyInstance): void {
  const { db } = app.ctx.database
  const { clock } = app.ctx
  const tokens = new TokenCache(db, clock)
  const sessions = new SessionCache(db, clock)
  app.decorate('sessions', sessions)
  app.decorate('forgetMember', (memberId: string) => {
    tokens.forgetMember(memberId)
    sessions.forgetMember(memberId)
  })
  app.decorate('forgetToken', (tokenId: string) => {
    tokens.forgetToken(tokenId)
    sessions.forgetToken(tokenId)
  })
  app.decorate('callerStillValid', callerCheck(tokens, sessions, clock))
  app.decorate('authenticateCaller', authenticate(tokens, sessions, app.limitFailedAuthentication))
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    const { scope, signedIn } = route.config ?? {}
    if ((scope || signedIn) && !this.hasDecorator(ACTS_FOR_CALLERS)) {
      throw new Error(`route ${route.method} ${route.url} needs a caller: register it through forCallers`)
    }
  })
}

/** These route plugins, with the caller's authentication, the token's request rate and the audit log. */
export function forCallers(...routes: FastifyPluginAsync[]): FastifyPluginAsync {
  return async (app) => {
    app.decorate(ACTS_FOR_CALLERS, true)
    app.addHook('onRequest', app.authenticateCaller)
    // After authentication: only a request with a caller is counted, by its token.
    if (app.ctx.config.rateLimit > 0) app.addHook('onRequest', app.rateLimit() as onRequestAsyncHookHandler)
    recordCalls(app)
    for (const plugin of routes) await app.register(plugin)
  }
}
