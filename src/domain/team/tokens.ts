import { sql } from 'kysely'
import { type Clock, formatTimestamp } from '../../clock.js'
import type { Database, Db } from '../../db/database.js'
import { forbidden, notFound } from '../errors.js'
import { type Listing, type MemoryBudget, type Page, pageRows, plannedObjects } from '../listing.js'
import type { Principal } from '../principal.js'
import type { Scope } from '../scopes.js'
import { createToken } from '../tokens.js'
import { currentCaller } from './members.js'

// The workspace's API tokens as the team manages them (docs/api.md#team-members-invitations-and-tokens).
// A caller with `tokens:read` sees every live token of the workspace; a member without it sees its
// own. A token is made with at most the caller's scopes and belongs to the member behind the call
// (signed in, or the maker of the token used), so it never acts beyond that member's current role.
// The secret is shown once, when made; views never carry it or its digest.

export interface TokenView {
  id: string
  name: string
  scopes: Scope[]
  created_at: string
  /** The member who made it and whose role caps it; null for a machine's token (the CLI's, say). */
  member_id: string | null
}

export interface NewTokenView extends TokenView {
  /** The secret, shown this once. */
  token: string
}

interface TokenRow {
  id: string
  name: string
  scopes: string
  created_at: number
  member_id: string | null
}

function tokenView(row: TokenRow): TokenView {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes.split(' ').filter(Boolean) as Scope[],
    created_at: formatTimestamp(Number(row.created_at)),
    member_id: row.member_id,
  }
}

/** The live tokens the caller may see: the workspace's, or only its own without `tokens:read`. */
function visibleTokens(db: Db, principal: Principal) {
  const own = !principal.scopes.has('tokens:read')
  return db
    .selectFrom('api_tokens')
    .where('workspace_id', '=', principal.workspaceId)
    .where('revoked_at', 'is', null)
    .$if(own, (query) => query.where('member_id', '=', principal.member?.id ?? ''))
}

/** A page of the tokens the caller may see, oldest first. */
export async function listTokens(
  db: Db,
  budget: MemoryBudget,
  principal: Principal,
  page: Page,
): Promise<Listing<TokenView>> {
  const plan = await visibleTokens(db, principal)
    .select(['id', sql<number>`octet_length(name) + octet_length(scopes)`.as('bytes')])
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .$call((query) => pageRows(query, page))
    .execute()
  return plannedObjects(budget, page, plan, async (ids) => {
    const rows = await visibleTokens(db, principal)
      .select(['id', 'name', 'scopes', 'created_at', 'member_id'])
      .where('id', 'in', ids)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute()
    return rows.map(tokenView)
  })
}

/** Makes a token of at most the caller's scopes, belonging to the member behind the call. */
export async function makeToken(
  db: Db,
  clock: Clock,
  principal: Principal,
  input: { name: string; scopes: readonly Scope[] },
): Promise<NewTokenView> {
  const scopes = [...new Set(input.scopes)]
  const beyond = scopes.filter((scope) => !principal.scopes.has(scope))
  if (beyond.length > 0) {
    throw forbidden(`a token can have at most the scopes of its maker, which lacks ${beyond.join(', ')}`)
  }
  const memberId = principal.member?.id
  const made = await createToken(db, clock, {
    workspaceId: principal.workspaceId,
    name: input.name,
    scopes,
    ...(memberId === undefined ? {} : { memberId }),
  })
  const row = await db
    .selectFrom('api_tokens')
    .select(['id', 'name', 'scopes', 'created_at', 'member_id'])
    .where('id', '=', made.id)
    .executeTakeFirstOrThrow()
  return { ...tokenView(row), token: made.token }
}

/**
 * Revokes a token of the workspace: with `tokens:write` any, without it (a member) only its own.
 * Another's token is a change to the team: it runs in the workspace's turn, with the caller's role
 * looked up again (members.ts, currentCaller). Revoking a revoked token again changes nothing.
 */
export async function revokeWorkspaceToken(
  database: Database,
  clock: Clock,
  principal: Principal,
  tokenId: string,
): Promise<void> {
  await database.transaction(async (trx) => {
    await trx.lockRow('workspaces', principal.workspaceId)
    const row = await trx
      .selectFrom('api_tokens')
      .select(['member_id', 'revoked_at'])
      .where('id', '=', tokenId)
      .where('workspace_id', '=', principal.workspaceId)
      .executeTakeFirst()
    const own = row !== undefined && row.member_id !== null && row.member_id === principal.member?.id
    if (!own) {
      if (!principal.scopes.has('tokens:write')) {
        // Without the scope, whether another's token exists is not the caller's business either.
        throw forbidden('without the scope tokens:write a member may revoke only its own tokens')
      }
      await currentCaller(trx, principal, 'tokens:write')
    }
    if (!row) throw notFound('token', tokenId)
    if (row.revoked_at !== null) return
    await trx
      .updateTable('api_tokens')
      .set({ revoked_at: clock.nowMicros() })
      .where('id', '=', tokenId)
      .where('revoked_at', 'is', null)
      .execute()
  })
}
