import type { KyselyPlugin } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Transaction } from '../../src/db/database.js'
import { storeResponses } from '../../src/domain/forms/responses/store.js'
import { sendDueDigests } from '../../src/domain/mail/notify/digests.js'
import { completeDraft, startDraft } from '../drafts/support.js'
import { TestClock } from '../support/clock.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { CookieJar } from '../support/cookie-jar.js'
import { createMailForm, mailCount, mailForm, mailsOf, submit } from './notify-support.js'

// docs/api.md#notifications-and-confirmations: settings.notify. Every way a response is stored
// counts it in the form's digest, in the same transaction; the duty (sendDueDigests, run by the
// worker) turns a due digest into one `notification` mail per address, at most one a minute per
// form. Time is the test's clock, standing still unless moved.

let ctx: TestContext
const clock = new TestClock({ stopped: true })
beforeAll(async () => {
  ctx = await createTestContext({ publicRateLimit: 10_000 }, { clock })
})
afterAll(async () => {
  await ctx.close()
})

const team = ['team@example.com', 'boss@example.org']
const runDuty = () => sendDueDigests(ctx.database, ctx.clock, ctx.deliverySignal, ctx.config)

async function digestOf(formId: string) {
  return ctx.database.db
    .selectFrom('mail_digests')
    .selectAll()
    .where('form_id', '=', formId)
    .executeTakeFirst()
}

describe('notifications to the team', () => {
  it('sends one mail per address for responses within a minute, the next only a minute later', async () => {
    const formId = await createMailForm(ctx, { notify: { emails: team } })
    for (let i = 1; i <= 5; i++)
      expect((await submit(ctx, formId, { name: `Person ${i}` })).statusCode).toBe(201)
    expect(await digestOf(formId)).toMatchObject({ pending: 5, workspace_id: ctx.workspaceId })
    // Counted in the responses' own transactions: no mail yet.
    expect(await mailsOf(ctx, formId, 'notification')).toEqual([])

    expect(await runDuty()).toBe(1)
    const first = await mailsOf(ctx, formId, 'notification')
    expect(first.map((mail) => mail.to).sort()).toEqual([...team].sort())
    for (const mail of first) {
      expect(mail).toMatchObject({
        kind: 'notification',
        form_id: formId,
        workspace_id: ctx.workspaceId,
        subject: '5 new responses to Feedback',
        status: 'held',
      })
      expect(mail.text).toContain('5 new responses to Feedback.')
      // Newest first, with the answers.
      expect(mail.text.indexOf('Your name: Person 5')).toBeLessThan(mail.text.indexOf('Your name: Person 1'))
      expect(mail.text).toContain(
        `See every response: http://127.0.0.1:${ctx.config.port}/app/forms/${formId}`,
      )
      expect(mail.html).toContain(`<a href="http://127.0.0.1:${ctx.config.port}/app/forms/${formId}">`)
      expect(mail.html.match(/<li>/g)).toHaveLength(5)
    }
    expect(await digestOf(formId)).toMatchObject({ pending: 0 })
    // Nothing more is due.
    expect(await runDuty()).toBe(0)

    // More within the minute wait for it.
    await submit(ctx, formId, { name: 'Person 6' })
    await submit(ctx, formId, { name: 'Person 7' })
    expect(await runDuty()).toBe(0)
    clock.advance(59_000)
    expect(await runDuty()).toBe(0)
    expect(await mailsOf(ctx, formId, 'notification')).toHaveLength(2)
    // A minute after the first mail was queued (the stopped clock still ticks 1 µs per reading).
    clock.advance(2_000)
    expect(await runDuty()).toBe(1)
    const second = (await mailsOf(ctx, formId, 'notification')).slice(2)
    expect(second.map((mail) => mail.subject)).toEqual([
      '2 new responses to Feedback',
      '2 new responses to Feedback',
    ])
    expect(second[0]?.text).toContain('Person 7')
    expect(second[0]?.text).not.toContain('Person 5')

    // After a quiet minute, a response is told at once.
    clock.advance(120_000)
    expect(await runDuty()).toBe(0)
    await submit(ctx, formId, { name: 'Person 8' })
    expect(await runDuty()).toBe(1)
    const third = (await mailsOf(ctx, formId, 'notification')).slice(4)
    expect(third.map((mail) => mail.subject)).toEqual([
      '1 new response to Feedback',
      '1 new response to Feedback',
    ])
  })

  it('shows the 10 newest of many, each with its first answers, bounded', async () => {
    const formId = await createMailForm(ctx, { notify: { emails: ['team@example.com'] } })
    for (let i = 1; i <= 12; i++) {
      const response = await submit(ctx, formId, {
        name: `Person ${i}`,
        email: `p${i}@example.com`,
        story: 's'.repeat(5000),
        again: true,
      })
      expect(response.statusCode).toBe(201)
    }
    expect(await runDuty()).toBe(1)
    const [mail] = await mailsOf(ctx, formId, 'notification')
    expect(mail?.subject).toBe('12 new responses to Feedback')
    expect(mail?.text).toContain('The 10 newest, newest first:')
    expect(mail?.html.match(/<li>/g)).toHaveLength(10)
    expect(mail?.text).toContain('Person 12')
    expect(mail?.text).toContain('Person 3')
    expect(mail?.text).not.toContain('Person 2\n')
    // Three answers of each, the long one cut, and how many more.
    expect(mail?.text).toContain(`Tell us more: ${'s'.repeat(199)}…`)
    expect(mail?.text).not.toContain('Come again?')
    expect(mail?.text).toContain('and 1 more answer')
    expect(mail?.html.length).toBeLessThan(30_000)
  })

  it('escapes HTML of titles and answers, and keeps line breaks out of the subject', async () => {
    const formId = await createMailForm(
      ctx,
      { notify: { emails: ['team@example.com'] } },
      { ...mailForm, title: 'Feedback <b>&</b>' },
    )
    await submit(ctx, formId, {
      name: '<script>alert(1)</script>',
      story: 'line one\r\nBcc: everyone@example.com\r\n\r\n<img src=x onerror=alert(1)>',
    })
    await runDuty()
    const [mail] = await mailsOf(ctx, formId, 'notification')
    expect(mail?.subject).toBe('1 new response to Feedback <b>&</b>')
    expect(mail?.html).not.toContain('<script>')
    expect(mail?.html).not.toContain('<img')
    expect(mail?.html).not.toContain('<b>')
    expect(mail?.html).toContain('&lt;script>alert(1)&lt;/script>')
    expect(mail?.html).toContain('Feedback &lt;b>&amp;&lt;/b>')
    expect(mail?.headers).toBeUndefined()
  })

  it('counts every way a response is stored: API, public API, hosted pages, drafts', async () => {
    const paged = {
      ...mailForm,
      pages: [
        { id: 'one', questions: ['name', 'email'] },
        { id: 'two', questions: ['story', 'again'] },
      ],
    }
    const onePage = await createMailForm(ctx, { public: true, notify: { emails: ['a@example.com'] } })
    const multi = await createMailForm(ctx, { public: true, notify: { emails: ['a@example.com'] } }, paged)

    expect((await submit(ctx, onePage, { name: 'token' })).statusCode).toBe(201)
    const viaPublic = await ctx.request({
      method: 'POST',
      url: `/v1/public/forms/${onePage}/responses`,
      token: null,
      payload: { answers: { name: 'public' } },
    })
    expect(viaPublic.statusCode).toBe(201)
    const viaPage = await ctx.request({
      method: 'POST',
      url: `/f/${onePage}`,
      token: null,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=page',
    })
    expect(viaPage.statusCode).toBe(303)
    expect(await digestOf(onePage)).toMatchObject({ pending: 3 })

    const draft = await startDraft(ctx, multi, { answers: { name: 'draft' } })
    expect((await completeDraft(ctx, draft.json().resume_token)).statusCode).toBe(201)
    const jar = new CookieJar()
    const post = async (fields: [string, string][]) => {
      const cookie = jar.header(`/f/${multi}`)
      const response = await ctx.request({
        method: 'POST',
        url: `/f/${multi}`,
        token: null,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
        payload: new URLSearchParams(fields).toString(),
      })
      jar.store(response.headers['set-cookie'])
      return response
    }
    expect(
      (
        await post([
          ['canvass:page', 'one'],
          ['name', 'hosted'],
        ])
      ).headers.location,
    ).toBe(`/f/${multi}/p/two`)
    expect(
      (
        await post([
          ['canvass:page', 'two'],
          ['story', 'done'],
        ])
      ).headers.location,
    ).toBe(`/f/${multi}/thanks`)
    expect(await digestOf(multi)).toMatchObject({ pending: 2 })
    expect(await runDuty()).toBe(2)
    expect((await mailsOf(ctx, onePage, 'notification'))[0]?.subject).toBe('3 new responses to Feedback')
    expect((await mailsOf(ctx, multi, 'notification'))[0]?.subject).toBe('2 new responses to Feedback')
  })

  it('sends nothing once the setting is removed, and nothing for forms without it', async () => {
    const formId = await createMailForm(ctx, { notify: { emails: ['team@example.com'] } })
    await submit(ctx, formId, { name: 'Ada' })
    const put = await ctx.request({ method: 'PUT', url: `/v1/forms/${formId}`, payload: mailForm })
    expect(put.statusCode).toBe(200)
    const before = await mailCount(ctx)
    expect(await runDuty()).toBe(1)
    expect(await mailCount(ctx)).toBe(before)
    expect(await digestOf(formId)).toMatchObject({ pending: 0 })

    const plain = await createMailForm(ctx, {})
    await submit(ctx, plain, { name: 'Ada', email: 'ada@example.com' })
    expect(await digestOf(plain)).toBeUndefined()
    expect(await runDuty()).toBe(0)
    expect(await mailCount(ctx)).toBe(before)
  })

  it('costs a form without mail settings no query when storing, and one with notify one upsert', async () => {
    const queries = async (formId: string) => {
      const seen: string[] = []
      const plugin: KyselyPlugin = {
        transformQuery: (args) => {
          seen.push(JSON.stringify(args.node))
          return args.node
        },
        transformResult: async (args) => args.result,
      }
      await ctx.database.transaction(async (trx) => {
        const counted = Object.assign(trx.withPlugin(plugin), {
          afterCommit: (hook: () => void) => trx.afterCommit(hook),
          afterRollback: (hook: () => void) => trx.afterRollback(hook),
          notify: (channel: string, payload: string) => trx.notify(channel, payload),
          lockRow: (table: 'forms', id: string) => trx.lockRow(table, id),
        }) as Transaction
        const submissions = [{ answers: { name: 'Ada', email: 'ada@example.com' } }]
        const batch = { workspaceId: ctx.workspaceId, formId, submissions }
        await storeResponses(counted, ctx.clock, ctx.deliverySignal, batch, { mail: ctx.config })
      })
      return seen
    }
    const mailTables = /mail_digests|\bmails\b/
    const plain = await queries(await createMailForm(ctx, {}))
    expect(plain.some((text) => mailTables.test(text))).toBe(false)
    const notified = await queries(await createMailForm(ctx, { notify: { emails: ['team@example.com'] } }))
    expect(notified).toHaveLength(plain.length + 1)
    expect(notified.filter((text) => mailTables.test(text))).toHaveLength(1)
  })
})
