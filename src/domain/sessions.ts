import { randomBytes } from 'node:crypto'
import type { Clock } from '../clock.js'
import type { Db } from '../db/database.js'
import { newId } from '../ids.js'
import { digestToken, findActiveToken, principalOf, type TokenPrincipal } from './tokens.js'

// Dashboard sessions (docs/api.md#dashboard-sessions): a token is exchanged once for a session
// secret that lives only in an HttpOnly cookie. Only its digest is stored; a session ends when it
// expires, when it is signed out, when its token is revoked (checked on every look-up), or when
// its token signs in past its cap of live sessions (CANVASS_SESSIONS_PER_TOKEN).

export interface Session {
  /** The cookie's value: shown to the browser once, never stored. */
  secret: string
  expiresAt: number
  principal: TokenPrincipal
}

function generateSecret(): string {
  return `cvss_${randomBytes(32).toString('base64url')}`
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
  const secret = generateSecret()
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

/** The principal of a live session whose token is still active. */
export async function findActiveSession(
  db: Db,
  clock: Clock,
  secret: string,
): Promise<TokenPrincipal | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('api_tokens', 'api_tokens.id', 'sessions.token_id')
    .select(['api_tokens.id', 'api_tokens.workspace_id', 'api_tokens.scopes', 'sessions.expires_at'])
    .where('sessions.digest', '=', digestToken(secret))
    .where('sessions.expires_at', '>', clock.nowMicros())
    .where('api_tokens.revoked_at', 'is', null)
    .executeTakeFirst()
  return row ? { ...principalOf(row), expiresAt: row.expires_at } : undefined
}

/** Ends a session; ending one that does not exist (any more) is not an error. */
export async function endSession(db: Db, secret: string): Promise<void> {
  await db.deleteFrom('sessions').where('digest', '=', digestToken(secret)).execute()
}

export interface SessionsService {
  /** The principal of a token that may sign in: known and not revoked. */
  tokenOf(token: string): Promise<TokenPrincipal | undefined>
  start(principal: TokenPrincipal, lifetimeMicros: number): Promise<Session>
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
    end: (secret) => endSession(database.db, secret),
  }
}
