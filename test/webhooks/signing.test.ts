import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../support/context.js'
import { tinyForm } from '../support/receiver.js'

// GET .../webhooks/{tag}/signing (issue 27): how a webhook's deliveries are signed, so the dashboard
// can flag unsigned and weak ones; never the secret. The secrets the API accepts are unchanged.

let ctx: TestContext
let formId: string

beforeAll(async () => {
  ctx = await createTestContext()
  formId = (await ctx.request({ method: 'POST', url: '/v1/forms', payload: tinyForm })).json().id
})
afterAll(async () => ctx?.close())

const put = (tag: string, payload: object) =>
  ctx.request({ method: 'PUT', url: `/v1/forms/${formId}/webhooks/${tag}`, payload })
const signing = (tag: string, token?: string) =>
  ctx.request({
    method: 'GET',
    url: `/v1/forms/${formId}/webhooks/${tag}/signing`,
    ...(token ? { token } : {}),
  })

describe('a webhook’s signing', () => {
  it('is unsigned, weak under 32 characters, strong from 32; it follows updates and never shows the secret', async () => {
    const url = 'https://hooks.example.com/canvass'
    expect((await put('none', { url })).statusCode).toBe(201)
    expect((await put('weak', { url, secret: 'x'.repeat(31) })).statusCode).toBe(201)
    expect((await put('strong', { url, secret: 'x'.repeat(32) })).statusCode).toBe(201)
    for (const [tag, expected] of [
      ['none', 'unsigned'],
      ['weak', 'weak'],
      ['strong', 'strong'],
    ]) {
      const response = await signing(tag as string)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ tag, signing: expected })
    }
    expect((await signing('strong')).body).not.toContain('xxxx')
    expect((await put('strong', { secret: null })).statusCode).toBe(200)
    expect((await signing('strong')).json().signing).toBe('unsigned')
  })

  it('is 404 for an unknown webhook and for another workspace’s, and needs webhooks:read', async () => {
    expect((await signing('missing')).statusCode).toBe(404)
    expect((await signing('none', ctx.otherToken)).statusCode).toBe(404)
    const formsOnly = await ctx.tokenWithScopes(['forms:read'])
    expect((await signing('none', formsOnly)).statusCode).toBe(403)
  })
})
