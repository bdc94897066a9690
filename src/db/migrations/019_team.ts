import { sql } from 'kysely'
import type { Migration } from './migration.js'

// The team (docs/api.md#team): members and their sessions, one-time codes, single sign-on logins
// in flight, the audit log, and the member behind a token. Tokens that held every scope before
// this migration were made to do anything: they get the team's new scopes too.
export const team: Migration = {
  async up(db) {
    await grantTeamScopes(db)
    await db.schema
      .createTable('members')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_sign_in_at', 'bigint')
      .addColumn('password_changed_at', 'bigint')
      .execute()
    // Members of a workspace in the order they joined (GET /v1/members pages by it).
    await db.schema
      .createIndex('members_workspace_created')
      .on('members')
      .columns(['workspace_id', 'created_at', 'id'])
      .execute()

    await db.schema
      .createTable('member_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('digest', 'text', (c) => c.notNull().unique())
      .addColumn('member_id', 'text', (c) => c.notNull().references('members.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('member_sessions_member')
      .on('member_sessions')
      .columns(['member_id', 'created_at'])
      .execute()
    await db.schema
      .createIndex('member_sessions_expires_at')
      .on('member_sessions')
      .column('expires_at')
      .execute()

    await db.schema
      .createTable('member_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('digest', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('email', 'text')
      .addColumn('role', 'text')
      .addColumn('member_id', 'text', (c) => c.references('members.id').onDelete('cascade'))
      .addColumn('created_by', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute()
    // Pending invitations of a workspace, and a new invitation replacing the one pending for an address.
    await db.schema
      .createIndex('member_codes_workspace_email')
      .on('member_codes')
      .columns(['workspace_id', 'kind', 'email'])
      .execute()

    await db.schema
      .createTable('oidc_logins')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('state_digest', 'text', (c) => c.notNull().unique())
      .addColumn('code_verifier', 'text', (c) => c.notNull())
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('return_to', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('oidc_logins_expires_at').on('oidc_logins').column('expires_at').execute()

    await db.schema
      .createTable('audit_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('workspace_id', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('actor_type', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text')
      .addColumn('actor_name', 'text')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target_type', 'text')
      .addColumn('target_id', 'text')
      .addColumn('address', 'text')
      .addColumn('details', 'text')
      .execute()
    // The log newest first, and retention's sweep by age.
    await db.schema
      .createIndex('audit_events_workspace_at')
      .on('audit_events')
      .columns(['workspace_id', 'at', 'id'])
      .execute()
    await db.schema.createIndex('audit_events_at').on('audit_events').column('at').execute()

    await db.schema
      .alterTable('api_tokens')
      .addColumn('member_id', 'text', (c) => c.references('members.id').onDelete('cascade'))
      .execute()
    await db.schema.createIndex('api_tokens_member').on('api_tokens').column('member_id').execute()
  },
}

// Every scope a token could hold before this migration: one holding them all was made to do anything.
const scopesBefore = [
  'forms:read',
  'forms:write',
  'responses:read',
  'responses:write',
  'contacts:read',
  'contacts:write',
  'webhooks:read',
  'webhooks:write',
  'invitations:read',
  'invitations:write',
]

export async function grantTeamScopes(db: Parameters<Migration['up']>[0]): Promise<void> {
  let query = db
    .updateTable('api_tokens')
    .set({ scopes: sql`scopes || ' members:read members:write tokens:read tokens:write audit:read'` })
  for (const scope of scopesBefore) query = query.where(sql`' ' || scopes || ' '`, 'like', `% ${scope} %`)
  query = query.where(sql`' ' || scopes || ' '`, 'not like', '% members:read %')
  await query.execute()
}
