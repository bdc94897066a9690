import { connect } from 'node:net'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppContext, createAppContext } from '../../src/context.js'
import { PUBLIC_FORM_FRESH_MS } from '../../src/domain/forms/public.js'
import { chooseEncoding } from '../../src/http/pages/fast-path.js'
import { everyKindForm } from '../forms/fixtures.js'
import { TestClock } from '../support/clock.js'
import { createTestContext, type TestContext, testConfig } from '../support/context.js'
import { waitUntil } from '../support/wait.js'

// The hosted page's blank version is answered before the framework (src/http/pages/fast-path.ts).
// app.inject never reaches it, so everything here goes through a listening server: the fast answer
// must be the route's answer, byte for byte and header for header, and never stale for longer than
// PUBLIC_FORM_FRESH_MS after another process changes the form.

let ctx: TestContext
let base: string
let other: AppContext
const clock = new TestClock()
beforeAll(async () => {
  ctx = await createTestContext({ publicRateLimit: 1000 }, { clock })
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  // A second process on the same database, as far as the first can tell.
  other = await createAppContext(testConfig(ctx.testDatabase.config), { logger: pino({ level: 'silent' }) })
})
afterAll(async () => {
  await other.close()
  await ctx.close()
})

async function publicForm(title = 'Fast path'): Promise<string> {
  const response = await ctx.request({
    method: 'POST',
    url: '/v1/forms',
    payload: { ...everyKindForm, title, settings: { public: true } },
  })
  expect(response.statusCode).toBe(201)
  return response.json().id
}

const SAME_HEADERS = [
  'content-type',
  'content-language',
  'content-security-policy',
  'x-content-type-options',
  'cache-control',
  'content-encoding',
  'x-frame-options',
]

describe('the hosted page answered before the framework', () => {
  it('is the route answer: same bytes and headers, in each encoding', async () => {
    const id = await publicForm()
    for (const encoding of ['identity', 'gzip', 'br']) {
      const headers = { 'accept-encoding': encoding }
      // An unknown query parameter names no hidden field: the route renders the same blank page.
      const [fast, routed] = await Promise.all([
        fetch(`${base}/f/${id}`, { headers }),
        fetch(`${base}/f/${id}?not_a_hidden_field=1`, { headers }),
      ])
      expect(fast.status).toBe(200)
      expect(routed.status).toBe(200)
      for (const name of SAME_HEADERS)
        expect([name, fast.headers.get(name)]).toEqual([name, routed.headers.get(name)])
      expect(fast.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
      // Always, so that a cache between keeps the encodings and languages apart (the plugin says so
      // only when it compresses).
      expect(fast.headers.get('vary')).toBe('accept-encoding, accept-language')
      expect(await fast.text()).toBe(await routed.text())
    }
  })

  it('keeps a caller request id, counts into the same metrics series', async () => {
    const id = await publicForm()
    const response = await fetch(`${base}/f/${id}`, { headers: { 'x-request-id': 'trace-42' } })
    expect(response.headers.get('x-request-id')).toBe('trace-42')
    await response.text()
    const metrics = await ctx.app.metrics.registry.getSingleMetricAsString('canvass_http_requests_total')
    expect(metrics).toMatch(
      /canvass_http_requests_total\{method="GET",route="\/f\/:form_id",status_code="200"\} [1-9]/,
    )
  })

  it('shows an edit made through this process at once', async () => {
    const id = await publicForm('Before')
    expect(await (await fetch(`${base}/f/${id}`)).text()).toContain('Before')
    const form = (await ctx.request({ method: 'GET', url: `/v1/forms/${id}` })).json()
    const { title: _title, id: _id, created_at, updated_at, response_count, ...rest } = form
    const put = await ctx.request({
      method: 'PUT',
      url: `/v1/forms/${id}`,
      payload: { ...rest, title: 'After' },
    })
    expect(put.statusCode).toBe(200)
    expect(await (await fetch(`${base}/f/${id}`)).text()).toContain('After')
    const unpublished = { ...rest, title: 'After', settings: { ...rest.settings, public: false } }
    expect(
      (await ctx.request({ method: 'PUT', url: `/v1/forms/${id}`, payload: unpublished })).statusCode,
    ).toBe(200)
    expect((await fetch(`${base}/f/${id}`)).status).toBe(404)
  })

  it('shows a change made by another process within its freshness window', async () => {
    const id = await publicForm('Original')
    expect(await (await fetch(`${base}/f/${id}`)).text()).toContain('Original')
    const found = await other.forms.find(ctx.workspaceId, id)
    if (!found) throw new Error('the other process does not see the form')
    const { id: _id, created_at, updated_at, response_count, ...input } = found
    await other.forms.replace(ctx.workspaceId, id, { ...input, title: 'Edited elsewhere' } as never)
    clock.advance(PUBLIC_FORM_FRESH_MS + 50)
    expect(await (await fetch(`${base}/f/${id}`)).text()).toContain('Edited elsewhere')
    await other.forms.replace(ctx.workspaceId, id, {
      ...input,
      settings: { ...input.settings, public: false },
    } as never)
    await waitUntil(async () => (await fetch(`${base}/f/${id}`)).status === 404, 2000)
  })

  it('leaves closed forms, hidden fields, other encodings and requests without Host to the route', async () => {
    const id = await publicForm()
    const closed = await ctx.request({
      method: 'POST',
      url: '/v1/forms',
      payload: { ...everyKindForm, settings: { public: true, closes_at: '2020-01-01T00:00:00Z' } },
    })
    const closedPage = await fetch(`${base}/f/${closed.json().id}`)
    expect(closedPage.status).toBe(410)
    expect(closedPage.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect((await fetch(`${base}/f/frm_unknown`)).status).toBe(404)
    const deflate = await fetch(`${base}/f/${id}`, { headers: { 'accept-encoding': 'deflate' } })
    expect(deflate.status).toBe(200)
    expect(deflate.headers.get('content-encoding')).toBe('deflate')
    const raw = await new Promise<string>((resolve, reject) => {
      const url = new URL(base)
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(`GET /f/${id} HTTP/1.1\r\nConnection: close\r\n\r\n`)
      })
      let text = ''
      socket.on('data', (chunk) => {
        text += chunk.toString()
      })
      socket.on('end', () => resolve(text))
      socket.on('error', reject)
    })
    expect(raw).toMatch(/^HTTP\/1\.1 400 /)
    expect(raw).toContain('The request could not be read.')
  })
})

describe('chooseEncoding', () => {
  it('picks what Accept-Encoding prefers among identity, gzip and br', () => {
    expect(chooseEncoding(undefined)).toBe('identity')
    expect(chooseEncoding('')).toBe('identity')
    expect(chooseEncoding('gzip, deflate, br')).toBe('gzip')
    expect(chooseEncoding('br')).toBe('br')
    expect(chooseEncoding('gzip;q=0.5, br;q=0.9')).toBe('br')
    expect(chooseEncoding('*')).toBe('gzip')
    expect(chooseEncoding('gzip;q=0')).toBe('identity')
    expect(chooseEncoding('identity')).toBe('identity')
    // Left to the compression plugin: encodings kept in no other form, refusals, nonsense.
    expect(chooseEncoding('deflate, identity;q=0')).toBeUndefined()
    expect(chooseEncoding('gzip;q=abc')).toBeUndefined()
  })
})
