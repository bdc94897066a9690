import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'

// Issue 25, item 6: a URL that is not ASCII (an international host, a path, query or fragment in
// UTF-8 or in the Latin-1 range) is kept as a browser requests it: punycode host, UTF-8
// percent-encoded; ASCII URLs as given. A hosted page's answer then goes 303 to a valid ASCII
// Location, storing exactly one response; it never fails after storing, also for a redirect saved
// by an earlier version as raw text. Webhook targets share the rule.

let ctx: TestContext
let base: string

beforeAll(async () => {
  ctx = await createTestContext({ publicRateLimit: 1000 })
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await ctx.close()
})

/** Given, and as stored, returned and sent. */
const normalised: [string, string][] = [
  ['https://example.com/€', 'https://example.com/%E2%82%AC'],
  ['https://日本.example/', 'https://xn--wgv71a.example/'],
  ['https://example.com/café?q=é#é', 'https://example.com/caf%C3%A9?q=%C3%A9#%C3%A9'],
  ['HTTPS://Bücher.Example/Katalog?x=1', 'https://xn--bcher-kva.example/Katalog?x=1'],
  ['https://ｅｘａｍｐｌｅ.com/ok', 'https://example.com/ok'],
  // ASCII is kept as it was given, byte for byte.
  ['HTTP://Example.COM', 'HTTP://Example.COM'],
  ['https://example.com/caf%E9?x=%20', 'https://example.com/caf%E9?x=%20'],
]

const asciiLocation = /^[\x21-\x7e]+$/

const question = { id: 'n', title: 'Name', type: 'short_text' }

async function formRedirectingTo(url: string) {
  return ctx.request({
    method: 'POST',
    url: '/v1/forms',
    payload: {
      title: 'Redirect',
      questions: [question],
      settings: { public: true, thank_you: { redirect_url: url } },
    },
  })
}

const answer = (formId: string) =>
  ctx.request({
    method: 'POST',
    url: `/f/${formId}`,
    token: null,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'n=Ada',
  })

async function responseCount(formId: string): Promise<number> {
  return (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })).json().response_count
}

describe(`redirect_url that is not ASCII (${testBackend})`, () => {
  it.each(normalised)(
    'keeps %s as %s, and a post goes 303 there, storing one response',
    async (given, kept) => {
      const created = await formRedirectingTo(given)
      expect(created.statusCode, created.body).toBe(201)
      expect(created.json().settings.thank_you.redirect_url).toBe(kept)
      const id = created.json().id
      expect(
        (await ctx.request({ method: 'GET', url: `/v1/forms/${id}` })).json().settings.thank_you.redirect_url,
      ).toBe(kept)
      const { id: _id, created_at, updated_at, response_count, ...definition } = created.json()
      const replaced = await ctx.request({
        method: 'PUT',
        url: `/v1/forms/${id}`,
        payload: { ...definition, settings: { ...definition.settings, thank_you: { redirect_url: given } } },
      })
      expect(replaced.statusCode, replaced.body).toBe(200)
      expect(replaced.json().settings.thank_you.redirect_url).toBe(kept)

      const posted = await answer(id)
      expect(posted.statusCode, posted.body).toBe(303)
      expect(posted.headers.location).toBe(kept)
      expect(posted.headers.location).toMatch(asciiLocation)
      expect(await responseCount(id)).toBe(1)
      // Over a real socket the header's bytes are the same ASCII.
      const real = await fetch(`${base}/f/${id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'n=Bo',
        redirect: 'manual',
      })
      expect(real.status).toBe(303)
      expect(real.headers.get('location')).toBe(kept)
      expect(await responseCount(id)).toBe(2)
      const page = await fetch(`${base}/f/${id}`)
      expect(page.status).toBe(200)
      expect(page.headers.get('content-security-policy')).toContain(
        `form-action 'self' ${new URL(kept).origin};`,
      )
    },
  )

  it('refuses what cannot be kept at its pointer, storing nothing', async () => {
    const formCount = async () =>
      (await ctx.request({ method: 'GET', url: '/v1/forms?page_size=1000' })).json().items.length
    const before = await formCount()
    for (const url of [`https://example.com/${'€'.repeat(300)}`, 'https://\u0378.example/']) {
      const created = await formRedirectingTo(url)
      expect(created.statusCode, url).toBe(400)
      expect(created.json().errors, url).toEqual([
        { path: '/settings/thank_you/redirect_url', message: expect.stringMatching(/^must be/) },
      ])
    }
    expect(await formCount()).toBe(before)
  })

  // `xn--a` is not valid punycode. Node 20's URL parser refuses the name; Node 24's (ada 4), like
  // Chromium 156, reads an ASCII label as it is, so a browser requests the URL as given. Canvass
  // follows the parser it runs on: refused on one, kept as given on the other.
  it('refuses a name with a label that is not punycode where the URL parser does, else keeps it', async () => {
    const url = 'https://xn--a.example/'
    const created = await formRedirectingTo(url)
    if (URL.canParse(url)) {
      expect(created.statusCode, created.body).toBe(201)
      expect(created.json().settings.thank_you.redirect_url).toBe(url)
    } else {
      expect(created.statusCode).toBe(400)
      expect(created.json().errors).toEqual([
        { path: '/settings/thank_you/redirect_url', message: expect.stringMatching(/^must be/) },
      ])
    }
  })

  it('sends a respondent to a raw redirect saved by an earlier version, encoded, storing one response', async () => {
    const created = await formRedirectingTo('https://example.com/plain')
    const id = created.json().id
    // As an earlier version stored it: the text as given.
    const row = await ctx.database.db
      .selectFrom('forms')
      .select('definition')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    const stored = JSON.parse(row.definition)
    stored.settings.thank_you.redirect_url = 'https://日本.example/café'
    await ctx.database.db
      .updateTable('forms')
      .set({ definition: JSON.stringify(stored), updated_at: Date.now() * 1000 })
      .where('id', '=', id)
      .execute()
    const page = await ctx.request({ method: 'GET', url: `/f/${id}`, token: null })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-security-policy']).toContain(
      "form-action 'self' https://xn--wgv71a.example;",
    )
    const posted = await answer(id)
    expect(posted.statusCode, posted.body).toBe(303)
    expect(posted.headers.location).toBe('https://xn--wgv71a.example/caf%C3%A9')
    expect(await responseCount(id)).toBe(1)
  })
})

describe(`webhook targets share the rule (${testBackend})`, () => {
  it('keeps a target that is not ASCII as it is requested, an ASCII one as given', async () => {
    const form = await ctx.request({
      method: 'POST',
      url: '/v1/forms',
      payload: { title: 'Hooks', questions: [question] },
    })
    const formId = form.json().id
    for (const [given, kept] of [
      ['https://bücher.example/katalog', 'https://xn--bcher-kva.example/katalog'],
      ['http://127.0.0.1:9/hook/€?é', 'http://127.0.0.1:9/hook/%E2%82%AC?%C3%A9'],
      ['HTTP://Example.COM/Hook', 'HTTP://Example.COM/Hook'],
    ]) {
      const put = await ctx.request({
        method: 'PUT',
        url: `/v1/forms/${formId}/webhooks/t`,
        payload: { url: given, enabled: false },
      })
      expect(put.statusCode, put.body).toBeLessThan(300)
      expect(put.json().webhook.url).toBe(kept)
      const read = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/webhooks/t` })
      expect(read.json().webhook.url).toBe(kept)
    }
  })
})
