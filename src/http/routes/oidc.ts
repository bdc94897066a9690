import { timingSafeEqual } from 'node:crypto'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { publicBaseUrl } from '../../config.js'
import { OidcFailure, type OidcMember, oidcService } from '../../domain/team/oidc.js'
import { ApiError } from '../errors.js'
import { clientAddressKey } from '../rate-limit.js'
import { NoQuery } from '../schemas.js'
import { setSessionCookie } from '../session-cookie.js'
import { endCarriedSession } from './accounts/member-session.js'

// Single sign-on with OpenID Connect (docs/api.md#single-sign-on). The dashboard's sign-in page
// asks which ways of signing in there are, sends the browser to /v1/session/oidc, which sends it
// on to the provider; the provider sends it back to the callback, which signs the member in with
// the session cookie of a password sign-in and leads to the dashboard. A failure leads to the
// sign-in page with `?error=<reason>` (src/shared/oidc-errors.ts), never to an error page.
// The state also travels in a short-lived cookie, so a callback finishes only the sign-in its own
// browser began (a link carrying someone else's code cannot sign a victim in as someone else).
// SameSite=Lax, not Strict: the provider's redirect back is a navigation from another site.

const STATE_COOKIE = 'canvass_oidc'
const statePattern = /^[A-Za-z0-9_-]{20,128}$/
const STATE_COOKIE_SECONDS = 600
const SIGN_IN_PAGE = '/app/sign-in'
const CALLBACK_PATH = '/v1/session/oidc/callback'

const MethodsSchema = Type.Object({
  password: Type.Boolean({ description: 'Members sign in with e-mail and password.' }),
  token: Type.Boolean({ description: 'An API token signs in (for developers).' }),
  oidc: Type.Boolean({
    description: 'Single sign-on with the OpenID provider of `CANVASS_OIDC_ISSUER` is configured.',
  }),
})

const Redirect = (description: string) =>
  Type.Null({
    description: `${description} (\`Location\`).`,
  })

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
})

const notConfigured = () =>
  new ApiError('not_found', 'single sign-on is not configured here (CANVASS_OIDC_ISSUER is not set)')

export async function oidcRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { config, sessions, audit } = app.ctx
  const tags = ['session']
  const lifetimeSeconds = config.sessionHours * 3600
  const oidc = config.oidc && oidcService(app.ctx.database, app.ctx.clock, config.oidc)
  const redirectUri = `${publicBaseUrl(config)}${CALLBACK_PATH}`
  const limitBegin = beginLimit(app, config.signInAddressLimit)

  /** Leads to the sign-in page with the reason, after recording the failure in the audit log. */
  async function failed(request: FastifyRequest, reply: FastifyReply, failure: OidcFailure) {
    request.log.info({ reason: failure.reason, details: failure.details }, 'single sign-on failed')
    const workspaceId = await oidc?.workspace()
    if (workspaceId !== undefined) {
      await audit.record({
        workspaceId,
        action: 'session.sign_in_failed',
        address: request.ip,
        details: { method: 'oidc', reason: failure.reason, ...failure.details },
      })
    }
    return reply.redirect(`${SIGN_IN_PAGE}?error=${failure.reason}`, 302)
  }

  app.get(
    '/v1/session/methods',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'getSignInMethods',
        summary: 'The ways to sign in to the dashboard',
        description:
          'The sign-in page reads it to offer single sign-on when it is configured. No token needed.',
        querystring: NoQuery,
        response: { 200: MethodsSchema },
      },
    },
    async () => ({ password: true, token: true, oidc: oidc !== undefined }),
  )

  app.get(
    '/v1/session/oidc',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'beginSingleSignOn',
        summary: 'Sign in with the OpenID provider: go to its sign-in page',
        description:
          'A browser navigation, not an API call: answers `302` to the provider’s authorization ' +
          'endpoint (authorization code with PKCE S256, a state and a nonce valid 10 minutes) and ' +
          'sets a `canvass_oidc` cookie (over https `__Host-canvass_oidc`) binding the state to this ' +
          'browser. When the provider cannot be reached or is not the configured issuer, `302` to ' +
          '`/app/sign-in?error=provider_unavailable` or `?error=issuer_mismatch`. At most ' +
          '`CANVASS_SIGN_IN_ADDRESS_LIMIT` a minute per client address. No token needed.',
        querystring: Type.Object(
          {
            return_to: Type.Optional(
              Type.String({
                description: 'Where in the dashboard to land after signing in (default `/app/`).',
                pattern: "^/app/(?![/\\\\])[A-Za-z0-9._~!$&'()*+,;=:@%/?#-]*$",
                maxLength: 512,
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          302: Redirect('To the provider, or to the sign-in page with the reason it is unavailable'),
          404: problem('Single sign-on is not configured (`not_found`).'),
          429: problem('Too many sign-ins from this address (`rate_limited`); see `Retry-After`.'),
        },
      },
    },
    async (request, reply) => {
      if (!oidc) throw notConfigured()
      await limitBegin(request)
      try {
        const { url, state } = await oidc.begin(redirectUri, request.query.return_to ?? null)
        reply.header('set-cookie', stateCookie(request, state, STATE_COOKIE_SECONDS))
        return reply.header('cache-control', 'no-store').redirect(url, 302)
      } catch (error) {
        if (error instanceof OidcFailure) return failed(request, reply, error)
        throw error
      }
    },
  )

  app.get(
    CALLBACK_PATH,
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'finishSingleSignOn',
        summary: 'Where the OpenID provider sends the browser back',
        description:
          'Checks the answer (state and this browser’s `canvass_oidc` cookie, single use; the ID ' +
          'token’s issuer, audience, nonce, expiry and signature against the provider’s keys; PKCE at ' +
          'the token endpoint), requires `email_verified`, signs in the member with that e-mail ' +
          '(any case), or makes one with `CANVASS_OIDC_ROLE` and no password, sets the session ' +
          'cookie of `createSession` and answers `302` to `/app/`. Otherwise `302` to ' +
          '`/app/sign-in?error=<reason>` (docs/api.md#single-sign-on), recorded in the audit log as ' +
          '`session.sign_in_failed`. No token needed.',
        querystring: Type.Object(
          {
            code: Type.Optional(Type.String({ maxLength: 4096, description: 'From the provider.' })),
            state: Type.Optional(Type.String({ maxLength: 512, description: 'From the provider.' })),
          },
          { additionalProperties: Type.String({ maxLength: 4096 }) },
        ),
        response: {
          302: Redirect('To the dashboard, signed in; or to the sign-in page with the reason'),
          404: problem('Single sign-on is not configured (`not_found`).'),
          429: problem('Too many failed authentications from this address (`rate_limited`).'),
        },
      },
    },
    async (request, reply) => {
      if (!oidc) throw notConfigured()
      const browserState = stateCookieOf(request)
      // The state is done with, whatever happens next.
      reply.header('set-cookie', stateCookie(request, '', 0))
      try {
        const { state } = request.query
        if (state === undefined || browserState === undefined || !sameSecret(state, browserState)) {
          throw new OidcFailure('invalid_state', 'this sign-in was not started in this browser', {
            state: state === undefined ? 'missing' : 'not this browser’s',
          })
        }
        const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : ''
        const { member, returnTo } = await oidc.complete(new URL(`${redirectUri}${query}`), state)
        await signIn(request, reply, member)
        return reply.header('cache-control', 'no-store').redirect(returnTo ?? '/app/', 302)
      } catch (error) {
        if (!(error instanceof OidcFailure)) throw error
        // Every failure counts against the address, as a wrong token does: this is a guessing target.
        await app.limitFailedAuthentication(request)
        return failed(request, reply, error)
      }
    },
  )

  async function signIn(request: FastifyRequest, reply: FastifyReply, member: OidcMember): Promise<void> {
    await endCarriedSession(fastify, request)
    const session = await sessions.startMember(member.id, lifetimeSeconds * 1_000_000)
    setSessionCookie(request, reply, session.secret, lifetimeSeconds)
    await audit.record({
      workspaceId: member.workspaceId,
      actor: { type: 'member', id: member.id, name: member.name },
      action: 'session.sign_in',
      target: { type: 'member', id: member.id },
      address: request.ip,
      details: { method: 'oidc', joined: member.joined, ...(member.joined ? { role: member.role } : {}) },
    })
  }
}

function stateCookieName(request: FastifyRequest): string {
  return request.protocol === 'https' ? `__Host-${STATE_COOKIE}` : STATE_COOKIE
}

function stateCookie(request: FastifyRequest, state: string, maxAgeSeconds: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : ''
  return `${stateCookieName(request)}=${state}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax${secure}`
}

/** The state cookie, when the request carries exactly one of the right shape. */
function stateCookieOf(request: FastifyRequest): string | undefined {
  const name = stateCookieName(request)
  const values = (request.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${name}=`))
    .map((part) => part.slice(name.length + 1))
  const [value] = values
  return values.length === 1 && value !== undefined && statePattern.test(value) ? value : undefined
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** Sign-ins begun per client address a minute: each stores a login for 10 minutes. */
function beginLimit(app: FastifyInstance, perMinute: number): (request: FastifyRequest) => Promise<void> {
  if (perMinute === 0) return async () => undefined
  const check = app.createRateLimit({
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `sign-in:oidc:${clientAddressKey(request.ip)}`,
    allowList: () => false,
  })
  return async (request) => {
    const verdict = await check(request)
    if (verdict.isAllowed || !verdict.isExceeded) return
    const seconds = Math.max(1, verdict.ttlInSeconds)
    throw new ApiError(
      'rate_limited',
      `too many sign-ins from this address; retry in ${seconds} s`,
      undefined,
      {
        'retry-after': String(seconds),
      },
    )
  }
}
