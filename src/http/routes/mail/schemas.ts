import { Type } from 'typebox'
import { PagedList, PageQuery } from '../../pagination.js'
import { IdString, ref, Timestamp } from '../../schemas.js'

// Schemas of the mail outbox (docs/api.md#mail): they validate requests and document the API.

const MailKind = Type.Union(
  [
    Type.Literal('invitation'),
    Type.Literal('reminder'),
    Type.Literal('notification'),
    Type.Literal('confirmation'),
    Type.Literal('resume'),
    Type.Literal('member'),
  ],
  { description: 'What the mail is for.' },
)

const MailStatus = Type.Union(
  [
    Type.Literal('held'),
    Type.Literal('queued'),
    Type.Literal('sent'),
    Type.Literal('failed'),
    Type.Literal('bounced'),
  ],
  {
    description:
      '`held`: kept, never sent (no SMTP configured); `queued`: to be sent, or retried after a failed attempt; `sent`: accepted by the SMTP server; `failed`: refused for good, or its retries ran out; `bounced`: the server refused the address.',
  },
)

const nullableString = (description: string) => Type.Union([Type.String(), Type.Null()], { description })
const nullableInteger = (description: string) => Type.Union([Type.Integer(), Type.Null()], { description })

const mailFields = {
  id: Type.String(),
  to: Type.String({ description: 'The address it is sent to.' }),
  subject: Type.String(),
  kind: MailKind,
  status: MailStatus,
  attempts: Type.Integer({ description: 'Attempts to send it so far.' }),
  last_error: nullableString('Why the last attempt failed, in one line; null once sent.'),
  created_at: Timestamp,
  sent_at: Type.Union([Timestamp, Type.Null()], { description: 'When the SMTP server accepted it.' }),
}

export const MailSchema = Type.Object(mailFields, { $id: 'Mail', description: 'A mail of the outbox.' })

export const MailPage = PagedList(ref(MailSchema), 'MailPage')

export const MailAttemptSchema = Type.Object({
  number: Type.Integer({ description: 'From 1.' }),
  attempted_at: Timestamp,
  duration_ms: Type.Integer(),
  reply_code: nullableInteger('The SMTP reply that ended the attempt; null when the connection failed.'),
  error: nullableString('Null when the mail was accepted.'),
})

export const MailDetailSchema = Type.Object(
  {
    ...mailFields,
    text: nullableString(
      'The text part; null when it cannot be composed here, and for a team mail (kind `member`), whose link is a one-time code.',
    ),
    html: nullableString('The HTML part; null likewise.'),
    attempts_log: Type.Array(MailAttemptSchema, { description: 'Every attempt, oldest first.' }),
  },
  { $id: 'MailDetail', description: 'A mail with its parts and every attempt.' },
)

export const MailQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(MailStatus),
    kind: Type.Optional(MailKind),
  },
  { additionalProperties: false },
)

export const MailParams = Type.Object({ mail_id: IdString }, { additionalProperties: false })
