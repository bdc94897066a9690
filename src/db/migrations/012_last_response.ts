import { sql } from 'kysely'
import type { Migration } from './migration.js'

// A form's newest response that still exists, for its `last_response_at`. `last_submitted_at` cannot
// say it: it only grows (it keeps submitted_at increasing across processes whose clocks differ), so
// after the newest responses are deleted it names one that is gone.
export const lastResponse: Migration = {
  async up(db) {
    await db.schema
      .alterTable('forms')
      .addColumn('last_response_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute()
    await sql`update forms set last_response_at = coalesce(
      (select max(r.submitted_at) from responses r where r.form_id = forms.id), 0)`.execute(db)
  },
}
