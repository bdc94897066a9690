import type { Migration } from './migration.js'

// Uploaded files (docs/api.md#file-uploads): the bytes live under CANVASS_FILES_DIR, at
// <form id>/<file id>; a row names them. A file is claimed by the response whose answer names it
// and goes with it, or with its form; one no response claimed goes after the drafts' life.
// `secret` keys the file's signed links, so no server-wide key has to be shared between processes.
export const files: Migration = {
  async up(db) {
    await db.schema
      .createTable('files')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
      .addColumn('question_id', 'text', (c) => c.notNull())
      .addColumn('response_id', 'text', (c) => c.references('responses.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('files_form').on('files').column('form_id').execute()
    await db.schema.createIndex('files_response').on('files').column('response_id').execute()
    await db.schema
      .createIndex('files_unclaimed')
      .on('files')
      .columns(['response_id', 'created_at'])
      .execute()
  },
}
