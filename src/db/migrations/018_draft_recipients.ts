import type { Migration } from './migration.js'

// A draft started through a personal link (docs/api.md#personal-links) remembers its recipient, so
// that completing it completes the recipient too; gone with the recipient (and its invitation).
export const draftRecipients: Migration = {
  async up(db) {
    await db.schema
      .alterTable('drafts')
      .addColumn('recipient_id', 'text', (c) => c.references('invitation_recipients.id').onDelete('cascade'))
      .execute()
    // Deleting an invitation's recipients finds their drafts by index.
    await db.schema.createIndex('drafts_recipient').on('drafts').column('recipient_id').execute()
  },
}
