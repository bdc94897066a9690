import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TestClock } from '../support/clock.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'
import { type ReceivedMail, type SmtpServer, startSmtpServer } from '../support/smtp.js'
import { createForm, createList, invited, recipientsOf } from './invitation-support.js'
import { respondentAt } from './links-support.js'
import { sendingSettings } from './support.js'

// An invitation as a team and its contacts live it, end to end: made through the API, sent by the
// delivery worker to a real SMTP server on 127.0.0.1, answered through the personal link in the
// mail that arrived, and reminded with the clock moved forward: only whoever has not answered,
// `every_days` after their last mail, at most `count` times.

const DAY_MS = 24 * 3600 * 1000
const clock = new TestClock()
let smtp: SmtpServer
let ctx: TestContext

beforeAll(async () => {
  smtp = await startSmtpServer()
  ctx = await createTestContext(sendingSettings(smtp.url), { clock })
})
afterAll(async () => {
  await ctx?.close()
  await smtp?.close()
})

const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address))

/** The personal link in a mail's text part, as the recipient would click it. */
function linkIn(mail: ReceivedMail): string {
  const found = /https:\/\/forms\.example\.com(\/i\/[A-Za-z0-9_-]{22})\b/.exec(mail.parsed.text ?? '')
  expect(found, mail.parsed.text).not.toBeNull()
  return (found as RegExpExecArray)[1] as string
}

/**
 * Waits until every mail of the invitation the server took is recorded sent: the clock is moved
 * only then, or a lease it jumped past would have a mail sent again.
 */
async function settled(invitationId: string): Promise<void> {
  await expect
    .poll(async () => {
      const queued = await ctx.database.db
        .selectFrom('mails')
        .select('id')
        .where('invitation_id', '=', invitationId)
        .where('status', '=', 'queued')
        .execute()
      return queued.length
    })
    .toBe(0)
}

async function recipientRow(email: string) {
  return ctx.database.db
    .selectFrom('invitation_recipients')
    .select(['status', 'last_mail_at', 'next_reminder_at', 'reminders_sent'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow()
}

describe(`an invitation sent, answered and reminded on ${testBackend}`, () => {
  it('mails each contact a personal link, and reminds only who has not answered, every_days after their last mail, at most count times', async () => {
    const formId = await createForm(ctx, 'Team lunch')
    const listId = await createList(ctx, [
      { email: 'ada@example.com', name: 'Ada' },
      { email: 'bob@example.com', name: 'Bob' },
    ])
    const invitation = await invited(ctx, formId, { list_id: listId, reminders: { count: 2, every_days: 3 } })
    const worker = ctx.startWorker()
    try {
      await smtp.waitFor((mails) => mails.length === 2, 30_000)
      const [ada, bob] = [mailsTo('ada@example.com'), mailsTo('bob@example.com')] as [
        ReceivedMail[],
        ReceivedMail[],
      ]
      expect(ada[0]?.parsed.subject).toBe('Your opinion, Ada')
      expect(bob[0]?.parsed.text).toContain('Hello Bob,')
      expect(linkIn(ada[0] as ReceivedMail)).not.toBe(linkIn(bob[0] as ReceivedMail))

      // Ada answers through the link her mail carries (the form is not public: the link opens it).
      const respondent = respondentAt(ctx, linkIn(ada[0] as ReceivedMail))
      expect((await respondent.open()).statusCode).toBe(200)
      expect((await respondent.submit([['q1', 'Lovely']])).statusCode).toBe(303)

      // Bob's first reminder is due three days after his mail was sent, not before (once the
      // worker has recorded it: a mail the server took is recorded a moment later).
      await expect.poll(async () => (await recipientRow('bob@example.com')).last_mail_at).not.toBeNull()
      const sent = await recipientRow('bob@example.com')
      expect(Number(sent.next_reminder_at)).toBe(Number(sent.last_mail_at) + 3 * DAY_MS * 1000)
      await settled(invitation.id)
      clock.advance(3 * DAY_MS + 60_000)
      await smtp.waitFor((mails) => mails.length === 3, 30_000)
      expect(mailsTo('bob@example.com').map((mail) => mail.parsed.subject)).toEqual([
        'Your opinion, Bob',
        'Reminder: Your opinion, Bob',
      ])
      const reminded = await recipientRow('bob@example.com')
      expect(Number(reminded.reminders_sent)).toBe(1)

      await expect
        .poll(async () => Number((await recipientRow('bob@example.com')).last_mail_at))
        .toBeGreaterThan(Number(sent.last_mail_at))
      await settled(invitation.id)
      clock.advance(3 * DAY_MS + 60_000)
      await smtp.waitFor((mails) => mails.length === 4, 30_000)
      // Two reminders were asked for: none is due any more, however long it has been.
      await expect.poll(async () => (await recipientRow('bob@example.com')).next_reminder_at).toBeNull()
      await settled(invitation.id)
      clock.advance(30 * DAY_MS)
      const last = await recipientRow('bob@example.com')
      expect(Number(last.reminders_sent)).toBe(2)
      expect(mailsTo('ada@example.com')).toHaveLength(1)

      const recipients = await recipientsOf(ctx, formId, invitation.id)
      const statuses = Object.fromEntries(recipients.map((item) => [item.email, item.status]))
      expect(statuses).toEqual({ 'ada@example.com': 'completed', 'bob@example.com': 'sent' })
      const counted = await ctx.request({
        method: 'GET',
        url: `/v1/forms/${formId}/invitations/${invitation.id}`,
      })
      expect(counted.json().counts).toMatchObject({ recipients: 2, completed: 1, sent: 1 })
    } finally {
      await worker.stop()
    }
    // Nothing more was sent after the last reminder: the server saw exactly four mails.
    expect(smtp.mails.map((mail) => mail.to[0])).toEqual([
      expect.any(String),
      expect.any(String),
      'bob@example.com',
      'bob@example.com',
    ])
  })
})
