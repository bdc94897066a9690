import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { markRecipientCompleted, markRecipientOpened } from '../../src/domain/mail/recipients.js'
import { queueDueReminders } from '../../src/domain/mail/reminders.js'
import { TestClock } from '../support/clock.js'
import { createTestContext, type TestContext, useTestContext } from '../support/context.js'
import {
  createForm,
  createList,
  invite,
  invited,
  mailsOf,
  recipientRows,
  recipientsOf,
  tokenOf,
} from './invitation-support.js'

// Invitations through the API (docs/api.md#invitations): create, list, get, cancel, recipients and
// recipients.csv, counts and status, every refusal. Mails stay in the outbox here: with SMTP unset
// they are `held`; with it set no worker runs, so they stay `queued`.

const ctx = useTestContext()

const people = [
  { email: 'ada@example.com', name: 'Ada', data: { team: 'Core' } },
  { email: 'Bo@Example.com', name: 'Bo' },
  { email: 'cy@example.com', name: 'Cy', data: { team: 'Ops' } },
]

describe('creating an invitation', () => {
  it('answers 201 with the invitation as the contract shows it, one recipient and one held mail per contact', async () => {
    const formId = await createForm(ctx, 'Q4 survey')
    const listId = await createList(ctx, people)
    const response = await invite(ctx, formId, { list_id: listId })
    expect(response.statusCode, response.body).toBe(201)
    const invitation = response.json()
    expect(Object.keys(invitation).sort()).toEqual(
      [
        'counts',
        'created_at',
        'form_id',
        'id',
        'list_id',
        'message',
        'reminders',
        'send_at',
        'status',
        'subject',
      ].sort(),
    )
    expect(invitation.id).toMatch(/^inv_[A-Za-z0-9_-]{22}$/)
    expect(invitation).toMatchObject({
      form_id: formId,
      list_id: listId,
      subject: 'Your opinion, {{name}}',
      reminders: { count: 0, every_days: 7 },
      // Held mails are never sent: nothing is queued, no reminder is to come.
      status: 'done',
      counts: { recipients: 3, sent: 0, failed: 0, bounced: 0, opened: 0, completed: 0, unsubscribed: 0 },
    })
    expect(invitation.send_at <= invitation.created_at).toBe(true)

    const recipients = await recipientsOf(ctx, formId, invitation.id)
    expect(recipients.map((r) => r.email)).toEqual(['ada@example.com', 'Bo@Example.com', 'cy@example.com'])
    for (const recipient of recipients) {
      expect(recipient.link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/i\/[A-Za-z0-9_-]{22}$/)
      expect(recipient).toMatchObject({
        status: 'queued',
        last_mail_at: null,
        reminders_sent: 0,
        completed_at: null,
      })
      expect(recipient.contact_id).toMatch(/^ct_/)
    }
    expect(new Set(recipients.map((r) => tokenOf(r.link))).size).toBe(3)

    const mails = await mailsOf(ctx, invitation.id)
    expect(mails.map((mail) => [mail.to_address, mail.subject, mail.kind, mail.status]).sort()).toEqual([
      ['Bo@Example.com', 'Your opinion, Bo', 'invitation', 'held'],
      ['ada@example.com', 'Your opinion, Ada', 'invitation', 'held'],
      ['cy@example.com', 'Your opinion, Cy', 'invitation', 'held'],
    ])
    const rows = await recipientRows(ctx, invitation.id)
    for (const mail of mails) {
      expect(mail.body_json).toBeNull()
      expect(mail.form_id).toBe(formId)
      expect(rows.map((row) => row.id)).toContain(mail.recipient_id)
    }
    expect(rows.find((row) => row.email === 'ada@example.com')?.data_json).toBe('{"team":"Core"}')
  })

  it('never gives a contact a second link to the same form; a contact added later gets one', async () => {
    const formId = await createForm(ctx)
    const listId = await createList(ctx, people.slice(0, 2))
    const first = await invited(ctx, formId, { list_id: listId })
    const again = await invited(ctx, formId, { list_id: listId })
    expect(again.counts.recipients).toBe(0)
    expect(await mailsOf(ctx, again.id)).toEqual([])
    await ctx.request({
      method: 'POST',
      url: '/v1/contacts/bulk',
      payload: { list_id: listId, contacts: [people[2]] },
    })
    const third = await invited(ctx, formId, { list_id: listId })
    expect((await recipientsOf(ctx, formId, third.id)).map((r) => r.email)).toEqual(['cy@example.com'])
    // Another form: everyone again.
    const other = await invited(ctx, await createForm(ctx), { list_id: listId })
    expect(other.counts.recipients).toBe(3)
    expect(first.counts.recipients).toBe(2)
  })

  it('invites an empty list: no recipient, no mail', async () => {
    const invitation = await invited(ctx, await createForm(ctx), { list_id: await createList(ctx, []) })
    expect(invitation.counts.recipients).toBe(0)
  })

  it('answers 404 for an unknown form or list, or another workspace’s, and stores nothing', async () => {
    const formId = await createForm(ctx)
    const listId = await createList(ctx, people)
    const otherForm = await createForm(ctx, 'Theirs', ctx.otherToken)
    const otherList = await createList(ctx, people, ctx.otherToken)
    for (const [form, list, missing] of [
      ['frm_unknown', listId, 'form'],
      [otherForm, listId, 'form'],
      [formId, 'cl_unknown', 'contact list'],
      [formId, otherList, 'contact list'],
    ] as const) {
      const response = await invite(ctx, form, { list_id: list })
      expect(response.statusCode, response.body).toBe(404)
      expect(response.json()).toMatchObject({ code: 'not_found', detail: expect.stringContaining(missing) })
    }
    const stored = await ctx.database.db
      .selectFrom('invitations')
      .select('id')
      .where('form_id', '=', formId)
      .execute()
    expect(stored).toEqual([])
  })
})

describe('validation', () => {
  let formId: string
  let listId: string
  beforeAll(async () => {
    formId = await createForm(ctx)
    listId = await createList(ctx, people)
  })

  async function expectInvalid(body: Record<string, unknown>, errors: { path: string; message?: RegExp }[]) {
    const response = await invite(ctx, formId, { list_id: listId, ...body })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8')
    const problem = response.json()
    expect(problem.code).toBe('validation_failed')
    expect(problem.errors.map((error: { path: string }) => error.path).sort()).toEqual(
      errors.map((error) => error.path).sort(),
    )
    for (const expected of errors) {
      if (!expected.message) continue
      const found = problem.errors.find((error: { path: string }) => error.path === expected.path)
      expect(found.message).toMatch(expected.message)
    }
  }

  it('refuses missing, mistyped and unknown fields', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${formId}/invitations`,
      payload: {},
    })
    expect(response.statusCode).toBe(400)
    expect(
      response
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['/list_id', '/message', '/subject'])
    await expectInvalid({ subject: 42 }, [{ path: '/subject' }])
    await expectInvalid({ message: ['{{link}}'] }, [{ path: '/message' }])
    await expectInvalid({ list_id: 7 }, [{ path: '/list_id' }])
    await expectInvalid({ bcc: 'x@example.com' }, [{ path: '/bcc' }])
    const array = await ctx.request({ method: 'POST', url: `/v1/forms/${formId}/invitations`, payload: [1] })
    expect(array.statusCode).toBe(400)
  })

  it('refuses a subject over 200 or a message over 5000 characters, or either empty', async () => {
    await invited(ctx, await createForm(ctx), {
      list_id: listId,
      subject: 'é'.repeat(200),
      message: `${'é'.repeat(4992)}{{link}}`,
    })
    await expectInvalid({ subject: 'x'.repeat(201) }, [{ path: '/subject' }])
    await expectInvalid({ message: `${'x'.repeat(4993)}{{link}}` }, [{ path: '/message' }])
    await expectInvalid({ subject: '' }, [{ path: '/subject' }])
    await expectInvalid({ subject: '   ' }, [{ path: '/subject', message: /must not be empty/ }])
  })

  it('refuses a message without {{link}}, and any {{...}} that names nothing, naming it', async () => {
    await expectInvalid({ message: 'Hello {{name}}' }, [
      { path: '/message', message: /must contain \{\{link\}\}/ },
    ])
    await expectInvalid({ message: 'Hi {{ email }} {{link}}' }, [
      { path: '/message', message: /\{\{ email \}\} names nothing/ },
    ])
    await expectInvalid({ subject: 'For {{contact.}}' }, [
      { path: '/subject', message: /\{\{contact\.\}\} names nothing/ },
    ])
    await expectInvalid({ subject: 'For {{Name}}', message: '{{link}} {{unknown}}' }, [
      { path: '/subject', message: /\{\{Name\}\}/ },
      { path: '/message', message: /\{\{unknown\}\}/ },
    ])
    await expectInvalid({ message: '{{link}} and {{name' }, [{ path: '/message', message: /no \}\} closes/ }])
    // Spaces inside the braces, and any contact data key, are fine.
    await invited(ctx, await createForm(ctx), {
      list_id: listId,
      subject: '{{ name }} of {{ contact.team }}',
      message: '{{  link  }} {{contact.first name}} {{form_title}}',
    })
  })

  it('refuses a subject with a line break or another control character', async () => {
    for (const subject of ['Hello\r\nBcc: x@example.com', 'Hi\nthere', 'tab\there', 'bell\u0007']) {
      await expectInvalid({ subject }, [{ path: '/subject', message: /one line/ }])
    }
  })

  it('refuses a bad send_at, and reminders out of range', async () => {
    await expectInvalid({ send_at: 'tomorrow' }, [{ path: '/send_at' }])
    await expectInvalid({ send_at: '2026-02-30T10:00:00Z' }, [{ path: '/send_at' }])
    await expectInvalid({ send_at: '2999-01-01T00:00:00Z' }, [{ path: '/send_at', message: /a year/ }])
    await expectInvalid({ reminders: { count: 6, every_days: 3 } }, [{ path: '/reminders/count' }])
    await expectInvalid({ reminders: { count: -1, every_days: 3 } }, [{ path: '/reminders/count' }])
    await expectInvalid({ reminders: { count: 1.5, every_days: 3 } }, [{ path: '/reminders/count' }])
    await expectInvalid({ reminders: { count: 2, every_days: 0 } }, [{ path: '/reminders/every_days' }])
    await expectInvalid({ reminders: { count: 2, every_days: 31 } }, [{ path: '/reminders/every_days' }])
    await expectInvalid({ reminders: { count: 2 } }, [{ path: '/reminders/every_days' }])
    await expectInvalid({ reminders: { count: 2, every_days: 3, at: 'x' } }, [{ path: '/reminders/at' }])
    await expectInvalid({ reminders: 3 }, [{ path: '/reminders' }])
    const stored = await ctx.database.db
      .selectFrom('invitations')
      .select('id')
      .where('form_id', '=', formId)
      .execute()
    expect(stored).toEqual([])
  })
})

describe('listing, getting, recipients and recipients.csv', () => {
  it('lists invitations newest first, paged, and gets one; 404 for another form’s or workspace’s', async () => {
    const formId = await createForm(ctx)
    const listId = await createList(ctx, people)
    const made = []
    for (let i = 0; i < 3; i++) made.push(await invited(ctx, formId, { list_id: listId }))
    const page1 = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/invitations?page_size=2` })
    expect(page1.statusCode).toBe(200)
    expect(page1.json().items.map((i: { id: string }) => i.id)).toEqual([made[2].id, made[1].id])
    expect(page1.headers.link).toContain('rel="next"')
    const page2 = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${formId}/invitations?page=2&page_size=2`,
    })
    expect(page2.json().items).toEqual([made[0]])
    const got = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/invitations/${made[0].id}` })
    expect(got.json()).toEqual(made[0])

    const elsewhere = await createForm(ctx)
    for (const url of [
      `/v1/forms/${elsewhere}/invitations/${made[0].id}`,
      `/v1/forms/${formId}/invitations/inv_unknown`,
      `/v1/forms/${elsewhere}/invitations/${made[0].id}/recipients`,
      `/v1/forms/${elsewhere}/invitations/${made[0].id}/recipients.csv`,
    ]) {
      const response = await ctx.request({ method: 'GET', url })
      expect(response.statusCode, url).toBe(404)
    }
    for (const url of [
      `/v1/forms/${formId}/invitations`,
      `/v1/forms/${formId}/invitations/${made[0].id}`,
      `/v1/forms/${formId}/invitations/${made[0].id}/recipients`,
      `/v1/forms/${formId}/invitations/${made[0].id}/recipients.csv`,
    ]) {
      const response = await ctx.request({ method: 'GET', url, token: ctx.otherToken })
      expect(response.statusCode, url).toBe(404)
      expect(response.json().code).toBe('not_found')
    }
  })

  it('pages recipients by address and filters them by status', async () => {
    const formId = await createForm(ctx)
    const contacts = Array.from({ length: 7 }, (_, i) => ({ email: `p${i}@example.com`, name: `P${i}` }))
    const invitation = await invited(ctx, formId, { list_id: await createList(ctx, contacts) })
    const seen: string[] = []
    for (let page = 1; page <= 3; page++) {
      const response = await ctx.request({
        method: 'GET',
        url: `/v1/forms/${formId}/invitations/${invitation.id}/recipients?page=${page}&page_size=3`,
      })
      seen.push(...response.json().items.map((r: { email: string }) => r.email))
    }
    expect(seen).toEqual(contacts.map((c) => c.email))
    const rows = await recipientRows(ctx, invitation.id)
    await ctx.database.transaction(async (trx) => {
      await markRecipientOpened(trx, ctx.clock, rows[1]?.id as string)
      await markRecipientCompleted(trx, ctx.clock, rows[2]?.id as string, null)
    })
    expect((await recipientsOf(ctx, formId, invitation.id, '&status=opened')).map((r) => r.email)).toEqual([
      'p1@example.com',
    ])
    const completed = await recipientsOf(ctx, formId, invitation.id, '&status=completed')
    expect(completed.map((r) => r.email)).toEqual(['p2@example.com'])
    expect(completed[0]?.completed_at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/)
    const bad = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${formId}/invitations/${invitation.id}/recipients?status=lost`,
    })
    expect(bad.statusCode).toBe(400)
  })

  it('cancels: a mail a worker holds (it may be on the wire) is left to that worker, the others stop', async () => {
    const formId = await createForm(ctx)
    const contacts = [{ email: 'held1@example.com' }, { email: 'held2@example.com' }]
    const invitation = await invited(ctx, formId, { list_id: await createList(ctx, contacts) })
    const mails = await mailsOf(ctx, invitation.id)
    const sending = mails[0]?.id as string
    await ctx.database.db
      .updateTable('mails')
      .set({ status: 'queued', lease_expires_at: ctx.clock.nowMicros() + 60_000_000 })
      .where('id', '=', sending)
      .execute()
    const url = `/v1/forms/${formId}/invitations/${invitation.id}/cancel`
    expect((await ctx.request({ method: 'POST', url })).statusCode).toBe(200)
    const after = await ctx.database.db
      .selectFrom('mails')
      .select(['id', 'status', 'last_error'])
      .where('invitation_id', '=', invitation.id)
      .execute()
    const byId = Object.fromEntries(after.map((mail) => [mail.id, [mail.status, mail.last_error]]))
    expect(byId[sending]).toEqual(['queued', null])
    expect(byId[mails[1]?.id as string]).toEqual(['failed', 'cancelled'])
  })

  it('counts recipients by status, each once, from their rows', async () => {
    const formId = await createForm(ctx)
    const contacts = Array.from({ length: 5 }, (_, i) => ({ email: `count${i}@example.com` }))
    const invitation = await invited(ctx, formId, { list_id: await createList(ctx, contacts) })
    const rows = await recipientRows(ctx, invitation.id)
    await ctx.database.transaction(async (trx) => {
      await markRecipientOpened(trx, ctx.clock, rows[0]?.id as string)
      await markRecipientOpened(trx, ctx.clock, rows[1]?.id as string)
      await markRecipientCompleted(trx, ctx.clock, rows[1]?.id as string, null)
      await markRecipientCompleted(trx, ctx.clock, rows[2]?.id as string, null)
    })
    const unsubscribed = await ctx.app.inject({ method: 'POST', url: `/u/${rows[3]?.token}` })
    expect(unsubscribed.statusCode).toBe(200)
    const got = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/invitations/${invitation.id}` })
    expect(got.json().counts).toEqual({
      recipients: 5,
      sent: 0,
      failed: 0,
      bounced: 0,
      opened: 1,
      completed: 2,
      unsubscribed: 1,
    })
    const statuses = (await recipientsOf(ctx, formId, invitation.id)).map((r) => r.status)
    expect(statuses).toEqual(['opened', 'completed', 'completed', 'unsubscribed', 'queued'])
  })

  it('writes recipients.csv: email,name,link, spreadsheet-safe, without the unsubscribed', async () => {
    const formId = await createForm(ctx)
    const contacts = [
      { email: 'plain@example.com', name: 'Plain Person' },
      { email: 'formula@example.com', name: '=HYPERLINK("http://evil.example","click")' },
      { email: 'comma@example.com', name: 'Doe, "Jo"\nsecond line' },
      { email: 'gone@example.com', name: 'Gone' },
    ]
    const invitation = await invited(ctx, formId, { list_id: await createList(ctx, contacts) })
    const rows = await recipientRows(ctx, invitation.id)
    const gone = rows.find((row) => row.email === 'gone@example.com')
    await ctx.app.inject({ method: 'POST', url: `/u/${gone?.token}` })
    const response = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${formId}/invitations/${invitation.id}/recipients.csv`,
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="recipients-${invitation.id}.csv"`,
    )
    expect(response.body.startsWith('\ufeffemail,name,link\n')).toBe(true)
    const lines = parse(response.body.slice(1), { columns: true }) as {
      email: string
      name: string
      link: string
    }[]
    const linkOf = (email: string) =>
      `http://127.0.0.1:${ctx.config.port}/i/${rows.find((row) => row.email === email)?.token}`
    expect(lines).toEqual([
      { email: 'comma@example.com', name: 'Doe, "Jo"\nsecond line', link: linkOf('comma@example.com') },
      {
        email: 'formula@example.com',
        name: '\'=HYPERLINK("http://evil.example","click")',
        link: linkOf('formula@example.com'),
      },
      { email: 'plain@example.com', name: 'Plain Person', link: linkOf('plain@example.com') },
    ])
  })

  it('streams recipients.csv of more recipients than one batch, each once', async () => {
    const formId = await createForm(ctx)
    const contacts = Array.from({ length: 1203 }, (_, i) => ({
      email: `bulk${String(i).padStart(4, '0')}@example.com`,
    }))
    const invitation = await invited(ctx, formId, { list_id: await createList(ctx, contacts) })
    const response = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${formId}/invitations/${invitation.id}/recipients.csv`,
    })
    const lines = parse(response.body.slice(1), { columns: true }) as { email: string }[]
    expect(lines.map((line) => line.email)).toEqual(contacts.map((c) => c.email))
  })
})

describe('scopes', () => {
  it('needs invitations:write to create or cancel, invitations:read to read', async () => {
    const formId = await createForm(ctx)
    const listId = await createList(ctx, people)
    const reader = await ctx.tokenWithScopes(['invitations:read'])
    const writer = await ctx.tokenWithScopes(['invitations:write'])
    const refused = await invite(ctx, formId, { list_id: listId }, reader)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('forbidden')
    const made = await invite(ctx, formId, { list_id: listId }, writer)
    expect(made.statusCode, made.body).toBe(201)
    const id = made.json().id
    for (const url of [
      `/v1/forms/${formId}/invitations`,
      `/v1/forms/${formId}/invitations/${id}`,
      `/v1/forms/${formId}/invitations/${id}/recipients`,
      `/v1/forms/${formId}/invitations/${id}/recipients.csv`,
    ]) {
      expect((await ctx.request({ method: 'GET', url, token: reader })).statusCode, url).toBe(200)
      expect((await ctx.request({ method: 'GET', url, token: writer })).statusCode, url).toBe(403)
    }
    const cancel = `/v1/forms/${formId}/invitations/${id}/cancel`
    expect((await ctx.request({ method: 'POST', url: cancel, token: reader })).statusCode).toBe(403)
    expect((await ctx.request({ method: 'POST', url: cancel, token: writer })).statusCode).toBe(200)
  })
})

describe('with SMTP configured', () => {
  let smtp: TestContext
  const clock = new TestClock()
  beforeAll(async () => {
    smtp = await createTestContext(
      { smtpUrl: 'smtp://127.0.0.1:9', publicUrl: 'https://surveys.example.com' },
      { clock },
    )
  })
  afterAll(() => smtp.close())

  it('is scheduled until send_at, then sending while its mails are queued', async () => {
    const formId = await createForm(smtp)
    const listId = await createList(smtp, people)
    const sendAt = new Date(clock.now() + 3_600_000).toISOString()
    const invitation = await invited(smtp, formId, { list_id: listId, send_at: sendAt })
    expect(invitation.status).toBe('scheduled')
    expect(Date.parse(invitation.send_at)).toBe(Date.parse(sendAt))
    const mails = await mailsOf(smtp, invitation.id)
    expect(mails.map((mail) => mail.status)).toEqual(['queued', 'queued', 'queued'])
    for (const mail of mails) expect(Number(mail.next_attempt_at)).toBe(Date.parse(sendAt) * 1000)
    const links = (await recipientsOf(smtp, formId, invitation.id)).map((r) => r.link)
    for (const link of links) expect(link).toMatch(/^https:\/\/surveys\.example\.com\/i\/[A-Za-z0-9_-]{22}$/)

    clock.advance(3_600_000)
    const url = `/v1/forms/${formId}/invitations/${invitation.id}`
    expect((await smtp.request({ method: 'GET', url })).json().status).toBe('sending')
    // As the worker does once it has sent them.
    await smtp.database.db
      .updateTable('mails')
      .set({ status: 'sent', next_attempt_at: null })
      .where('invitation_id', '=', invitation.id)
      .execute()
    expect((await smtp.request({ method: 'GET', url })).json().status).toBe('done')
  })

  it('cancels: unsent mails failed "cancelled", waiting recipients failed, no reminder; again answers the same', async () => {
    const formId = await createForm(smtp)
    const invitation = await invited(smtp, formId, {
      list_id: await createList(smtp, people),
      reminders: { count: 2, every_days: 1 },
    })
    const url = `/v1/forms/${formId}/invitations/${invitation.id}/cancel`
    const cancelled = await smtp.request({ method: 'POST', url })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(cancelled.json()).toMatchObject({
      id: invitation.id,
      status: 'cancelled',
      counts: { recipients: 3, failed: 3 },
    })
    const mails = await mailsOf(smtp, invitation.id)
    expect(mails.map((mail) => [mail.status, mail.last_error, mail.next_attempt_at])).toEqual(
      Array(3).fill(['failed', 'cancelled', null]),
    )
    const rows = await recipientRows(smtp, invitation.id)
    expect(rows.map((row) => [row.status, row.next_reminder_at])).toEqual(Array(3).fill(['failed', null]))
    clock.advance(3 * 86_400_000)
    await queueDueReminders(smtp.database, smtp.clock, smtp.deliverySignal, smtp.config)
    expect(await mailsOf(smtp, invitation.id)).toHaveLength(3)
    const again = await smtp.request({ method: 'POST', url, payload: {} })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(cancelled.json())
    const withBody = await smtp.request({ method: 'POST', url, payload: { now: true } })
    expect(withBody.statusCode).toBe(400)
    const unknown = await smtp.request({
      method: 'POST',
      url: `/v1/forms/${formId}/invitations/inv_nope/cancel`,
    })
    expect(unknown.statusCode).toBe(404)
  })

  it('refuses with 409 and one line while CANVASS_PUBLIC_URL is unset: links would point at 127.0.0.1', async () => {
    const bare = await createTestContext({ smtpUrl: 'smtp://127.0.0.1:9' })
    try {
      const formId = await createForm(bare)
      const response = await invite(bare, formId, { list_id: await createList(bare, people) })
      expect(response.statusCode, response.body).toBe(409)
      const problem = response.json()
      expect(problem.code).toBe('conflict')
      expect(problem.detail).toContain('CANVASS_PUBLIC_URL')
      expect(problem.detail).not.toContain('\n')
      expect(await bare.database.db.selectFrom('invitations').select('id').execute()).toEqual([])
      expect(await bare.database.db.selectFrom('mails').select('id').execute()).toEqual([])
    } finally {
      await bare.close()
    }
  })
})
