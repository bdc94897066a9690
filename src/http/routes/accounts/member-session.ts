import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { formatTimestamp } from '../../../clock.js'
import type { MemberView } from '../../../domain/team/accounts.js'
import { scopesOfRole } from '../../../domain/team/roles.js'
import type { TokenPrincipal } from '../../../domain/tokens.js'
import { ApiError } from '../../errors.js'
import { sessionSecretOf, setSessionCookie } from '../../session-cookie.js'
import { memberJson } from './schemas.js'

// A member's dashboard session, started where it proves who it is: a password, a setup code, a
// changed password. Always a new session id (the one the request carried, if any, ends: an
// attacker who planted a cookie does not share the session that follows), in the cookie of
// section 9.

/** The one answer to every failed password sign-in: it never says which part was wrong. */
export function wrongCredentials(): ApiError {
  return new ApiError('unauthorized', 'this e-mail address and password do not match a member', undefined, {
    'www-authenticate': 'Bearer realm="canvass"',
  })
}

/** Ends the session the request carried, if any: a sign-in never continues a session someone planted. */
export async function endCarriedSession(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const previous = sessionSecretOf(request)
  if (previous === undefined) return
  await app.ctx.sessions.end(previous)
  app.sessions.forget(previous)
}

/** Starts a session for the member, sets its cookie, and answers with the Session shape. */
export async function startMemberCookie(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  member: MemberView,
) {
  const lifetimeSeconds = app.ctx.config.sessionHours * 3600
  await endCarriedSession(app, request)
  const lifetimeMicros = lifetimeSeconds * 1_000_000
  const session = await app.ctx.sessions.startMember(member.id, lifetimeMicros)
  setSessionCookie(request, reply, session.secret, lifetimeSeconds)
  // Starting the session recorded the sign-in's time: the answer shows it.
  const signedInAt = session.expiresAt - lifetimeMicros
  return {
    scopes: [...scopesOfRole(member.role)],
    expires_at: formatTimestamp(session.expiresAt),
    member: memberJson({ ...member, lastSignInAt: signedInAt }),
  }
}

/**
 * `POST /v1/session` with `{email, password}`: counted against the limits before the password is
 * checked, the same 401 whichever part was wrong, every outcome in the audit log.
 */
export async function signInWithPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  credentials: { email: string; password: string },
) {
  await app.limitPasswordAttempt(request, credentials.email)
  const outcome = await app.ctx.accounts.checkSignIn(credentials.email, credentials.password)
  const address = request.ip ?? null
  if (!outcome.ok) {
    if (outcome.workspaceId !== undefined) {
      await app.ctx.audit.record({
        workspaceId: outcome.workspaceId,
        action: 'session.sign_in_failed',
        ...(outcome.memberId ? { target: { type: 'member', id: outcome.memberId } } : {}),
        address,
        // What was typed is kept only when it is a member's address: it may be a password typed
        // in the wrong field, or the address of someone erased since.
        details: outcome.memberId
          ? { method: 'password', email: credentials.email.trim().toLowerCase() }
          : { method: 'password' },
      })
    }
    await app.limitFailedAuthentication(request)
    throw wrongCredentials()
  }
  const { member } = outcome
  const session = await startMemberCookie(app, request, reply, member)
  await app.ctx.audit.record({
    workspaceId: member.workspaceId,
    actor: { type: 'member', id: member.id, name: member.name },
    action: 'session.sign_in',
    target: { type: 'member', id: member.id },
    address,
    details: { method: 'password' },
  })
  return reply.code(201).send(session)
}

/** A sign-in with a token, in the audit log: its workspace's, or (an unknown token) the oldest one's. */
export async function recordTokenSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  principal: TokenPrincipal | undefined,
): Promise<void> {
  const address = request.ip ?? null
  if (principal) {
    const target = { type: 'token', id: principal.tokenId }
    const details = { method: 'token' }
    await app.ctx.audit.record({
      workspaceId: principal.workspaceId,
      actor: principal.actor,
      action: 'session.sign_in',
      target,
      address,
      details,
    })
    return
  }
  const workspaceId = await app.ctx.accounts.firstWorkspaceId()
  if (workspaceId === undefined) return
  await app.ctx.audit.record({
    workspaceId,
    action: 'session.sign_in_failed',
    address,
    details: { method: 'token' },
  })
}
