import type { Selectable } from 'kysely'
import type { Clock } from '../../clock.js'
import type { Database, Db } from '../../db/database.js'
import { isUniqueViolation } from '../../db/database.js'
import type { MembersTable } from '../../db/tables/team.js'
import { newId } from '../../ids.js'
import { emailProblem } from '../../shared/strings.js'
import { conflict, DomainError, validationFailed } from '../errors.js'
import { createMemberCode, findMemberCode, SETUP_LIFETIME_MICROS, useMemberCode } from './one-time-codes.js'
import { checkNewPassword, checkPassword, hashPassword } from './passwords.js'
import type { Role } from './roles.js'

// A member's own account (docs/api.md#team-sign-in-and-passwords): made with a setup code, signed
// in with e-mail and password, its name and password changed by itself. Every session of a member
// ends when its password changes; the caller of a change gets a fresh one from the route.

export interface MemberView {
  id: string
  workspaceId: string
  email: string
  name: string
  role: Role
  createdAt: number
  lastSignInAt: number | null
}

type MemberRow = Selectable<MembersTable>

export function memberView(row: MemberRow): MemberView {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    email: row.email,
    name: row.name,
    role: row.role,
    createdAt: row.created_at,
    lastSignInAt: row.last_sign_in_at,
  }
}

/** Addresses are compared without case and surrounding spaces: one person, one member. */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase()
}

function checkedEmail(email: string): string {
  const normal = normalEmail(email)
  const problem = emailProblem(normal)
  if (problem) throw validationFailed([{ path: '/email', message: problem }])
  return normal
}

function checkedName(name: string): string {
  const trimmed = name.trim()
  if (trimmed === '') throw validationFailed([{ path: '/name', message: 'must not be empty' }])
  return trimmed
}

const unknownCode = (what: string) =>
  new DomainError('not_found', `this ${what} link is unknown, has been used or has expired`)

export async function findMember(db: Db, id: string): Promise<MemberView | undefined> {
  const row = await db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? memberView(row) : undefined
}

export async function findMemberByEmail(db: Db, email: string): Promise<MemberRow | undefined> {
  return db.selectFrom('members').selectAll().where('email', '=', normalEmail(email)).executeTakeFirst()
}

/**
 * A one-time setup code that creates a member of this role (the first start's: the owner, for
 * whoever opens it; `canvass member create`'s: for one e-mail address). Returns the code.
 */
export async function createSetupCode(
  db: Db,
  clock: Clock,
  setup: { workspaceId: string; role: Role; email?: string },
): Promise<{ code: string; expiresAt: number }> {
  const email = setup.email === undefined ? null : checkedEmail(setup.email)
  return createMemberCode(db, clock, {
    kind: 'setup',
    workspaceId: setup.workspaceId,
    email,
    role: setup.role,
    lifetimeMicros: SETUP_LIFETIME_MICROS,
  })
}

/** The page a setup code opens, on the address people reach Canvass at. */
export function setupLink(base: string, code: string): string {
  return `${base}/app/setup?code=${code}`
}

/** What the setup page shows of a valid code; undefined when unknown, used or expired. */
export async function describeSetupCode(
  db: Db,
  clock: Clock,
  code: string,
): Promise<{ email: string | null; role: Role; expiresAt: number } | undefined> {
  const row = await findMemberCode(db, clock, 'setup', code)
  if (!row) return undefined
  return { email: row.email, role: row.role ?? 'owner', expiresAt: row.expires_at }
}

export interface SetupRequest {
  code: string
  email: string
  name: string
  password: string
}

/** Creates the member a setup code stands for; the code is spent in the same transaction. */
export async function completeSetup(
  database: Database,
  clock: Clock,
  setup: SetupRequest,
): Promise<MemberView> {
  const email = checkedEmail(setup.email)
  const name = checkedName(setup.name)
  checkNewPassword(setup.password)
  const code = await findMemberCode(database.db, clock, 'setup', setup.code)
  if (!code) throw unknownCode('setup')
  if (code.email !== null && code.email !== email) {
    throw validationFailed([{ path: '/email', message: 'this setup link is for another e-mail address' }])
  }
  if (await findMemberByEmail(database.db, email)) throw emailTaken()
  const passwordHash = await hashPassword(setup.password)
  const now = clock.nowMicros()
  const row: MemberRow = {
    id: newId('mem'),
    workspace_id: code.workspace_id,
    email,
    name,
    role: code.role ?? 'owner',
    password_hash: passwordHash,
    created_at: now,
    last_sign_in_at: null,
    password_changed_at: now,
  }
  try {
    await database.transaction(async (trx) => {
      if (!(await useMemberCode(trx, clock, code.id))) throw unknownCode('setup')
      await trx.insertInto('members').values(row).execute()
    })
  } catch (error) {
    throw isUniqueViolation(error) ? emailTaken() : error
  }
  return memberView(row)
}

function emailTaken(): DomainError {
  return conflict('a member with this e-mail address exists already: sign in, or reset its password')
}

export type PasswordSignIn =
  | { ok: true; member: MemberView }
  /** The member whose e-mail was given, if any, and the workspace to record the failure in. */
  | { ok: false; memberId: string | undefined; workspaceId: string | undefined }

/**
 * Checks an e-mail and password. Argon2 runs whether the e-mail is known, unknown or belongs to a
 * member without a password (single sign-on), so the answer takes the same time in each case.
 */
export async function checkSignIn(db: Db, email: string, password: string): Promise<PasswordSignIn> {
  const row = await findMemberByEmail(db, email)
  const matches = await checkPassword(row?.password_hash, password)
  if (row && matches) return { ok: true, member: memberView(row) }
  const workspaceId = row?.workspace_id ?? (await firstWorkspaceId(db))
  return { ok: false, memberId: row?.id, workspaceId }
}

/** A failed sign-in names no workspace (an unknown address, an unknown token): it is recorded in the oldest. */
export async function firstWorkspaceId(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('workspaces').select('id').orderBy('created_at').limit(1).executeTakeFirst()
  return row?.id
}

export async function renameMember(db: Db, memberId: string, name: string): Promise<MemberView | undefined> {
  await db
    .updateTable('members')
    .set({ name: checkedName(name) })
    .where('id', '=', memberId)
    .execute()
  return findMember(db, memberId)
}

/** Sets a member's password and ends every session it has, in one transaction. */
export async function setMemberPassword(
  database: Database,
  clock: Clock,
  memberId: string,
  password: string,
  codeId?: string,
): Promise<boolean> {
  const passwordHash = await hashPassword(password)
  return database.transaction(async (trx) => {
    if (codeId !== undefined && !(await useMemberCode(trx, clock, codeId))) return false
    await trx
      .updateTable('members')
      .set({ password_hash: passwordHash, password_changed_at: clock.nowMicros() })
      .where('id', '=', memberId)
      .execute()
    await trx.deleteFrom('member_sessions').where('member_id', '=', memberId).execute()
    // A reset link mailed before stops working too: it would undo the change.
    await trx
      .updateTable('member_codes')
      .set({ used_at: clock.nowMicros() })
      .where('member_id', '=', memberId)
      .where('kind', '=', 'reset')
      .where('used_at', 'is', null)
      .execute()
    return true
  })
}

/** Changes the caller's own password, proved by the current one; every session of the member ends. */
export async function changeOwnPassword(
  database: Database,
  clock: Clock,
  memberId: string,
  change: { currentPassword: string; password: string },
): Promise<void> {
  checkNewPassword(change.password)
  const row = await database.db
    .selectFrom('members')
    .select('password_hash')
    .where('id', '=', memberId)
    .executeTakeFirst()
  if (!(await checkPassword(row?.password_hash, change.currentPassword))) {
    throw validationFailed([{ path: '/current_password', message: 'is not the current password' }])
  }
  await setMemberPassword(database, clock, memberId, change.password)
}

/** Sets the password a reset code recovers; the code is spent with it. Returns the member. */
export async function confirmPasswordReset(
  database: Database,
  clock: Clock,
  reset: { code: string; password: string },
): Promise<MemberView> {
  checkNewPassword(reset.password)
  const code = await findMemberCode(database.db, clock, 'reset', reset.code)
  const member = code?.member_id ? await findMember(database.db, code.member_id) : undefined
  if (!code || !member) throw unknownCode('password reset')
  if (!(await setMemberPassword(database, clock, member.id, reset.password, code.id))) {
    throw unknownCode('password reset')
  }
  return member
}
