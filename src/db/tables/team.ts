// The team (docs/api.md#team): members with a role, their sign-in sessions, the one-time codes
// that create or recover a member (setup, invitation, password reset), single sign-on logins in
// flight, and the audit log. Timestamps are integer microseconds; JSON is text.

import type { Role } from '../../shared/roles.js'

export interface MembersTable {
  id: string
  workspace_id: string
  /** Lower-cased; unique across the deployment, as signing in names no workspace. */
  email: string
  name: string
  role: Role
  /** Argon2id PHC string; null for a member who signs in only through single sign-on. */
  password_hash: string | null
  created_at: number
  last_sign_in_at: number | null
  /** When the password was last set: sessions started before it end. */
  password_changed_at: number | null
}

export interface MemberSessionsTable {
  id: string
  /** SHA-256 of the session cookie's secret (`cvsm_…`), hex. */
  digest: string
  member_id: string
  created_at: number
  expires_at: number
}

export type MemberCodeKind = 'setup' | 'invite' | 'reset'

export interface MemberCodesTable {
  id: string
  /** SHA-256 of the code, hex; the code itself is only in the link. */
  digest: string
  kind: MemberCodeKind
  workspace_id: string
  /** The address the code is for (invite, reset, and a setup link made for one person); null: anyone. */
  email: string | null
  /** The role a setup or invite code grants. */
  role: Role | null
  /** The member a reset code recovers. */
  member_id: string | null
  /** Who made it: a member's id, a token's id, or null for the first start and the CLI. */
  created_by: string | null
  created_at: number
  expires_at: number
  used_at: number | null
}

export interface OidcLoginsTable {
  id: string
  /** SHA-256 of the `state` sent to the provider, hex. */
  state_digest: string
  code_verifier: string
  nonce: string
  /** Where the dashboard goes after signing in (a path on this server). */
  return_to: string | null
  created_at: number
  expires_at: number
}

export type AuditActorType = 'member' | 'token' | 'system'

export interface AuditEventsTable {
  id: string
  workspace_id: string
  at: number
  actor_type: AuditActorType
  actor_id: string | null
  actor_name: string | null
  /** What was done, e.g. `createForm` (the operation's id) or `session.sign_in_failed`. */
  action: string
  target_type: string | null
  target_id: string | null
  /** The client address the request came from; null for the system. */
  address: string | null
  /** JSON text. */
  details: string | null
}

export interface TeamTables {
  members: MembersTable
  member_sessions: MemberSessionsTable
  member_codes: MemberCodesTable
  oidc_logins: OidcLoginsTable
  audit_events: AuditEventsTable
}
