import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeliveryWorker } from '../../src/delivery/worker.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { answer, type Receiver, startReceiver, tinyForm } from '../support/receiver.js'
import { waitForValue, waitUntil } from '../support/wait.js'

// Delivery through real HTTP receivers on 127.0.0.1 and the real worker: signing, retries with
// a stable webhook-id, 410, redirects, Retry-After, the delivery log, redeliver, ping, metrics.

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
let ctx: TestContext
let worker: DeliveryWorker
const receivers: Receiver[] = []

beforeAll(async () => {
  ctx = await createTestContext({ webhookRetrySchedule: [0.05, 0.1, 0.2], webhookTimeoutMs: 5000 })
  worker = ctx.startWorker({
    pollMs: 100,
  })
})
afterAll(async () => {
  await worker?.stop()
  await Promise.all(receivers.map((receiver) => receiver.close()))
  await ctx?.close()
})

async function receiver(respond = answer(200)): Promise<Receiver> {
  const started = await startReceiver(respond)
  receivers.push(started)
  return started
}

async function formWithHook(url: string, body: object = {}, tag = 'hook'): Promise<string> {
  const form = await ctx.request({ method: 'POST', url: '/v1/forms', payload: tinyForm })
  const formId = form.json().id
  const put = await ctx.request({
    method: 'PUT',
    url: `/v1/forms/${formId}/webhooks/${tag}`,
    payload: { url, ...body },
  })
  expect(put.statusCode, put.body).toBe(201)
  return formId
}

async function submit(formId: string, k = 'x') {
  const response = await ctx.request({
    method: 'POST',
    url: `/v1/forms/${formId}/responses`,
    payload: { answers: { n: 7 }, hidden: { k } },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

async function deliveries(formId: string, tag = 'hook') {
  const response = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/webhooks/${tag}/deliveries` })
  expect(response.statusCode).toBe(200)
  return response.json().items
}

const headersOf = (request: { headers: Record<string, unknown> }) => request.headers as Record<string, string>

describe('delivery', () => {
  it('a receiver failing the first attempts gets the event later, same webhook-id, signature verifies', async () => {
    const target = await receiver((_request, index, response) =>
      response.writeHead(index < 2 ? 500 : 204).end(),
    )
    const formId = await formWithHook(target.url, { secret })
    const stored = await submit(formId)
    await target.waitFor((requests) => requests.length >= 3)
    const ids = target.requests.map((request) => request.headers['webhook-id'])
    expect(new Set(ids).size).toBe(1)
    const [log] = await waitForValue(async () => {
      const items = await deliveries(formId)
      return items[0]?.status === 'succeeded' ? items : undefined
    })
    expect(ids[0]).toBe(log.id)
    expect(log).toMatchObject({
      status: 'succeeded',
      attempts: 3,
      last_status_code: 204,
      last_error: null,
      next_attempt_at: null,
    })
    expect(log.delivered_at).toMatch(/Z$/)

    const verifier = new Webhook(secret)
    for (const request of target.requests) {
      const headers = headersOf(request)
      expect(headers['content-type']).toBe('application/json')
      expect(headers['user-agent']).toBe('Canvass-Webhooks/1')
      expect(headers['webhook-timestamp']).toMatch(/^\d{10}$/)
      expect(verifier.verify(request.body, headers)).toBeTruthy()
    }
    const event = JSON.parse(target.requests[2]?.body ?? '')
    const listed = (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses` })).json()
      .items[0]
    expect(listed.id).toBe(stored.id)
    expect(event).toEqual({
      event_id: log.event_id,
      event_type: 'form_response',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
      form_response: { form_id: formId, ...listed, ending: null },
    })
    // A tampered body does not verify.
    expect(() =>
      verifier.verify(`${target.requests[0]?.body} `, headersOf(target.requests[0] as never)),
    ).toThrow()
  })

  it('a plain (non-whsec) secret signs with its UTF-8 bytes; no secret, no signature header', async () => {
    const signed = await receiver()
    const formA = await formWithHook(signed.url, { secret: 'correct horse battery staple' })
    await submit(formA)
    await signed.waitFor((requests) => requests.length >= 1)
    const raw = new Webhook(Buffer.from('correct horse battery staple', 'utf8'), { format: 'raw' })
    expect(raw.verify(signed.requests[0]?.body ?? '', headersOf(signed.requests[0] as never))).toBeTruthy()

    const unsigned = await receiver()
    const formB = await formWithHook(unsigned.url)
    await submit(formB)
    await unsigned.waitFor((requests) => requests.length >= 1)
    expect(unsigned.requests[0]?.headers['webhook-signature']).toBeUndefined()
    expect(unsigned.requests[0]?.headers['webhook-id']).toMatch(/^dlv_/)
  })

  it('after the schedule is exhausted the delivery is failed', async () => {
    const target = await receiver(answer(500))
    const formId = await formWithHook(target.url)
    await submit(formId)
    const [log] = await waitForValue(async () => {
      const items = await deliveries(formId)
      return items[0]?.status === 'failed' ? items : undefined
    })
    expect(log).toMatchObject({
      attempts: 4,
      last_status_code: 500,
      last_error: 'HTTP 500',
      next_attempt_at: null,
      delivered_at: null,
    })
    expect(target.requests).toHaveLength(4)
  })

  it('410 disables the webhook at once; later responses queue nothing', async () => {
    const target = await receiver(answer(410))
    const formId = await formWithHook(target.url)
    await submit(formId)
    await waitForValue(async () => {
      const read = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/webhooks/hook` })
      return read.json().webhook.enabled === false ? true : undefined
    })
    const [log] = await deliveries(formId)
    expect(log).toMatchObject({ status: 'failed', attempts: 1, last_status_code: 410 })
    await submit(formId, 'after')
    expect(await deliveries(formId)).toHaveLength(1)
    expect(target.requests).toHaveLength(1)
  })

  it('a redirect is a failure and is not followed', async () => {
    const elsewhere = await receiver()
    const target = await receiver(answer(302, { location: elsewhere.url }))
    const formId = await formWithHook(target.url)
    await submit(formId)
    const [log] = await waitForValue(async () => {
      const items = await deliveries(formId)
      return items[0]?.status === 'failed' ? items : undefined
    })
    expect(log).toMatchObject({ last_status_code: 302, attempts: 4 })
    expect(log.last_error).toContain('redirect')
    expect(elsewhere.requests).toHaveLength(0)
  })

  it('Retry-After longer than the schedule is honoured', async () => {
    const target = await receiver((_request, index, response) =>
      index === 0 ? response.writeHead(503, { 'retry-after': '1' }).end() : response.writeHead(200).end(),
    )
    const formId = await formWithHook(target.url)
    await submit(formId)
    await target.waitFor((requests) => requests.length >= 2)
    const [first, second] = target.requests
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(900)
  })

  it('Retry-After as an HTTP date is honoured too (and shown as next_attempt_at)', async () => {
    const target = await receiver((_request, _index, response) =>
      response.writeHead(503, { 'retry-after': new Date(Date.now() + 120_000).toUTCString() }).end(),
    )
    const formId = await formWithHook(target.url)
    await submit(formId)
    await target.waitFor((requests) => requests.length >= 1)
    let log: { items: { attempts: number; next_attempt_at: string | null }[] } = { items: [] }
    await waitUntil(async () => {
      log = (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/webhooks/hook/deliveries` })).json()
      return log.items[0]?.attempts === 1
    })
    const next = Date.parse(log.items[0]?.next_attempt_at ?? '')
    // The schedule alone would retry after 0.05 s; the date asks for about two minutes.
    expect(next - Date.now()).toBeGreaterThan(100_000)
    expect(next - Date.now()).toBeLessThan(125_000)
    expect(target.requests).toHaveLength(1)
  })

  it('disabled webhooks and webhooks without form_response get no events; every enabled one gets its own', async () => {
    const a = await receiver()
    const b = await receiver()
    const off = await receiver()
    const unsubscribed = await receiver()
    const formId = await formWithHook(a.url, {}, 'a')
    const put = (tag: string, payload: object) =>
      ctx.request({ method: 'PUT', url: `/v1/forms/${formId}/webhooks/${tag}`, payload })
    expect((await put('b', { url: b.url })).statusCode).toBe(201)
    expect((await put('off', { url: off.url, enabled: false })).statusCode).toBe(201)
    expect(
      (await put('quiet', { url: unsubscribed.url, event_types: { form_response: false } })).statusCode,
    ).toBe(201)
    await submit(formId)
    await a.waitFor((requests) => requests.length >= 1)
    await b.waitFor((requests) => requests.length >= 1)
    const eventA = JSON.parse(a.requests[0]?.body ?? '')
    const eventB = JSON.parse(b.requests[0]?.body ?? '')
    expect(eventA.event_id).toBe(eventB.event_id)
    expect(a.requests[0]?.headers['webhook-id']).not.toBe(b.requests[0]?.headers['webhook-id'])
    expect(await deliveries(formId, 'off')).toEqual([])
    expect(await deliveries(formId, 'quiet')).toEqual([])
    expect(off.requests).toHaveLength(0)
    expect(unsubscribed.requests).toHaveLength(0)
  })

  it('the body is the event header and the response exactly as listed, byte for byte', async () => {
    const target = await receiver()
    const formId = await formWithHook(target.url, { secret })
    await submit(formId, 'é "quoted" \\ \u2028 </script> 😀')
    await target.waitFor((requests) => requests.length >= 1)
    const body = target.requests[0]?.body ?? ''
    const listed = (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses` })).json()
      .items[0]
    const { event_id, event_type, created_at } = JSON.parse(body)
    expect(body).toBe(
      JSON.stringify({
        event_id,
        event_type,
        created_at,
        form_response: { form_id: formId, ...listed, ending: null },
      }),
    )
    expect(listed.hidden).toEqual([{ name: 'k', value: 'é "quoted" \\ \u2028 </script> 😀' }])
  })

  it('test sends a ping through the same path; redeliver sends the event again with the same webhook-id', async () => {
    const target = await receiver()
    const formId = await formWithHook(target.url, { secret }, 'pinged')
    const ping = await ctx.request({ method: 'POST', url: `/v1/forms/${formId}/webhooks/pinged/test` })
    expect(ping.statusCode).toBe(202)
    const queued = ping.json().delivery
    expect(queued).toEqual({
      id: expect.stringMatching(/^dlv_/),
      event_id: expect.stringMatching(/^evt_/),
      status: 'pending',
      attempts: 0,
      last_status_code: null,
      last_error: null,
      next_attempt_at: queued.created_at,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
      delivered_at: null,
    })
    await target.waitFor((requests) => requests.length >= 1)
    expect(target.requests[0]?.headers['webhook-id']).toBe(queued.id)
    const event = JSON.parse(target.requests[0]?.body ?? '')
    expect(event).toEqual({
      event_id: ping.json().delivery.event_id,
      event_type: 'ping',
      created_at: expect.any(String),
      webhook: { form_id: formId, tag: 'pinged' },
    })
    expect(
      new Webhook(secret).verify(target.requests[0]?.body ?? '', headersOf(target.requests[0] as never)),
    ).toBeTruthy()
    await waitForValue(async () =>
      (await deliveries(formId, 'pinged'))[0]?.status === 'succeeded' ? true : undefined,
    )

    const deliveryId = ping.json().delivery.id
    const again = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${formId}/webhooks/pinged/deliveries/${deliveryId}/redeliver`,
      payload: {},
    })
    expect(again.statusCode).toBe(202)
    expect(again.json().delivery).toMatchObject({ id: deliveryId, status: 'pending' })
    await target.waitFor((requests) => requests.length >= 2)
    expect(target.requests[1]?.headers['webhook-id']).toBe(deliveryId)
    expect(target.requests[1]?.body).toBe(target.requests[0]?.body)
    const [log] = await waitForValue(async () => {
      const items = await deliveries(formId, 'pinged')
      return items[0]?.status === 'succeeded' && items[0]?.attempts === 2 ? items : undefined
    })
    expect(log.id).toBe(deliveryId)
    expect(log.created_at).toBe(queued.created_at)

    const withBody = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${formId}/webhooks/pinged/test`,
      payload: { extra: 1 },
    })
    expect(withBody.statusCode).toBe(400)
  })

  it('the delivery log pages newest first', async () => {
    const target = await receiver()
    const formId = await formWithHook(target.url)
    for (let index = 0; index < 3; index++) await submit(formId, String(index))
    const page = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${formId}/webhooks/hook/deliveries?page_size=2`,
    })
    expect(page.json()).toMatchObject({ page: '1', page_size: '2' })
    expect(page.json().items).toHaveLength(2)
    expect(page.headers.link).toContain('rel="next"')
    const all = await deliveries(formId)
    const created = all.map((item: { created_at: string }) => item.created_at)
    expect(created).toEqual([...created].sort().reverse())
    expect(
      (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/webhooks/hook/deliveries?page=0` }))
        .statusCode,
    ).toBe(400)
    expect(
      (
        await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/webhooks/hook/deliveries?page=9` })
      ).json().items,
    ).toEqual([])
  })

  it('metrics count attempts and show the queue depth', async () => {
    const metrics = await ctx.request({ method: 'GET', url: '/metrics', token: null })
    expect(metrics.statusCode).toBe(200)
    expect(metrics.body).toMatch(/canvass_webhook_delivery_attempts_total \d+/)
    expect(metrics.body).toContain('canvass_webhook_deliveries_succeeded_total')
    expect(metrics.body).toContain('canvass_webhook_delivery_failures_total{final="true"}')
    expect(metrics.body).toContain('canvass_webhook_delivery_duration_seconds_bucket')
    expect(metrics.body).toMatch(/canvass_webhook_queue_depth \d+/)
  })
})
