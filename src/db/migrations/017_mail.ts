import { sql } from 'kysely'
import type { Migration } from './migration.js'

// Mail (docs/api.md#mail): the outbox and its attempts (as webhook deliveries, driven by the same
// worker), invitations of a contact list to a form and their recipients, each with a personal
// link; the addresses a workspace may no longer mail; the deployment's count of mails sent per
// minute (CANVASS_MAIL_RATE, shared by every process); and each form's responses waiting for the
// team's notification.
export const mail: Migration = {
  async up(db) {
    await invitationTables(db)
    await grantMailScopes(db)
    await db.schema
      .createTable('mails')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('workspace_id', 'text', (c) => c.notNull())
      .addColumn('form_id', 'text', (c) => c.references('forms.id').onDelete('cascade'))
      .addColumn('invitation_id', 'text', (c) => c.references('invitations.id').onDelete('cascade'))
      .addColumn('recipient_id', 'text', (c) => c.references('invitation_recipients.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('body_json', 'text')
      .addColumn('message_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('last_error', 'text')
      .addColumn('next_attempt_at', 'bigint')
      .addColumn('lease_expires_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('sent_at', 'bigint')
      .execute()
    // The outbox of a workspace, newest first.
    await db.schema
      .createIndex('mails_workspace_created')
      .on('mails')
      .columns(['workspace_id', 'created_at', 'id'])
      .execute()
    await db.schema.createIndex('mails_recipient').on('mails').column('recipient_id').execute()
    // An invitation's mails by status: whether any is still queued; those a cancel stops.
    await db.schema.createIndex('mails_invitation').on('mails').columns(['invitation_id', 'status']).execute()
    // Due mails: only queued rows carry a next_attempt_at, so this index stays small.
    await db.schema
      .createIndex('mails_due')
      .on('mails')
      .column('next_attempt_at')
      .where(sql.ref('status'), '=', 'queued')
      .execute()
    // Finished mails by age, for the worker's retention (CANVASS_DELIVERY_RETENTION_DAYS).
    await db.schema
      .createIndex('mails_finished')
      .on('mails')
      .column('created_at')
      .where(sql<boolean>`status in ('sent', 'failed', 'bounced')`)
      .execute()

    await db.schema
      .createTable('mail_attempts')
      .addColumn('mail_id', 'text', (c) => c.notNull().references('mails.id').onDelete('cascade'))
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('attempted_at', 'bigint', (c) => c.notNull())
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('reply_code', 'integer')
      .addColumn('error', 'text')
      .addPrimaryKeyConstraint('mail_attempts_pk', ['mail_id', 'number'])
      .execute()

    await db.schema
      .createTable('unsubscribes')
      .addColumn('workspace_id', 'text', (c) => c.notNull())
      .addColumn('email_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('unsubscribes_pk', ['workspace_id', 'email_key'])
      .execute()

    await db.schema
      .createTable('mail_rate')
      .addColumn('minute', 'bigint', (c) => c.primaryKey())
      .addColumn('sent', 'integer', (c) => c.notNull())
      .execute()

    await db.schema
      .createTable('mail_digests')
      .addColumn('form_id', 'text', (c) => c.primaryKey().references('forms.id').onDelete('cascade'))
      .addColumn('workspace_id', 'text', (c) => c.notNull())
      .addColumn('pending', 'integer', (c) => c.notNull())
      .addColumn('first_at', 'bigint', (c) => c.notNull())
      .addColumn('due_at', 'bigint', (c) => c.notNull())
      .execute()
  },
}

// Invitations and their recipients, each with a personal link, and the indexes their reads use.
async function invitationTables(db: Parameters<Migration['up']>[0]): Promise<void> {
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
    .addColumn('list_id', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('send_at', 'bigint', (c) => c.notNull())
    .addColumn('reminder_count', 'integer', (c) => c.notNull())
    .addColumn('reminder_every_days', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('invitations_form')
    .on('invitations')
    .columns(['form_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('invitation_recipients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('invitation_id', 'text', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
    .addColumn('form_id', 'text', (c) => c.notNull())
    .addColumn('contact_id', 'text', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('data_json', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('last_mail_at', 'bigint')
    .addColumn('reminders_sent', 'integer', (c) => c.notNull())
    .addColumn('next_reminder_at', 'bigint')
    .addColumn('opened_at', 'bigint')
    .addColumn('completed_at', 'bigint')
    .addColumn('response_id', 'text', (c) => c.references('responses.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('invitation_recipients_token')
    .on('invitation_recipients')
    .column('token')
    .unique()
    .execute()
  // An invitation's recipients by address: its pages and recipients.csv.
  await db.schema
    .createIndex('invitation_recipients_invitation')
    .on('invitation_recipients')
    .columns(['invitation_id', 'email_key', 'id'])
    .execute()
  // An invitation's counts by status and whether reminders are still to come, read from the index alone.
  await db.schema
    .createIndex('invitation_recipients_counts')
    .on('invitation_recipients')
    .columns(['invitation_id', 'status', 'next_reminder_at'])
    .execute()
  // Every recipient of an address, when it unsubscribes.
  await db.schema
    .createIndex('invitation_recipients_email')
    .on('invitation_recipients')
    .column('email_key')
    .execute()
  // A contact holds at most one link to a form, whichever invitation gave it.
  await db.schema
    .createIndex('invitation_recipients_form_contact')
    .on('invitation_recipients')
    .columns(['form_id', 'contact_id'])
    .unique()
    .execute()
  await db.schema
    .createIndex('invitation_recipients_contact')
    .on('invitation_recipients')
    .column('contact_id')
    .execute()
  // Only completed recipients of forms that are not anonymous have one: the others stay out.
  await db.schema
    .createIndex('invitation_recipients_response')
    .on('invitation_recipients')
    .column('response_id')
    .where(sql.ref('response_id'), 'is not', null)
    .execute()
  await db.schema
    .createIndex('invitation_recipients_reminder_due')
    .on('invitation_recipients')
    .column('next_reminder_at')
    .where(sql.ref('next_reminder_at'), 'is not', null)
    .execute()
}

// Every scope a token could hold before this migration: a token that held them all held "every
// scope", and the contract gives every all-scope token the new ones (docs/api.md#mail).
const scopesBefore = [
  'forms:read',
  'forms:write',
  'responses:read',
  'responses:write',
  'contacts:read',
  'contacts:write',
  'webhooks:read',
  'webhooks:write',
]

export async function grantMailScopes(db: Parameters<Migration['up']>[0]): Promise<void> {
  let query = db
    .updateTable('api_tokens')
    .set({ scopes: sql`scopes || ' invitations:read invitations:write'` })
  for (const scope of scopesBefore) query = query.where(sql`' ' || scopes || ' '`, 'like', `% ${scope} %`)
  query = query.where(sql`' ' || scopes || ' '`, 'not like', '% invitations:read %')
  await query.execute()
}
