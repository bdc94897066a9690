import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../db/database.js'
import { findActiveToken, type TokenPrincipal } from '../domain/tokens.js'
import { ApiError } from './errors.js'

// Bearer-token authentication for every /v1 route. Missing, malformed, unknown and revoked
// tokens get the same 401; a token without the route's scope gets 403. Look-ups are cached
// briefly so a busy client does not cost a query per request, but never longer than a
// revocation may take to bite on every process (within 5 seconds: docs/api.md#authentication).

const CACHE_TTL_MS = 2000
const CACHE_MAX = 10_000
const bearerPattern = /^bearer +([A-Za-z0-9_-]{1,256}) *$/i

export class TokenCache {
  private readonly entries = new Map<string, { principal: TokenPrincipal; expires: number }>()

  constructor(private readonly db: Db) {}

  async lookup(token: string): Promise<TokenPrincipal | undefined> {
    const now = Date.now()
    const hit = this.entries.get(token)
    if (hit && hit.expires > now) return hit.principal
    this.entries.delete(token)
    const principal = await findActiveToken(this.db, token)
    if (principal) {
      if (this.entries.size >= CACHE_MAX) this.entries.delete(this.entries.keys().next().value as string)
      this.entries.set(token, { principal, expires: now + CACHE_TTL_MS })
    }
    return principal
  }
}

export function unauthorized(): ApiError {
  // One answer for a missing, malformed, unknown or revoked token: it must not tell them apart.
  return new ApiError(
    'unauthorized',
    'a valid API token is required: send Authorization: Bearer <token>',
    undefined,
    {
      'www-authenticate': 'Bearer realm="canvass"',
    },
  )
}

/** Counts a failed authentication of this request's client; throws once it is over its limit. */
export type FailureLimit = (request: FastifyRequest) => Promise<void>

export function authenticate(cache: TokenCache, limitFailure?: FailureLimit) {
  return async function onRequest(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const scope = request.routeOptions.config.scope
    if (!scope) return
    const match = bearerPattern.exec(request.headers.authorization ?? '')
    const principal = match?.[1] ? await cache.lookup(match[1]) : undefined
    if (!principal) {
      // Only failures count, after the look-up: a valid token is never refused for its neighbours.
      await limitFailure?.(request)
      throw unauthorized()
    }
    if (!principal.scopes.has(scope)) throw new ApiError('forbidden', `this token lacks the scope ${scope}`)
    request.principal = principal
  }
}

/** The workspace of the authenticated caller; every /v1 handler runs after authenticate. */
export function workspaceOf(request: FastifyRequest): string {
  if (!request.principal) throw unauthorized()
  return request.principal.workspaceId
}
