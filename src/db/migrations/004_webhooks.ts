import { sql } from 'kysely'
import type { Migration } from './migration.js'

export const webhooks: Migration = {
  async up(db) {
    await db.schema
      .createTable('webhooks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('workspace_id', 'text', (c) => c.notNull())
      // Deleting a form removes its webhooks (docs/api.md#forms), and with them their deliveries.
      .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
      .addColumn('tag', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('secret', 'text')
      .addColumn('verify_ssl', 'integer', (c) => c.notNull())
      .addColumn('event_types', 'text', (c) => c.notNull())
      .addColumn('failing_since', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('webhooks_form_tag', ['form_id', 'tag'])
      .execute()
    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('attempt_base', 'integer', (c) => c.notNull())
      .addColumn('manual', 'integer', (c) => c.notNull())
      .addColumn('last_status_code', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('next_attempt_at', 'bigint')
      .addColumn('lease_expires_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('delivered_at', 'bigint')
      .execute()
    // The delivery log of one webhook, newest first.
    await db.schema
      .createIndex('webhook_deliveries_by_webhook')
      .on('webhook_deliveries')
      .columns(['webhook_id', 'created_at'])
      .execute()
    // Due jobs: only pending rows carry a next_attempt_at, so this index stays small.
    await db.schema
      .createIndex('webhook_deliveries_due')
      .on('webhook_deliveries')
      .columns(['next_attempt_at'])
      .where(sql.ref('status'), '=', 'pending')
      .execute()
  },
}
