import { sql } from 'kysely'
import type { Migration } from './migration.js'

// Insight buckets of six hours and of ten minutes, between the day, the hour and the minute, so
// that a window's edges read a few buckets instead of up to 23 hours and 59 minutes each. As in
// 008, the figures are the application's: every form with responses is marked for a rebuild.
export const insightLevels: Migration = {
  async up(db) {
    await sql`insert into insight_rebuilds (form_id)
      select id from forms where last_seq > 0 and id not in (select form_id from insight_rebuilds)`.execute(
      db,
    )
  },
}
