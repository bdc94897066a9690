// Mail (docs/api.md#mail): the outbox, its attempts, invitations of a contact list to a form,
// their recipients (one personal link each), the workspace's unsubscribed addresses, the
// deployment's send rate and the team's pending notifications. Timestamps are integer
// microseconds; JSON is text.

export type MailKind = 'invitation' | 'reminder' | 'notification' | 'confirmation' | 'resume' | 'member'
export type MailStatus = 'held' | 'queued' | 'sent' | 'failed' | 'bounced'

export interface MailsTable {
  id: string
  workspace_id: string
  form_id: string | null
  invitation_id: string | null
  recipient_id: string | null
  kind: MailKind
  /** The address as it is sent to (one address, no display name). */
  to_address: string
  subject: string
  /**
   * `{text, html, headers?}` as JSON text, composed when queued; null for an invitation's mails,
   * composed when sent from the invitation and its recipient (so queuing 10,000 stays small).
   */
  body_json: string | null
  /** The `Message-ID` header, the same on every attempt. */
  message_id: string
  status: MailStatus
  attempts: number
  last_error: string | null
  /** Due for its next attempt (queued mails only). */
  next_attempt_at: number | null
  /** A worker holds the mail until then; an expired lease lets another worker take it. */
  lease_expires_at: number | null
  created_at: number
  sent_at: number | null
}

export interface MailAttemptsTable {
  mail_id: string
  /** The mail's attempt count after this attempt. */
  number: number
  attempted_at: number
  duration_ms: number
  /** The SMTP reply code that ended the attempt; null when the connection failed. */
  reply_code: number | null
  /** Null when the mail was accepted. */
  error: string | null
}

export type InvitationStatus = 'scheduled' | 'sending' | 'done' | 'cancelled'

export interface InvitationsTable {
  id: string
  workspace_id: string
  form_id: string
  list_id: string
  subject: string
  message: string
  send_at: number
  reminder_count: number
  reminder_every_days: number
  status: InvitationStatus
  created_at: number
  updated_at: number
}

export type RecipientStatus =
  | 'queued'
  | 'sent'
  | 'failed'
  | 'bounced'
  | 'opened'
  | 'completed'
  | 'unsubscribed'

export interface InvitationRecipientsTable {
  id: string
  invitation_id: string
  form_id: string
  /** Null once the contact is deleted; the recipient and its link stay. */
  contact_id: string | null
  email: string
  /** The lower-cased address. */
  email_key: string
  name: string
  /** The contact's data when invited, as JSON text (for `{{contact.key}}` and hidden fields). */
  data_json: string
  /** The personal link's token: 22 URL-safe characters (128 bits); unique. */
  token: string
  status: RecipientStatus
  last_mail_at: number | null
  reminders_sent: number
  /** When the next reminder is due; null when none is (completed, unsubscribed, or all sent). */
  next_reminder_at: number | null
  opened_at: number | null
  completed_at: number | null
  /** The response it completed; always null for an anonymous form. */
  response_id: string | null
  created_at: number
}

export interface UnsubscribesTable {
  workspace_id: string
  /** The lower-cased address. */
  email_key: string
  created_at: number
}

/** Mails sent per minute by the whole deployment (CANVASS_MAIL_RATE). */
export interface MailRateTable {
  /** Unix minute. */
  minute: number
  sent: number
}

/** A form's new responses not yet in a notification mail (settings.notify). */
export interface MailDigestsTable {
  form_id: string
  workspace_id: string
  /** Responses since the last notification. */
  pending: number
  first_at: number
  /** When the summary may go: a minute after the previous one. */
  due_at: number
}

export interface MailTables {
  mails: MailsTable
  mail_attempts: MailAttemptsTable
  invitations: InvitationsTable
  invitation_recipients: InvitationRecipientsTable
  unsubscribes: UnsubscribesTable
  mail_rate: MailRateTable
  mail_digests: MailDigestsTable
}
