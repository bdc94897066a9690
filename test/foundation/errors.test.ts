import { describe, expect, it } from 'vitest'
import { type TestContext, useTestContext } from '../support/context.js'

// Errors (docs/api.md#errors): every failure is a problem document with a stable code.

const ctx = useTestContext({ bodyLimit: 2048 })

function expectProblem(response: Awaited<ReturnType<TestContext['request']>>, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status)
  expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8')
  const problem = response.json()
  expect(problem).toEqual(
    expect.objectContaining({
      type: 'about:blank',
      status,
      code,
      request_id: response.headers['x-request-id'],
    }),
  )
  expect(problem.description).toBe(problem.detail)
  expect(typeof problem.title).toBe('string')
  return problem
}

const post = (payload: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  ctx.request({ method: 'POST', url: '/v1/contact-lists', payload, headers })

async function listCount(): Promise<number> {
  return (await ctx.request({ method: 'GET', url: '/v1/contact-lists?page_size=1000' })).json().items.length
}

describe('error responses', () => {
  it('400 invalid_json for a body that is not JSON', async () => {
    for (const body of ['{not json', '{"name": "x"', '[1,2', 'nul', '{"name":"x"}}']) {
      expectProblem(await post(body), 400, 'invalid_json')
    }
  })

  it('400 validation_failed naming every offending place, unknown properties included', async () => {
    const problem = expectProblem(
      await post(JSON.stringify({ name: 42, colour: 'red', size: 1 })),
      400,
      'validation_failed',
    )
    const paths = problem.errors.map((error: { path: string }) => error.path)
    expect(paths).toEqual(expect.arrayContaining(['/name', '/colour', '/size']))
    expectProblem(await post('[]'), 400, 'validation_failed')
    expectProblem(await post('"text"'), 400, 'validation_failed')
    expectProblem(await post(''), 400, 'validation_failed')
  })

  it('400 for forbidden keys, NUL characters and unpaired surrogates, storing nothing', async () => {
    const before = await listCount()
    expectProblem(await post('{"name":"x","__proto__":{"admin":true}}'), 400, 'validation_failed')
    expectProblem(
      await post('{"name":"x","constructor":{"prototype":{"admin":true}}}'),
      400,
      'validation_failed',
    )
    const nul = expectProblem(await post('{"name":"a\\u0000b"}'), 400, 'validation_failed')
    expect(nul.errors).toEqual([{ path: '/name', message: expect.stringContaining('NUL') }])
    expectProblem(await post('{"name":"\\ud800"}'), 400, 'validation_failed')
    expect(await listCount()).toBe(before)
  })

  it('400 for bad page and page_size values', async () => {
    for (const query of [
      'page=0',
      'page=-1',
      'page=1.5',
      'page=abc',
      'page=',
      'page=0x10',
      'page=1e2',
      'page=Infinity',
      'page_size=0',
      'page_size=1001',
      'page_size=',
      'page=1&page=2',
      'page=%00',
    ]) {
      const response = await ctx.request({ method: 'GET', url: `/v1/contact-lists?${query}` })
      expectProblem(response, 400, 'validation_failed')
    }
    const ok = await ctx.request({ method: 'GET', url: '/v1/contact-lists?page=1&page_size=1000' })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual(expect.objectContaining({ page: '1', page_size: '1000' }))
  })

  it('404 not_found for an unknown route', async () => {
    const problem = expectProblem(
      await ctx.request({ method: 'GET', url: '/v1/nothing-here' }),
      404,
      'not_found',
    )
    expect(problem.detail).toContain('/v1/nothing-here')
    expectProblem(await ctx.request({ method: 'GET', url: '/nothing-here', token: null }), 404, 'not_found')
  })

  it('405 method_not_allowed with Allow for a known path', async () => {
    const response = await ctx.request({ method: 'PATCH', url: '/v1/contact-lists', payload: {} })
    expectProblem(response, 405, 'method_not_allowed')
    expect(response.headers.allow).toBe('GET, HEAD, POST')
    // The bulk add's path also matches /v1/contacts/{contact_id}: still a 405, not a 404.
    for (const method of ['GET', 'DELETE'] as const) {
      const bulk = await ctx.request({ method, url: '/v1/contacts/bulk' })
      expectProblem(bulk, 405, 'method_not_allowed')
      expect(bulk.headers.allow).toBe('POST')
    }
  })

  it('413 payload_too_large over the body limit', async () => {
    expectProblem(await post(JSON.stringify({ name: 'x'.repeat(4000) })), 413, 'payload_too_large')
  })

  it('415 unsupported_media_type for a body without a JSON content type', async () => {
    expectProblem(await post('{"name":"x"}', { 'content-type': 'text/plain' }), 415, 'unsupported_media_type')
    expectProblem(
      await post('name=x', { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
      'unsupported_media_type',
    )
    const bare = await ctx.request({
      method: 'POST',
      url: '/v1/contact-lists',
      payload: Buffer.from('{"name":"x"}'),
    })
    expectProblem(bare, 415, 'unsupported_media_type')
  })

  it('an empty body with another Content-Type is no body, not a 415', async () => {
    const created = await post('{"name":"empty bodies"}')
    expect(created.statusCode).toBe(201)
    const empty = (method: 'GET' | 'DELETE', type: string) =>
      ctx.request({
        method,
        url: `/v1/contact-lists/${created.json().id}`,
        headers: { 'content-type': type },
        payload: '',
      })
    expect((await empty('GET', 'application/x-www-form-urlencoded')).statusCode).toBe(200)
    expect((await empty('DELETE', 'text/plain')).statusCode).toBe(204)
    // An operation that needs a body still says so, as a validation failure.
    expectProblem(await post('', { 'content-type': 'text/plain' }), 400, 'validation_failed')
  })

  it('accepts application/json with a charset', async () => {
    const response = await post('{"name":"charset"}', { 'content-type': 'application/json; charset=utf-8' })
    expect(response.statusCode).toBe(201)
  })

  it('400 for a malformed URL', async () => {
    expectProblem(
      await ctx.request({ method: 'GET', url: '/v1/contact-lists/%E0%A4%A' }),
      400,
      'validation_failed',
    )
  })
})

describe('request ids', () => {
  it('echoes a sane X-Request-Id and generates one otherwise', async () => {
    const echoed = await ctx.request({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    })
    expect(echoed.headers['x-request-id']).toBe('abc-123')
    const generated = await ctx.request({ method: 'GET', url: '/healthz' })
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    const insane = await ctx.request({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'a b\tc<script>' },
    })
    expect(insane.headers['x-request-id']).not.toContain('<')
    const long = await ctx.request({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'x'.repeat(500) },
    })
    expect(long.headers['x-request-id']).toHaveLength(36)
  })

  it('puts the request id on errors too', async () => {
    const response = await ctx.request({
      method: 'GET',
      url: '/nope',
      headers: { 'x-request-id': 'trace-7' },
    })
    expect(response.headers['x-request-id']).toBe('trace-7')
    expect(response.json().request_id).toBe('trace-7')
  })
})
