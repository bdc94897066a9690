import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../support/context.js'

// Issue 25, item 7: a NUL in the query string (or path) of any /f page, or of the page assets, is
// refused like everywhere else, as a 400 page: never a 5xx. Through app.inject and through a
// listening server, whose hosted-page fast path (src/http/pages/fast-path.ts) runs first.

let ctx: TestContext
let base: string
let formId: string

beforeAll(async () => {
  ctx = await createTestContext({ publicRateLimit: 1000 })
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  const form = await ctx.request({
    method: 'POST',
    url: '/v1/forms',
    payload: {
      title: 'Queries',
      questions: [{ id: 'n', title: 'Name', type: 'short_text' }],
      hidden: ['team'],
      settings: { public: true },
    },
  })
  expect(form.statusCode).toBe(201)
  formId = form.json().id
})
afterAll(async () => {
  await ctx.close()
})

/** NUL in names and values, alone and among ordinary parameters. */
const hostileQueries = ['team=%00', '%00=1', 'team=a%00b&x=1', 'x=1&%00', 'team=%00&team=ok', '%00']

const gets = () => [
  ...hostileQueries.map((query) => `/f/${formId}?${query}`),
  ...hostileQueries.map((query) => `/f/${formId}/thanks?${query}`),
  `/f/frm_unknown?team=%00`,
  `/f/${formId}/nothing-here?%00=1`,
  '/f/a%00b',
  '/f/a%00b?team=%00',
  '/f/a%00b/thanks',
  '/embed.js?%00=1',
  '/static/form.css?v=%00',
  '/static/form.js?%00',
]

const postUrls = () => [...hostileQueries.map((query) => `/f/${formId}?${query}`), '/f/a%00b']

async function storedCount(): Promise<number> {
  const listed = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses` })
  return listed.json().items.length
}

function expectPageRefusal(url: string, status: number, type: unknown): void {
  expect(status, url).toBeLessThan(500)
  expect(status, url).toBeGreaterThanOrEqual(400)
  // An unknown route under /f is no page: the API's problem document answers it.
  if (url.startsWith('/f/') && !url.includes('/nothing-here'))
    expect(type, url).toBe('text/html; charset=utf-8')
}

describe('NUL in the query string or path of /f pages', () => {
  it('is a 400 page through the framework, for every page and asset', async () => {
    for (const url of gets()) {
      const response = await ctx.request({ method: 'GET', url, token: null })
      expectPageRefusal(url, response.statusCode, response.headers['content-type'])
      if (url.startsWith(`/f/${formId}?`) || url.startsWith(`/f/${formId}/thanks?`)) {
        expect(response.statusCode, url).toBe(400)
        expect(response.body).toContain('The request could not be read.')
      }
    }
    for (const url of postUrls()) {
      const response = await ctx.request({
        method: 'POST',
        url,
        token: null,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'n=Ada',
      })
      expectPageRefusal(url, response.statusCode, response.headers['content-type'])
    }
    expect(await storedCount()).toBe(0)
  })

  it('is a 400 page through a listening server and its fast path', async () => {
    for (const url of gets()) {
      for (const encoding of ['identity', 'gzip', 'br']) {
        const response = await fetch(base + url, { headers: { 'accept-encoding': encoding } })
        expectPageRefusal(url, response.status, response.headers.get('content-type'))
        await response.arrayBuffer()
      }
    }
    for (const url of postUrls()) {
      const response = await fetch(base + url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'n=Ada',
        redirect: 'manual',
      })
      expectPageRefusal(url, response.status, response.headers.get('content-type'))
      await response.arrayBuffer()
    }
    expect(await storedCount()).toBe(0)
    // The same pages without the NUL still answer.
    expect((await fetch(`${base}/f/${formId}?team=a`)).status).toBe(200)
    expect((await fetch(`${base}/f/${formId}`)).status).toBe(200)
  })
})
