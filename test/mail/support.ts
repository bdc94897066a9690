import { randomBytes } from 'node:crypto'
import type { Config } from '../../src/config.js'
import type { MailComposer, NewMail } from '../../src/domain/mail/outbox.js'
import { queueMails } from '../../src/domain/mail/outbox.js'
import type { TestContext } from '../support/context.js'
import { tinyForm } from '../support/receiver.js'
import { waitForValue } from '../support/wait.js'

// What the mail tests share: the settings of a deployment that sends, a way to queue a mail as the
// code that causes one does (queueMails, in a transaction), the outbox as the API shows it, and a
// small composer for mails queued without a body (invitations' are composed when sent).

export const FROM = 'Surveys <surveys@example.com>'

/** A deployment that sends to `smtpUrl`, with short retry delays the tests move the clock past. */
export function sendingSettings(smtpUrl: string, overrides: Partial<Config> = {}): Partial<Config> {
  return {
    smtpUrl,
    mailFrom: FROM,
    publicUrl: 'https://forms.example.com',
    mailRate: 0,
    webhookRetrySchedule: [60, 60],
    ...overrides,
  }
}

/** Past a retry delay of the schedule above (60 s, +-20 %). */
export const PAST_RETRY_MS = 80_000

/** Queues one mail of the workspace (a notification with a body unless told otherwise); returns its id. */
export async function queueTestMail(ctx: TestContext, mail: Partial<NewMail> = {}): Promise<string> {
  const [id] = await ctx.database.transaction((trx) =>
    queueMails(trx, ctx.clock, ctx.deliverySignal, ctx.config, [
      {
        workspaceId: ctx.workspaceId,
        kind: 'notification',
        to: 'ada@example.com',
        subject: 'New responses to your survey',
        body: { text: 'Three new responses came in.', html: '<p>Three new responses came in.</p>' },
        ...mail,
      },
    ]),
  )
  return id as string
}

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely, as a client would
export type Json = any

/** GET /v1/mail/{id}, as a client reads it. */
export async function mailOf(ctx: TestContext, id: string): Promise<Json> {
  const answer = await ctx.request({ method: 'GET', url: `/v1/mail/${id}` })
  if (answer.statusCode !== 200)
    throw new Error(`GET /v1/mail/${id} answered ${answer.statusCode}: ${answer.body}`)
  return answer.json()
}

/** Waits until the mail, as GET /v1/mail/{id} shows it, passes `check`; returns it. */
export function waitForMail(ctx: TestContext, id: string, check: (mail: Json) => boolean): Promise<Json> {
  return waitForValue(async () => {
    const mail = await mailOf(ctx, id)
    return check(mail) ? mail : undefined
  })
}

export interface TestRecipient {
  id: string
  formId: string
  invitationId: string
  name: string
  email: string
  token: string
}

/** A recipient of an invitation to a new form, written as the invitations code writes one. */
export async function createRecipient(
  ctx: TestContext,
  recipient: { name?: string; email?: string; status?: 'queued' | 'completed' } = {},
): Promise<TestRecipient> {
  const formId = (await ctx.request({ method: 'POST', url: '/v1/forms', payload: tinyForm })).json()
    .id as string
  const now = ctx.clock.nowMicros()
  const invitationId = `inv_${randomBytes(16).toString('base64url')}`
  await ctx.database.db
    .insertInto('invitations')
    .values({
      id: invitationId,
      workspace_id: ctx.workspaceId,
      form_id: formId,
      list_id: 'cl_unused',
      subject: 'Tell us what you think',
      message: 'Hello {{name}}: {{link}}',
      send_at: now,
      reminder_count: 0,
      reminder_every_days: 7,
      status: 'sending',
      created_at: now,
      updated_at: now,
    })
    .execute()
  const name = recipient.name ?? 'Ada Lovelace'
  const email = recipient.email ?? `ada-${randomBytes(4).toString('hex')}@example.com`
  const row = {
    id: `rcp_${randomBytes(16).toString('base64url')}`,
    invitation_id: invitationId,
    form_id: formId,
    contact_id: null,
    email,
    email_key: email.toLowerCase(),
    name,
    data_json: '{}',
    token: randomBytes(16).toString('base64url'),
    status: recipient.status ?? 'queued',
    last_mail_at: null,
    reminders_sent: 0,
    next_reminder_at: null,
    opened_at: null,
    completed_at: null,
    response_id: null,
    created_at: now,
  }
  await ctx.database.db.insertInto('invitation_recipients').values(row).execute()
  return { id: row.id, formId, invitationId, name, email, token: row.token }
}

/** Queues the invitation mail of `recipient`, without a body (composed when sent); returns its id. */
export function queueInvitationMail(ctx: TestContext, recipient: TestRecipient): Promise<string> {
  return queueTestMail(ctx, {
    kind: 'invitation',
    to: recipient.email,
    subject: 'Tell us what you think',
    formId: recipient.formId,
    invitationId: recipient.invitationId,
    recipientId: recipient.id,
    body: undefined,
  })
}

/** The recipient's row as stored. */
export function recipientRow(ctx: TestContext, id: string) {
  return ctx.database.db
    .selectFrom('invitation_recipients')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}

/** The tests' composer: an invitation to the recipient by name, with its personal and unsubscribe links. */
export const testComposer: MailComposer = async (database, mail) => {
  if (mail.recipient_id === null) return undefined
  const recipient = await database.db
    .selectFrom('invitation_recipients')
    .select(['name', 'token'])
    .where('id', '=', mail.recipient_id)
    .executeTakeFirst()
  if (!recipient) return undefined
  const link = `https://forms.example.com/i/${recipient.token}`
  return {
    text: `Hello ${recipient.name}, please answer: ${link}`,
    html: `<p>Hello ${recipient.name}, please <a href="${link}">answer</a>.</p>`,
    headers: { 'List-Unsubscribe': `<https://forms.example.com/u/${recipient.token}>` },
  }
}
