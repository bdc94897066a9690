import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { formatTimestamp } from '../../clock.js'
import { validationFailed } from '../../domain/errors.js'
import type { Principal } from '../../domain/principal.js'
import { ApiError } from '../errors.js'
import { NoQuery, ref, Timestamp } from '../schemas.js'
import { clearSessionCookie, csrfRefusal, sessionSecretOf, setSessionCookie } from '../session-cookie.js'
import { endCarriedSession, recordTokenSignIn, signInWithPassword } from './accounts/member-session.js'
import { EmailField, MemberSchema, memberJson, PasswordField } from './accounts/schemas.js'

// The dashboard signs in here (docs/api.md#dashboard-sessions): a token is exchanged once for an
// HttpOnly session cookie; the session then acts with exactly that token's scopes. A member signs
// in with e-mail and password instead (accounts/member-session.ts) and acts with its role's scopes.

const SessionSchema = Type.Object(
  {
    scopes: Type.Array(Type.String(), {
      description: 'The scopes of the token behind this caller, or of the signed-in member’s role.',
    }),
    expires_at: Type.Union([Timestamp, Type.Null()], {
      description: 'When the session ends; null when the caller used a bearer token.',
    }),
    member: Type.Union([ref(MemberSchema), Type.Null()], {
      description: 'The signed-in member; null for a token (or a session signed in with one).',
    }),
    token: Type.Optional(
      Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()], {
        description: 'The token behind this caller (its id and name); null for a member.',
      }),
    ),
  },
  { $id: 'Session' },
)

/** The token a caller acts as, named for the dashboard's top bar; null for a member. */
function tokenNamed(principal: Principal): { id: string; name: string } | null {
  return principal.actor.type === 'token' ? { id: principal.actor.id, name: principal.actor.name } : null
}

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
})

export async function sessionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['session']
  const lifetimeSeconds = app.ctx.config.sessionHours * 3600

  app.post(
    '/v1/session',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'createSession',
        summary: 'Sign in to the dashboard: with e-mail and password, or an API token, for a session cookie',
        description:
          'Takes either `token`, or `email` and `password` (a member; a wrong e-mail, a wrong password ' +
          'and a member who signs in only through single sign-on all get the same `401`, in the same ' +
          'time). Each password attempt counts, before the password is checked, against ' +
          '`CANVASS_SIGN_IN_ACCOUNT_LIMIT` a minute for that e-mail address (10), a member’s or not, ' +
          'and `CANVASS_SIGN_IN_ADDRESS_LIMIT` for the client address. Every sign-in starts a new ' +
          'session and ends the one the request carried. Sets an `HttpOnly; SameSite=Strict` cookie, `canvass_session` (over https ' +
          '`__Host-canvass_session`, `Secure`), at `Path=/`, and expires copies of it another page ' +
          'of this host may have set at `/v1`, `/v1/` or `/app`. Must come from this server’s own ' +
          'origin with `X-Canvass-CSRF: 1`, like every change made with the cookie. No bearer token ' +
          'needed. At most `CANVASS_SIGN_IN_TOKEN_LIMIT` sign-ins a minute per token (10) and ' +
          '`CANVASS_SIGN_IN_ADDRESS_LIMIT` per client address (30); a token holds at most ' +
          '`CANVASS_SESSIONS_PER_TOKEN` live sessions (50), a new one ending its oldest.',
        querystring: NoQuery,
        body: Type.Object(
          {
            token: Type.Optional(Type.String({ minLength: 1, maxLength: 512, description: 'An API token.' })),
            email: Type.Optional(EmailField),
            password: Type.Optional(PasswordField),
          },
          { additionalProperties: false, description: 'Either `token`, or `email` and `password`.' },
        ),
        response: {
          201: SessionSchema,
          400: problem('Neither a token nor an e-mail and password, or both (`validation_failed`).'),
          401: problem(
            'The token is unknown or revoked, or the e-mail address and password match no member (`unauthorized`).',
          ),
          403: problem('Not from this server’s origin, or without `X-Canvass-CSRF: 1` (`forbidden`).'),
          429: problem(
            'Too many sign-ins with this token, for this e-mail address or from this address, or too ' +
              'many failed authentications from this address (`rate_limited`); see `Retry-After`.',
          ),
        },
      },
    },
    async (request, reply) => {
      // Signing a victim in to an attacker's token is an attack too: the same guard as writes.
      const refusal = csrfRefusal(request)
      if (refusal) throw new ApiError('forbidden', refusal)
      const { token, email, password } = request.body
      if (token === undefined && email !== undefined && password !== undefined) {
        return signInWithPassword(fastify, request, reply, { email, password })
      }
      if (token === undefined || email !== undefined || password !== undefined) {
        throw validationFailed([
          { path: '/token', message: 'send either a token, or an e-mail and a password' },
        ])
      }
      const principal = await app.ctx.sessions.tokenOf(token)
      if (!principal) {
        // Limited first: a flood of wrong tokens is refused before it can fill the audit log.
        await app.limitFailedAuthentication(request)
        await recordTokenSignIn(fastify, request, undefined)
        throw new ApiError(
          'unauthorized',
          'this token is not valid: it is unknown or has been revoked',
          undefined,
          {
            'www-authenticate': 'Bearer realm="canvass"',
          },
        )
      }
      request.principal = principal
      await app.limitSignIn(request)
      await endCarriedSession(fastify, request)
      const session = await app.ctx.sessions.start(principal, lifetimeSeconds * 1_000_000)
      setSessionCookie(request, reply, session.secret, lifetimeSeconds)
      await recordTokenSignIn(fastify, request, principal)
      return reply.code(201).send({
        scopes: [...session.principal.scopes],
        expires_at: formatTimestamp(session.expiresAt),
        member: null,
        token: tokenNamed(principal),
      })
    },
  )

  app.get(
    '/v1/session',
    {
      config: { signedIn: true },
      schema: {
        tags,
        operationId: 'getSession',
        summary: 'Who is calling: the scopes of this token or session, and the member signed in',
        description: 'The dashboard reads it to show only what the scopes allow, and who is signed in.',
        querystring: NoQuery,
        response: { 200: SessionSchema },
      },
    },
    async (request) => {
      const principal = request.principal!
      const viaCookie = request.headers.authorization === undefined
      const member =
        principal.actor.type === 'member' ? await app.ctx.accounts.find(principal.actor.id) : undefined
      return {
        scopes: [...principal.scopes],
        expires_at:
          viaCookie && principal.expiresAt !== undefined ? formatTimestamp(principal.expiresAt) : null,
        member: member ? memberJson(member) : null,
        token: tokenNamed(principal),
      }
    },
  )

  app.delete(
    '/v1/session',
    {
      config: { signedIn: true },
      schema: {
        tags,
        operationId: 'deleteSession',
        summary: 'Sign out: end this session on the server',
        description: 'The cookie stops working at once, on every process within seconds.',
        querystring: NoQuery,
        response: { 204: Type.Null({ description: 'Signed out.' }) },
      },
    },
    async (request, reply) => {
      const secret = sessionSecretOf(request)
      if (secret !== undefined && request.headers.authorization === undefined) {
        await app.ctx.sessions.end(secret)
        app.sessions.forget(secret)
      }
      clearSessionCookie(request, reply)
      return reply.code(204).send(null)
    },
  )
}
