import { sql } from 'kysely'
import type { Migration } from './migration.js'

// The funnel (docs/api.md#insights) and the questions each response was shown. Each draft is a
// row of funnel_entries, which outlives it; funnel_counts keeps their sums per form and time bucket
// of their start, as insight_buckets does for responses (whose own figures count those submitted
// in one go). Which pages a path reaches and which questions it
// shows belong to the application, not to this frozen migration: every response's own figures are
// dropped and every form with responses or drafts is marked in insight_rebuilds, and the rebuild
// works both out again from the stored answers.
export const funnel: Migration = {
  async up(db) {
    await db.schema
      .createTable('funnel_entries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('response_id', 'text')
      .addColumn('pages', 'text', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('funnel_entries_started')
      .on('funnel_entries')
      .columns(['form_id', 'started_at', 'id'])
      .execute()
    await db.schema
      .createIndex('funnel_entries_response')
      .on('funnel_entries')
      .column('response_id')
      .execute()
    await db.schema
      .createTable('funnel_counts')
      .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
      .addColumn('level', 'text', (c) => c.notNull())
      .addColumn('bucket', 'bigint', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('count', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('funnel_counts_pk', ['form_id', 'level', 'bucket', 'key'])
      .execute()
    await sql`delete from response_figures`.execute(db)
    await sql`insert into insight_rebuilds (form_id)
      select id from forms
      where (last_seq > 0 or exists (select 1 from drafts where drafts.form_id = forms.id))
        and id not in (select form_id from insight_rebuilds)`.execute(db)
  },
}
