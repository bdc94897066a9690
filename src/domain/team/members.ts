import { sql } from 'kysely'
import { formatTimestamp } from '../../clock.js'
import type { Database, Db, Transaction } from '../../db/database.js'
import type { MembersTable } from '../../db/tables/team.js'
import { conflict, forbidden, notFound } from '../errors.js'
import { type Listing, type MemoryBudget, type Page, pageRows, plannedObjects } from '../listing.js'
import type { Principal } from '../principal.js'
import type { Scope } from '../scopes.js'
import { endMemberSessions } from '../sessions.js'
import { type Role, scopesOfRole } from './roles.js'

// The members of a workspace (docs/api.md#team-members-invitations-and-tokens): listed in the
// order they joined, their role changed, removed. Two rules guard ownership: only an owner makes,
// demotes or removes an owner, and a workspace always keeps one. Changes to roles run one at a
// time per workspace (the workspace's row is locked), so two owners demoting each other at once
// cannot leave it with none.

export interface MemberView {
  id: string
  email: string
  name: string
  role: Role
  created_at: string
  last_sign_in_at: string | null
}

type MemberRow = Pick<MembersTable, 'id' | 'email' | 'name' | 'role' | 'created_at' | 'last_sign_in_at'>

const memberColumns = ['id', 'email', 'name', 'role', 'created_at', 'last_sign_in_at'] as const

export function memberView(row: MemberRow): MemberView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    created_at: formatTimestamp(Number(row.created_at)),
    last_sign_in_at: row.last_sign_in_at === null ? null : formatTimestamp(Number(row.last_sign_in_at)),
  }
}

/** Whether the caller acts as an owner: a signed-in owner, or a token an owner made. */
export function actsAsOwner(principal: Principal): boolean {
  return principal.member?.role === 'owner'
}

/** A page of the workspace's members, in the order they joined. */
export async function listMembers(
  db: Db,
  budget: MemoryBudget,
  workspaceId: string,
  page: Page,
): Promise<Listing<MemberView>> {
  const plan = await db
    .selectFrom('members')
    .select(['id', sql<number>`octet_length(email) + octet_length(name)`.as('bytes')])
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .$call((query) => pageRows(query, page))
    .execute()
  return plannedObjects(budget, page, plan, async (ids) => {
    const rows = await db
      .selectFrom('members')
      .select(memberColumns)
      .where('workspace_id', '=', workspaceId)
      .where('id', 'in', ids)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute()
    return rows.map(memberView)
  })
}

/** The member, locked against other changes to the workspace's team until `trx` ends. */
async function lockedMember(trx: Transaction, workspaceId: string, memberId: string): Promise<MemberRow> {
  await trx.lockRow('workspaces', workspaceId)
  const row = await trx
    .selectFrom('members')
    .select(memberColumns)
    .where('id', '=', memberId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst()
  if (!row) throw notFound('member', memberId)
  return row
}

async function refuseLastOwner(trx: Transaction, workspaceId: string, what: string): Promise<void> {
  const owners = await trx
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('workspace_id', '=', workspaceId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow()
  if (Number(owners.count) <= 1) {
    throw conflict(`the last owner of the workspace cannot be ${what}: make another member an owner first`)
  }
}

/**
 * The caller as it stands now, inside `trx` after the workspace's row is locked: requests find their
 * caller through a cache (src/http/auth.ts), so a member demoted or removed a moment ago may still
 * arrive with its old role. Team changes look again, and refuse one whose role no longer grants
 * `scope`. A machine token (no member behind it) keeps its scopes and never acts as an owner.
 */
export async function currentCaller(
  trx: Transaction,
  principal: Principal,
  scope: Scope,
): Promise<Principal> {
  const member = principal.member
  if (!member) return principal
  const row = await trx
    .selectFrom('members')
    .select('role')
    .where('id', '=', member.id)
    .where('workspace_id', '=', principal.workspaceId)
    .executeTakeFirst()
  if (!row) throw forbidden('you are no longer a member of this workspace')
  if (!scopesOfRole(row.role).has(scope)) throw forbidden(`your role (${row.role}) does not grant ${scope}`)
  return { ...principal, member: { ...member, role: row.role } }
}

/**
 * Withdraws the pending invitations a member sent that its role (`undefined`: removed) could no
 * longer send: an admin about to be removed cannot leave invitations behind it.
 */
async function withdrawInvitationsBeyond(trx: Transaction, memberId: string, role: Role | undefined) {
  if (role === 'owner') return
  const mayInvite = role !== undefined && scopesOfRole(role).has('members:write')
  await trx
    .deleteFrom('member_codes')
    .where('kind', '=', 'invite')
    .where('created_by', '=', memberId)
    .where('used_at', 'is', null)
    .$if(mayInvite, (query) => query.where('role', '=', 'owner'))
    .execute()
}

function refuseOwnershipChange(caller: Principal, detail: string): void {
  if (!actsAsOwner(caller)) throw forbidden(detail)
}

export async function changeRole(
  database: Database,
  principal: Principal,
  memberId: string,
  role: Role,
): Promise<MemberView> {
  return database.transaction(async (trx) => {
    const row = await lockedMember(trx, principal.workspaceId, memberId)
    const caller = await currentCaller(trx, principal, 'members:write')
    if (row.role === role) return memberView(row)
    if (role === 'owner') refuseOwnershipChange(caller, 'only an owner may make a member an owner')
    if (row.role === 'owner') {
      refuseOwnershipChange(caller, 'only an owner may change the role of an owner')
      await refuseLastOwner(trx, principal.workspaceId, 'demoted')
    }
    await trx.updateTable('members').set({ role }).where('id', '=', memberId).execute()
    await withdrawInvitationsBeyond(trx, memberId, role)
    return memberView({ ...row, role })
  })
}

/**
 * Removes a member: its sessions end, and its tokens and pending codes go with it (the tables
 * cascade). Returns what it was, for the audit log.
 */
export async function removeMember(
  database: Database,
  principal: Principal,
  memberId: string,
): Promise<MemberView> {
  return database.transaction(async (trx) => {
    const row = await lockedMember(trx, principal.workspaceId, memberId)
    const caller = await currentCaller(trx, principal, 'members:write')
    if (row.role === 'owner') {
      refuseOwnershipChange(caller, 'only an owner may remove an owner')
      await refuseLastOwner(trx, principal.workspaceId, 'removed')
    }
    await endMemberSessions(trx, memberId)
    await withdrawInvitationsBeyond(trx, memberId, undefined)
    await trx.deleteFrom('members').where('id', '=', memberId).execute()
    return memberView(row)
  })
}
