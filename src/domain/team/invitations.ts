import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { type Clock, formatTimestamp } from '../../clock.js'
import { type Config, publicBaseUrl } from '../../config.js'
import { type Database, type Db, isUniqueViolation, type Transaction } from '../../db/database.js'
import type { MemberCodesTable } from '../../db/tables/team.js'
import { newId } from '../../ids.js'
import { emailProblem } from '../../shared/strings.js'
import { conflict, forbidden, notFound, validationFailed } from '../errors.js'
import { type Listing, type MemoryBudget, type Page, pageRows, plannedObjects } from '../listing.js'
import { mailLinkProblem, queueMails } from '../mail/outbox.js'
import type { Principal } from '../principal.js'
import { digestToken } from '../tokens.js'
import type { DeliverySignal } from '../webhooks/signal.js'
import { teamInvitationMail } from './invitation-mail.js'
import { actsAsOwner, currentCaller, type MemberView, memberView } from './members.js'
import { checkNewPassword, hashPassword } from './passwords.js'
import type { Role } from './roles.js'

// Invitations to the team (docs/api.md#team-members-invitations-and-tokens): a one-time code,
// stored as its digest in `member_codes` (kind `invite`), mailed as a link to the dashboard's
// accept page and valid 7 days. Accepting it creates the member with the name and password the
// person chooses; the code is spent in the same transaction, so two accepts racing make one member.

export const INVITATION_DAYS = 7
const DAY_MICROS = 86_400 * 1_000_000

export interface TeamInvitationView {
  id: string
  email: string
  role: Role
  created_at: string
  expires_at: string
}

/** What the accept page shows before the person chooses a name and password. */
export interface InvitationOffer {
  email: string
  role: Role
  expires_at: string
}

export interface InvitationDeps {
  database: Database
  clock: Clock
  signal: DeliverySignal
  config: Config
}

type InviteRow = Pick<MemberCodesTable, 'id' | 'email' | 'role' | 'created_at' | 'expires_at'>

function invitationView(row: InviteRow): TeamInvitationView {
  return {
    id: row.id,
    email: row.email ?? '',
    role: row.role ?? 'viewer',
    created_at: formatTimestamp(Number(row.created_at)),
    expires_at: formatTimestamp(Number(row.expires_at)),
  }
}

/** Addresses are compared and stored lower-cased: signing in names an address, not a spelling. */
function normalisedEmail(email: string): string {
  const problem = emailProblem(email)
  if (problem) throw validationFailed([{ path: '/email', message: problem }])
  return email.toLowerCase()
}

/**
 * Invites `email` with `role` and queues the mail with its link. A pending invitation of the same
 * address is replaced (its link stops working); an address that is a member already is a conflict.
 */
export async function inviteMember(
  deps: InvitationDeps,
  principal: Principal,
  input: { email: string; role: Role },
): Promise<TeamInvitationView> {
  const email = normalisedEmail(input.email)
  const problem = mailLinkProblem(deps.config)
  if (problem) throw conflict(problem)
  const { database, clock } = deps
  // Prefixed like every credential, so the logs redact it (src/logger.ts).
  const code = `cvc_${randomBytes(32).toString('base64url')}`
  const now = clock.nowMicros()
  const row: MemberCodesTable = {
    id: newId('mcd'),
    digest: digestToken(code),
    kind: 'invite',
    workspace_id: principal.workspaceId,
    email,
    role: input.role,
    member_id: null,
    created_by: principal.actor.id,
    created_at: now,
    expires_at: now + INVITATION_DAYS * DAY_MICROS,
    used_at: null,
  }
  return database.transaction(async (trx) => {
    await trx.lockRow('workspaces', principal.workspaceId)
    const caller = await currentCaller(trx, principal, 'members:write')
    if (input.role === 'owner' && !actsAsOwner(caller)) throw forbidden('only an owner may invite an owner')
    const member = await trx
      .selectFrom('members')
      .select('id')
      .where('workspace_id', '=', principal.workspaceId)
      .where('email', '=', email)
      .executeTakeFirst()
    if (member) throw conflict(`${email} is a member of this workspace already`)
    const replaced = await pendingOf(trx, principal.workspaceId, now)
      .select('role')
      .where('email', '=', email)
      .execute()
    if (replaced.some((pending) => pending.role === 'owner') && !actsAsOwner(caller)) {
      throw forbidden(`only an owner may replace the pending invitation of ${email} as an owner`)
    }
    if (replaced.length > 0) {
      await trx
        .deleteFrom('member_codes')
        .where(
          'id',
          'in',
          replaced.map((pending) => pending.id),
        )
        .execute()
    }
    await trx.insertInto('member_codes').values(row).execute()
    await queueInvitationMail(trx, deps, principal, row, code)
    return invitationView(row)
  })
}

async function queueInvitationMail(
  trx: Transaction,
  deps: InvitationDeps,
  principal: Principal,
  row: MemberCodesTable,
  code: string,
): Promise<void> {
  const workspace = await trx
    .selectFrom('workspaces')
    .select('name')
    .where('id', '=', row.workspace_id)
    .executeTakeFirstOrThrow()
  const link = `${publicBaseUrl(deps.config)}/app/accept?code=${code}`
  const mail = teamInvitationMail({
    inviter: principal.actor.name,
    workspace: workspace.name,
    role: row.role ?? 'viewer',
    link,
    days: INVITATION_DAYS,
  })
  await queueMails(trx, deps.clock, deps.signal, deps.config, [
    { workspaceId: row.workspace_id, kind: 'member', to: row.email ?? '', ...mail },
  ])
}

/** The ids of a workspace's pending invitations (not used, not expired). */
function pendingOf(db: Db, workspaceId: string, now: number) {
  return db
    .selectFrom('member_codes')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('kind', '=', 'invite')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
}

/** A page of the workspace's pending invitations, newest first. */
export async function listInvitations(
  db: Db,
  clock: Clock,
  budget: MemoryBudget,
  workspaceId: string,
  page: Page,
): Promise<Listing<TeamInvitationView>> {
  const plan = await pendingOf(db, workspaceId, clock.nowMicros())
    .select(sql<number>`coalesce(octet_length(email), 0)`.as('bytes'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .$call((query) => pageRows(query, page))
    .execute()
  return plannedObjects(budget, page, plan, async (ids) => {
    const rows = await db
      .selectFrom('member_codes')
      .select(['id', 'email', 'role', 'created_at', 'expires_at'])
      .where('workspace_id', '=', workspaceId)
      .where('id', 'in', ids)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute()
    return rows.map(invitationView)
  })
}

/** Withdraws a pending invitation: its link stops working. Only an owner withdraws an owner's. */
export async function withdrawInvitation(
  database: Database,
  clock: Clock,
  principal: Principal,
  invitationId: string,
): Promise<void> {
  await database.transaction(async (trx) => {
    await trx.lockRow('workspaces', principal.workspaceId)
    const caller = await currentCaller(trx, principal, 'members:write')
    const row = await pendingOf(trx, principal.workspaceId, clock.nowMicros())
      .select('role')
      .where('id', '=', invitationId)
      .executeTakeFirst()
    if (!row) throw notFound('invitation', invitationId)
    if (row.role === 'owner' && !actsAsOwner(caller)) {
      throw forbidden('only an owner may withdraw the invitation of an owner')
    }
    await trx.deleteFrom('member_codes').where('id', '=', invitationId).execute()
  })
}

/** The pending invitation a code names: unknown, used, expired and withdrawn codes alike are undefined. */
async function pendingByCode(db: Db, clock: Clock, code: string) {
  return db
    .selectFrom('member_codes')
    .select(['id', 'workspace_id', 'email', 'role', 'expires_at'])
    .where('digest', '=', digestToken(code))
    .where('kind', '=', 'invite')
    .where('used_at', 'is', null)
    .where('expires_at', '>', clock.nowMicros())
    .executeTakeFirst()
}

const unknownCode = () =>
  notFound('invitation', 'of this link: it is unknown, used, withdrawn or expired (ask for a new one)')

export async function invitationOffer(db: Db, clock: Clock, code: string): Promise<InvitationOffer> {
  const row = await pendingByCode(db, clock, code)
  if (!row) throw unknownCode()
  return {
    email: row.email ?? '',
    role: row.role ?? 'viewer',
    expires_at: formatTimestamp(Number(row.expires_at)),
  }
}

/**
 * Accepts an invitation: the member joins with the name and password chosen. The code is spent
 * by the same statement that checks it is unspent, so of two accepts racing one joins and the
 * other gets the unknown code's 404. An address that joined meanwhile is a conflict, and the code
 * stays unspent.
 */
export async function acceptInvitation(
  database: Database,
  clock: Clock,
  input: { code: string; name: string; password: string },
): Promise<{ member: MemberView; workspaceId: string }> {
  const name = input.name.trim()
  if (name === '') throw validationFailed([{ path: '/name', message: 'must not be empty' }])
  checkNewPassword(input.password)
  if (!(await pendingByCode(database.db, clock, input.code))) throw unknownCode()
  const passwordHash = await hashPassword(input.password)
  try {
    return await database.transaction(async (trx) => {
      const now = clock.nowMicros()
      const spent = await trx
        .updateTable('member_codes')
        .set({ used_at: now })
        .where('digest', '=', digestToken(input.code))
        .where('kind', '=', 'invite')
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['workspace_id', 'email', 'role'])
        .executeTakeFirst()
      if (!spent) throw unknownCode()
      const member = {
        id: newId('mem'),
        workspace_id: spent.workspace_id,
        email: spent.email ?? '',
        name,
        role: spent.role ?? 'viewer',
        password_hash: passwordHash,
        created_at: now,
        last_sign_in_at: null,
        password_changed_at: now,
      }
      await trx.insertInto('members').values(member).execute()
      return { member: memberView(member), workspaceId: member.workspace_id }
    })
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict('this address belongs to a member already: sign in, or reset the password')
    }
    throw error
  }
}
