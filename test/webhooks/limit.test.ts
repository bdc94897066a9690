import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, configFromEnv } from '../../src/config.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { tinyForm } from '../support/receiver.js'

// docs/api.md#limits: at most CANVASS_WEBHOOKS_PER_FORM (default 20) webhooks on one form; a create past
// it is a 409, even when several arrive at once. Nothing is delivered: no response is submitted.

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(async () => ctx?.close())

async function newForm(): Promise<string> {
  const response = await ctx.request({ method: 'POST', url: '/v1/forms', payload: tinyForm })
  expect(response.statusCode).toBe(201)
  return response.json().id
}

const put = (formId: string, tag: string, payload: object = { url: 'https://hooks.example.com/in' }) =>
  ctx.request({ method: 'PUT', url: `/v1/forms/${formId}/webhooks/${tag}`, payload })

const tagsOf = async (formId: string): Promise<string[]> => {
  const list = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/webhooks` })
  expect(list.statusCode).toBe(200)
  return list.json().items.map((item: { tag: string }) => item.tag)
}

async function fill(formId: string, count: number): Promise<void> {
  for (let index = 0; index < count; index++) {
    expect((await put(formId, `hook-${index}`)).statusCode).toBe(201)
  }
}

describe('webhooks per form', () => {
  it('refuses the 21st webhook of a form with 409 naming the limit and the setting', async () => {
    const formId = await newForm()
    await fill(formId, 20)
    const over = await put(formId, 'one-too-many')
    expect(over.statusCode).toBe(409)
    expect(over.headers['content-type']).toContain('application/problem+json')
    const problem = over.json()
    expect(problem.code).toBe('conflict')
    expect(problem.detail).toContain('at most 20 webhooks')
    expect(problem.detail).toContain('CANVASS_WEBHOOKS_PER_FORM')
    // Nothing was stored; the list still carries every webhook, unpaged.
    expect(await tagsOf(formId)).toEqual(Array.from({ length: 20 }, (_, index) => `hook-${index}`))
    const missing = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/webhooks/one-too-many` })
    expect(missing.statusCode).toBe(404)
  })

  it('still updates existing webhooks at the limit, and takes a new one once one is deleted', async () => {
    const formId = await newForm()
    await fill(formId, 20)
    const update = await put(formId, 'hook-3', { enabled: false })
    expect(update.statusCode).toBe(200)
    expect(update.json().webhook.enabled).toBe(false)
    const deleted = await ctx.request({ method: 'DELETE', url: `/v1/forms/${formId}/webhooks/hook-0` })
    expect(deleted.statusCode).toBe(204)
    expect((await put(formId, 'replacement')).statusCode).toBe(201)
    expect((await put(formId, 'another')).statusCode).toBe(409)
    // The limit is per form: another form starts empty.
    expect((await put(await newForm(), 'hook-0')).statusCode).toBe(201)
  })

  it('lets exactly one of several concurrent creates take the last place', async () => {
    const formId = await newForm()
    await fill(formId, 19)
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => put(formId, `racer-${index}`)))
    const statuses = answers.map((answer) => answer.statusCode).sort()
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409])
    expect(await tagsOf(formId)).toHaveLength(20)
  })

  it('follows CANVASS_WEBHOOKS_PER_FORM', async () => {
    expect(configFromEnv({}).webhooksPerForm).toBe(20)
    expect(configFromEnv({ CANVASS_WEBHOOKS_PER_FORM: '3' }).webhooksPerForm).toBe(3)
    expect(() => configFromEnv({ CANVASS_WEBHOOKS_PER_FORM: '0' })).toThrow(ConfigError)
    const small = await createTestContext({ webhooksPerForm: 2 })
    try {
      const form = await small.request({ method: 'POST', url: '/v1/forms', payload: tinyForm })
      const formId = form.json().id
      const putSmall = (tag: string) =>
        small.request({
          method: 'PUT',
          url: `/v1/forms/${formId}/webhooks/${tag}`,
          payload: { url: 'https://hooks.example.com/in' },
        })
      expect((await putSmall('a')).statusCode).toBe(201)
      expect((await putSmall('b')).statusCode).toBe(201)
      const over = await putSmall('c')
      expect(over.statusCode).toBe(409)
      expect(over.json().detail).toContain('at most 2 webhooks')
    } finally {
      await small.close()
    }
  })
})
