import { randomBytes } from 'node:crypto'
import { expect } from 'vitest'
import { newId } from '../../src/ids.js'
import type { TestContext } from './context.js'

// Invitations and their recipients for the tests of personal links, written straight into
// `invitations` and `invitation_recipients` (as creating an invitation would): one personal link
// per contact, `/i/{token}`, the token 16 random bytes in base64url.

export interface TestContact {
  name?: string
  email: string
  data?: Record<string, string>
}

export interface StoredContact {
  id: string
  name: string
  email: string
  data: string
}

export interface TestRecipient {
  id: string
  token: string
  /** `/i/{token}`. */
  link: string
  contact: StoredContact
}

/** A list holding these contacts, through the API. */
export async function contactList(ctx: TestContext, contacts: TestContact[]) {
  const list = await ctx.request({ method: 'POST', url: '/v1/contact-lists', payload: { name: 'invited' } })
  expect(list.statusCode).toBe(201)
  const listId = list.json().id as string
  const added = await ctx.request({
    method: 'POST',
    url: '/v1/contacts/bulk',
    payload: { list_id: listId, contacts },
  })
  expect(added.statusCode, added.body).toBe(201)
  return { listId, contacts: added.json().added_contacts as StoredContact[] }
}

export const newLinkToken = () => randomBytes(16).toString('base64url')

/** An invitation of the list's contacts to the form, sent: one recipient (and link) each. */
export async function invite(
  ctx: TestContext,
  formId: string,
  list: { listId: string; contacts: StoredContact[] },
): Promise<TestRecipient[]> {
  const { db } = ctx.database
  const now = ctx.clock.nowMicros()
  const invitationId = newId('inv')
  await db
    .insertInto('invitations')
    .values({
      id: invitationId,
      workspace_id: ctx.workspaceId,
      form_id: formId,
      list_id: list.listId,
      subject: 'Tell us',
      message: 'Please answer: {{link}}',
      send_at: now,
      reminder_count: 0,
      reminder_every_days: 1,
      status: 'done',
      created_at: now,
      updated_at: now,
    })
    .execute()
  const recipients = list.contacts.map((contact) => ({
    id: newId('rcp'),
    token: newLinkToken(),
    contact,
  }))
  await db
    .insertInto('invitation_recipients')
    .values(
      recipients.map(({ id, token, contact }) => ({
        id,
        invitation_id: invitationId,
        form_id: formId,
        contact_id: contact.id,
        email: contact.email,
        email_key: contact.email.toLowerCase(),
        name: contact.name,
        data_json: contact.data,
        token,
        status: 'sent' as const,
        last_mail_at: now,
        reminders_sent: 0,
        next_reminder_at: null,
        opened_at: null,
        completed_at: null,
        response_id: null,
        created_at: now,
      })),
    )
    .execute()
  return recipients.map((recipient) => ({ ...recipient, link: `/i/${recipient.token}` }))
}

/** The recipient's row as stored. */
export async function recipientRow(ctx: TestContext, id: string) {
  return ctx.database.db
    .selectFrom('invitation_recipients')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}
