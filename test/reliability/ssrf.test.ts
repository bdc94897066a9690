import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'
import { createFixtures, viaInject } from './support/fixtures.js'
import { problemDefect } from './support/problem.js'
import { SecretWatch } from './support/secrets.js'

// The SSRF guard as an attacker probes it (docs/webhooks.md#targets): with private targets not allowed (the
// default), a webhook URL naming a loopback, private, link-local, unique-local, CGNAT,
// multicast or unspecified address, in any spelling the URL parser accepts, is a 400 and
// nothing is stored. Only address literals and `localhost` are used: no outside DNS look-up.

const refused = [
  'http://127.0.0.1/hook',
  'http://127.1/hook',
  'http://0x7f000001/hook',
  'http://2130706433/hook',
  'http://017700000001/hook',
  'http://127.255.255.254:8080/hook',
  'http://localhost/hook',
  'http://LOCALHOST./hook',
  'http://[::1]/hook',
  'http://[0:0:0:0:0:0:0:1]/hook',
  'http://[::ffff:127.0.0.1]/hook',
  'http://[::ffff:7f00:1]/hook',
  'http://[::ffff:10.0.0.1]/hook',
  'http://0.0.0.0/hook',
  'http://0/hook',
  'http://[::]/hook',
  'http://10.0.0.1/hook',
  'http://172.16.0.1/hook',
  'http://172.31.255.255/hook',
  'http://192.168.1.1/hook',
  'http://169.254.169.254/latest/meta-data/',
  'http://[fe80::1]/hook',
  'http://[fc00::1]/hook',
  'http://[fd12:3456::1]/hook',
  'http://100.64.0.1/hook',
  'http://224.0.0.1/hook',
  'http://[ff02::1]/hook',
  'http://255.255.255.255/hook',
  'https://user:pass@127.0.0.1/hook',
]

let ctx: TestContext
const watch = new SecretWatch()
let formId: string

beforeAll(async () => {
  ctx = await createTestContext({ webhookAllowPrivate: false })
  watch.secret(ctx.token)
  watch.secret(ctx.otherToken)
  const inject = ctx.request
  ctx.request = async (options) => {
    const answer = await inject(options)
    watch.record(`${options.method} ${options.url}`, answer.body)
    return answer
  }
  const fixtures = await createFixtures(viaInject(ctx), ctx.token).catch(() => undefined)
  formId =
    fixtures?.params['form_id'] ??
    (
      await ctx.request({
        method: 'POST',
        url: '/v1/forms',
        payload: { title: 'SSRF', questions: [] },
      })
    ).json().id
})

afterAll(async () => {
  await ctx?.close()
  expect(watch.leaks()).toEqual([])
})

describe(`SSRF guard on ${testBackend}`, () => {
  it.each(refused)('refuses %s at PUT and stores nothing', async (url) => {
    const put = await ctx.request({
      method: 'PUT',
      url: `/v1/forms/${formId}/webhooks/probe`,
      payload: { url },
    })
    expect(put.statusCode, put.body).toBe(400)
    expect(problemDefect(put)).toBeUndefined()
    expect(put.json().code).toBe('validation_failed')
    const read = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/webhooks/probe` })
    expect(read.statusCode).toBe(404)
  })

  it('refuses a change of an existing webhook to a private target, keeping the old one', async () => {
    const first = await ctx.request({
      method: 'PUT',
      url: `/v1/forms/${formId}/webhooks/public`,
      payload: { url: 'https://93.184.215.14/hook' },
    })
    expect(first.statusCode, first.body).toBe(201)
    const change = await ctx.request({
      method: 'PUT',
      url: `/v1/forms/${formId}/webhooks/public`,
      payload: { url: 'http://[::ffff:169.254.169.254]/' },
    })
    expect(change.statusCode, change.body).toBe(400)
    const read = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/webhooks/public` })
    expect(read.json().webhook.url).toBe('https://93.184.215.14/hook')
  })

  it('refuses schemes other than http(s)', async () => {
    for (const url of [
      'file:///etc/passwd',
      'gopher://127.0.0.1/',
      'ftp://93.184.215.14/',
      'javascript:alert(1)',
    ]) {
      const put = await ctx.request({
        method: 'PUT',
        url: `/v1/forms/${formId}/webhooks/scheme`,
        payload: { url },
      })
      expect(put.statusCode, `${url}: ${put.body}`).toBe(400)
    }
  })
})
