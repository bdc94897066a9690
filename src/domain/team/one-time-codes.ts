import { createHash, randomBytes } from 'node:crypto'
import type { Selectable } from 'kysely'
import type { Clock } from '../../clock.js'
import type { Db } from '../../db/database.js'
import type { MemberCodeKind, MemberCodesTable } from '../../db/tables/team.js'
import { newId } from '../../ids.js'
import type { Role } from './roles.js'

// One-time codes that create or recover a member (docs/api.md#team-sign-in-and-passwords): the
// first start's setup code, `canvass member create`'s, and a password reset's. The code lives only
// in the link; its SHA-256 is stored. Using one is a single conditional update, so of two requests
// with the same code exactly one wins, on either database.

export type MemberCode = Selectable<MemberCodesTable>

const CODE_PATTERN = /^cvc_[A-Za-z0-9_-]{43}$/

/** How long a setup link works (CONTRACT.md section 13). */
export const SETUP_LIFETIME_MICROS = 24 * 3600 * 1_000_000

// As tokens are stored (tokens.ts, which imports this module to make the first start's code).
function digestCode(code: string): string {
  return createHash('sha256').update(code).digest('hex')
}

export interface NewMemberCode {
  kind: MemberCodeKind
  workspaceId: string
  email?: string | null
  role?: Role | null
  memberId?: string | null
  createdBy?: string | null
  lifetimeMicros: number
}

export async function createMemberCode(
  db: Db,
  clock: Clock,
  code: NewMemberCode,
): Promise<{ id: string; code: string; expiresAt: number }> {
  const plain = `cvc_${randomBytes(32).toString('base64url')}`
  const id = newId('mcd')
  const now = clock.nowMicros()
  const expiresAt = now + code.lifetimeMicros
  await db
    .insertInto('member_codes')
    .values({
      id,
      digest: digestCode(plain),
      kind: code.kind,
      workspace_id: code.workspaceId,
      email: code.email ?? null,
      role: code.role ?? null,
      member_id: code.memberId ?? null,
      created_by: code.createdBy ?? null,
      created_at: now,
      expires_at: expiresAt,
      used_at: null,
    })
    .execute()
  return { id, code: plain, expiresAt }
}

/** The code of this kind when it is unused and unexpired; a malformed one is looked up by no query. */
export async function findMemberCode(
  db: Db,
  clock: Clock,
  kind: MemberCodeKind,
  code: string,
): Promise<MemberCode | undefined> {
  if (!CODE_PATTERN.test(code)) return undefined
  return db
    .selectFrom('member_codes')
    .selectAll()
    .where('digest', '=', digestCode(code))
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', clock.nowMicros())
    .executeTakeFirst()
}

/** Marks the code used; false when another request used it first (or it has expired since). */
export async function useMemberCode(db: Db, clock: Clock, id: string): Promise<boolean> {
  const now = clock.nowMicros()
  const updated = await db
    .updateTable('member_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) === 1
}
