import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { configFromEnv } from '../../src/config.js'
import { everyKindAnswers, everyKindForm, tinyForm } from '../forms/fixtures.js'
import { createTestContext, type TestContext } from '../support/context.js'

// docs/api.md#public-api: /v1/public, answered without a token, with CORS from any origin and nowhere else.

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext({ publicRateLimit: 1000 })
})
afterAll(async () => {
  await ctx.close()
})

async function formWith(settings: object, body: object = tinyForm): Promise<string> {
  const response = await ctx.request({ method: 'POST', url: '/v1/forms', payload: { ...body, settings } })
  expect(response.statusCode).toBe(201)
  return response.json().id
}

const publicPost = (formId: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.request({
    method: 'POST',
    url: `/v1/public/forms/${formId}/responses`,
    token: null,
    headers: { origin: 'http://elsewhere.test', ...headers },
    payload: payload as object,
  })

describe('public form endpoints', () => {
  it('gives a public form to anyone, with CORS, and nothing private', async () => {
    const id = await formWith({ public: true }, everyKindForm)
    const response = await ctx.request({ method: 'GET', url: `/v1/public/forms/${id}`, token: null })
    expect(response.statusCode).toBe(200)
    expect(response.headers['access-control-allow-origin']).toBe('*')
    const body = response.json()
    expect(Object.keys(body).sort()).toEqual(['hidden', 'id', 'questions', 'settings', 'title'])
    expect(body.questions).toHaveLength(everyKindForm.questions.length)
  })

  it('stores a public submission exactly as a token submission would be listed', async () => {
    const id = await formWith({ public: true }, everyKindForm)
    const created = await publicPost(id, { answers: everyKindAnswers, hidden: { source: 'mail' } })
    expect(created.statusCode).toBe(201)
    expect(created.headers['access-control-allow-origin']).toBe('*')
    const { id: responseId, submitted_at } = created.json()
    expect(Object.keys(created.json()).sort()).toEqual(['id', 'submitted_at'])
    const token = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${id}/responses`,
      payload: { answers: everyKindAnswers, hidden: { source: 'mail' } },
    })
    const listed = (
      await ctx.request({ method: 'GET', url: `/v1/forms/${id}/responses?sort=submitted_at,asc` })
    ).json()
    expect(listed.items[0]).toEqual({ ...token.json(), id: responseId, submitted_at })
  })

  it('answers 400 with every problem, as a token submission does', async () => {
    const id = await formWith({ public: true }, everyKindForm)
    const response = await publicPost(id, { answers: { q_email: 'nope', q_nps: 11 } })
    expect(response.statusCode).toBe(400)
    expect(response.headers['access-control-allow-origin']).toBe('*')
    expect(response.json().code).toBe('validation_failed')
    expect(
      response
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['/answers/q_email', '/answers/q_nps', '/answers/q_short'])
  })

  it('answers 404 for private and unknown forms, 410 form_closed for closed ones', async () => {
    const privateId = await formWith({})
    for (const url of [`/v1/public/forms/${privateId}`, '/v1/public/forms/frm_nothing']) {
      const response = await ctx.request({ method: 'GET', url, token: null })
      expect(response.statusCode).toBe(404)
      expect(response.json().code).toBe('not_found')
    }
    expect((await publicPost(privateId, { answers: { n: 1 } })).statusCode).toBe(404)
    const past = await formWith({ public: true, closes_at: '2020-01-01T00:00:00Z', closed_message: 'Over' })
    const closed = await ctx.request({ method: 'GET', url: `/v1/public/forms/${past}`, token: null })
    expect(closed.statusCode).toBe(410)
    expect(closed.json().code).toBe('form_closed')
    expect((await publicPost(past, { answers: { n: 1 } })).json().code).toBe('form_closed')
    // Token submissions ignore the settings.
    const byToken = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${past}/responses`,
      payload: { answers: { n: 1 } },
    })
    expect(byToken.statusCode).toBe(201)
  })

  it('answers preflights for GET, POST and Content-Type; no other /v1 path answers CORS', async () => {
    const id = await formWith({ public: true })
    for (const url of [`/v1/public/forms/${id}`, `/v1/public/forms/${id}/responses`]) {
      const preflight = await ctx.request({
        method: 'OPTIONS',
        url,
        token: null,
        headers: {
          origin: 'http://elsewhere.test',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      })
      expect(preflight.statusCode).toBe(204)
      expect(preflight.headers['access-control-allow-origin']).toBe('*')
      expect(preflight.headers['access-control-allow-methods']).toBe('GET, POST')
      expect(preflight.headers['access-control-allow-headers']).toBe('Content-Type')
    }
    for (const [method, url] of [
      ['OPTIONS', `/v1/forms/${id}/responses`],
      ['GET', `/v1/forms/${id}`],
      ['GET', '/v1/openapi.json'],
    ] as const) {
      const response = await ctx.request({ method, url, headers: { origin: 'http://elsewhere.test' } })
      expect(response.headers['access-control-allow-origin']).toBeUndefined()
    }
  })

  it('limits bodies to 256 KiB', async () => {
    const id = await formWith(
      { public: true },
      { title: 'Long', questions: [{ id: 't', title: 'T', type: 'long_text' }] },
    )
    const big = await publicPost(id, { answers: { t: 'x'.repeat(300 * 1024) } })
    expect(big.statusCode).toBe(413)
    expect(big.json().code).toBe('payload_too_large')
    const fine = await publicPost(id, { answers: { t: 'x'.repeat(9000) } })
    expect(fine.statusCode).toBe(201)
  })

  it('never stores more than max_responses, however many arrive at once', async () => {
    const id = await formWith({ public: true, max_responses: 100 })
    const answers = await Promise.all(
      Array.from({ length: 130 }, (_, index) => publicPost(id, { answers: { n: index % 11 } })),
    )
    const statuses = answers.map((response) => response.statusCode)
    expect(statuses.filter((status) => status === 201)).toHaveLength(100)
    expect(statuses.filter((status) => status === 410)).toHaveLength(30)
    const form = await ctx.request({ method: 'GET', url: `/v1/forms/${id}` })
    expect(form.json().response_count).toBe(100)
    expect(
      (await ctx.request({ method: 'GET', url: `/v1/public/forms/${id}`, token: null })).statusCode,
    ).toBe(410)
  })

  it('is documented without a security requirement', async () => {
    const doc = (await ctx.request({ method: 'GET', url: '/v1/openapi.json' })).json()
    expect(doc.paths['/v1/public/forms/{form_id}'].get.security).toEqual([])
    const post = doc.paths['/v1/public/forms/{form_id}/responses'].post
    expect(post.security).toEqual([])
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['201', '400', '404', '410', '429']))
  })
})

describe('public submission limit', () => {
  it('reads the form once per submission, for the limit and the handler alike (API and hosted page)', async () => {
    const open = await formWith({ public: true })
    const closed = await formWith({ public: true, closes_at: '2020-01-01T00:00:00Z' })
    const find = vi.spyOn(ctx.appContext.publicForms, 'find')
    try {
      const page = (formId: string) =>
        ctx.request({
          method: 'POST',
          url: `/f/${formId}`,
          token: null,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'n=3',
        })
      const statuses: number[] = []
      for (const submit of [
        () => publicPost(open, { answers: { n: 3 } }),
        () => page(open),
        () => publicPost(closed, { answers: { n: 3 } }),
        () => page(closed),
      ]) {
        find.mockClear()
        statuses.push((await submit()).statusCode)
        expect(find).toHaveBeenCalledTimes(1)
      }
      expect(statuses).toEqual([201, 303, 410, 410])
    } finally {
      find.mockRestore()
    }
  })

  it('lets a room of 120 people behind one venue address answer within a minute by default', async () => {
    const defaults = configFromEnv({})
    expect(defaults.publicRateLimit).toBe(120)
    const venue = await createTestContext({ publicRateLimit: defaults.publicRateLimit })
    try {
      const created = await venue.request({
        method: 'POST',
        url: '/v1/forms',
        payload: { ...tinyForm, settings: { public: true } },
      })
      const formId = created.json().id as string
      // Half through their own front-end, half through the hosted page; all from one NAT address.
      const submit = (index: number) =>
        venue.app.inject(
          index % 2 === 0
            ? {
                method: 'POST',
                url: `/v1/public/forms/${formId}/responses`,
                remoteAddress: '203.0.113.80',
                payload: { answers: { n: index % 11 } },
              }
            : {
                method: 'POST',
                url: `/f/${formId}`,
                remoteAddress: '203.0.113.80',
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                payload: `n=${index % 11}`,
              },
        )
      const statuses: number[] = []
      for (let index = 0; index < 121; index++) statuses.push((await submit(index)).statusCode)
      expect(statuses.slice(0, 120).every((status) => status === 201 || status === 303)).toBe(true)
      expect(statuses[120]).toBe(429)
    } finally {
      await venue.close()
    }
  })

  it('allows CANVASS_PUBLIC_RATE_LIMIT submissions a minute per address and form, then 429 with Retry-After', async () => {
    const limited = await createTestContext({ publicRateLimit: 3 })
    try {
      const create = async () =>
        (
          await limited.request({
            method: 'POST',
            url: '/v1/forms',
            payload: { ...tinyForm, settings: { public: true } },
          })
        ).json().id as string
      const [first, second] = [await create(), await create()]
      const post = (formId: string, address: string) =>
        limited.app.inject({
          method: 'POST',
          url: `/v1/public/forms/${formId}/responses`,
          remoteAddress: address,
          payload: { answers: { n: 1 } },
        })
      for (let index = 0; index < 3; index++) expect((await post(first, '10.0.0.1')).statusCode).toBe(201)
      const refused = await post(first, '10.0.0.1')
      expect(refused.statusCode).toBe(429)
      expect(refused.json().code).toBe('rate_limited')
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      expect((await post(second, '10.0.0.1')).statusCode).toBe(201)
      expect((await post(first, '10.0.0.2')).statusCode).toBe(201)
    } finally {
      await limited.close()
    }
  })
})
