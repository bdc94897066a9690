import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DUTY_BATCH, type Duty } from '../../src/domain/duties.js'
import { allScopes } from '../../src/domain/scopes.js'
import { TestClock } from '../support/clock.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'
import { type SmtpServer, startSmtpServer } from '../support/smtp.js'
import { waitUntil } from '../support/wait.js'
import {
  createRecipient,
  type Json,
  mailOf,
  queueInvitationMail,
  queueTestMail,
  testComposer,
} from './support.js'

// The outbox of a fresh install (no CANVASS_SMTP_URL): every mail is held, readable at GET /v1/mail,
// never sent. The listing's pages, filters, scopes and workspaces; a held invitation composed on
// demand; and retention, which keeps held and queued mails.

const clock = new TestClock()
let smtp: SmtpServer
let ctx: TestContext

beforeAll(async () => {
  // A server no one is told of: nothing may reach it.
  smtp = await startSmtpServer()
  ctx = await createTestContext({ deliveryRetentionDays: 30 }, { clock, mailComposer: testComposer })
})
afterAll(async () => {
  await ctx?.close()
  await smtp?.close()
})

const list = (query = '', token?: string) =>
  ctx.request({ method: 'GET', url: `/v1/mail${query}`, ...(token ? { token } : {}) })

describe(`the outbox without SMTP on ${testBackend}`, () => {
  it('holds every mail and sends none, however long the worker runs', async () => {
    const id = await queueTestMail(ctx, { to: 'held@example.com' })
    let rounds = 0
    const counting: Duty = async () => {
      rounds++
      return 0
    }
    const worker = ctx.startWorker({ duties: [counting] })
    // Rounds of the worker pass, the clock moving on past any retry delay.
    await waitUntil(() => {
      clock.advance(60_000)
      return rounds >= 3
    })
    await worker.stop()
    const mail = await mailOf(ctx, id)
    expect(mail).toMatchObject({ status: 'held', attempts: 0, last_error: null, sent_at: null })
    expect(mail.attempts_log).toEqual([])
    expect(smtp.rcpts).toEqual([])
    const listed = (await list()).json().items.find((item: Json) => item.id === id)
    expect(listed.status).toBe('held')
  })

  it('lists mails newest first, in pages, with exactly the contract’s fields', async () => {
    const ids: string[] = []
    for (const [index, kind] of [
      'notification',
      'reminder',
      'confirmation',
      'reminder',
      'resume',
    ].entries()) {
      ids.push(
        await queueTestMail(ctx, {
          kind: kind as 'reminder',
          subject: `Mail ${index}`,
          to: `p${index}@example.com`,
        }),
      )
    }
    await queueTestMail(ctx, { workspaceId: ctx.otherWorkspaceId, subject: 'Not yours' })
    const newest = [...ids].reverse()

    const first = await list('?page_size=2')
    expect(first.statusCode).toBe(200)
    expect(first.json().page).toBe('1')
    expect(first.json().page_size).toBe('2')
    expect(first.json().items.map((item: Json) => item.id)).toEqual(newest.slice(0, 2))
    expect(first.headers.link).toContain('rel="next"')
    const item = first.json().items[0]
    expect(Object.keys(item).sort()).toEqual(
      ['attempts', 'created_at', 'id', 'kind', 'last_error', 'sent_at', 'status', 'subject', 'to'].sort(),
    )
    expect(item).toMatchObject({
      id: newest[0],
      to: 'p4@example.com',
      subject: 'Mail 4',
      kind: 'resume',
      status: 'held',
      attempts: 0,
      last_error: null,
      sent_at: null,
    })
    expect(item.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/)

    const all = (await list('?page_size=1000')).json().items.map((entry: Json) => entry.id)
    expect(all.slice(0, 5)).toEqual(newest)
    expect(all.every((mailId: string) => mailId.startsWith('ml_'))).toBe(true)
    const subjects = (await list('?page_size=1000')).json().items.map((entry: Json) => entry.subject)
    expect(subjects).not.toContain('Not yours')

    const third = await list('?page_size=2&page=3')
    expect(third.json().items.map((entry: Json) => entry.id)).toEqual(all.slice(4, 6))
    expect(third.headers.link).toContain('rel="prev"')

    const reminders = (await list('?kind=reminder')).json().items.map((entry: Json) => entry.id)
    expect(reminders).toEqual([ids[3], ids[1]])
    expect((await list('?status=sent')).json().items).toEqual([])
    expect((await list('?status=held&kind=resume')).json().items.map((entry: Json) => entry.id)).toEqual([
      ids[4],
    ])
  })

  it('answers a bad filter or page with a 400 problem', async () => {
    for (const query of ['?status=lost', '?kind=spam', '?page=0', '?page_size=1001', '?colour=red']) {
      const answer = await list(query)
      expect(answer.statusCode, query).toBe(400)
      expect(answer.headers['content-type']).toContain('application/problem+json')
    }
  })

  it('shows one mail with its text, HTML and attempts, composing a held invitation on demand', async () => {
    const plain = await mailOf(ctx, await queueTestMail(ctx, { body: { text: 'T', html: '<p>H</p>' } }))
    expect(plain).toMatchObject({ status: 'held', text: 'T', html: '<p>H</p>', attempts_log: [] })
    const recipient = await createRecipient(ctx, { name: 'Grace <Hopper>' })
    const invitation = await mailOf(ctx, await queueInvitationMail(ctx, recipient))
    expect(invitation.kind).toBe('invitation')
    expect(invitation.text).toBe(
      `Hello Grace <Hopper>, please answer: https://forms.example.com/i/${recipient.token}`,
    )
    expect(invitation.html).toContain(recipient.token)
  })

  it('needs invitations:read, and answers 404 for a mail that is unknown or another workspace’s', async () => {
    const id = await queueTestMail(ctx)
    const without = await ctx.tokenWithScopes(allScopes.filter((scope) => scope !== 'invitations:read'))
    for (const url of ['/v1/mail', `/v1/mail/${id}`]) {
      const answer = await ctx.request({ method: 'GET', url, token: without })
      expect(answer.statusCode, url).toBe(403)
      expect(answer.json().code).toBe('forbidden')
    }
    const only = await ctx.tokenWithScopes(['invitations:read'])
    expect((await ctx.request({ method: 'GET', url: `/v1/mail/${id}`, token: only })).statusCode).toBe(200)

    const theirs = await ctx.request({ method: 'GET', url: `/v1/mail/${id}`, token: ctx.otherToken })
    const unknown = await ctx.request({ method: 'GET', url: '/v1/mail/ml_doesnotexist0000000000' })
    for (const answer of [theirs, unknown]) {
      expect(answer.statusCode).toBe(404)
      expect(answer.json().code).toBe('not_found')
    }
    expect(
      (await ctx.request({ method: 'GET', url: '/v1/mail', token: ctx.otherToken }))
        .json()
        .items.map((item: Json) => item.id),
    ).not.toContain(id)
  })

  it('deletes sent, failed and bounced mails past retention with their attempts, and keeps held and queued ones', async () => {
    const old = clock.nowMicros() - 31 * 24 * 3600 * 1_000_000
    const ids: Record<string, string> = {}
    for (const status of ['sent', 'failed', 'bounced', 'held', 'queued'] as const) {
      ids[status] = await queueTestMail(ctx, { subject: `Old ${status}` })
      await ctx.database.db
        .updateTable('mails')
        .set({
          status,
          created_at: old,
          next_attempt_at: status === 'queued' ? clock.nowMicros() + 3600e6 : null,
        })
        .where('id', '=', ids[status] as string)
        .execute()
      await ctx.database.db
        .insertInto('mail_attempts')
        .values({
          mail_id: ids[status] as string,
          number: 1,
          attempted_at: old,
          duration_ms: 3,
          reply_code: 250,
          error: null,
        })
        .execute()
    }
    const recent = await queueTestMail(ctx, { subject: 'Recent' })
    await ctx.database.db.updateTable('mails').set({ status: 'sent' }).where('id', '=', recent).execute()
    const exists = async (id: string) =>
      (await ctx.request({ method: 'GET', url: `/v1/mail/${id}` })).statusCode === 200
    const worker = ctx.startWorker({ pruneEveryMs: 50 })
    await waitUntil(
      async () => !(await exists(ids['sent'] as string)) && !(await exists(ids['bounced'] as string)),
    )
    await worker.stop()
    expect(await exists(ids['failed'] as string)).toBe(false)
    expect(await exists(ids['held'] as string)).toBe(true)
    expect(await exists(ids['queued'] as string)).toBe(true)
    expect(await exists(recent)).toBe(true)
    const attempts = await ctx.database.db
      .selectFrom('mail_attempts')
      .select('mail_id')
      .where('mail_id', 'in', [ids['sent'] as string, ids['failed'] as string, ids['bounced'] as string])
      .execute()
    expect(attempts).toEqual([])
  })
})

describe(`worker duties on ${testBackend}`, () => {
  it('runs each duty every round, again at once after a full batch, and past one that fails', async () => {
    const calls: string[] = []
    const failing: Duty = async () => {
      calls.push('failing')
      throw new Error('the duty broke')
    }
    let batches = 0
    const given: boolean[] = []
    const reminders: Duty = async (database, dutyClock, signal, config) => {
      // A duty gets the worker's own database, clock, signal and config.
      given.push(
        database === ctx.database &&
          dutyClock === clock &&
          signal === ctx.deliverySignal &&
          config === ctx.config,
      )
      calls.push('reminders')
      return batches++ === 0 ? DUTY_BATCH : 3
    }
    // A poll a minute away: what runs before it ran at once.
    const worker = ctx.startWorker({ duties: [failing, reminders], pollMs: 60_000 })
    await waitUntil(() => calls.length >= 4)
    expect(calls.slice(0, 4)).toEqual(['failing', 'reminders', 'failing', 'reminders'])
    clock.advance(60_000)
    await waitUntil(() => calls.length >= 6)
    await worker.stop()
    expect(calls.slice(4, 6)).toEqual(['failing', 'reminders'])
    expect(given.every(Boolean)).toBe(true)
  })
})
