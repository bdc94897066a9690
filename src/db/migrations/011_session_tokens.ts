import type { Migration } from './migration.js'

// Signing in ends a token's sessions past its cap (CANVASS_SESSIONS_PER_TOKEN): that trim, and
// the cascade when a token goes, find a token's sessions by this index instead of a scan.
export const sessionTokens: Migration = {
  async up(db) {
    await db.schema
      .createIndex('sessions_token_id_created_at')
      .on('sessions')
      .columns(['token_id', 'created_at'])
      .execute()
  },
}
