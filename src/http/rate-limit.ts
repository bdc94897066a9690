import rateLimit, { normalizeIP } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Clock } from '../clock.js'
import type { Config } from '../config.js'
import type { PublicForm } from '../domain/forms/public.js'
import type { FailureLimit } from './auth.js'
import { ApiError } from './errors.js'
import { groupedKey, windowCountsStore } from './limit-store.js'
import { connectSharedCounts } from './shared-limit-store.js'

// Request rates: per token on /v1 (CANVASS_RATE_LIMIT), failed authentications per client address
// (CANVASS_AUTH_FAILURE_LIMIT), public submissions per client address and form
// (CANVASS_PUBLIC_RATE_LIMIT), and requests to personal links per client address
// (CANVASS_LINK_RATE_LIMIT). Counted in this process (limit-store.ts), or, with
// CANVASS_REDIS_URL, in Redis (shared-limit-store.ts), so every process shares one count.

export interface PublicLimitVerdict {
  exceeded: boolean
  /** Whole seconds until the window frees up. */
  retryAfter: number
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a failed authentication of this client; throws once it is over its limit. */
    limitFailedAuthentication: FailureLimit
    /**
     * Finds the form a public submission names, keeps it as request.submittedForm for the route's
     * handler, and counts the submission against the request's address if the form accepts answers.
     */
    countPublicSubmission(request: FastifyRequest, formId: string): Promise<PublicLimitVerdict>
    /**
     * Counts a request to a personal link (`/i/...`) against its client address, whatever it
     * names: guesses of links are limited before any is looked up.
     */
    countLinkRequest(request: FastifyRequest): Promise<PublicLimitVerdict>
  }
  interface FastifyRequest {
    /** The form a public submission names, as countPublicSubmission found it; undefined if none. */
    submittedForm: PublicForm | undefined
  }
}

const PUBLIC_WINDOW_MS = 60_000
const formIdShape = /^[A-Za-z0-9_-]{1,64}$/
const notCounted: PublicLimitVerdict = { exceeded: false, retryAfter: 0 }

/**
 * What every limit counts a client address by: IPv6 by its /64 (one host commonly holds a whole
 * /64), an IPv4-mapped IPv6 address as its IPv4 address, without a port or brackets a proxy
 * may have written into X-Forwarded-For. Takes `request.ip` as it is: undefined once the client
 * has hung up (its socket has no address left), which counts as the address ''.
 */
export function clientAddressKey(ip: string | undefined): string {
  const given = ip ?? ''
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(given)
  const bare = bracketed ? (bracketed[1] as string) : given.replace(/^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/, '$1')
  return normalizeIP(bare)
}

/**
 * Registers the limits' store, decorates the app with the checks routes and hooks make, and
 * `rateLimit()`, the token's rate for the routes that act for a caller (src/http/callers.ts).
 */
export async function registerRateLimits(app: FastifyInstance, config: Config, clock: Clock): Promise<void> {
  const localStore = windowCountsStore(config.rateLimitKeys, clock)
  const shared = config.redisUrl
    ? await connectSharedCounts(
        config.redisUrl,
        config.redisPrefix,
        localStore,
        app.log,
        config.redisTimeoutMs,
      )
    : undefined
  if (shared) app.addHook('onClose', () => shared.close())
  await app.register(rateLimit, {
    // Not on every route: only where forCallers adds it.
    global: false,
    // Bursts up to twice the sustained rate: the window is two seconds wide.
    max: Math.max(1, config.rateLimit * 2),
    timeWindow: 2000,
    enableDraftSpec: true,
    store: shared?.store ?? localStore,
    allowList: (request) => request.principal === null,
    // Only a principal is counted (allowList lets every other request through): no address to key.
    keyGenerator: (request) => (request.principal ? request.principal.callerId : ''),
    errorResponseBuilder: (_request, context) =>
      new ApiError('rate_limited', `too many requests for this token; retry in ${context.after}`),
  })

  const publicLimit = app.createRateLimit({
    max: config.publicRateLimit,
    timeWindow: PUBLIC_WINDOW_MS,
    // Not the token limit's (which lets every request without a token through).
    allowList: () => false,
    // Grouped by form: should every key held be spent, newcomers to one form share a count of their own.
    // A draft's routes name no form in their path: its form was found first (submittedForm).
    keyGenerator: (request) =>
      groupedKey(
        `public:${(request.params as { form_id?: string }).form_id ?? request.submittedForm?.form.id ?? ''}`,
        clientAddressKey(request.ip),
      ),
  })
  app.decorateRequest('submittedForm', undefined)
  app.decorate('countPublicSubmission', async (request: FastifyRequest, formId: string) => {
    // A malformed id names no form (the route's validation answers it): not worth a query.
    if (!formIdShape.test(formId)) return notCounted
    // Found once per submission: the handler reads the form from the request, not again.
    request.submittedForm = await app.ctx.publicForms.find(formId)
    // Only a form that accepts answers can be submitted to: a request naming any other id spends
    // none of the limit's memory, so it cannot crowd out the count of a client that is over it.
    if (config.publicRateLimit === 0 || request.submittedForm?.acceptance !== 'accepting') return notCounted
    const verdict = await publicLimit(request)
    if (verdict.isAllowed) return { exceeded: false, retryAfter: 0 }
    return { exceeded: verdict.isExceeded, retryAfter: Math.max(1, verdict.ttlInSeconds) }
  })
  // Every request to a personal link counts, used, unknown or not: a guess costs one, and an
  // address over its limit learns nothing of the links it tries (docs/api.md#personal-links).
  const linkLimit = app.createRateLimit({
    max: Math.max(1, config.linkRateLimit),
    timeWindow: PUBLIC_WINDOW_MS,
    allowList: () => false,
    keyGenerator: (request) => groupedKey('link', clientAddressKey(request.ip)),
  })
  app.decorate('countLinkRequest', async (request: FastifyRequest) => {
    if (config.linkRateLimit === 0) return notCounted
    const verdict = await linkLimit(request)
    if (verdict.isAllowed) return notCounted
    return { exceeded: verdict.isExceeded, retryAfter: Math.max(1, verdict.ttlInSeconds) }
  })
  const { authFailureLimit } = config
  const limitFailure = authFailureLimit > 0 ? failedAuthenticationLimit(app, authFailureLimit) : undefined
  app.decorate('limitFailedAuthentication', limitFailure ?? (async () => undefined))
}

/** Failed authentications per client address, in the same two-second windows as the token rate. */
function failedAuthenticationLimit(app: FastifyInstance, perSecond: number): FailureLimit {
  const check = app.createRateLimit({
    max: perSecond * 2,
    timeWindow: 2000,
    keyGenerator: (request) => clientAddressKey(request.ip),
    allowList: () => false,
  })
  return async (request) => {
    const limit = await check(request)
    if (limit.isAllowed || !limit.isExceeded) return
    const seconds = Math.max(1, limit.ttlInSeconds)
    throw new ApiError(
      'rate_limited',
      `too many failed authentications from this address; retry in ${seconds} s`,
      undefined,
      { 'retry-after': String(seconds) },
    )
  }
}
