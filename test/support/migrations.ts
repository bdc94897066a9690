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
