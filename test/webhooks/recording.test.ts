import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeliveryWorker } from '../../src/delivery/worker.js'
import { claimDueDeliveries, recordSuccesses } from '../../src/domain/webhooks/deliveries/leases.js'
import { WebhookShares } from '../../src/domain/webhooks/shares.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { type Receiver, startReceiver, tinyForm } from '../support/receiver.js'
import { waitUntil } from '../support/wait.js'

// How attempts are recorded: successes finishing close together share one transaction, each
// still counted on its own; a success whose lease another worker took meanwhile is not recorded;
// a success after failures ends the webhook's failing streak.

let ctx: TestContext
let receiver: Receiver

beforeAll(async () => {
  ctx = await createTestContext({ webhookRetrySchedule: [0.05, 0.05], webhookTimeoutMs: 3000 })
  receiver = await startReceiver()
})
afterAll(async () => {
  await receiver?.close()
  await ctx?.close()
})

async function formWithWebhook(): Promise<string> {
  const formId = (await ctx.request({ method: 'POST', url: '/v1/forms', payload: tinyForm })).json().id
  const put = await ctx.request({
    method: 'PUT',
    url: `/v1/forms/${formId}/webhooks/t`,
    payload: { url: receiver.url },
  })
  expect(put.statusCode, put.body).toBe(201)
  return formId
}

async function submit(formId: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const posted = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${formId}/responses`,
      payload: { answers: { n: i % 11 } },
    })
    expect(posted.statusCode).toBe(201)
  }
}

async function deliveryLog(formId: string) {
  const log = await ctx.request({
    method: 'GET',
    url: `/v1/forms/${formId}/webhooks/t/deliveries?page_size=100`,
  })
  return log.json().items as { status: string; attempts: number; delivered_at: string | null }[]
}

describe('recording attempts', () => {
  let worker: DeliveryWorker | undefined
  afterAll(async () => {
    await worker?.stop()
  })

  it('a burst of successes is recorded once each: succeeded, one attempt, a delivery time', async () => {
    receiver.respond = (_request, _index, response) => response.writeHead(204).end()
    const formId = await formWithWebhook()
    await submit(formId, 40)
    worker = ctx.startWorker({
      pollMs: 50,
    })
    await waitUntil(async () => (await deliveryLog(formId)).every((item) => item.status === 'succeeded'))
    const items = await deliveryLog(formId)
    expect(items).toHaveLength(40)
    for (const item of items) {
      expect(item).toMatchObject({ status: 'succeeded', attempts: 1, last_status_code: 204 })
      expect(item.delivered_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/)
    }
    // One transaction, yet each row its own instant (docs/api.md#timestamps).
    expect(new Set(items.map((item) => item.delivered_at)).size).toBe(items.length)
    const ids = receiver.requests.map((request) => request.headers['webhook-id'])
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('a success after failures ends the failing streak', async () => {
    const formId = await formWithWebhook()
    let calls = 0
    receiver.respond = (_request, _index, response) => response.writeHead(++calls === 1 ? 503 : 200).end()
    await submit(formId, 1)
    await waitUntil(async () => (await deliveryLog(formId))[0]?.status === 'succeeded')
    expect((await deliveryLog(formId))[0]).toMatchObject({ attempts: 2, last_status_code: 200 })
    const webhook = await ctx.database.db
      .selectFrom('webhooks')
      .select('failing_since')
      .where('form_id', '=', formId)
      .executeTakeFirstOrThrow()
    expect(webhook.failing_since).toBeNull()
  })
})

describe('a success whose lease ran out', () => {
  it('is lost, not recorded, while the others of its batch are', async () => {
    const formId = await formWithWebhook()
    await submit(formId, 2)
    const claims = await claimDueDeliveries(ctx.database, ctx.clock, 10, 60_000_000, new WebhookShares(16))
    expect(claims).toHaveLength(2)
    const [taken, kept] = claims as [(typeof claims)[0], (typeof claims)[0]]
    // Another worker claimed it after our lease expired: its lease is a different one.
    await ctx.database.db
      .updateTable('webhook_deliveries')
      .set({ lease_expires_at: taken.lease + 1 })
      .where('id', '=', taken.delivery.id)
      .execute()
    const outcome = {
      ok: true,
      statusCode: 200,
      error: null,
      attemptedAt: Date.now() * 1000,
      durationMs: 3,
      responseExcerpt: '',
    }
    expect(
      await recordSuccesses(ctx.database, ctx.clock, [
        { claim: taken, outcome },
        { claim: kept, outcome },
      ]),
    ).toEqual(['lost', 'succeeded'])
    const rows = await ctx.database.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'status', 'attempts', 'lease_expires_at'])
      .where('id', 'in', [taken.delivery.id, kept.delivery.id])
      .execute()
    const byId = new Map(rows.map((row) => [row.id, row]))
    expect(byId.get(taken.delivery.id)).toMatchObject({
      status: 'pending',
      attempts: 0,
      lease_expires_at: taken.lease + 1,
    })
    expect(byId.get(kept.delivery.id)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      lease_expires_at: null,
    })
  })
})
