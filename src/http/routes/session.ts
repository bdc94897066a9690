import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { formatTimestamp } from '../../clock.js'
import { ApiError } from '../errors.js'
import { NoQuery, Timestamp } from '../schemas.js'
import { clearSessionCookie, csrfRefusal, sessionSecretOf, setSessionCookie } from '../session-cookie.js'

// The dashboard signs in here (docs/api.md#dashboard-sessions): a token is exchanged once for an
// HttpOnly session cookie; the session then acts with exactly that token's scopes.

const SessionSchema = Type.Object(
  {
    scopes: Type.Array(Type.String(), { description: 'The scopes of the token behind this caller.' }),
    expires_at: Type.Union([Timestamp, Type.Null()], {
      description: 'When the session ends; null when the caller used a bearer token.',
    }),
  },
  { $id: 'Session' },
)

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
        summary: 'Sign in to the dashboard: exchange an API token for a session cookie',
        description:
          'Sets an `HttpOnly; SameSite=Strict` cookie, `canvass_session` (over https ' +
          '`__Host-canvass_session`, `Secure`), at `Path=/`, and expires copies of it another page ' +
          'of this host may have set at `/v1`, `/v1/` or `/app`. Must come from this server’s own ' +
          'origin with `X-Canvass-CSRF: 1`, like every change made with the cookie. No bearer token ' +
          'needed. At most `CANVASS_SIGN_IN_TOKEN_LIMIT` sign-ins a minute per token (10) and ' +
          '`CANVASS_SIGN_IN_ADDRESS_LIMIT` per client address (30); a token holds at most ' +
          '`CANVASS_SESSIONS_PER_TOKEN` live sessions (50), a new one ending its oldest.',
        querystring: NoQuery,
        body: Type.Object(
          { token: Type.String({ minLength: 1, maxLength: 512 }) },
          { additionalProperties: false },
        ),
        response: {
          201: SessionSchema,
          401: problem('The token is unknown or revoked (`unauthorized`).'),
          403: problem('Not from this server’s origin, or without `X-Canvass-CSRF: 1` (`forbidden`).'),
          429: problem(
            'Too many sign-ins with this token or from this address, or too many failed ' +
              'authentications from this address (`rate_limited`); see `Retry-After`.',
          ),
        },
      },
    },
    async (request, reply) => {
      // Signing a victim in to an attacker's token is an attack too: the same guard as writes.
      const refusal = csrfRefusal(request)
      if (refusal) throw new ApiError('forbidden', refusal)
      const principal = await app.ctx.sessions.tokenOf(request.body.token)
      if (!principal) {
        await app.limitFailedAuthentication(request)
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
      const session = await app.ctx.sessions.start(principal, lifetimeSeconds * 1_000_000)
      setSessionCookie(request, reply, session.secret, lifetimeSeconds)
      return reply.code(201).send({
        scopes: [...session.principal.scopes],
        expires_at: formatTimestamp(session.expiresAt),
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
        summary: 'Who is calling: the scopes of this token or session',
        description: 'The dashboard reads it to show only what the scopes allow.',
        querystring: NoQuery,
        response: { 200: SessionSchema },
      },
    },
    async (request) => {
      const principal = request.principal!
      const viaCookie = request.headers.authorization === undefined
      return {
        scopes: [...principal.scopes],
        expires_at:
          viaCookie && principal.expiresAt !== undefined ? formatTimestamp(principal.expiresAt) : null,
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
