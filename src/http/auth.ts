import type { FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import type { Clock } from '../clock.js'
import type { Db } from '../db/database.js'
import type { Principal } from '../domain/principal.js'
import { findActiveSession } from '../domain/sessions.js'
import { findActiveToken } from '../domain/tokens.js'
import { ApiError } from './errors.js'
import { csrfRefusal, sessionSecretOf, severalSessionCookies } from './session-cookie.js'

// Authentication for every /v1 route: a bearer token, or the dashboard's session cookie, which
// carries its token's scopes and nothing more. Missing, malformed, unknown and revoked
// credentials get the same 401; one without the route's scope gets 403. Look-ups are cached
// briefly so a busy client does not cost a query per request, but never longer than a
// revocation may take to bite on every process (within 5 seconds: docs/api.md#authentication).

/** How long a looked-up token or session answers for without asking the database again. */
export const PRINCIPAL_CACHE_TTL_MS = 2000
const CACHE_MAX = 10_000
const bearerPattern = /^bearer +([A-Za-z0-9_-]{1,256}) *$/i

/** Principals by the secret that names them (a token, or a session's cookie value). */
export class PrincipalCache {
  private readonly entries: LRUCache<string, Principal>

  constructor(
    private readonly clock: Clock,
    private readonly find: (secret: string) => Promise<Principal | undefined>,
  ) {
    // The least recently used goes first; an entry older than the TTL is never answered.
    this.entries = new LRUCache({
      max: CACHE_MAX,
      ttl: PRINCIPAL_CACHE_TTL_MS,
      perf: clock,
      ttlResolution: 0,
    })
  }

  async lookup(token: string): Promise<Principal | undefined> {
    const hit = this.entries.get(token)
    if (hit) return hit
    // Its age counts from before the look-up, as a revocation may have committed during it.
    const start = this.clock.now()
    const principal = await this.find(token)
    if (principal) this.entries.set(token, principal, { start })
    return principal
  }

  /** A signed-out session stops working on this process at once, not after the cache's TTL. */
  forget(secret: string): void {
    this.entries.delete(secret)
  }

  /** A member removed, demoted or with a new password: this process stops answering its old rights at once. */
  forgetMember(memberId: string): void {
    this.forgetWhere((principal) => principal.member?.id === memberId)
  }

  /** A revoked token, and the dashboard sessions opened with it: this process refuses them at once. */
  forgetToken(tokenId: string): void {
    this.forgetWhere((principal) => principal.tokenId === tokenId)
  }

  private forgetWhere(stale: (principal: Principal) => boolean): void {
    const secrets = [...this.entries.entries()].filter(([, principal]) => stale(principal))
    for (const [secret] of secrets) this.entries.delete(secret)
  }
}

export class TokenCache extends PrincipalCache {
  constructor(db: Db, clock: Clock) {
    super(clock, (token) => findActiveToken(db, token))
  }
}

export class SessionCache extends PrincipalCache {
  constructor(db: Db, clock: Clock) {
    super(clock, (secret) => findActiveSession(db, clock, secret))
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

export function authenticate(tokens: TokenCache, sessions: SessionCache, limitFailure?: FailureLimit) {
  return async function onRequest(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const { scope, signedIn, ownForMembers } = request.routeOptions.config
    if (!scope && !signedIn) return
    const principal = await principalOf(request, tokens, sessions)
    if (!principal) {
      // Only failures count, after the look-up: a valid token is never refused for its neighbours.
      await limitFailure?.(request)
      throw unauthorized()
    }
    const ownCall = ownForMembers === true && principal.actor.type === 'member'
    if (scope && !principal.scopes.has(scope) && !ownCall) {
      throw new ApiError('forbidden', `this token lacks the scope ${scope}`)
    }
    request.principal = principal
  }
}

/**
 * Whether the credentials a request came with still name its caller, with the route's scope. An
 * answer that outlives its request (the response stream) asks again while it runs, through the
 * same caches, so a revoked token or an ended session stops it as soon as it would stop a request.
 */
export type CallerCheck = (request: FastifyRequest) => Promise<boolean>

export function callerCheck(tokens: TokenCache, sessions: SessionCache, clock: Clock): CallerCheck {
  return async (request) => {
    const principal = await principalOf(request, tokens, sessions).catch(() => undefined)
    if (!principal || principal.callerId !== request.principal?.callerId) return false
    const { scope } = request.routeOptions.config
    // A cached session may be up to the cache's TTL past its expiry: its own end time decides.
    const expired = principal.expiresAt !== undefined && principal.expiresAt <= clock.nowMicros()
    return !expired && (!scope || principal.scopes.has(scope))
  }
}

/** A bearer token when the request names one; otherwise the session cookie, guarded against CSRF. */
async function principalOf(
  request: FastifyRequest,
  tokens: TokenCache,
  sessions: SessionCache,
): Promise<Principal | undefined> {
  if (request.headers.authorization !== undefined) {
    const match = bearerPattern.exec(request.headers.authorization)
    return match?.[1] ? tokens.lookup(match[1]) : undefined
  }
  const tossed = severalSessionCookies(request)
  if (tossed) throw tossed
  const secret = sessionSecretOf(request)
  if (secret === undefined) return undefined
  const principal = await sessions.lookup(secret)
  if (!principal) return undefined
  const refusal = csrfRefusal(request)
  if (refusal) throw new ApiError('forbidden', refusal)
  return principal
}

/** The workspace of the authenticated caller; every /v1 handler runs after authenticate. */
export function workspaceOf(request: FastifyRequest): string {
  if (!request.principal) throw unauthorized()
  return request.principal.workspaceId
}
