import { sql } from 'kysely'
import type { Migration } from './migration.js'

// The size of a form's largest stored response item, so the listing can tell from the form row
// alone (in the page query itself) that a page is small enough to read in one go (issue 11).
// octet_length reads the stored length, not the text, on both databases (SQLite >= 3.43).
export const responseSizes: Migration = {
  async up(db) {
    await db.schema
      .alterTable('forms')
      .addColumn('max_item_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute()
    await sql`update forms set max_item_bytes = coalesce(
      (select max(octet_length(item_json)) from responses where responses.form_id = forms.id), 0)`.execute(db)
  },
}
