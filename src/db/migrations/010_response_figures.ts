import { sql } from 'kysely'
import type { Migration } from './migration.js'

// Each response's own figures (the answers insights count, src/domain/insights/figures.ts), so
// that insights over a list of responses or a window's partial minutes read those rather than
// whole stored items (issue 25). A table of their own, not a column of responses: on SQLite a
// column added last sits after item_json, and reading it walks every overflow page of a large
// item. As in 008, the figures are the application's: the table starts empty and every form with
// responses is marked for a rebuild, which fills it.
export const responseFigures: Migration = {
  async up(db) {
    await db.schema
      .createTable('response_figures')
      .addColumn('response_id', 'text', (c) => c.primaryKey().references('responses.id').onDelete('cascade'))
      .addColumn('figures', 'text', (c) => c.notNull())
      .execute()
    await sql`insert into insight_rebuilds (form_id)
      select id from forms where last_seq > 0 and id not in (select form_id from insight_rebuilds)`.execute(
      db,
    )
  },
}
