import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../support/context.js'
import { createForm, submit } from './fixtures.js'

// Issue 11: clients that send Accept-Encoding get compressed answers; after decompression the
// bytes are exactly those an identity answer carries, for one-go pages, streamed (batched) pages
// and exports alike. Clients that send none get identity.

let ctx: TestContext
let smallForm: string
let largeForm: string

beforeAll(async () => {
  ctx = await createTestContext()
  smallForm = await createForm(ctx, {
    title: 'Small',
    questions: [{ id: 'q', title: 'Q', type: 'short_text' }],
  })
  for (let n = 0; n < 30; n++)
    expect((await submit(ctx, smallForm, { answers: { q: `answer ${n}` } })).statusCode).toBe(201)
  // Items over 16 KB: the page is planned and streamed in batches.
  largeForm = await createForm(ctx, {
    title: 'Large',
    questions: [1, 2, 3].map((n) => ({ id: `q${n}`, title: `Q${n}`, type: 'long_text' })),
  })
  for (let n = 0; n < 5; n++) {
    const text = `${n} ${'é, "quoted" \\ and more '.repeat(400)}`.slice(0, 9000)
    const answers = { q1: text, q2: text, q3: text }
    expect((await submit(ctx, largeForm, { answers })).statusCode).toBe(201)
  }
})

afterAll(async () => ctx?.close())

async function both(url: string, encoding: 'gzip' | 'br') {
  const plain = await ctx.request({ method: 'GET', url })
  const packed = await ctx.request({ method: 'GET', url, headers: { 'accept-encoding': encoding } })
  return { plain, packed }
}

describe('compressed answers (issue 11)', () => {
  for (const encoding of ['gzip', 'br'] as const) {
    for (const [what, url] of [
      ['a page read in one go', () => `/v1/forms/${smallForm}/responses?page_size=20`],
      ['a page streamed in batches', () => `/v1/forms/${largeForm}/responses?page_size=1000`],
      ['an ndjson export', () => `/v1/forms/${largeForm}/responses/export?format=ndjson`],
      ['a CSV export', () => `/v1/forms/${largeForm}/responses/export?format=csv`],
    ] as const) {
      it(`${what}: ${encoding}, the same bytes once decompressed`, async () => {
        const { plain, packed } = await both(url(), encoding)
        expect(plain.statusCode).toBe(200)
        expect(plain.headers['content-encoding']).toBeUndefined()
        expect(packed.statusCode).toBe(200)
        expect(packed.headers['content-encoding']).toBe(encoding)
        expect(packed.headers['content-type']).toBe(plain.headers['content-type'])
        const decompress = encoding === 'gzip' ? gunzipSync : brotliDecompressSync
        const bytes = decompress(packed.rawPayload)
        expect(bytes.equals(plain.rawPayload)).toBe(true)
        expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length)
      })
    }
  }

  it('keeps the Link header and the problem documents', async () => {
    const { plain, packed } = await both(`/v1/forms/${smallForm}/responses?page_size=10`, 'gzip')
    expect(packed.headers.link).toBe(plain.headers.link)
    const missing = await ctx.request({
      method: 'GET',
      url: '/v1/forms/frm_missing/responses',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(missing.statusCode).toBe(404)
    const body =
      missing.headers['content-encoding'] === 'gzip' ? gunzipSync(missing.rawPayload) : missing.rawPayload
    expect(JSON.parse(body.toString()).status).toBe(404)
  })
})
