import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TestClock } from '../support/clock.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { CookieJar } from '../support/cookie-jar.js'
import { type SmtpServer, startSmtpServer } from '../support/smtp.js'
import { createMailForm, mailForm, mailsOf } from './notify-support.js'

// docs/api.md#hosted-multi-page-forms, CONTRACT section 11: with mail configured, the "Continue
// later" page offers "Email me this link"; its post queues one `resume` mail with the resume link
// on CANVASS_PUBLIC_URL, counted against the hosted pages' limit per address. Without mail, no form.

const paged = {
  ...mailForm,
  pages: [
    { id: 'one', questions: ['name', 'email'] },
    { id: 'two', questions: ['story', 'again'] },
  ],
}

let smtp: SmtpServer
let withMail: TestContext
let withoutMail: TestContext
beforeAll(async () => {
  smtp = await startSmtpServer()
  withMail = await createTestContext(
    { smtpUrl: smtp.url, publicUrl: 'https://forms.example.com', publicRateLimit: 6 },
    { clock: new TestClock({ stopped: true }) },
  )
  withoutMail = await createTestContext({ publicRateLimit: 1000 })
})
afterAll(async () => {
  await withMail?.close()
  await withoutMail?.close()
  await smtp?.close()
})

/** A respondent who saved page one and chose "Continue later": the page, and its draft's token. */
async function continueLater(ctx: TestContext, formId: string) {
  const jar = new CookieJar()
  const later = await ctx.request({
    method: 'POST',
    url: `/f/${formId}`,
    token: null,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams([
      ['canvass:page', 'one'],
      ['canvass:action', 'later'],
      ['name', 'Ada'],
    ]).toString(),
  })
  expect(later.statusCode).toBe(200)
  jar.store(later.headers['set-cookie'])
  const token = /\/r\/(cvd_[A-Za-z0-9_-]{22})/.exec(later.body)?.[1] as string
  expect(token).toBeDefined()
  return { page: later.body, token, jar }
}

const mailLink = (ctx: TestContext, formId: string, token: string, email: string) =>
  ctx.request({
    method: 'POST',
    url: `/f/${formId}/r/${token}/mail`,
    token: null,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams([['email', email]]).toString(),
  })

describe('mailing the resume link', () => {
  it('is offered on the "Continue later" page only when mail is configured', async () => {
    const formId = await createMailForm(withoutMail, { public: true }, paged)
    const { page, token } = await continueLater(withoutMail, formId)
    expect(page).toContain('Your answers are saved')
    expect(page).not.toContain('Email me this link')
    expect(page).not.toContain('/mail"')
    const refused = await mailLink(withoutMail, formId, token, 'ada@example.com')
    expect(refused.statusCode).toBe(404)
    expect(refused.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(await mailsOf(withoutMail, formId, 'resume')).toEqual([])

    const mailed = await createMailForm(withMail, { public: true }, paged)
    // Not on the form's own pages: they stay as small as they were.
    const first = await withMail.request({ method: 'GET', url: `/f/${mailed}`, token: null })
    expect(first.body).not.toContain('Email me this link')
    const offered = await continueLater(withMail, mailed)
    expect(offered.page).toContain(`<form method="post" action="/f/${mailed}/r/${offered.token}/mail">`)
    expect(offered.page).toContain('<label for="resume-email">Email me this link</label>')
    expect(offered.page).toMatch(
      /<input type="email" id="resume-email" name="email" autocomplete="email" required/,
    )
    expect(offered.page).toContain('<button type="submit" class="secondary">Send the link</button>')
  })

  it('queues one resume mail with the link, and says so without repeating the address', async () => {
    const formId = await createMailForm(withMail, { public: true }, paged)
    const { token } = await continueLater(withMail, formId)
    const sent = await mailLink(withMail, formId, token, '  ada@example.com ')
    expect(sent.statusCode).toBe(200)
    expect(sent.body).toContain('The link is on its way')
    expect(sent.body).not.toContain('ada@example.com')
    expect(sent.body).not.toContain(token)

    const link = `https://forms.example.com/f/${formId}/r/${token}`
    const [mail, ...others] = await mailsOf(withMail, formId, 'resume')
    expect(others).toEqual([])
    expect(mail).toMatchObject({
      kind: 'resume',
      to: 'ada@example.com',
      subject: 'Your link to continue Feedback',
      form_id: formId,
      workspace_id: withMail.workspaceId,
      // SMTP is configured: the worker sends it.
      status: 'queued',
    })
    expect(mail?.text).toContain(`\n\n${link}\n\n`)
    expect(mail?.text).toContain('for 30 days without a change')
    expect(mail?.html).toContain(`<a href="${link}">${link}</a>`)
    // Nothing of the answers.
    expect(mail?.text).not.toContain('Ada\n')
    expect(mail?.html).not.toContain('>Ada<')

    // The mailed link opens the draft.
    const opened = await withMail.request({ method: 'GET', url: new URL(link).pathname, token: null })
    expect(opened.statusCode).toBe(303)
    expect(opened.headers.location).toBe(`/f/${formId}`)
  })

  it('refuses what is not one address with the form again, and mails nothing', async () => {
    const formId = await createMailForm(withMail, { public: true }, paged)
    const { token } = await continueLater(withMail, formId)
    for (const typed of [
      '',
      'not an address',
      'ada@example.com\r\nBcc: all@example.com',
      'Ada <ada@example.com>',
    ]) {
      const refused = await mailLink(withMail, formId, token, typed)
      expect(refused.statusCode, typed).toBe(422)
      expect(refused.body).toContain('id="resume-email-error"')
      expect(refused.body).toContain('aria-invalid="true" aria-describedby="resume-email-error"')
      expect(refused.body).toContain(`https://forms.example.com/f/${formId}/r/${token}`)
    }
    const hostile = await mailLink(withMail, formId, token, '"><script>alert(1)</script>')
    expect(hostile.body).not.toContain('<script>alert(1)')
    expect(hostile.body).toContain('value="&quot;>&lt;script>alert(1)&lt;/script>"')
    expect(await mailsOf(withMail, formId, 'resume')).toEqual([])
  })

  it('mails nothing for a token that opens no draft of the form', async () => {
    const formId = await createMailForm(withMail, { public: true }, paged)
    const other = await createMailForm(withMail, { public: true }, paged)
    const { token } = await continueLater(withMail, other)
    for (const guess of ['cvd_AAAAAAAAAAAAAAAAAAAAAA', 'nonsense', token]) {
      const refused = await mailLink(withMail, formId, guess, 'ada@example.com')
      expect(refused.statusCode, guess).toBe(404)
      expect(refused.body).toContain('This link no longer opens saved answers')
    }
    expect(await mailsOf(withMail, formId, 'resume')).toEqual([])
    expect(await mailsOf(withMail, other, 'resume')).toEqual([])
  })

  it('is limited per address as the form’s posts are', async () => {
    const formId = await createMailForm(withMail, { public: true }, paged)
    // The "Continue later" post is one of the six a minute.
    const { token } = await continueLater(withMail, formId)
    for (let i = 0; i < 5; i++)
      expect((await mailLink(withMail, formId, token, `p${i}@example.com`)).statusCode).toBe(200)
    const limited = await mailLink(withMail, formId, token, 'one-more@example.com')
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.body).toContain('Too many requests')
    const mails = await mailsOf(withMail, formId, 'resume')
    expect(mails.map((mail) => mail.to)).toEqual([0, 1, 2, 3, 4].map((i) => `p${i}@example.com`))
  })
})
