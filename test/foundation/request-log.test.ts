import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../src/logger.js'
import { completeDraft, draftForm, patchDraft, startDraft } from '../drafts/support.js'
import { createForm, tinyForm } from '../forms/fixtures.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'
import { waitUntil } from '../support/wait.js'

// Issue 11: credentials sent in a URL (where Canvass never reads them) must not reach the
// request log. The production logger writes into this test instead of stdout.

const lines: Record<string, unknown>[] = []
/** Every line as written, at every level. */
const written: string[] = []
let ctx: TestContext

beforeAll(async () => {
  const logger = createLogger('trace', {
    write(line: string) {
      written.push(line)
      lines.push(JSON.parse(line))
    },
  })
  ctx = await createTestContext({}, { logger })
})
afterAll(async () => {
  // Closes the stream test's keep-alive connections with the server rather than waiting them out.
  const closing = ctx.app.close()
  ctx.app.server.closeAllConnections()
  await closing
  await ctx.close()
})

async function loggedUrl(url: string, token: string | null = ctx.token): Promise<string> {
  const response = await ctx.request({ method: 'GET', url, token })
  const line = lines.find((entry) => entry['reqId'] === response.headers['x-request-id'])
  expect(line?.['msg']).toBe('request')
  return String(line?.['url'])
}

describe(`the request log (${testBackend})`, () => {
  it('redacts token-shaped values and credential-named query parameters, keeping the rest', async () => {
    const secrets = [
      ctx.token,
      'cvs_AbCdEf0123456789abcdefABCDEF0123456789abcd',
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      'hunter2-not-a-token-shape',
    ]
    const urls = [
      `/v1/forms?access_token=${ctx.token}`,
      `/v1/forms?page=2&token=${secrets[3]}&page_size=5`,
      `/v1/forms?api_key=${secrets[3]}`,
      `/v1/forms?apiKey=${secrets[3]}`,
      `/v1/forms?X-Api-Key=${secrets[3]}`,
      `/v1/forms?key=${secrets[3]}`,
      `/v1/forms?client_secret=${secrets[3]}`,
      `/v1/forms?password=${secrets[3]}`,
      `/v1/forms?signature=${secrets[3]}`,
      `/v1/forms?q=${secrets[1]}`,
      `/v1/forms?q=Bearer%20${encodeURIComponent(secrets[1] as string)}`,
      `/v1/forms?${secrets[1]}`,
      `/v1/forms?secret=${secrets[2]}`,
      `/v1/forms?s=${secrets[2]}`,
      `/v1/forms/${secrets[1]}`,
      `/v1/forms/cvs%5F${(secrets[1] as string).slice(4)}/responses`,
    ]
    for (const url of urls) {
      for (const token of [ctx.token, null, 'cvs_unknown']) {
        const logged = await loggedUrl(url, token)
        for (const secret of secrets) expect(logged, url).not.toContain(secret)
        expect(logged, url).toContain('[redacted]')
        expect(logged.startsWith('/v1/forms'), url).toBe(true)
      }
    }
    // Ordinary parameters, ids included (`included_tokens` holds response ids), stay readable.
    expect(await loggedUrl('/v1/forms?page=2&page_size=5')).toBe('/v1/forms?page=2&page_size=5')
    expect(await loggedUrl(`/v1/forms?page=2&token=x&page_size=5`)).toBe(
      '/v1/forms?page=2&token=[redacted]&page_size=5',
    )
    expect(await loggedUrl('/v1/forms/frm_a/responses?included_tokens=rsp_a,rsp_b&monkey=1')).toBe(
      '/v1/forms/frm_a/responses?included_tokens=rsp_a,rsp_b&monkey=1',
    )
  })
})

describe(`session secrets in URLs (issue 25, ${testBackend})`, () => {
  const host = '127.0.0.1:3000'

  async function signIn(): Promise<string> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/v1/session',
      headers: { host, origin: `http://${host}`, 'x-canvass-csrf': '1' },
      payload: { token: ctx.token },
    })
    expect(response.statusCode).toBe(201)
    const secret = /canvass_session=(cvss_[^;]+)/.exec(String(response.headers['set-cookie']))?.[1]
    expect(secret).toBeDefined()
    return secret as string
  }

  it('never reach a log line, whichever route, status or spelling', async () => {
    const secret = await signIn()
    const formId = await createForm(ctx, { ...tinyForm, settings: { public: true } })
    const encoded = `cvss%5F${secret.slice('cvss_'.length)}`
    const cookie = `canvass_session=${secret}`
    const requests: { method: 'GET' | 'POST' | 'DELETE'; url: string; form?: boolean }[] = [
      { method: 'GET', url: `/v1/forms?q=${secret}` },
      { method: 'GET', url: `/v1/forms?${secret}` },
      { method: 'GET', url: `/v1/forms/${secret}` },
      { method: 'GET', url: `/v1/forms/${encoded}/responses` },
      { method: 'GET', url: `/v1/forms/${formId}/responses?cursor=${encoded}` },
      { method: 'DELETE', url: `/v1/forms?x=${secret}` },
      { method: 'GET', url: `/v1/public/forms/${formId}?ref=${secret}` },
      { method: 'GET', url: `/f/${formId}?k=${secret}` },
      { method: 'GET', url: `/f/${secret}` },
      { method: 'GET', url: `/f/${formId}/thanks?${secret}` },
      { method: 'POST', url: `/f/${formId}?k=${secret}`, form: true },
      { method: 'GET', url: `/nowhere/${secret}?again=${secret}` },
    ]
    for (const { method, url, form } of requests) {
      for (const headers of [{ host }, { host, cookie }]) {
        const response = await ctx.app.inject({
          method,
          url,
          headers: form ? { ...headers, 'content-type': 'application/x-www-form-urlencoded' } : headers,
          ...(form ? { payload: 'n=4' } : {}),
        })
        const line = lines.find(
          (entry) => entry['reqId'] === response.headers['x-request-id'] && entry['msg'] === 'request',
        )
        expect(String(line?.['url']), url).toContain('[redacted]')
      }
    }

    // A malformed URL is answered before any hook (and not logged): nothing to find but leaks.
    expect((await ctx.app.inject({ url: `/v1/forms/%zz${secret}`, headers: { host } })).statusCode).toBe(400)

    // The stream logs its URL when it closes.
    const baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    const hangUp = new AbortController()
    const stream = await fetch(`${baseUrl}/v1/forms/${formId}/responses/stream?last_event_id=${secret}`, {
      headers: { authorization: `Bearer ${ctx.token}` },
      signal: hangUp.signal,
    })
    expect(stream.status).toBe(200)
    hangUp.abort()
    await waitUntil(() => lines.some((entry) => entry['msg'] === 'stream closed'))

    const leaks = written.filter((line) => line.includes(secret.slice('cvss_'.length)))
    expect(leaks).toEqual([])
  })

  it("never writes a draft's resume token, on any of its routes, whatever the outcome", async () => {
    const formId = await draftForm(ctx)
    const started = await startDraft(ctx, formId, { answers: { name: 'Ada' } })
    expect(started.statusCode).toBe(201)
    const token = started.json().resume_token as string
    expect((await patchDraft(ctx, token, { answers: { travelled: 'not a yes' } })).statusCode).toBe(400)
    expect((await patchDraft(ctx, token, { answers: { travelled: false } })).statusCode).toBe(200)
    expect((await patchDraft(ctx, token, { answers: { why: 'Price' } })).statusCode).toBe(200)
    expect((await completeDraft(ctx, token)).statusCode).toBe(201)
    expect((await completeDraft(ctx, token)).statusCode).toBe(404)
    const secret = token.slice('cvd_'.length)
    await waitUntil(() => written.some((line) => line.includes('/complete')))
    expect(written.filter((line) => line.includes(secret))).toEqual([])
  })
})

describe('every line the logger writes', () => {
  it('has credential-shaped text replaced, in messages, errors and requests logged by the framework', () => {
    const out: string[] = []
    const logger = createLogger('info', { write: (line: string) => void out.push(line) })
    const session = `cvss_${'S'.repeat(43)}`
    const token = `cvs_${'T'.repeat(43)}`
    const webhookSecret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw+/=='
    logger.warn(`Reply was already sent for "/f/${session}?a=${token}"`)
    logger.error({ err: new Error(`failed on /v1/forms/cvss%5F${'S'.repeat(43)}`) }, 'unhandled error')
    logger
      .child({ reqId: 'r' })
      .warn({ req: { method: 'GET', url: `/v1/x?pw=1&s=${webhookSecret}&password=hunter2` } })
    expect(out).toHaveLength(3)
    for (const line of out) {
      for (const secret of ['S'.repeat(43), 'T'.repeat(43), 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'hunter2']) {
        expect(line).not.toContain(secret)
      }
      expect(line).toContain('[redacted]')
    }
    expect(JSON.parse(out[2] as string).req).toEqual({
      method: 'GET',
      url: '/v1/x?pw=1&s=[redacted]&password=[redacted]',
    })
  })

  it('leaves ids alone that merely contain a credential prefix, catches one after an encoded slash', () => {
    const out: string[] = []
    const logger = createLogger('info', { write: (line: string) => void out.push(line) })
    logger.info({ request_id: 'req-AxCvS_Q9' }, 'rsp_7cvss_x and frm_Awhsec_1 are ids')
    logger.info(`/v1/forms/a%2Fcvs_${'T'.repeat(43)}`)
    expect(JSON.parse(out[0] as string)).toMatchObject({
      request_id: 'req-AxCvS_Q9',
      msg: 'rsp_7cvss_x and frm_Awhsec_1 are ids',
    })
    expect(out[1]).not.toContain('T'.repeat(43))
  })
})
