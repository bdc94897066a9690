import type { Migration } from './migration.js'

// Dashboard sessions: a browser signs in with an API token once and then holds only a cookie.
// Like tokens, a session is stored as the digest of its secret; it dies with its token.
export const sessions: Migration = {
  async up(db) {
    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('digest', 'text', (c) => c.notNull().unique())
      .addColumn('token_id', 'text', (c) => c.notNull().references('api_tokens.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute()
  },
}
