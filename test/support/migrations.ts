import { sql } from 'kysely'
import type { Db } from '../../src/db/database.js'

/**
 * The tables of migration 017 (mail), children first, for tests that take a database back to an
 * earlier version (drafts, which 018 links to recipients, go before them).
 */
export const mailTables = [
  'mail_attempts',
  'mails',
  'mail_digests',
  'mail_rate',
  'unsubscribes',
  'invitation_recipients',
  'invitations',
]

/**
 * Undoes migration 019 (the team): its tables, children first, and the member behind a token, for
 * tests that take a database back to an earlier version.
 */
export async function undoTeam(db: Db): Promise<void> {
  for (const table of ['audit_events', 'oidc_logins', 'member_codes', 'member_sessions']) {
    await sql`drop table ${sql.table(table)}`.execute(db)
  }
  await sql`drop index api_tokens_member`.execute(db)
  await sql`alter table api_tokens drop column member_id`.execute(db)
  await sql`drop table members`.execute(db)
}
