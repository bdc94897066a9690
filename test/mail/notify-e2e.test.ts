import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TestClock } from '../support/clock.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'
import { type SmtpServer, startSmtpServer } from '../support/smtp.js'
import { createMailForm, submit } from './notify-support.js'
import { sendingSettings } from './support.js'

// The team's notifications and the respondent's confirmation as they arrive at a real SMTP server
// on 127.0.0.1, sent by the delivery worker (its duties turn the due digest into mail): one
// notification to each team address summarising the responses of the minute, at most one a
// minute per form, and one confirmation to the address the respondent gave.

const clock = new TestClock()
let smtp: SmtpServer
let ctx: TestContext

beforeAll(async () => {
  smtp = await startSmtpServer()
  ctx = await createTestContext(sendingSettings(smtp.url, { publicRateLimit: 10_000 }), { clock })
})
afterAll(async () => {
  await ctx?.close()
  await smtp?.close()
})

const to = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address))

describe(`notifications and confirmations over SMTP on ${testBackend}`, () => {
  it('tells the team once a minute what came in, and sends each respondent a copy of their answers', async () => {
    const formId = await createMailForm(ctx, {
      notify: { emails: ['team@example.com', 'boss@example.org'] },
      confirmation: { question: 'email', subject: 'Thanks for {{form_title}}', message: 'We read it all.' },
    })
    const worker = ctx.startWorker()
    try {
      const first = await submit(ctx, formId, { name: 'Ada', email: 'ada@example.com', story: 'One' })
      expect(first.statusCode, first.body).toBe(201)
      // The first response after a quiet minute is told at once.
      await smtp.waitFor(
        () =>
          [to('team@example.com'), to('boss@example.org'), to('ada@example.com')].every(
            (m) => m.length === 1,
          ),
        30_000,
      )
      expect(to('team@example.com')[0]?.parsed.subject).toBe('1 new response to Feedback')
      const copy = to('ada@example.com')[0]
      expect(copy?.parsed.subject).toBe('Thanks for Feedback')
      expect(copy?.parsed.text).toContain('We read it all.')
      expect(copy?.parsed.text).toContain('Your name: Ada')

      for (const name of ['Bob', 'Cy', 'Di'])
        expect(
          (await submit(ctx, formId, { name, email: `${name.toLowerCase()}@example.com` })).statusCode,
        ).toBe(201)
      await smtp.waitFor(() => to('di@example.com').length === 1, 30_000)
      // Within the minute the team hears nothing more; once it has passed, one mail says three.
      expect(to('boss@example.org')).toHaveLength(1)
      // Every mail the server took recorded first: a lease the clock jumped past would send it again.
      await expect
        .poll(
          async () =>
            (
              await ctx.database.db
                .selectFrom('mails')
                .select('id')
                .where('form_id', '=', formId)
                .where('status', '=', 'queued')
                .execute()
            ).length,
        )
        .toBe(0)
      clock.advance(61_000)
      await smtp.waitFor(
        () => to('boss@example.org').length === 2 && to('team@example.com').length === 2,
        30_000,
      )
      const summary = to('team@example.com')[1]
      expect(summary?.parsed.subject).toBe('3 new responses to Feedback')
      expect(summary?.parsed.text).toContain('Di')
    } finally {
      await worker.stop()
    }
    expect(smtp.mails.map((mail) => mail.to[0]).sort()).toEqual(
      [
        'ada@example.com',
        'bob@example.com',
        'boss@example.org',
        'boss@example.org',
        'cy@example.com',
        'di@example.com',
        'team@example.com',
        'team@example.com',
      ].sort(),
    )
  })

  it('sends no confirmation to an address that unsubscribed from the workspace', async () => {
    const formId = await createMailForm(ctx, {
      confirmation: { question: 'email', subject: 'Thanks', message: 'We read it all.' },
    })
    await ctx.database.db
      .insertInto('unsubscribes')
      .values({
        workspace_id: ctx.workspaceId,
        email_key: 'eve@example.com',
        created_at: ctx.clock.nowMicros(),
      })
      .execute()
    const worker = ctx.startWorker()
    try {
      expect((await submit(ctx, formId, { name: 'Eve', email: 'Eve@Example.com' })).statusCode).toBe(201)
      expect((await submit(ctx, formId, { name: 'Fay', email: 'fay@example.com' })).statusCode).toBe(201)
      await smtp.waitFor(() => to('fay@example.com').length === 1, 30_000)
      await expect
        .poll(async () => {
          const rows = await ctx.database.db
            .selectFrom('mails')
            .select(['status', 'last_error'])
            .where('form_id', '=', formId)
            .where('to_address', '=', 'Eve@Example.com')
            .execute()
          return rows
        })
        .toEqual([
          { status: 'failed', last_error: 'not sent: the address has unsubscribed from this workspace' },
        ])
    } finally {
      await worker.stop()
    }
    expect(smtp.mails.filter((mail) => mail.to[0]?.toLowerCase() === 'eve@example.com')).toEqual([])
  })
})
