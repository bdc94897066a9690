import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../support/context.js'
import { sleep, waitUntil } from '../support/wait.js'

// CANVASS_LIST_MEMORY (src/domain/listing.ts) at its smallest, 1 MiB: pages and exports of items far
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

  it('gives back what a page or an export queued on a pipelined connection holds when its client hangs up', async () => {
    // Review of issue 25: answers queued behind another on one connection (here a response
    // stream, which stays open) never get a socket; when the client hangs up, Node closes the
    // socket and the requests, never those answers, and their writes wait for room for ever.
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    const port = Number(new URL(address).port)
    const request = (path: string) =>
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${ctx.token}\r\n\r\n`
    for (let round = 0; round < 2; round++) {
      const socket = connect(port, '127.0.0.1')
      socket.on('error', () => undefined)
      socket.write(
        request(`/v1/forms/${formId}/responses/stream`) +
          request(`/v1/forms/${formId}/responses?page_size=1000`) +
          request(`/v1/forms/${formId}/responses/export`),
      )
      // Time for the page and the export to read a batch each into answers that wait.
      await sleep(1000)
      socket.destroy()
    }
    const connections = () =>
      new Promise<number>((resolve) => ctx.app.server.getConnections((_error, count) => resolve(count)))
    await waitUntil(async () => (await connections()) === 0)
    // The budget is whole: a page of items larger than a batch answers.
    const page = ctx
      .request({ method: 'GET', url: `/v1/forms/${formId}/responses?page_size=1000` })
      .then((response) => response.statusCode)
    expect(await Promise.race([page, sleep(10_000).then(() => 'still waiting')])).toBe(200)
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
