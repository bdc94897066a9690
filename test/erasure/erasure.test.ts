import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createList, invited, recipientsOf, tokenOf } from '../mail/invitation-support.js'
import { respondentAt } from '../mail/links-support.js'
import { queueTestMail, sendingSettings } from '../mail/support.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'
import { type SmtpServer, startSmtpServer } from '../support/smtp.js'
import { createForm, erased, placesHolding, submit } from './support.js'

// Erasure (docs/api.md#erasure), end to end: one address planted everywhere it can live in a
// workspace (contacts on two lists, a response through a personal link, one with it in an `email`
// answer, one in a hidden field, a draft, a mail sent through a real SMTP server and mails not
// sent, an insights text answer, webhook deliveries, an unsubscribe), beside another address
// that must survive. After the erasure, every text column of every table is searched for it.

const ERIN = 'Erin.Erased@Example.com'
const erin = ERIN.toLowerCase()
const OLGA = 'olga.other@example.com'

let smtp: SmtpServer
let ctx: TestContext

beforeAll(async () => {
  smtp = await startSmtpServer()
  ctx = await createTestContext(sendingSettings(smtp.url))
})
afterAll(async () => {
  await ctx?.close()
  await smtp?.close()
})

/** The personal link's path (the mail's link names the public URL's host). */
const pathOf = (link: string) => new URL(link).pathname

async function get(url: string) {
  const response = await ctx.request({ method: 'GET', url })
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200)
  return response
}

interface Planted {
  linkedForm: string
  publicForm: string
  firstList: string
  invitation: string
}

/** Erin and Olga, everywhere they can be. */
async function plant(): Promise<Planted> {
  const linkedForm = await createForm(ctx, {
    title: 'Staff survey',
    questions: [{ id: 'mood', title: 'How are you?', type: 'short_text', required: true }],
  })
  const publicForm = await createForm(ctx, {
    title: 'Feedback',
    questions: [
      { id: 'contact', title: 'Your e-mail', type: 'email' },
      { id: 'note', title: 'Anything else?', type: 'short_text' },
    ],
    hidden: ['ref'],
    settings: { public: true },
  })
  const firstList = await createList(ctx, [
    { email: ERIN, name: 'Erin' },
    { email: OLGA, name: 'Olga' },
  ])
  const secondList = await createList(ctx, [{ email: ` ${erin.toUpperCase()} `, name: 'Erin again' }])

  // Invitation mails sent through the SMTP server, and answered through their personal links.
  const worker = ctx.startWorker()
  const invitation = (await invited(ctx, linkedForm, { list_id: firstList })).id as string
  await smtp.waitFor((mails) => mails.length === 2, 60_000)
  await expect
    .poll(
      async () =>
        (
          await ctx.database.db
            .selectFrom('mails')
            .select('id')
            .where('invitation_id', '=', invitation)
            .where('status', '=', 'sent')
            .execute()
        ).length,
      { timeout: 30_000 },
    )
    .toBe(2)
  await worker.stop()
  const recipients = await recipientsOf(ctx, linkedForm, invitation)
  const linkOf = (email: string) => recipients.find((recipient) => recipient.email === email)?.link as string
  for (const email of [ERIN, OLGA]) {
    const sent = await respondentAt(ctx, pathOf(linkOf(email))).submit([['mood', 'Fine']])
    expect(sent.statusCode, sent.body).toBe(303)
  }

  // Mails not sent: a second invitation (queued, then stopped by the unsubscribe) and a queued mail.
  await invited(ctx, publicForm, { list_id: secondList })
  const unsubscribed = await ctx.app.inject({ method: 'POST', url: `/u/${tokenOf(linkOf(ERIN))}` })
  expect(unsubscribed.statusCode).toBe(200)
  await queueTestMail(ctx, { to: ERIN, kind: 'resume', subject: 'Your answers so far' })

  // Responses carrying the address, with a webhook that records their events.
  const hook = await ctx.request({
    method: 'PUT',
    url: `/v1/forms/${publicForm}/webhooks/archive`,
    payload: { url: 'http://127.0.0.1:9/hook' },
  })
  expect(hook.statusCode, hook.body).toBe(201)
  await submit(ctx, publicForm, { answers: { contact: erin.toUpperCase(), note: 'Great' } })
  await submit(ctx, publicForm, { answers: { note: 'Via a link' }, hidden: { ref: ` ${ERIN} ` } })
  await submit(ctx, publicForm, { answers: { contact: OLGA, note: 'Fine too' }, hidden: { ref: 'ad' } })
  for (const email of [ERIN, OLGA]) {
    const draft = await ctx.request({
      method: 'POST',
      url: `/v1/public/forms/${publicForm}/drafts`,
      token: null,
      headers: { origin: 'http://elsewhere.test' },
      payload: { answers: { contact: email } },
    })
    expect(draft.statusCode, draft.body).toBe(201)
  }

  // Searched for by the address: the audit log records the listing, but not what was typed.
  const searched = await get(`/v1/forms/${publicForm}/responses?query=${encodeURIComponent(ERIN)}`)
  expect(searched.json().items.length).toBeGreaterThan(0)
  await ctx.appContext.audit.flush()
  const listed = await ctx.database.db
    .selectFrom('audit_events')
    .select('details')
    .where('action', '=', 'listResponses')
    .where('target_id', '=', publicForm)
    .execute()
  expect(listed.length).toBeGreaterThan(0)
  for (const event of listed) expect(JSON.parse(event.details ?? '{}')).not.toHaveProperty('query')

  // Another workspace's contact of the same address: not the caller's to erase.
  const otherList = await ctx.request({
    method: 'POST',
    url: '/v1/contact-lists',
    payload: { name: 'Theirs' },
    token: ctx.otherToken,
  })
  await ctx.request({
    method: 'POST',
    url: '/v1/contacts/bulk',
    payload: { list_id: otherList.json().id, contacts: [{ email: ERIN }] },
    token: ctx.otherToken,
  })
  return { linkedForm, publicForm, firstList, invitation }
}

describe(`erasing an address on ${testBackend}`, () => {
  it('deletes everything of the address in the workspace, keeps everything else, and audits it without the address', async () => {
    const { linkedForm, publicForm, firstList, invitation } = await plant()
    const before = await placesHolding(ctx, erin)
    for (const place of [
      'contacts.email_key',
      'invitation_recipients.email_key',
      'responses.item_json',
      'response_search.search_text',
      'text_answers.value',
      'drafts.answers_json',
      'mails.to_address',
      'unsubscribes.email_key',
      'webhook_deliveries.payload',
    ]) {
      expect(
        before.some((found) => found.startsWith(`${place}:`)),
        `${place} in ${before}`,
      ).toBe(true)
    }
    expect(smtp.mails.flatMap((mail) => mail.to).map((to) => to.toLowerCase())).toEqual(
      expect.arrayContaining([erin, OLGA]),
    )

    const receipt = await erased(ctx, `  ${ERIN.toUpperCase()} `)
    expect(receipt).toEqual({ contacts: 2, responses: 3, drafts: 1, mails: 3 })

    // Nothing of it is left but the unsubscribe (kept on purpose) and the other workspace's contact.
    expect(await placesHolding(ctx, erin)).toEqual([
      'contacts.email: 1',
      'contacts.email_key: 1',
      'unsubscribes.email_key: 1',
    ])
    const theirs = await ctx.database.db
      .selectFrom('contacts')
      .innerJoin('contact_lists', 'contact_lists.id', 'contacts.list_id')
      .select('contact_lists.workspace_id')
      .where('contacts.email_key', '=', erin)
      .execute()
    expect(theirs).toEqual([{ workspace_id: ctx.otherWorkspaceId }])

    // The exports, the insights and the lists show only Olga's.
    for (const formId of [linkedForm, publicForm]) {
      for (const format of ['csv', 'ndjson']) {
        const exported = (await get(`/v1/forms/${formId}/responses/export?format=${format}`)).body
        expect(exported.toLowerCase()).not.toContain(erin)
      }
      const ndjson = (await get(`/v1/forms/${formId}/responses/export?format=ndjson`)).body
      expect(ndjson.trim().split('\n')).toHaveLength(1)
      expect((await get(`/v1/forms/${formId}/insights`)).json().responses).toBe(1)
      expect((await get(`/v1/forms/${formId}`)).json().response_count).toBe(1)
    }
    expect((await get(`/v1/forms/${publicForm}/responses/export?format=csv`)).body).toContain(OLGA)
    const answers = (await get(`/v1/forms/${publicForm}/insights/questions/contact/answers`)).json().items
    expect(answers.map((answer: { value: string }) => answer.value)).toEqual([OLGA])
    const recipientsCsv = (await get(`/v1/forms/${linkedForm}/invitations/${invitation}/recipients.csv`)).body
    expect(recipientsCsv.toLowerCase()).not.toContain(erin)
    expect(recipientsCsv).toContain(OLGA)
    expect((await get(`/v1/contact-lists/${firstList}`)).json().contact_count).toBe(1)
    const mail = (await get('/v1/mail?page_size=100')).json().items as { to: string }[]
    expect(mail.map((item) => item.to)).toEqual([OLGA])

    // The audit log has the receipt, never the address nor a digest of it.
    const events = await ctx.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'erasure')
      .execute()
    expect(events).toHaveLength(1)
    const [event] = events
    expect(event?.workspace_id).toBe(ctx.workspaceId)
    expect(event?.actor_type).toBe('token')
    expect(JSON.parse(event?.details ?? 'null')).toEqual(receipt)

    // Erasing again finds nothing, and says so.
    expect(await erased(ctx, ERIN)).toEqual({ contacts: 0, responses: 0, drafts: 0, mails: 0 })
  }, 180_000)
})
