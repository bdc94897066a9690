import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MailsTable } from '../../src/db/tables/mail.js'
import { composeInvitationMail } from '../../src/domain/mail/compose.js'
import { markRecipientCompleted } from '../../src/domain/mail/recipients.js'
import { queueDueReminders } from '../../src/domain/mail/reminders.js'
import { TestClock } from '../support/clock.js'
import { createTestContext, useTestContext } from '../support/context.js'
import { type ReceivedMail, type SmtpServer, startSmtpServer } from '../support/smtp.js'
import { createForm, createList, invited, mailsOf, recipientRows } from './invitation-support.js'

// Invitation mails as composed when sent (src/domain/mail/compose.ts), sent to a real SMTP server by
// a bare nodemailer transport and read back with mailparser: the parts, the unsubscribe link and
// headers, and hostile input (CR/LF in names, data and subjects; HTML in messages and data).

const ctx = useTestContext({ publicUrl: 'https://surveys.example.com' })
let server: SmtpServer
beforeAll(async () => {
  server = await startSmtpServer()
})
afterAll(() => server.close())

/** Composes the outbox row's mail and sends it as the worker would; answers it as received. */
async function send(mail: MailsTable): Promise<ReceivedMail> {
  const body = await composeInvitationMail(ctx.database.db, mail, ctx.config)
  if (!body) throw new Error(`mail ${mail.id} could not be composed`)
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: server.port,
    secure: false,
    ignoreTLS: true,
  })
  const before = server.mails.length
  await transport.sendMail({
    from: ctx.config.mailFrom,
    to: mail.to_address,
    subject: mail.subject,
    text: body.text,
    html: body.html,
    headers: body.headers,
    messageId: mail.message_id,
  })
  transport.close()
  await server.waitFor((mails) => mails.length > before)
  return server.mails[before] as ReceivedMail
}

/** The header section of a raw message, its folded lines joined. */
const headerLines = (raw: string) =>
  raw
    .slice(0, raw.indexOf('\r\n\r\n'))
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')

async function inviteOne(
  contact: { email: string; name?: string; data?: Record<string, string> },
  body = {},
) {
  const formId = await createForm(ctx, 'Q4 <survey> & more')
  const invitation = await invited(ctx, formId, { list_id: await createList(ctx, [contact]), ...body })
  const [mail] = await mailsOf(ctx, invitation.id)
  const [recipient] = await recipientRows(ctx, invitation.id)
  if (!mail || !recipient) throw new Error('no mail queued')
  return { formId, invitation, mail, recipient }
}

describe('an invitation mail', () => {
  it('has a text part, an accessible HTML part, a visible unsubscribe link and the one-click headers', async () => {
    const { mail, recipient } = await inviteOne({
      email: 'ada@example.com',
      name: 'Ada',
      data: { team: 'Core' },
    })
    const link = `https://surveys.example.com/i/${recipient.token}`
    const unsubscribe = `https://surveys.example.com/u/${recipient.token}`
    const received = await send(mail)
    expect(received.to).toEqual(['ada@example.com'])
    expect(received.parsed.subject).toBe('Your opinion, Ada')
    expect(received.parsed.messageId).toBe(mail.message_id)
    const text = (received.parsed.text ?? '').replace(/\r\n/g, '\n')
    expect(text).toContain(`Hello Ada,\n\nplease tell us about Q4 <survey> & more:\n${link}\n\nThanks!`)
    expect(text).toContain(`Unsubscribe from main’s surveys: ${unsubscribe}`)
    const html = received.parsed.html || ''
    expect(html).toMatch(/^<!doctype html><html lang="en" dir="ltr">/)
    expect(html).toContain('<p dir="auto">Hello Ada,</p>')
    expect(html).toContain(
      `<p dir="auto">please tell us about Q4 &lt;survey> &amp; more:<br/><a href="${link}">${link}</a></p>`,
    )
    expect(html).toContain(`<a href="${unsubscribe}">Unsubscribe from main’s surveys</a>`)
    const headers = headerLines(received.raw)
    expect(headers).toContain(`List-Unsubscribe: <${unsubscribe}>`)
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
  })

  it('fills {{contact.<key>}} from the contact’s data, and leaves it empty for a contact without it', async () => {
    const body = {
      subject: 'For {{contact.team}}!',
      message: '{{ contact.team }}|{{contact.first name}}| {{link}}',
    }
    const withData = await inviteOne(
      { email: 'k@example.com', data: { team: 'Ops', 'first name': 'Kay' } },
      body,
    )
    expect(withData.mail.subject).toBe('For Ops!')
    expect((await send(withData.mail)).parsed.text).toMatch(/^Ops\|Kay\| https:/)
    const without = await inviteOne({ email: 'n@example.com' }, body)
    expect(without.mail.subject).toBe('For !')
    expect((await send(without.mail)).parsed.text).toMatch(/^\|\| https:/)
  })

  it('lets no line break of a name or of contact data into a header: no header injected', async () => {
    const { mail } = await inviteOne(
      {
        email: 'eve@example.com',
        name: 'Eve\r\nBcc: victim@example.com\r\nX-Injected: name',
        data: { team: 'Ops\nX-Injected: data\r\n\r\n<b>body</b>' },
      },
      { subject: 'Hi {{name}} of {{contact.team}}', message: '{{link}}\n{{name}}\n{{contact.team}}' },
    )
    expect(mail.subject).toBe(
      'Hi Eve Bcc: victim@example.com X-Injected: name of Ops X-Injected: data <b>body</b>',
    )
    const received = await send(mail)
    expect(server.rcpts).not.toContain('victim@example.com')
    expect(received.to).toEqual(['eve@example.com'])
    for (const line of headerLines(received.raw)) expect(line).not.toMatch(/^(Bcc|X-Injected):/i)
    expect(received.parsed.headers.has('x-injected')).toBe(false)
    expect(received.parsed.bcc).toBeUndefined()
    expect(received.parsed.subject).toBe(mail.subject)
    const lines = (received.parsed.text ?? '').split(/\r?\n/)
    expect(lines[1]).toBe('Eve Bcc: victim@example.com X-Injected: name')
    expect(lines[2]).toBe('Ops X-Injected: data <b>body</b>')
  })

  it('escapes HTML written in the message and in contact data in the HTML part', async () => {
    const { mail } = await inviteOne(
      {
        email: 'mal@example.com',
        name: '<img src=x onerror=alert(1)>',
        data: { note: '</p><a href="http://evil.example">x</a>' },
      },
      { message: '<script>alert("m")</script>\n<b>Bold</b> {{link}}\n\n{{name}} & {{contact.note}}' },
    )
    const html = (await send(mail)).parsed.html || ''
    expect(html).not.toContain('<script')
    expect(html).not.toContain('<img')
    expect(html).not.toContain('<b>')
    expect(html).not.toContain('href="http://evil.example"')
    expect(html).toContain('&lt;script>alert(&quot;m&quot;)&lt;/script><br/>&lt;b>Bold&lt;/b> <a href=')
    expect(html).toContain(
      '&lt;img src=x onerror=alert(1)> &amp; &lt;/p>&lt;a href=&quot;http://evil.example&quot;>x&lt;/a>',
    )
    expect(html.match(/<a /g)).toHaveLength(2)
  })

  it('keeps the message’s paragraphs and line breaks', async () => {
    const { mail } = await inviteOne(
      { email: 'p@example.com', name: 'Pat' },
      { message: 'Line one\r\nLine two\n\n\n  \nPara two {{link}}\n' },
    )
    const html = (await send(mail)).parsed.html || ''
    expect(html).toContain(
      '<main style="max-width:600px"><p dir="auto">Line one<br/>Line two</p><p dir="auto">Para two <a',
    )
  })

  it('is not composed once its invitation is cancelled, its address unsubscribed, or (a reminder) its recipient completed', async () => {
    const cancelled = await inviteOne({ email: 'c1@example.com' })
    await ctx.request({
      method: 'POST',
      url: `/v1/forms/${cancelled.formId}/invitations/${cancelled.invitation.id}/cancel`,
    })
    expect(await composeInvitationMail(ctx.database.db, cancelled.mail, ctx.config)).toBeUndefined()

    const unsubscribed = await inviteOne({ email: 'c2@example.com' })
    await ctx.app.inject({ method: 'POST', url: `/u/${unsubscribed.recipient.token}` })
    expect(await composeInvitationMail(ctx.database.db, unsubscribed.mail, ctx.config)).toBeUndefined()

    const completed = await inviteOne({ email: 'c3@example.com' })
    await ctx.database.transaction((trx) =>
      markRecipientCompleted(trx, ctx.clock, completed.recipient.id, null),
    )
    const reminder = { ...completed.mail, kind: 'reminder' as const }
    expect(await composeInvitationMail(ctx.database.db, reminder, ctx.config)).toBeUndefined()

    const gone = await inviteOne({ email: 'c4@example.com' })
    await ctx.database.db.deleteFrom('invitation_recipients').where('id', '=', gone.recipient.id).execute()
    expect(await composeInvitationMail(ctx.database.db, gone.mail, ctx.config)).toBeUndefined()
  })
})

describe('unsubscribing', () => {
  it('shows the question with a button that posts to the same address', async () => {
    const { recipient } = await inviteOne({ email: 'q@example.com', name: 'Q' })
    const page = await ctx.app.inject({ method: 'GET', url: `/u/${recipient.token}` })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.headers['content-security-policy']).toContain("form-action 'self'")
    expect(page.body).toContain('<html lang="en" dir="ltr">')
    expect(page.body).toContain(
      'Unsubscribe <strong>q@example.com</strong> from <span dir="auto">main</span>’s surveys?',
    )
    expect(page.body).toContain(`<form method="post" action="/u/${recipient.token}">`)
    expect(page.body).toContain('<button type="submit">Unsubscribe</button>')
  })

  it('unsubscribes with a one-click POST, without cookie or token, and the workspace never mails the address again', async () => {
    const address = 'one-click@example.com'
    const formA = await createForm(ctx)
    const listA = await createList(ctx, [{ email: address }, { email: 'stays@example.com' }])
    const first = await invited(ctx, formA, { list_id: listA, reminders: { count: 2, every_days: 1 } })
    // The same address in other letters, on another list, invited to another form and completed there.
    const formB = await createForm(ctx)
    const done = await invited(ctx, formB, {
      list_id: await createList(ctx, [{ email: 'One-Click@Example.com' }]),
    })
    const [doneRow] = await recipientRows(ctx, done.id)
    await ctx.database.transaction((trx) =>
      markRecipientCompleted(trx, ctx.clock, doneRow?.id as string, null),
    )
    // Another workspace's recipient of the same address is not theirs to unsubscribe.
    const theirForm = await createForm(ctx, 'Theirs', ctx.otherToken)
    const theirList = await createList(ctx, [{ email: address }], ctx.otherToken)
    const theirInvitation = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${theirForm}/invitations`,
      payload: { list_id: theirList, subject: 'Hi', message: '{{link}}' },
      token: ctx.otherToken,
    })
    expect(theirInvitation.statusCode).toBe(201)

    const rows = await recipientRows(ctx, first.id)
    const token = rows.find((row) => row.email === address)?.token as string
    const posted = await ctx.app.inject({
      method: 'POST',
      url: `/u/${token}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
    })
    expect(posted.statusCode, posted.body).toBe(200)
    expect(posted.body).toContain('You are unsubscribed')
    expect(posted.body).toContain('one-click@example.com will get no more surveys from main.')

    const after = await recipientRows(ctx, first.id)
    expect(after.map((row) => [row.email, row.status, row.next_reminder_at === null])).toEqual([
      [address, 'unsubscribed', true],
      ['stays@example.com', 'queued', false],
    ])
    expect((await recipientRows(ctx, done.id))[0]?.status).toBe('completed')
    const theirRows = await recipientRows(ctx, theirInvitation.json().id)
    expect(theirRows[0]?.status).toBe('queued')
    const mails = await mailsOf(ctx, first.id)
    expect(mails.find((mail) => mail.to_address === address)).toMatchObject({
      status: 'failed',
      last_error: 'not sent: the address has unsubscribed',
    })
    expect(mails.find((mail) => mail.to_address === 'stays@example.com')?.status).toBe('held')

    // Asked again (a second click, another body or none): the same answer, nothing more.
    for (const [payload, type] of [
      ['', undefined],
      ['{"x":1}', 'application/json'],
      [
        '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n',
        'multipart/form-data; boundary=b',
      ],
    ] as const) {
      const again = await ctx.app.inject({
        method: 'POST',
        url: `/u/${token}`,
        payload,
        headers: type ? { 'content-type': type } : {},
      })
      expect(again.statusCode, again.body).toBe(200)
    }
    expect((await ctx.app.inject({ method: 'GET', url: `/u/${token}` })).body).toContain(
      'You are unsubscribed',
    )

    // A later invitation records the address as unsubscribed and mails it nothing.
    const later = await invited(ctx, await createForm(ctx), {
      list_id: listA,
      reminders: { count: 1, every_days: 1 },
    })
    expect(later.counts).toMatchObject({ recipients: 2, unsubscribed: 1 })
    expect((await mailsOf(ctx, later.id)).map((mail) => mail.to_address)).toEqual(['stays@example.com'])
    // Nor does a reminder (due or not, the duty passes it by).
    await ctx.database.db
      .updateTable('invitation_recipients')
      .set({ next_reminder_at: 1 })
      .where('invitation_id', 'in', [first.id, later.id])
      .execute()
    await queueDueReminders(ctx.database, ctx.clock, ctx.deliverySignal, ctx.config)
    const reminded = await ctx.database.db
      .selectFrom('mails')
      .select('to_address')
      .where('kind', '=', 'reminder')
      .where('invitation_id', 'in', [first.id, later.id])
      .execute()
    expect(reminded.map((mail) => mail.to_address).sort()).toEqual(['stays@example.com', 'stays@example.com'])
  })

  it('answers a token that names nothing with a 404 page, and writes nothing', async () => {
    for (const token of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', 'x'.repeat(64)]) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await ctx.app.inject({ method, url: `/u/${token}` })
        expect(response.statusCode, `${method} ${token}`).toBe(404)
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
        expect(response.body).toContain('This unsubscribe link is not valid')
      }
    }
    const tooLong = await ctx.app.inject({ method: 'GET', url: `/u/${'x'.repeat(65)}` })
    expect(tooLong.statusCode).toBe(404)
    // NUL, refused app-wide before any route: the client's error, as a page.
    const nul = await ctx.app.inject({ method: 'POST', url: '/u/A%00AAAAAAAAAAAAAAAAAAAA' })
    expect(nul.statusCode).toBe(400)
    expect(nul.headers['content-type']).toBe('text/html; charset=utf-8')
    const stored = await ctx.database.db.selectFrom('unsubscribes').select('email_key').execute()
    expect(stored.map((row) => row.email_key)).not.toContain('aaaaaaaaaaaaaaaaaaaaaa')
  })
})

describe('unsubscribe pages under the public rate limit', () => {
  it('answers 429 with a page past CANVASS_PUBLIC_RATE_LIMIT a minute from one address', async () => {
    const limited = await createTestContext(
      { publicRateLimit: 3 },
      { clock: new TestClock({ stopped: true }) },
    )
    try {
      const token = 'B'.repeat(22)
      for (let i = 0; i < 3; i++) {
        const guess = await limited.app.inject({ method: i % 2 ? 'POST' : 'GET', url: `/u/${token}` })
        expect(guess.statusCode).toBe(404)
      }
      const over = await limited.app.inject({ method: 'GET', url: `/u/${token}` })
      expect(over.statusCode).toBe(429)
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
      expect(over.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(over.body).toContain('Too many requests')
      const elsewhere = await limited.app.inject({
        method: 'GET',
        url: `/u/${token}`,
        remoteAddress: '10.1.2.3',
      })
      expect(elsewhere.statusCode).toBe(404)
    } finally {
      await limited.close()
    }
  })
})
