import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../src/logger.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'

// Issue 11: credentials sent in a URL (where Canvass never reads them) must not reach the
// request log. The production logger writes into this test instead of stdout.

const lines: Record<string, unknown>[] = []
let ctx: TestContext

beforeAll(async () => {
  const logger = createLogger('info', {
    write(line: string) {
      lines.push(JSON.parse(line))
    },
  })
  ctx = await createTestContext({}, { logger })
})
afterAll(() => ctx.close())

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
