import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { markRecipientCompleted, recordRecipientMail } from '../../src/domain/mail/recipients.js'
import { queueDueReminders } from '../../src/domain/mail/reminders.js'
import { TestClock } from '../support/clock.js'
import { createTestContext, type TestContext, useTestContext } from '../support/context.js'
import { createForm, createList, invited, mailsOf, recipientRows } from './invitation-support.js'

// Reminders with a moved clock (the duty queueDueReminders, run as the worker runs it): only to
// recipients who have not completed, unsubscribed or bounced, at most `count`, `every_days` apart,
// and none to one who completes between two reminders.

const DAY = 86_400_000
const clock = new TestClock()
const ctx = useTestContext({}, { clock })

const remind = () => queueDueReminders(ctx.database, ctx.clock, ctx.deliverySignal, ctx.config)

async function remindersOf(context: TestContext, invitationId: string) {
  return (await mailsOf(context, invitationId)).filter((mail) => mail.kind === 'reminder')
}

describe('reminders (SMTP unset: they are kept as held mails)', () => {
  it('go only to non-completers, every_days apart, at most count; one who completes in between gets no more', async () => {
    const formId = await createForm(ctx, 'Pulse')
    const listId = await createList(ctx, [
      { email: 'ann@example.com', name: 'Ann' },
      { email: 'ben@example.com', name: 'Ben' },
      { email: 'cat@example.com', name: 'Cat' },
      { email: 'dan@example.com', name: 'Dan' },
    ])
    const invitation = await invited(ctx, formId, { list_id: listId, reminders: { count: 2, every_days: 3 } })
    expect(invitation.status).toBe('sending')
    const rows = await recipientRows(ctx, invitation.id)
    const idOf = (email: string) => rows.find((row) => row.email === email)?.id as string
    // Dan answers at once; Cat unsubscribes.
    await ctx.database.transaction((trx) =>
      markRecipientCompleted(trx, ctx.clock, idOf('dan@example.com'), null),
    )
    await ctx.app.inject({
      method: 'POST',
      url: `/u/${rows.find((row) => row.email === 'cat@example.com')?.token}`,
    })

    expect(await remind()).toBe(0)
    clock.advance(3 * DAY - 60_000)
    expect(await remind()).toBe(0)
    clock.advance(60_000)
    expect(await remind()).toBe(2)
    expect(await remind()).toBe(0)
    let reminders = await remindersOf(ctx, invitation.id)
    expect(
      reminders.map((mail) => [mail.to_address, mail.subject, mail.status, mail.body_json]).sort(),
    ).toEqual([
      ['ann@example.com', 'Reminder: Your opinion, Ann', 'held', null],
      ['ben@example.com', 'Reminder: Your opinion, Ben', 'held', null],
    ])
    for (const mail of reminders) expect(mail.recipient_id).toBe(idOf(mail.to_address))

    // Ann answers between the two reminders.
    clock.advance(DAY)
    await ctx.database.transaction((trx) =>
      markRecipientCompleted(trx, ctx.clock, idOf('ann@example.com'), null),
    )
    clock.advance(2 * DAY - 60_000)
    expect(await remind()).toBe(0)
    clock.advance(60_000)
    expect(await remind()).toBe(1)
    reminders = await remindersOf(ctx, invitation.id)
    const bens = reminders.filter((mail) => mail.to_address === 'ben@example.com')
    expect(bens).toHaveLength(2)
    expect(Number(bens[1]?.created_at) - Number(bens[0]?.created_at)).toBeGreaterThanOrEqual(3 * DAY * 1000)
    expect(reminders.filter((mail) => mail.to_address === 'ann@example.com')).toHaveLength(1)

    // Never more than count.
    clock.advance(30 * DAY)
    expect(await remind()).toBe(0)
    expect(await remindersOf(ctx, invitation.id)).toHaveLength(3)
    const after = await recipientRows(ctx, invitation.id)
    expect(after.map((row) => [row.email, row.status, row.reminders_sent, row.next_reminder_at])).toEqual([
      ['ann@example.com', 'completed', 1, null],
      ['ben@example.com', 'queued', 2, null],
      ['cat@example.com', 'unsubscribed', 0, null],
      ['dan@example.com', 'completed', 0, null],
    ])
    const got = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/invitations/${invitation.id}` })
    expect(got.json().status).toBe('done')
    const listed = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${formId}/invitations/${invitation.id}/recipients`,
    })
    expect(listed.json().items.map((r: { reminders_sent: number }) => r.reminders_sent)).toEqual([1, 2, 0, 0])
  })

  it('passes by a bounced recipient, and queues a batch at a time', async () => {
    const formId = await createForm(ctx)
    const contacts = Array.from({ length: 130 }, (_, i) => ({
      email: `r${String(i).padStart(3, '0')}@example.com`,
    }))
    const invitation = await invited(ctx, formId, {
      list_id: await createList(ctx, contacts),
      reminders: { count: 1, every_days: 1 },
    })
    const rows = await recipientRows(ctx, invitation.id)
    await ctx.database.transaction((trx) =>
      recordRecipientMail(trx, rows[0]?.id as string, 'bounced', ctx.clock.nowMicros()),
    )
    clock.advance(DAY)
    expect(await remind()).toBe(100)
    expect(await remind()).toBe(29)
    expect(await remind()).toBe(0)
    const reminded = new Set((await remindersOf(ctx, invitation.id)).map((mail) => mail.to_address))
    expect(reminded.size).toBe(129)
    expect(reminded.has('r000@example.com')).toBe(false)
  })

  it('queues each reminder once when two workers run the duty at once', async () => {
    const formId = await createForm(ctx)
    const contacts = Array.from({ length: 40 }, (_, i) => ({ email: `twice${i}@example.com` }))
    const invitation = await invited(ctx, formId, {
      list_id: await createList(ctx, contacts),
      reminders: { count: 1, every_days: 2 },
    })
    clock.advance(2 * DAY)
    await Promise.all([remind(), remind(), remind()])
    const reminders = await remindersOf(ctx, invitation.id)
    expect(reminders).toHaveLength(40)
    expect(new Set(reminders.map((mail) => mail.recipient_id)).size).toBe(40)
  })
})

describe('reminders with SMTP set (mails queued for the worker)', () => {
  let smtp: TestContext
  const smtpClock = new TestClock()
  beforeAll(async () => {
    smtp = await createTestContext(
      { smtpUrl: 'smtp://127.0.0.1:9', publicUrl: 'https://surveys.example.com' },
      { clock: smtpClock },
    )
  })
  afterAll(() => smtp.close())

  it('waits while a recipient’s mail is still queued, then comes every_days after the mail was sent', async () => {
    const formId = await createForm(smtp)
    const invitation = await invited(smtp, formId, {
      list_id: await createList(smtp, [{ email: 'late@example.com', name: 'Late' }]),
      reminders: { count: 1, every_days: 2 },
    })
    const run = () => queueDueReminders(smtp.database, smtp.clock, smtp.deliverySignal, smtp.config)
    smtpClock.advance(2 * DAY)
    // Its invitation has not gone out yet (no worker runs here): no reminder before it.
    expect(await run()).toBe(0)
    // As the worker's record step does once the mail is accepted, a day late.
    const [row] = await recipientRows(smtp, invitation.id)
    const [mail] = await mailsOf(smtp, invitation.id)
    const sentAt = smtp.clock.nowMicros()
    await smtp.database.transaction(async (trx) => {
      await trx
        .updateTable('mails')
        .set({ status: 'sent', sent_at: sentAt, next_attempt_at: null })
        .where('id', '=', mail?.id as string)
        .execute()
      await recordRecipientMail(trx, row?.id as string, 'sent', sentAt)
    })
    const [sent] = await recipientRows(smtp, invitation.id)
    expect(sent).toMatchObject({ status: 'sent', next_reminder_at: sentAt + 2 * DAY * 1000 })
    expect(Number(sent?.last_mail_at)).toBe(sentAt)
    smtpClock.advance(2 * DAY - 60_000)
    expect(await run()).toBe(0)
    smtpClock.advance(60_000)
    expect(await run()).toBe(1)
    const reminders = await remindersOf(smtp, invitation.id)
    expect(reminders.map((m) => [m.subject, m.status])).toEqual([['Reminder: Your opinion, Late', 'queued']])
    const recipients = await smtp.request({
      method: 'GET',
      url: `/v1/forms/${formId}/invitations/${invitation.id}/recipients`,
    })
    expect(recipients.json().items[0]).toMatchObject({ status: 'sent', reminders_sent: 1 })
  })
})
