import { createHash, randomBytes } from 'node:crypto'
import type { Clock } from '../clock.js'
import type { Db } from '../db/database.js'
import { newId } from '../ids.js'
import type { Principal } from './principal.js'
import { allScopes, type Scope } from './scopes.js'
import { createMemberCode, SETUP_LIFETIME_MICROS } from './team/one-time-codes.js'
import { type Role, scopesOfRole } from './team/roles.js'

// API tokens: `cvs_` + 32 random bytes. Only the SHA-256 digest is stored; a token is
// found by its digest, so the plain token exists only in the caller's hands.

/** A token's principal (directly, or through a dashboard session signed in with it). */
export type TokenPrincipal = Principal & { tokenId: string }

export interface TokenSummary {
  id: string
  name: string
  workspace: string
  scopes: Scope[]
  createdAt: number
  revokedAt: number | null
}

export function digestToken(plain: string): string {
  return createHash('sha256').update(plain).digest('hex')
}

function generateToken(): string {
  return `cvs_${randomBytes(32).toString('base64url')}`
}

/** Finds the workspace by name, creating it if it does not exist yet. */
export async function ensureWorkspace(db: Db, clock: Clock, name: string): Promise<string> {
  await db
    .insertInto('workspaces')
    .values({ id: newId('ws'), name, created_at: clock.nowMicros() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
  const row = await db
    .selectFrom('workspaces')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow()
  return row.id
}

export async function createToken(
  db: Db,
  clock: Clock,
  options: { workspaceId: string; name: string; scopes?: readonly Scope[]; memberId?: string },
): Promise<{ id: string; token: string }> {
  const token = generateToken()
  const id = newId('tok')
  await db
    .insertInto('api_tokens')
    .values({
      id,
      workspace_id: options.workspaceId,
      name: options.name,
      digest: digestToken(token),
      scopes: (options.scopes ?? allScopes).join(' '),
      created_at: clock.nowMicros(),
      revoked_at: null,
      member_id: options.memberId ?? null,
    })
    .execute()
  return { id, token }
}

export async function findActiveToken(db: Db, plain: string): Promise<TokenPrincipal | undefined> {
  const row = await db
    .selectFrom('api_tokens')
    .leftJoin('members', 'members.id', 'api_tokens.member_id')
    .select(tokenPrincipalColumns)
    .where('api_tokens.digest', '=', digestToken(plain))
    .where('api_tokens.revoked_at', 'is', null)
    .executeTakeFirst()
  return row ? principalOf(row) : undefined
}

/** What principalOf reads, from `api_tokens` left-joined with `members` on the token's maker. */
export const tokenPrincipalColumns = [
  'api_tokens.id',
  'api_tokens.name',
  'api_tokens.workspace_id',
  'api_tokens.scopes',
  'members.id as member_id',
  'members.email as member_email',
  'members.name as member_name',
  'members.role as member_role',
] as const

export interface TokenPrincipalRow {
  id: string
  name: string
  workspace_id: string
  scopes: string
  member_id: string | null
  member_email: string | null
  member_name: string | null
  member_role: Role | null
}

/**
 * The principal a token's row stands for (a dashboard session's too: sessions.ts). A member's
 * token acts with at most the member's current scopes, so demoting a member narrows its tokens.
 */
export function principalOf(row: TokenPrincipalRow): TokenPrincipal {
  let scopes = new Set(scopesOf(row.scopes))
  const principal: TokenPrincipal = {
    callerId: row.id,
    tokenId: row.id,
    workspaceId: row.workspace_id,
    scopes,
    actor: { type: 'token', id: row.id, name: row.name },
  }
  if (row.member_id !== null && row.member_role !== null) {
    const allowed = scopesOfRole(row.member_role)
    scopes = new Set([...scopes].filter((scope) => allowed.has(scope)))
    principal.scopes = scopes
    principal.member = {
      id: row.member_id,
      email: row.member_email ?? '',
      name: row.member_name ?? '',
      role: row.member_role,
    }
  }
  return principal
}

/** Scopes are stored as one space-separated text. */
function scopesOf(stored: string): Scope[] {
  return stored.split(' ').filter(Boolean) as Scope[]
}

export async function listTokens(db: Db): Promise<TokenSummary[]> {
  const rows = await db
    .selectFrom('api_tokens')
    .innerJoin('workspaces', 'workspaces.id', 'api_tokens.workspace_id')
    .select([
      'api_tokens.id',
      'api_tokens.name',
      'workspaces.name as workspace',
      'api_tokens.scopes',
      'api_tokens.created_at',
      'api_tokens.revoked_at',
    ])
    .orderBy('api_tokens.created_at')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    workspace: row.workspace,
    scopes: scopesOf(row.scopes),
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  }))
}

/** Returns false when no such token exists. Revoking twice keeps the first revocation time. */
export async function revokeToken(db: Db, clock: Clock, id: string): Promise<boolean> {
  const token = await db.selectFrom('api_tokens').select('revoked_at').where('id', '=', id).executeTakeFirst()
  if (!token) return false
  if (token.revoked_at === null) {
    await db.updateTable('api_tokens').set({ revoked_at: clock.nowMicros() }).where('id', '=', id).execute()
  }
  return true
}

/**
 * On a first start with an empty database: workspace `default`, one all-scope token, and a
 * one-time setup code (24 hours) that creates its owner. Returns the plain token and code when this
 * call created them (so the caller can print them once). Concurrent first starts on one PostgreSQL
 * create them once: the workspace name is unique.
 */
export async function bootstrapDefaultWorkspace(
  db: Db,
  clock: Clock,
): Promise<{ token: string; setupCode: string } | undefined> {
  const any = await db.selectFrom('workspaces').select('id').limit(1).executeTakeFirst()
  if (any) return undefined
  const inserted = await db
    .insertInto('workspaces')
    .values({ id: newId('ws'), name: 'default', created_at: clock.nowMicros() })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!inserted) return undefined
  const { token } = await createToken(db, clock, { workspaceId: inserted.id, name: 'initial' })
  const setup = await createMemberCode(db, clock, {
    kind: 'setup',
    workspaceId: inserted.id,
    role: 'owner',
    lifetimeMicros: SETUP_LIFETIME_MICROS,
  })
  return { token, setupCode: setup.code }
}
