import type { Migration } from './migration.js'

// Forms, and responses stored as their listed item (item_json) with a gap-free per-form
// position (seq): a listing page is one index range on (form_id, seq), see domain/forms.
export const formsAndResponses: Migration = {
  async up(db) {
    await db.schema
      .createTable('forms')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('definition', 'text', (c) => c.notNull())
      .addColumn('last_seq', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('last_submitted_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('forms_workspace_created')
      .on('forms')
      .columns(['workspace_id', 'created_at', 'id'])
      .execute()
    await db.schema
      .createTable('responses')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
      .addColumn('seq', 'bigint', (c) => c.notNull())
      .addColumn('submitted_at', 'bigint', (c) => c.notNull())
      .addColumn('item_json', 'text', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('responses_form_seq')
      .on('responses')
      .columns(['form_id', 'seq'])
      .unique()
      .execute()
    await db.schema
      .createIndex('responses_form_submitted')
      .on('responses')
      .columns(['form_id', 'submitted_at'])
      .execute()
  },
}
