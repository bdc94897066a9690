import { sql } from 'kysely'
import type { Migration } from './migration.js'

// Every delivery attempt, not only the last: the log a user reads when a receiver fails.
// Deliveries recorded before this migration keep only their summary (attempts, last status and
// error); their attempt log starts empty, since when and how long those attempts took was not kept.
export const deliveryAttempts: Migration = {
  async up(db) {
    await db.schema
      .createTable('webhook_delivery_attempts')
      .addColumn('delivery_id', 'text', (c) =>
        c.notNull().references('webhook_deliveries.id').onDelete('cascade'),
      )
      // The delivery's attempt count after this attempt: 1, 2, ... (oldest first).
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('attempted_at', 'bigint', (c) => c.notNull())
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('error', 'text')
      .addColumn('response_excerpt', 'text')
      .addPrimaryKeyConstraint('webhook_delivery_attempts_pk', ['delivery_id', 'number'])
      .execute()
    // Retention: finished deliveries oldest first, without reading pending ones.
    await db.schema
      .createIndex('webhook_deliveries_finished')
      .on('webhook_deliveries')
      .columns(['created_at'])
      .where(sql.ref('status'), '<>', 'pending')
      .execute()
  },
}
