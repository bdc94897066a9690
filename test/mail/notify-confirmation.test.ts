import { describe, expect, it } from 'vitest'
import { useTestContext } from '../support/context.js'
import { createMailForm, mailCount, mailForm, mailsOf, submit } from './notify-support.js'

// docs/api.md#notifications-and-confirmations: settings.confirmation. A response whose answer to
// the confirmation's email question is an address queues one `confirmation` mail to it, in the
// response's own transaction: the team's message ({{form_title}} filled in) and a copy of the
// answers, escaped in the HTML part. Without SMTP the mail is `held`.

const ctx = useTestContext({ publicRateLimit: 10_000 })

const confirmation = {
  question: 'email',
  subject: 'Thanks for answering {{form_title}}',
  message: 'Hello!\n\nWe read every answer to {{form_title}}. <b>Really.</b>',
}

describe('confirmation mails', () => {
  it('sends the message and a copy of the answers to the address given', async () => {
    const formId = await createMailForm(ctx, { confirmation })
    const response = await submit(ctx, formId, {
      name: 'Ada',
      email: 'ada@example.com',
      story: 'First line\nSecond line',
      again: true,
    })
    expect(response.statusCode).toBe(201)
    const [mail, ...others] = await mailsOf(ctx, formId, 'confirmation')
    expect(others).toEqual([])
    expect(mail).toMatchObject({
      kind: 'confirmation',
      to: 'ada@example.com',
      subject: 'Thanks for answering Feedback',
      form_id: formId,
      workspace_id: ctx.workspaceId,
      status: 'held',
      headers: undefined,
    })
    expect(mail?.text).toBe(
      [
        'Hello!',
        '',
        'We read every answer to Feedback. <b>Really.</b>',
        '',
        'Your answers to Feedback:',
        '  Your name: Ada',
        '  Your email: ada@example.com',
        '  Tell us more: First line',
        '    Second line',
        '  Come again?: Yes',
        '',
        `Sent ${response.json().submitted_at.slice(0, 10)} ${response.json().submitted_at.slice(11, 19)} UTC`,
        '',
      ].join('\n'),
    )
    const html = mail?.html ?? ''
    expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true)
    expect(html).toContain('<title>Thanks for answering Feedback</title>')
    expect(html).toContain('We read every answer to Feedback. &lt;b>Really.&lt;/b>')
    expect(html).toMatch(/<dt[^>]*>Your name<\/dt><dd[^>]*>Ada<\/dd>/)
    expect(html).toMatch(/<dt[^>]*>Come again\?<\/dt><dd[^>]*>Yes<\/dd>/)
  })

  it('escapes hostile answers, keeps their line breaks in the body and out of every header', async () => {
    const formId = await createMailForm(ctx, { confirmation, notify: { emails: ['team@example.com'] } })
    const hostile = 'x\r\nBcc: everyone@example.com\r\nSubject: free money\r\n\r\n<script>alert(1)</script>'
    expect(
      (await submit(ctx, formId, { name: hostile, email: 'cy@example.com', story: 's'.repeat(3000) }))
        .statusCode,
    ).toBe(201)
    const [mail] = await mailsOf(ctx, formId, 'confirmation')
    expect(mail?.to).toBe('cy@example.com')
    expect(mail?.subject).toBe('Thanks for answering Feedback')
    expect(mail?.headers).toBeUndefined()
    expect(mail?.html).not.toContain('<script>')
    expect(mail?.html).toContain('&lt;script>alert(1)&lt;/script>')
    // In the body the text stays text, its continued lines indented under its answer.
    expect(mail?.text).toContain('  Your name: x\n    Bcc: everyone@example.com\n    Subject: free money')
    // Each answer bounded.
    expect(mail?.text).toContain(`Tell us more: ${'s'.repeat(999)}…\n`)
  })

  it('queues nothing for an answer that is not an address, or no answer, or a refused response', async () => {
    const formId = await createMailForm(ctx, { confirmation })
    const before = await mailCount(ctx)
    for (const email of [
      'not an address',
      'ada@example.com\r\nBcc: everyone@example.com',
      'Ada <ada@example.com>',
    ]) {
      const refused = await submit(ctx, formId, { name: 'Ada', email })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().errors[0].path).toBe('/answers/email')
    }
    expect((await submit(ctx, formId, { name: 'No address' })).statusCode).toBe(201)
    expect(await mailCount(ctx)).toBe(before)
    // A submission refused for another reason queues nothing either.
    expect((await submit(ctx, formId, { email: 'ada@example.com', again: 'maybe' })).statusCode).toBe(400)
    expect(await mailCount(ctx)).toBe(before)
  })

  it('mails each response of submissions stored together its own copy', async () => {
    const formId = await createMailForm(ctx, { public: true, confirmation })
    const people = Array.from({ length: 8 }, (_, i) => `person${i}@example.com`)
    const responses = await Promise.all(
      people.map((email, i) =>
        ctx.request({
          method: 'POST',
          url: `/v1/public/forms/${formId}/responses`,
          token: null,
          payload: { answers: { name: `Person ${i}`, email } },
        }),
      ),
    )
    expect(responses.map((response) => response.statusCode)).toEqual(people.map(() => 201))
    const mails = await mailsOf(ctx, formId, 'confirmation')
    expect(mails.map((mail) => mail.to).sort()).toEqual([...people].sort())
    for (const mail of mails) {
      const i = people.indexOf(mail.to)
      expect(mail.text).toContain(`Your name: Person ${i}\n`)
    }
  })

  it('is sent for a response stored through the hosted page too', async () => {
    const formId = await createMailForm(ctx, { public: true, confirmation }, { ...mailForm, title: 'A & B' })
    const posted = await ctx.request({
      method: 'POST',
      url: `/f/${formId}`,
      token: null,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams([
        ['name', 'Dee'],
        ['email', 'dee@example.com'],
      ]).toString(),
    })
    expect(posted.statusCode).toBe(303)
    const [mail] = await mailsOf(ctx, formId, 'confirmation')
    expect(mail).toMatchObject({ to: 'dee@example.com', subject: 'Thanks for answering A & B' })
    expect(mail?.html).toContain('<title>Thanks for answering A &amp; B</title>')
  })
})
