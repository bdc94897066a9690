import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { richForm } from '../flow/fixtures.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'
import { type Receiver, startReceiver } from '../support/receiver.js'
import { contactList, invite } from '../support/recipients.js'
import { createForm, onePageForm, respondentAt } from './links-support.js'

// docs/webhooks.md#the-event: a response given through a personal link carries `contact: {id,
// email}` in its form_response event, as a real receiver gets it; every other response's event is
// byte for byte what it was (no `contact` key at all).

let ctx: TestContext
let receiver: Receiver

beforeAll(async () => {
  ctx = await createTestContext({ publicRateLimit: 0, linkRateLimit: 0 })
  ctx.startWorker({ pollMs: 100 })
  receiver = await startReceiver()
})
afterAll(async () => {
  await receiver?.close()
  await ctx?.close()
})

async function hooked(form: object): Promise<string> {
  const formId = await createForm(ctx, form)
  const put = await ctx.request({
    method: 'PUT',
    url: `/v1/forms/${formId}/webhooks/hook`,
    payload: { url: receiver.url },
  })
  expect(put.statusCode, put.body).toBe(201)
  return formId
}

/** The form_response event of a response, as the receiver got it (raw body and parsed). */
async function eventOf(responseId: string) {
  await receiver.waitFor((requests) => requests.some((request) => request.body.includes(responseId)))
  const body = receiver.requests.find((request) => request.body.includes(responseId))?.body as string
  return { body, event: JSON.parse(body) }
}

const ada = { name: 'Ada', email: 'Ada@Example.com', data: { team: 'engines' } }

describe(`the form_response event of a personal link (${testBackend})`, () => {
  it('carries the contact; an ordinary submission’s event has no contact, byte for byte as before', async () => {
    const formId = await hooked(onePageForm({ public: true }))
    const list = await contactList(ctx, [ada])
    const [recipient] = await invite(ctx, formId, list)
    const contact = list.contacts[0]
    if (!recipient || !contact) throw new Error('no recipient')

    expect((await respondentAt(ctx, recipient.link).submit([['mood', 'Fine']])).statusCode).toBe(303)
    const responseId = (
      await ctx.database.db
        .selectFrom('invitation_recipients')
        .select('response_id')
        .where('id', '=', recipient.id)
        .executeTakeFirstOrThrow()
    ).response_id as string
    const linked = await eventOf(responseId)
    expect(linked.event.form_response.contact).toEqual({ id: contact.id, email: 'Ada@Example.com' })
    expect(Object.keys(linked.event.form_response)).toEqual([
      'form_id',
      'id',
      'submitted_at',
      'answers',
      'hidden',
      'variables',
      'ending',
      'contact',
    ])
    expect(linked.body).toBe(JSON.stringify(linked.event))

    // The same form answered on its public page and through the API: no contact.
    const page = await ctx.app.inject({
      method: 'POST',
      url: `/f/${formId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'mood=Public',
    })
    expect(page.statusCode).toBe(303)
    const api = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${formId}/responses`,
      payload: { answers: { mood: 'API' }, hidden: { email: 'Ada@Example.com' } },
    })
    expect(api.statusCode).toBe(201)
    await receiver.waitFor((requests) => requests.length >= 3)
    const ordinary = receiver.requests
      .map((request) => request.body)
      .filter((body) => !body.includes(responseId))
    expect(ordinary).toHaveLength(2)
    for (const body of ordinary) {
      const event = JSON.parse(body)
      expect(event.form_response).not.toHaveProperty('contact')
      // What JSON.stringify gives for {...header, form_response: {form_id, ...item, ending}}.
      const { form_id, ending, ...item } = event.form_response
      const { form_response: _, ...header } = event
      expect(body).toBe(JSON.stringify({ ...header, form_response: { form_id, ...item, ending } }))
      expect(body.endsWith(`,"ending":${JSON.stringify(ending)}}}`)).toBe(true)
    }
  })

  it('carries the contact when a form of several pages is completed through the link', async () => {
    const formId = await hooked({ ...richForm, settings: { public: false } })
    const list = await contactList(ctx, [ada])
    const [recipient] = await invite(ctx, formId, list)
    if (!recipient) throw new Error('no recipient')
    const person = respondentAt(ctx, recipient.link)
    await person.page('intro', [
      ['name', 'Ada'],
      ['travelled', 'false'],
    ])
    const done = await person.page('not_travelled', [['why', 'Price']])
    expect(done.statusCode).toBe(303)
    const row = await ctx.database.db
      .selectFrom('invitation_recipients')
      .select(['response_id', 'status'])
      .where('id', '=', recipient.id)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('completed')
    const { event } = await eventOf(row.response_id as string)
    expect(event.form_response.contact).toEqual({ id: list.contacts[0]?.id, email: 'Ada@Example.com' })
  })

  it('carries no contact on an anonymous form', async () => {
    const formId = await hooked(onePageForm({ anonymous: true }))
    const [recipient] = await invite(ctx, formId, await contactList(ctx, [ada]))
    if (!recipient) throw new Error('no recipient')
    const before = receiver.requests.length
    expect((await respondentAt(ctx, recipient.link).submit([['mood', 'Quiet']])).statusCode).toBe(303)
    await receiver.waitFor((requests) =>
      requests.some((request, index) => index >= before && request.body.includes('Quiet')),
    )
    const body = receiver.requests.find((request) => request.body.includes('Quiet'))?.body as string
    expect(JSON.parse(body).form_response).not.toHaveProperty('contact')
    expect(body).not.toContain('Example.com')
  })
})
