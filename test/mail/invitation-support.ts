import { expect } from 'vitest'
import type { TestContext } from '../support/context.js'

// What the invitation tests share: a form, a contact list, an invitation made through the API, and
// the outbox rows read back from the database.

export interface NewContact {
  email: string
  name?: string
  data?: Record<string, string>
}

export async function createForm(
  ctx: TestContext,
  title = 'Customer survey',
  token?: string,
): Promise<string> {
  const response = await ctx.request({
    method: 'POST',
    url: '/v1/forms',
    payload: { title, questions: [{ id: 'q1', title: 'How was it?', type: 'short_text' }] },
    ...(token ? { token } : {}),
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id
}

export async function createList(ctx: TestContext, contacts: NewContact[], token?: string): Promise<string> {
  const list = await ctx.request({
    method: 'POST',
    url: '/v1/contact-lists',
    payload: { name: 'Invitees' },
    ...(token ? { token } : {}),
  })
  expect(list.statusCode, list.body).toBe(201)
  const listId = list.json().id
  // The bulk add takes at most 1000 contacts a request.
  for (let start = 0; start < contacts.length; start += 1000) {
    const added = await ctx.request({
      method: 'POST',
      url: '/v1/contacts/bulk',
      payload: { list_id: listId, contacts: contacts.slice(start, start + 1000) },
      ...(token ? { token } : {}),
    })
    expect(added.statusCode, added.body).toBe(201)
  }
  return listId
}

export const defaultMessage = 'Hello {{name}},\n\nplease tell us about {{form_title}}:\n{{link}}\n\nThanks!'

export function invite(ctx: TestContext, formId: string, body: Record<string, unknown>, token?: string) {
  return ctx.request({
    method: 'POST',
    url: `/v1/forms/${formId}/invitations`,
    payload: { subject: 'Your opinion, {{name}}', message: defaultMessage, ...body },
    ...(token ? { token } : {}),
  })
}

export async function invited(ctx: TestContext, formId: string, body: Record<string, unknown>) {
  const response = await invite(ctx, formId, body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

export interface RecipientItem {
  contact_id: string | null
  email: string
  name: string
  link: string
  status: string
  last_mail_at: string | null
  reminders_sent: number
  completed_at: string | null
}

export async function recipientsOf(ctx: TestContext, formId: string, invitationId: string, query = '') {
  const response = await ctx.request({
    method: 'GET',
    url: `/v1/forms/${formId}/invitations/${invitationId}/recipients?page_size=1000${query}`,
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().items as RecipientItem[]
}

/** The recipient rows of an invitation, as stored. */
export function recipientRows(ctx: TestContext, invitationId: string) {
  return ctx.database.db
    .selectFrom('invitation_recipients')
    .selectAll()
    .where('invitation_id', '=', invitationId)
    .orderBy('email_key')
    .execute()
}

/** The mails of an invitation, as stored in the outbox. */
export function mailsOf(ctx: TestContext, invitationId: string) {
  return ctx.database.db
    .selectFrom('mails')
    .selectAll()
    .where('invitation_id', '=', invitationId)
    .orderBy('to_address')
    .orderBy('created_at')
    .execute()
}

/** The token of a personal link. */
export const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1)
