import { sql } from 'kysely'
import type { Migration } from './migration.js'

// Insights (docs/api.md#insights) kept up to date as responses are stored and deleted: one row of figures
// per form and time bucket (the whole form, each UTC day, hour and minute with responses).
// How a figure is computed belongs to the application, not to this frozen migration: it marks
// every form that already has responses in insight_rebuilds, and the application rebuilds those
// (at start-up, `canvass migrate`, or before it first answers for such a form).
export const insights: Migration = {
  async up(db) {
    await db.schema
      .createTable('insight_buckets')
      .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
      .addColumn('level', 'text', (c) => c.notNull())
      .addColumn('bucket', 'bigint', (c) => c.notNull())
      .addColumn('responses', 'bigint', (c) => c.notNull())
      .addColumn('figures', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('insight_buckets_pk', ['form_id', 'level', 'bucket'])
      .execute()
    await db.schema
      .createTable('insight_rebuilds')
      .addColumn('form_id', 'text', (c) => c.primaryKey().references('forms.id').onDelete('cascade'))
      .execute()
    await sql`insert into insight_rebuilds (form_id) select id from forms where last_seq > 0`.execute(db)
  },
}
