import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bulk, createList } from '../contacts/support.js'
import { createTestContext, type TestContext } from '../support/context.js'

// One rule for e-mail addresses and one for URLs (issue 11): an address refused on a contact is
// refused as an answer too, and a URL refused as an answer is refused as a webhook target and
// as a thank-you page's redirect.
// Private targets are allowed here, so a webhook PUT resolves no name and sends nothing.

let ctx: TestContext
let formId: string
let listId: string

beforeAll(async () => {
  ctx = await createTestContext()
  const form = await ctx.request({
    method: 'POST',
    url: '/v1/forms',
    payload: {
      title: 'Strings',
      questions: [
        { id: 'mail', title: 'E-mail', type: 'email' },
        { id: 'site', title: 'Website', type: 'url' },
      ],
    },
  })
  formId = form.json().id
  listId = await createList(ctx)
})
afterAll(async () => ctx?.close())

const submit = (answers: Record<string, unknown>) =>
  ctx.request({ method: 'POST', url: `/v1/forms/${formId}/responses`, payload: { answers } })

const local = 'a'.repeat(64)
const longest = `${local}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(57)}.com`

const badEmails = [
  `a@${'.'.repeat(250)}`,
  'a@b',
  'a@@b.com',
  '.a@example.com',
  'a..b@example.com',
  'a@-example.com',
  'a@example..com',
  'a@example.com.',
  'a b@example.com',
  '"quoted"@example.com',
  'a@[127.0.0.1]',
  `${'a'.repeat(65)}@example.com`,
  `${local}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(58)}.com`,
]
const goodEmails = ['ada@example.com', "o'brien+tag@mail.example.co.uk", longest]

describe('e-mail addresses', () => {
  it.each(badEmails)('refuses %s as an answer and as a contact', async (email) => {
    const answer = await submit({ mail: email })
    expect(answer.statusCode, answer.body).toBe(400)
    expect(answer.json().errors).toEqual([
      { path: '/answers/mail', message: expect.stringMatching(/^must be/) },
    ])
    const contact = await bulk(ctx, { list_id: listId, contacts: [{ email }] })
    expect(contact.statusCode, contact.body).toBe(400)
    expect(contact.json().errors[0].path).toBe('/contacts/0/email')
    expect(contact.json().errors[0].message).toBe(answer.json().errors[0].message)
  })

  it.each(goodEmails)('accepts %s as an answer and as a contact', async (email) => {
    const answer = await submit({ mail: email })
    expect(answer.statusCode, answer.body).toBe(201)
    expect(answer.json().answers[0]).toMatchObject({ type: 'email', email })
    const contact = await bulk(ctx, { list_id: listId, contacts: [{ email }] })
    expect(contact.statusCode, contact.body).toBe(201)
  })
})

const badUrls = [
  'http:///x',
  'https:////example.com/x',
  'http:\\\\example.com/x',
  'http://',
  'http://?x',
  'http://a..b/x',
  'http://-a.example/x',
  'http://a_b.example/x',
  'http://exa mple.com/x',
  'http://example.com/a b',
  'http://example.com/a\tb',
  'http://1.2.3.4.5/',
  'ftp://example.com/x',
  'javascript:alert(1)',
  '/relative',
  `https://example.com/${'x'.repeat(2029)}`,
]
const goodUrls = [
  'https://example.com/x?y=1#z',
  'HTTP://Example.COM',
  'http://localhost:3000/hook',
  'http://127.0.0.1:8080/hook',
  'https://[2606:4700:4700::1111]/hook',
  'https://bücher.example/katalog',
  'https://user:pass@example.com/x',
  `https://example.com/${'x'.repeat(2028)}`,
]

// A webhook target or a redirect that is not ASCII is kept as it is requested (issue 25); an
// answer is kept as it was typed.
const keptAs: Record<string, string> = {
  'https://bücher.example/katalog': 'https://xn--bcher-kva.example/katalog',
}

/** A form whose thank-you page sends respondents to `url`. */
const redirectTo = (url: string) =>
  ctx.request({
    method: 'POST',
    url: '/v1/forms',
    payload: { title: 'Redirect', questions: [], settings: { thank_you: { redirect_url: url } } },
  })

describe('URLs', () => {
  it.each(badUrls)('refuses %s as an answer and as a webhook target', async (url) => {
    const answer = await submit({ site: url })
    expect(answer.statusCode, answer.body).toBe(400)
    expect(answer.json().errors).toEqual([
      { path: '/answers/site', message: expect.stringMatching(/^must be/) },
    ])
    const webhook = await ctx.request({
      method: 'PUT',
      url: `/v1/forms/${formId}/webhooks/bad`,
      payload: { url },
    })
    expect(webhook.statusCode, webhook.body).toBe(400)
    expect(webhook.json().errors[0].path).toBe('/url')
    const redirect = await redirectTo(url)
    expect(redirect.statusCode, redirect.body).toBe(400)
    expect(redirect.json().errors).toContainEqual({
      path: '/settings/thank_you/redirect_url',
      message: expect.stringMatching(/^must /),
    })
  })

  it('refuses as a webhook target or redirect what is too long once percent-encoded, keeps it as an answer', async () => {
    // 320 characters, 2,720 once percent-encoded as targets and redirects are stored and sent;
    // an answer is stored as typed, so only the length as typed counts (issue 25).
    const url = `https://example.com/${'€'.repeat(300)}`
    const answer = await submit({ site: url })
    expect(answer.statusCode, answer.body).toBe(201)
    expect(answer.json().answers[0]).toMatchObject({ type: 'url', url })
    const webhook = await ctx.request({
      method: 'PUT',
      url: `/v1/forms/${formId}/webhooks/long`,
      payload: { url },
    })
    expect(webhook.statusCode, webhook.body).toBe(400)
    expect(webhook.json().errors).toEqual([
      { path: '/url', message: 'must be at most 2048 characters once percent-encoded' },
    ])
    const redirect = await redirectTo(url)
    expect(redirect.statusCode, redirect.body).toBe(400)
    expect(redirect.json().errors).toContainEqual({
      path: '/settings/thank_you/redirect_url',
      message: 'must be at most 2048 characters once percent-encoded',
    })
  })

  it.each(goodUrls)('accepts %s as an answer and as a webhook target', async (url) => {
    const answer = await submit({ site: url })
    expect(answer.statusCode, answer.body).toBe(201)
    expect(answer.json().answers[0]).toMatchObject({ type: 'url', url })
    const webhook = await ctx.request({
      method: 'PUT',
      url: `/v1/forms/${formId}/webhooks/good`,
      payload: { url, enabled: false },
    })
    expect(webhook.statusCode, webhook.body).toBeLessThan(300)
    expect(webhook.json().webhook.url).toBe(keptAs[url] ?? url)
    const redirect = await redirectTo(url)
    expect(redirect.statusCode, redirect.body).toBe(201)
    expect(redirect.json().settings.thank_you.redirect_url).toBe(keptAs[url] ?? url)
  })
})
