import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Config } from '../config.js'
import { ApiError } from './errors.js'
import { clientAddressKey } from './rate-limit.js'

// Dashboard sign-ins (docs/api.md#dashboard-sessions): each makes a session that lives for hours,
// so a valid token may sign in only CANVASS_SIGN_IN_TOKEN_LIMIT times a minute, and one client
// address (clientAddressKey, as every limit counts it) CANVASS_SIGN_IN_ADDRESS_LIMIT times with
// whichever tokens. Failed sign-ins are counted by the failed-authentication limit instead.
// A password is different: every attempt counts before the password is checked (a limit counted
// only after a failure would still check, and so confirm, the right password past it), against the
// e-mail address given, a member's or not (CANVASS_SIGN_IN_ACCOUNT_LIMIT), and against the address.
// Counted through the rate-limit plugin's store, as the other limits: in this process, or in
// Redis with CANVASS_REDIS_URL.

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a sign-in of `request.principal` from the request's address; throws past a limit. */
    limitSignIn(request: FastifyRequest): Promise<void>
    /**
     * Counts an attempt to sign in with a password (or to reset one) for `email` from the request's
     * address, before the password is checked; throws past a limit, the same for every address.
     */
    limitPasswordAttempt(request: FastifyRequest, email: string): Promise<void>
  }
}

const WINDOW_MS = 60_000

/** Decorates the app with limitSignIn; call after registerRateLimits. */
export function registerSignInLimits(app: FastifyInstance, config: Config): void {
  // The token first: a sign-in it refuses does not count against the address.
  const byToken = limit(app, config.signInTokenLimit, 'with this token', (request) => {
    return `sign-in:token:${request.principal?.callerId ?? ''}`
  })
  const byAddress = limit(app, config.signInAddressLimit, 'from this address', (request) => {
    return `sign-in:address:${clientAddressKey(request.ip)}`
  })
  app.decorate('limitSignIn', async (request: FastifyRequest) => {
    await byToken(request)
    await byAddress(request)
  })
  // The key generator sees only the request: the e-mail it counts is handed over here.
  const accountOf = new WeakMap<FastifyRequest, string>()
  const byAccount = limit(app, config.signInAccountLimit, 'for this e-mail address', (request) => {
    return `sign-in:account:${accountOf.get(request) ?? ''}`
  })
  app.decorate('limitPasswordAttempt', async (request: FastifyRequest, email: string) => {
    accountOf.set(request, email.trim().toLowerCase())
    await byAccount(request)
    await byAddress(request)
  })
}

function limit(
  app: FastifyInstance,
  perMinute: number,
  whose: string,
  // Keys of their own: every limit of the process shares one store (or one Redis namespace).
  keyGenerator: (request: FastifyRequest) => string,
): (request: FastifyRequest) => Promise<void> {
  if (perMinute === 0) return async () => undefined
  const check = app.createRateLimit({
    max: perMinute,
    timeWindow: WINDOW_MS,
    keyGenerator,
    allowList: () => false,
  })
  return async (request) => {
    const verdict = await check(request)
    if (verdict.isAllowed || !verdict.isExceeded) return
    const seconds = Math.max(1, verdict.ttlInSeconds)
    throw new ApiError('rate_limited', `too many sign-ins ${whose}; retry in ${seconds} s`, undefined, {
      'retry-after': String(seconds),
    })
  }
}
