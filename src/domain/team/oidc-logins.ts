import type { Clock } from '../../clock.js'
import type { Db } from '../../db/database.js'
import { newId } from '../../ids.js'
import { digestToken } from '../tokens.js'

// Single sign-ons in flight (docs/api.md#single-sign-on): what the callback must check is kept in
// the database, not in a process, so any process of the deployment can finish what another
// began. Only the state's digest is stored; a login is taken at most once and lives 10 minutes.

export const OIDC_LOGIN_LIFETIME_MICROS = 10 * 60 * 1_000_000

export interface OidcLogin {
  nonce: string
  codeVerifier: string
  returnTo: string | null
}

export async function saveOidcLogin(
  db: Db,
  clock: Clock,
  login: OidcLogin & { state: string },
): Promise<void> {
  const now = clock.nowMicros()
  // Logins never finished are useless after their lifetime; sweeping here keeps the table small.
  await db.deleteFrom('oidc_logins').where('expires_at', '<=', now).execute()
  await db
    .insertInto('oidc_logins')
    .values({
      id: newId('oid'),
      state_digest: digestToken(login.state),
      code_verifier: login.codeVerifier,
      nonce: login.nonce,
      return_to: login.returnTo,
      created_at: now,
      expires_at: now + OIDC_LOGIN_LIFETIME_MICROS,
    })
    .execute()
}

/**
 * Takes the live login of this state: deleted in the same statement that reads it, so of two
 * callbacks bringing the same state (a replay, on any process) only one finds it.
 */
export async function takeOidcLogin(db: Db, clock: Clock, state: string): Promise<OidcLogin | undefined> {
  const row = await db
    .deleteFrom('oidc_logins')
    .where('state_digest', '=', digestToken(state))
    .returning(['nonce', 'code_verifier', 'return_to', 'expires_at'])
    .executeTakeFirst()
  if (!row || row.expires_at <= clock.nowMicros()) return undefined
  return { nonce: row.nonce, codeVerifier: row.code_verifier, returnTo: row.return_to }
}
