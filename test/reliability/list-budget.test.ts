import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../support/context.js'

// CANVASS_LIST_MEMORY (src/http/memory.ts) at its smallest, 1 MiB: pages and exports of items far
// larger than one batch still answer whole; an item that could never fit is a 409 naming the
// setting, for its page and its export, and the rest of the form stays listed.

let ctx: TestContext
let formId: string

const answers = (chars: number) => ({
  answers: Object.fromEntries(Array.from({ length: 200 }, (_, n) => [`q${n}`, 'x'.repeat(chars / 200)])),
})

beforeAll(async () => {
  ctx = await createTestContext({ listMemory: 1024 * 1024 })
  const questions = Array.from({ length: 200 }, (_, n) => ({
    id: `q${n}`,
    title: `Question ${n}`,
    type: 'long_text',
    properties: { max_length: 10000 },
  }))
  const form = await ctx.request({
    method: 'POST',
    url: '/v1/forms',
    payload: { title: 'Budget', questions },
  })
  formId = form.json().id
  // Three of ~250 KB: each larger than a batch (a quarter of the budget), all within the budget.
  for (let n = 0; n < 3; n++) {
    const stored = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${formId}/responses`,
      payload: answers(250_000),
    })
    expect(stored.statusCode).toBe(201)
  }
})
afterAll(() => ctx.close())

describe('a small list-memory budget', () => {
  it('answers pages and exports of items larger than a batch, whole', async () => {
    const page = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses?page_size=1000` })
    expect(page.statusCode).toBe(200)
    expect(page.json().items).toHaveLength(3)
    const exported = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses/export` })
    expect(exported.statusCode).toBe(200)
    expect(exported.body.trimEnd().split('\n')).toHaveLength(3)
  })

  it('refuses, with a 409 naming the setting, an item that could never fit', async () => {
    const huge = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${formId}/responses`,
      payload: answers(1_100_000),
    })
    expect(huge.statusCode).toBe(201)
    for (const url of [
      `/v1/forms/${formId}/responses?page_size=10`,
      `/v1/forms/${formId}/responses/export`,
    ]) {
      const refused = await ctx.request({ method: 'GET', url })
      expect(refused.statusCode).toBe(409)
      expect(refused.headers['content-type']).toContain('application/problem+json')
      expect(refused.json().detail).toContain('CANVASS_LIST_MEMORY')
    }
    // The pages without it are still listed.
    const older = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${formId}/responses?page_size=3&sort=submitted_at,asc`,
    })
    expect(older.statusCode).toBe(200)
    expect(older.json().items).toHaveLength(3)
  })
})
