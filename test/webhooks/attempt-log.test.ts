import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeliveryWorker } from '../../src/delivery/worker.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { type Receiver, startReceiver, tinyForm } from '../support/receiver.js'
import { waitUntil } from '../support/wait.js'

// The attempt log a user reads when a receiver fails (docs/webhooks.md#the-delivery-log): every attempt of a delivery,
// oldest first, through a real worker and real receivers on 127.0.0.1.

let ctx: TestContext
let worker: DeliveryWorker
const receivers: Receiver[] = []

beforeAll(async () => {
  ctx = await createTestContext({ webhookRetrySchedule: [0.05, 0.05, 0.05], webhookTimeoutMs: 3000 })
  worker = ctx.startWorker({
    pollMs: 50,
  })
})
afterAll(async () => {
  await worker?.stop()
  await Promise.all(receivers.map((receiver) => receiver.close()))
  await ctx?.close()
})

async function formWithHook(url: string): Promise<string> {
  const formId = (await ctx.request({ method: 'POST', url: '/v1/forms', payload: tinyForm })).json().id
  const put = await ctx.request({ method: 'PUT', url: `/v1/forms/${formId}/webhooks/log`, payload: { url } })
  expect(put.statusCode, put.body).toBe(201)
  return formId
}

async function submit(formId: string): Promise<void> {
  const posted = await ctx.request({
    method: 'POST',
    url: `/v1/forms/${formId}/responses`,
    payload: { answers: { n: 9 } },
  })
  expect(posted.statusCode, posted.body).toBe(201)
}

async function listed(formId: string) {
  const list = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/webhooks/log/deliveries` })
  expect(list.statusCode).toBe(200)
  return list.json().items as Record<string, unknown>[]
}

/** Waits for the form's one delivery to leave `pending`, then reads it with its attempt log. */
async function finishedDelivery(formId: string) {
  let id: string | undefined
  await waitUntil(async () => {
    const [item] = await listed(formId)
    id = item?.['id'] as string | undefined
    return item !== undefined && item['status'] !== 'pending'
  })
  const detail = await ctx.request({
    method: 'GET',
    url: `/v1/forms/${formId}/webhooks/log/deliveries/${id}`,
  })
  expect(detail.statusCode, detail.body).toBe(200)
  return detail.json().delivery
}

const timestamp = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/

describe('the attempt log', () => {
  it('lists every attempt oldest first: two failures, then the success', async () => {
    const target = await startReceiver((_request, index, response) => {
      if (index < 2) response.writeHead(503, { 'content-type': 'text/plain' }).end(`busy ${index + 1}`)
      else response.writeHead(200, { 'content-type': 'application/json' }).end('{"thanks":true}')
    })
    receivers.push(target)
    const formId = await formWithHook(target.url)
    await submit(formId)
    const delivery = await finishedDelivery(formId)

    expect(delivery).toMatchObject({
      status: 'succeeded',
      attempts: 3,
      last_status_code: 200,
      last_error: null,
    })
    expect(delivery.attempt_log).toEqual([
      expect.objectContaining({ status_code: 503, error: 'HTTP 503', response_excerpt: 'busy 1' }),
      expect.objectContaining({ status_code: 503, error: 'HTTP 503', response_excerpt: 'busy 2' }),
      expect.objectContaining({ status_code: 200, error: null, response_excerpt: '{"thanks":true}' }),
    ])
    const times = delivery.attempt_log.map((attempt: { attempted_at: string }) => attempt.attempted_at)
    for (const time of times) expect(time).toMatch(timestamp)
    expect([...times].sort()).toEqual(times)
    expect(new Set(times).size).toBe(3)
    for (const attempt of delivery.attempt_log) {
      expect(Number.isInteger(attempt.duration_ms) && attempt.duration_ms >= 0).toBe(true)
    }
    // The list keeps the count, without the log.
    const [item] = await listed(formId)
    expect(item).toMatchObject({ id: delivery.id, attempts: 3 })
    expect(item).not.toHaveProperty('attempt_log')
  })

  it('records an attempt that got no answer: status_code null, the error, no excerpt', async () => {
    const closed = createServer()
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done))
    const { port } = closed.address() as AddressInfo
    await new Promise((done) => closed.close(done))
    const formId = await formWithHook(`http://127.0.0.1:${port}/gone`)
    await submit(formId)
    const delivery = await finishedDelivery(formId)

    expect(delivery).toMatchObject({ status: 'failed', attempts: 4, last_status_code: null })
    expect(delivery.attempt_log).toHaveLength(4)
    for (const attempt of delivery.attempt_log) {
      expect(attempt).toMatchObject({
        status_code: null,
        error: 'connection failed: ECONNREFUSED',
        response_excerpt: null,
      })
    }
  })

  it('keeps the first 1 KiB of a long answer, and an answer with NUL bytes', async () => {
    const long = 'a'.repeat(1000) + 'é'.repeat(100)
    const target = await startReceiver((_request, index, response) =>
      response.writeHead(index === 0 ? 500 : 200).end(index === 0 ? long : 'ok\0done'),
    )
    receivers.push(target)
    const formId = await formWithHook(target.url)
    await submit(formId)
    const delivery = await finishedDelivery(formId)

    const [first, second] = delivery.attempt_log
    // 1000 one-byte characters and 12 two-byte ones make 1024 bytes.
    expect(first.response_excerpt).toBe('a'.repeat(1000) + 'é'.repeat(12))
    expect(second).toMatchObject({ status_code: 200, response_excerpt: 'ok\uFFFDdone' })
  })

  it('is empty for a delivery kept from before attempts were logged; its summary stays', async () => {
    const formId = await formWithHook('http://127.0.0.1:9/never')
    const webhook = await ctx.database.db
      .selectFrom('webhooks')
      .select('id')
      .where('form_id', '=', formId)
      .executeTakeFirstOrThrow()
    // As the previous version wrote it: counts and the last outcome, no attempt rows.
    await ctx.database.db
      .insertInto('webhook_deliveries')
      .values({
        id: 'dlv_before_the_log',
        webhook_id: webhook.id,
        event_id: 'evt_before_the_log',
        event_type: 'form_response',
        payload: '{}',
        status: 'failed',
        attempts: 8,
        attempt_base: 0,
        manual: 0,
        last_status_code: 500,
        last_error: 'HTTP 500',
        next_attempt_at: null,
        lease_expires_at: null,
        created_at: Date.now() * 1000,
        delivered_at: null,
      })
      .execute()
    const detail = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${formId}/webhooks/log/deliveries/dlv_before_the_log`,
    })
    expect(detail.statusCode).toBe(200)
    expect(detail.json().delivery).toMatchObject({
      id: 'dlv_before_the_log',
      status: 'failed',
      attempts: 8,
      last_status_code: 500,
      last_error: 'HTTP 500',
      attempt_log: [],
    })
  })

  it('answers 404 for an unknown delivery, and for another workspace', async () => {
    const target = await startReceiver()
    receivers.push(target)
    const formId = await formWithHook(target.url)
    await submit(formId)
    const delivery = await finishedDelivery(formId)
    const unknown = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${formId}/webhooks/log/deliveries/dlv_unknown`,
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.headers['content-type']).toBe('application/problem+json; charset=utf-8')
    const foreign = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${formId}/webhooks/log/deliveries/${delivery.id}`,
      token: ctx.otherToken,
    })
    expect(foreign.statusCode).toBe(404)
    const readOnly = await ctx.tokenWithScopes(['forms:read'])
    const refused = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${formId}/webhooks/log/deliveries/${delivery.id}`,
      token: readOnly,
    })
    expect(refused.statusCode).toBe(403)
  })
})
