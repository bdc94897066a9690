import type { ServerResponse } from 'node:http'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../support/context.js'
import { type Receiver, startReceiver, tinyForm } from '../support/receiver.js'
import { waitUntil } from '../support/wait.js'

// Receivers that hang: the attempt timeout is enforced, and one slow endpoint does not hold up
// the deliveries of other webhooks.

const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

async function setUp(timeoutMs: number, share: { concurrency?: number; perWebhook?: number } = {}) {
  const ctx = await createTestContext({ webhookRetrySchedule: [0.05, 0.05], webhookTimeoutMs: timeoutMs })
  const worker = ctx.startWorker({
    pollMs: 50,
    ...share,
  })
  cleanups.push(async () => {
    await worker.stop()
    await ctx.close()
  })
  const formId = (await ctx.request({ method: 'POST', url: '/v1/forms', payload: tinyForm })).json()
    .id as string
  return { ctx, worker, formId }
}

async function receiver(respond?: Parameters<typeof startReceiver>[0]): Promise<Receiver> {
  const started = await startReceiver(respond)
  cleanups.push(() => started.close())
  return started
}

const submit = (ctx: TestContext, formId: string) =>
  ctx.request({ method: 'POST', url: `/v1/forms/${formId}/responses`, payload: { answers: { n: 1 } } })

describe('timeouts and slow endpoints', () => {
  it('an attempt that gets no answer within the timeout is a failure, and is retried', async () => {
    const { ctx, formId } = await setUp(300)
    const hanging = await receiver(() => undefined)
    await ctx.request({
      method: 'PUT',
      url: `/v1/forms/${formId}/webhooks/slow`,
      payload: { url: hanging.url },
    })
    expect((await submit(ctx, formId)).statusCode).toBe(201)
    let item: { status: string; attempts: number; last_error: string | null } | undefined
    await waitUntil(async () => {
      const log = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/webhooks/slow/deliveries` })
      item = log.json().items[0]
      return item?.status === 'failed'
    }, 20_000)
    expect(item).toMatchObject({ attempts: 3, last_error: 'timed out after 300 ms' })
    expect(hanging.requests).toHaveLength(3)
  })

  it('a slow endpoint holds only its share of in-flight attempts; other webhooks are delivered meanwhile', async () => {
    const { ctx, formId } = await setUp(30_000, { concurrency: 8, perWebhook: 4 })
    const held: ServerResponse[] = []
    const slow = await receiver((_request, _index, response) => {
      held.push(response)
    })
    const fast = await receiver()
    const put = (tag: string, url: string) =>
      ctx.request({ method: 'PUT', url: `/v1/forms/${formId}/webhooks/${tag}`, payload: { url } })
    expect((await put('slow', slow.url)).statusCode).toBe(201)
    for (let index = 0; index < 12; index++) expect((await submit(ctx, formId)).statusCode).toBe(201)
    await slow.waitFor((requests) => requests.length >= 4)
    // The slow endpoint has every one of its in-flight attempts hanging now.
    expect((await put('fast', fast.url)).statusCode).toBe(201)
    expect((await submit(ctx, formId)).statusCode).toBe(201)
    await fast.waitFor((requests) => requests.length >= 1)
    expect(slow.requests).toHaveLength(4)
    expect(held.every((response) => !response.writableEnded)).toBe(true)
    // Released, the slow endpoint gets the rest.
    slow.respond = (_request, _index, response) => response.writeHead(200).end()
    for (const response of held) response.writeHead(200).end()
    await slow.waitFor((requests) => requests.length >= 13)
  })
})
