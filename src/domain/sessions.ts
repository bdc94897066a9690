import { randomBytes } from 'node:crypto'
import type { Clock } from '../clock.js'
import type { Db } from '../db/database.js'
import { newId } from '../ids.js'
import type { Principal } from './principal.js'
import { scopesOfRole } from './team/roles.js'
import {
  digestToken,
  findActiveToken,
  principalOf,
  type TokenPrincipal,
  tokenPrincipalColumns,
} from './tokens.js'

// Dashboard sessions (docs/api.md#dashboard-sessions): a token, or a member's e-mail and password,
// is exchanged once for a session secret that lives only in an HttpOnly cookie. Only its digest is
// stored. A token's session (`cvss_…`) ends when it expires, is signed out, when its token is
// revoked (checked on every look-up), or when its token signs in past its cap of live sessions
// (CANVASS_SESSIONS_PER_TOKEN). A member's session (`cvsm_…`) acts with the member's current
// role, and ends likewise, and when the member is removed or its password changes.

export interface Session {
  /** The cookie's value: shown to the browser once, never stored. */
  secret: string
  expiresAt: number
  principal: Principal
}

const TOKEN_SESSION_PREFIX = 'cvss_'
const MEMBER_SESSION_PREFIX = 'cvsm_'

function generateSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`
}

/**
 * Starts a session for a token's principal. Past the token's cap of live sessions, its oldest end:
 * whoever signs in now is the one most likely at the keyboard.
 */
export async function startSession(
  db: Db,
  clock: Clock,
  principal: TokenPrincipal,
  lifetimeMicros: number,
  maxLive: number,
): Promise<Session> {
  const now = clock.nowMicros()
  // Expired sessions are useless; sweeping them here keeps the table small without a timer.
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute()
  const secret = generateSecret(TOKEN_SESSION_PREFIX)
  const expiresAt = now + lifetimeMicros
  await db
    .insertInto('sessions')
    .values({
      id: newId('ses'),
      digest: digestToken(secret),
      token_id: principal.tokenId,
      created_at: now,
      expires_at: expiresAt,
    })
    .execute()
  await endOldestSessions(db, principal.tokenId, maxLive)
  return { secret, expiresAt, principal }
}

/** Ends the token's sessions but its newest `keep`; concurrent sign-ins each trim, so none stays past it. */
async function endOldestSessions(db: Db, tokenId: string, keep: number): Promise<void> {
  const newest = db
    .selectFrom('sessions')
    .select('id')
    .where('token_id', '=', tokenId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(keep)
  await db.deleteFrom('sessions').where('token_id', '=', tokenId).where('id', 'not in', newest).execute()
}

/**
 * Starts a session for a member, who has just proved who it is (password, setup or invitation
 * code, single sign-on). Past CANVASS_SESSIONS_PER_TOKEN live sessions, its oldest end.
 */
export async function startMemberSession(
  db: Db,
  clock: Clock,
  memberId: string,
  lifetimeMicros: number,
  maxLive: number,
): Promise<{ secret: string; expiresAt: number }> {
  const now = clock.nowMicros()
  await db.deleteFrom('member_sessions').where('expires_at', '<=', now).execute()
  const secret = generateSecret(MEMBER_SESSION_PREFIX)
  const expiresAt = now + lifetimeMicros
  await db
    .insertInto('member_sessions')
    .values({
      id: newId('mss'),
      digest: digestToken(secret),
      member_id: memberId,
      created_at: now,
      expires_at: expiresAt,
    })
    .execute()
  const newest = db
    .selectFrom('member_sessions')
    .select('id')
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(maxLive)
  await db
    .deleteFrom('member_sessions')
    .where('member_id', '=', memberId)
    .where('id', 'not in', newest)
    .execute()
  await db.updateTable('members').set({ last_sign_in_at: now }).where('id', '=', memberId).execute()
  return { secret, expiresAt }
}

/** Ends every session of a member (removed, or its password changed); the caches forget within seconds. */
export async function endMemberSessions(db: Db, memberId: string): Promise<void> {
  await db.deleteFrom('member_sessions').where('member_id', '=', memberId).execute()
}

/** The principal of a live session: a token's that is still active, or a member's. */
export async function findActiveSession(
  db: Db,
  clock: Clock,
  secret: string,
): Promise<Principal | undefined> {
  return secret.startsWith(MEMBER_SESSION_PREFIX)
    ? findMemberSession(db, clock, secret)
    : findTokenSession(db, clock, secret)
}

async function findTokenSession(db: Db, clock: Clock, secret: string): Promise<TokenPrincipal | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('api_tokens', 'api_tokens.id', 'sessions.token_id')
    .leftJoin('members', 'members.id', 'api_tokens.member_id')
    .select([...tokenPrincipalColumns, 'sessions.expires_at'])
    .where('sessions.digest', '=', digestToken(secret))
    .where('sessions.expires_at', '>', clock.nowMicros())
    .where('api_tokens.revoked_at', 'is', null)
    .executeTakeFirst()
  return row ? { ...principalOf(row), expiresAt: row.expires_at } : undefined
}

async function findMemberSession(db: Db, clock: Clock, secret: string): Promise<Principal | undefined> {
  const row = await db
    .selectFrom('member_sessions')
    .innerJoin('members', 'members.id', 'member_sessions.member_id')
    .select([
      'members.id',
      'members.workspace_id',
      'members.email',
      'members.name',
      'members.role',
      'member_sessions.expires_at',
    ])
    .where('member_sessions.digest', '=', digestToken(secret))
    .where('member_sessions.expires_at', '>', clock.nowMicros())
    .executeTakeFirst()
  if (!row) return undefined
  return {
    callerId: row.id,
    workspaceId: row.workspace_id,
    scopes: scopesOfRole(row.role),
    actor: { type: 'member', id: row.id, name: row.name },
    member: { id: row.id, email: row.email, name: row.name, role: row.role },
    expiresAt: row.expires_at,
  }
}

/** Ends a session; ending one that does not exist (any more) is not an error. */
export async function endSession(db: Db, secret: string): Promise<void> {
  const table = secret.startsWith(MEMBER_SESSION_PREFIX) ? 'member_sessions' : 'sessions'
  await db.deleteFrom(table).where('digest', '=', digestToken(secret)).execute()
}

export interface SessionsService {
  /** The principal of a token that may sign in: known and not revoked. */
  tokenOf(token: string): Promise<TokenPrincipal | undefined>
  start(principal: TokenPrincipal, lifetimeMicros: number): Promise<Session>
  /** Starts a session for a member who has proved who it is. */
  startMember(memberId: string, lifetimeMicros: number): Promise<{ secret: string; expiresAt: number }>
  /** Ends every session of a member (removed, or its password changed). */
  endMember(memberId: string): Promise<void>
  end(secret: string): Promise<void>
}

export function sessionsService(
  database: { db: Db },
  clock: Clock,
  sessionsPerToken: number,
): SessionsService {
  return {
    tokenOf: (token) => findActiveToken(database.db, token),
    start: (principal, lifetimeMicros) =>
      startSession(database.db, clock, principal, lifetimeMicros, sessionsPerToken),
    startMember: (memberId, lifetimeMicros) =>
      startMemberSession(database.db, clock, memberId, lifetimeMicros, sessionsPerToken),
    endMember: (memberId) => endMemberSessions(database.db, memberId),
    end: (secret) => endSession(database.db, secret),
  }
}
