import { Type } from 'typebox'
import { EVERY_DAYS_MAX, REMINDERS_MAX } from '../../../domain/mail/invitations.js'
import { recipientStatuses } from '../../../domain/mail/recipients.js'
import { MESSAGE_MAX, SUBJECT_MAX } from '../../../shared/mail/templates.js'
import { PagedList, PageQuery } from '../../pagination.js'
import { IdString, ref, Timestamp } from '../../schemas.js'

// Schemas of invitations and their recipients: they validate requests and document the API (OpenAPI).

export const InvitationParams = Type.Object(
  { form_id: IdString, invitation_id: IdString },
  { additionalProperties: false },
)

const placeholders =
  'Placeholders: `{{name}}`, `{{link}}` (the personal link), `{{form_title}}` and `{{contact.<data key>}}` ' +
  '(empty for a contact without that key); spaces inside the braces are allowed, any other `{{...}}` is refused.'

const Reminders = Type.Object(
  {
    count: Type.Integer({
      minimum: 0,
      maximum: REMINDERS_MAX,
      description: `Reminders at most (0..${REMINDERS_MAX}).`,
    }),
    every_days: Type.Integer({
      minimum: 1,
      maximum: EVERY_DAYS_MAX,
      description: `Days between a recipient's last mail and their next reminder (1..${EVERY_DAYS_MAX}).`,
    }),
  },
  { additionalProperties: false },
)

export const InvitationBody = Type.Object(
  {
    list_id: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'The contact list: each contact on it now gets a personal link.',
    }),
    subject: Type.String({
      minLength: 1,
      maxLength: SUBJECT_MAX,
      description: `1..${SUBJECT_MAX} characters. ${placeholders} Sent on one line: line breaks in values become spaces.`,
    }),
    message: Type.String({
      minLength: 1,
      maxLength: MESSAGE_MAX,
      description: `Plain text, 1..${MESSAGE_MAX} characters, with \`{{link}}\` required. ${placeholders} Blank lines separate paragraphs in the HTML part.`,
    }),
    send_at: Type.Optional(
      Type.String({
        maxLength: 64,
        description:
          'When to send (ISO 8601 or Unix seconds), at most a year ahead; default (or a time past): now.',
      }),
    ),
    reminders: Type.Optional(Reminders),
  },
  { additionalProperties: false },
)

const Counts = Type.Object(
  {
    recipients: Type.Integer({ description: 'Every recipient (one personal link each).' }),
    sent: Type.Integer(),
    failed: Type.Integer(),
    bounced: Type.Integer(),
    opened: Type.Integer(),
    completed: Type.Integer(),
    unsubscribed: Type.Integer(),
  },
  {
    description:
      'Recipients by their status now, each counted once (an opened recipient is not also counted as sent); those still queued are `recipients` less the rest.',
  },
)

export const InvitationSchema = Type.Object(
  {
    id: Type.String(),
    form_id: Type.String(),
    list_id: Type.String(),
    subject: Type.String(),
    message: Type.String(),
    send_at: Timestamp,
    reminders: Type.Object({ count: Type.Integer(), every_days: Type.Integer() }),
    status: Type.Unsafe<'scheduled' | 'sending' | 'done' | 'cancelled'>({
      type: 'string',
      enum: ['scheduled', 'sending', 'done', 'cancelled'],
      description:
        '`scheduled` until `send_at`; `sending` while any of its mails is queued or a recipient has a reminder to come; then `done`; or `cancelled`.',
    }),
    counts: Counts,
    created_at: Timestamp,
  },
  { $id: 'Invitation', description: 'An invitation of a contact list to a form.' },
)

export const InvitationPage = PagedList(ref(InvitationSchema), 'InvitationPage')

const Nullable = (schema: ReturnType<typeof Type.String>) => Type.Union([schema, Type.Null()])

export const RecipientSchema = Type.Object(
  {
    contact_id: Nullable(Type.String({ description: 'Null once the contact is deleted.' })),
    email: Type.String(),
    name: Type.String(),
    link: Type.String({ description: 'The personal link: `<CANVASS_PUBLIC_URL>/i/<token>`.' }),
    status: Type.Unsafe<(typeof recipientStatuses)[number]>({ type: 'string', enum: [...recipientStatuses] }),
    last_mail_at: Nullable(Timestamp),
    reminders_sent: Type.Integer(),
    completed_at: Nullable(Timestamp),
  },
  { $id: 'InvitationRecipient', description: 'A recipient of an invitation and how they stand.' },
)

export const RecipientPage = PagedList(ref(RecipientSchema), 'InvitationRecipientPage')

export const RecipientQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(
      Type.Unsafe<(typeof recipientStatuses)[number]>({
        type: 'string',
        enum: [...recipientStatuses],
        description: 'Only recipients with this status.',
      }),
    ),
  },
  { additionalProperties: false },
)
