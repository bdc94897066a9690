import { expect } from 'vitest'
import type { MailKind } from '../../src/db/tables/mail.js'
import type { TestContext } from '../support/context.js'

// What the notification, confirmation and resume tests share: a form that sends mail, and the
// mails as the outbox holds them (without SMTP they are `held`), their bodies parsed.

export const mailForm = {
  title: 'Feedback',
  questions: [
    { id: 'name', title: 'Your name', type: 'short_text' },
    { id: 'email', title: 'Your email', type: 'email' },
    { id: 'story', title: 'Tell us more', type: 'long_text' },
    { id: 'again', title: 'Come again?', type: 'yes_no' },
  ],
}

export async function createMailForm(ctx: TestContext, settings: object, form: object = mailForm) {
  const response = await ctx.request({ method: 'POST', url: '/v1/forms', payload: { ...form, settings } })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id as string
}

export interface OutboxMail {
  id: string
  workspace_id: string
  form_id: string | null
  kind: MailKind
  to: string
  subject: string
  status: string
  text: string
  html: string
  headers: Record<string, string> | undefined
}

/** The form's mails of `kind`, oldest first. */
export async function mailsOf(ctx: TestContext, formId: string, kind: MailKind): Promise<OutboxMail[]> {
  const rows = await ctx.database.db
    .selectFrom('mails')
    .selectAll()
    .where('form_id', '=', formId)
    .where('kind', '=', kind)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows.map((row) => {
    const body = JSON.parse(row.body_json ?? 'null') as {
      text: string
      html: string
      headers?: Record<string, string>
    }
    return {
      id: row.id,
      workspace_id: row.workspace_id,
      form_id: row.form_id,
      kind: row.kind,
      to: row.to_address,
      subject: row.subject,
      status: row.status,
      text: body.text,
      html: body.html,
      headers: body.headers,
    }
  })
}

/** Every mail of the database, whatever its form. */
export async function mailCount(ctx: TestContext): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('mails')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export const submit = (ctx: TestContext, formId: string, answers: object) =>
  ctx.request({ method: 'POST', url: `/v1/forms/${formId}/responses`, payload: { answers } })
