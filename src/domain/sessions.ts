import { randomBytes } from 'node:crypto'
import { nowMicros } from '../clock.js'
import type { Db } from '../db/database.js'
import { newId } from '../ids.js'
import type { Scope } from './scopes.js'
import { digestToken, findActiveToken, type TokenPrincipal } from './tokens.js'

// Dashboard sessions (docs/api.md#dashboard-sessions): a token is exchanged once for a session
// secret that lives only in an HttpOnly cookie. Only its digest is stored; a session ends when it
// expires, when it is signed out, or when its token is revoked (checked on every look-up).

export interface Session {
  /** The cookie's value: shown to the browser once, never stored. */
  secret: string
  expiresAt: number
  principal: TokenPrincipal
}

function generateSecret(): string {
  return `cvss_${randomBytes(32).toString('base64url')}`
}

/** Starts a session for a valid token; undefined when the token is unknown or revoked. */
export async function startSession(
  db: Db,
  token: string,
  lifetimeMicros: number,
): Promise<Session | undefined> {
  const principal = await findActiveToken(db, token)
  if (!principal) return undefined
  const now = nowMicros()
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
  return { secret, expiresAt, principal }
}

/** The principal of a live session whose token is still active. */
export async function findActiveSession(db: Db, secret: string): Promise<TokenPrincipal | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('api_tokens', 'api_tokens.id', 'sessions.token_id')
    .select(['api_tokens.id', 'api_tokens.workspace_id', 'api_tokens.scopes', 'sessions.expires_at'])
    .where('sessions.digest', '=', digestToken(secret))
    .where('sessions.expires_at', '>', nowMicros())
    .where('api_tokens.revoked_at', 'is', null)
    .executeTakeFirst()
  if (!row) return undefined
  return {
    tokenId: row.id,
    workspaceId: row.workspace_id,
    scopes: new Set(row.scopes.split(' ').filter(Boolean) as Scope[]),
    expiresAt: row.expires_at,
  }
}

/** Ends a session; ending one that does not exist (any more) is not an error. */
export async function endSession(db: Db, secret: string): Promise<void> {
  await db.deleteFrom('sessions').where('digest', '=', digestToken(secret)).execute()
}

export interface SessionsService {
  start(token: string, lifetimeMicros: number): Promise<Session | undefined>
  end(secret: string): Promise<void>
}

export function sessionsService(database: { db: Db }): SessionsService {
  return {
    start: (token, lifetimeMicros) => startSession(database.db, token, lifetimeMicros),
    end: (secret) => endSession(database.db, secret),
  }
}
