import type { Migration } from './migration.js'

// Contact lists and contacts. UNIQUE (list_id, email_key) is what keeps an address on a list
// once, whatever the concurrency; the stored idempotent answers go with their list.
export const contacts: Migration = {
  async up(db) {
    await db.schema
      .createTable('contact_lists')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('contact_count', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('contact_lists_workspace_created')
      .on('contact_lists')
      .columns(['workspace_id', 'created_at', 'id'])
      .execute()
    await db.schema
      .createTable('contacts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('list_id', 'text', (c) => c.notNull().references('contact_lists.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('email_key', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('contacts_list_email_key')
      .on('contacts')
      .columns(['list_id', 'email_key'])
      .unique()
      .execute()
    await db.schema
      .createIndex('contacts_list_created')
      .on('contacts')
      .columns(['list_id', 'created_at', 'id'])
      .execute()
    await db.schema
      .createTable('contact_idempotency_keys')
      .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('list_id', 'text', (c) => c.notNull().references('contact_lists.id').onDelete('cascade'))
      .addColumn('request_digest', 'text', (c) => c.notNull())
      .addColumn('status_code', 'integer', (c) => c.notNull())
      .addColumn('response_body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('contact_idempotency_keys_pk', ['workspace_id', 'key'])
      .execute()
    await db.schema
      .createIndex('contact_idempotency_keys_list')
      .on('contact_idempotency_keys')
      .column('list_id')
      .execute()
    await db.schema
      .createIndex('contact_idempotency_keys_created')
      .on('contact_idempotency_keys')
      .column('created_at')
      .execute()
  },
}
