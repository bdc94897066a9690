import type { Migration } from './migration.js'

// Drafts (docs/api.md#drafts): a respondent's answers so far, named by a resume token. Only the
// token's SHA-256 digest is stored, unique, so a token is found by index and a copy of the table
// does not hand out the drafts. A completed draft is kept, ended, until retention deletes it.
export const drafts: Migration = {
  async up(db) {
    await db.schema
      .createTable('drafts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
      .addColumn('token_digest', 'text', (c) => c.notNull())
      .addColumn('answers_json', 'text', (c) => c.notNull())
      .addColumn('hidden_json', 'text', (c) => c.notNull())
      .addColumn('last_page', 'text')
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ended_at', 'bigint')
      .addColumn('response_id', 'text')
      .execute()
    await db.schema.createIndex('drafts_token').on('drafts').column('token_digest').unique().execute()
    await db.schema
      .createIndex('drafts_form_started')
      .on('drafts')
      .columns(['form_id', 'started_at'])
      .execute()
    await db.schema.createIndex('drafts_updated').on('drafts').column('updated_at').execute()
  },
}
