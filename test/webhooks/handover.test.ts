import type { ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queueEvent } from '../../src/domain/webhooks/deliveries/queue.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { type Receiver, startReceiver, webhookOfNewForm } from '../support/receiver.js'

// Deliveries this process queues go to its own worker without a claim (src/delivery/handover.ts):
// leased to it in the INSERT that queues them, started once their transaction commits. A
// transaction that rolls back gives the room it set aside back.

let ctx: TestContext
let receiver: Receiver
const held: ServerResponse[] = []

beforeAll(async () => {
  ctx = await createTestContext()
  // Holds every request until the test answers it, so an attempt stays under way.
  receiver = await startReceiver((_request, _index, response) => held.push(response))
})
afterAll(async () => {
  for (const response of held.splice(0)) response.writeHead(200).end()
  await receiver?.close()
  await ctx?.close()
})

/** A worker that takes hand-overs: on SQLite it first voids what a crashed run left leased. */
async function startWorker(options: Parameters<TestContext['startWorker']>[0]) {
  const worker = ctx.startWorker(options)
  await expect.poll(() => ctx.deliverySignal.local).toBeDefined()
  return worker
}

const deliveriesOf = (webhookId: string) =>
  ctx.database.db
    .selectFrom('webhook_deliveries')
    .select(['id', 'status', 'lease_expires_at'])
    .where('webhook_id', '=', webhookId)
    .orderBy('created_at')
    .execute()

describe('deliveries handed to this process worker', () => {
  it('are leased in the insert that queues them, and delivered once, with no poll', async () => {
    // A poll a minute away: only the hand-over can start the attempt within the test.
    const worker = await startWorker({ pollMs: 60_000 })
    const { formId, webhook } = await webhookOfNewForm(ctx, receiver)
    const submitted = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${formId}/responses`,
      payload: { answers: { n: 7 } },
    })
    expect(submitted.statusCode, submitted.body).toBe(201)
    const [queued] = await deliveriesOf(webhook.id)
    expect(queued?.status).toBe('pending')
    expect(queued?.lease_expires_at, 'leased when queued').not.toBeNull()

    await receiver.waitFor((requests) => requests.length === 1)
    expect(receiver.requests[0]?.headers['webhook-id']).toBe(queued?.id)
    expect(JSON.parse(receiver.requests[0]?.body ?? '{}').form_response.id).toBe(submitted.json().id)
    for (const response of held.splice(0)) response.writeHead(200).end()
    await expect.poll(async () => (await deliveriesOf(webhook.id))[0]?.status).toBe('succeeded')
    expect(receiver.requests).toHaveLength(1)
    await worker.stop()
  })

  it('have the room set aside by a transaction that rolled back given back', async () => {
    const worker = await startWorker({ pollMs: 60_000 })
    const { webhook } = await webhookOfNewForm(ctx, receiver)
    const other = await webhookOfNewForm(ctx, receiver)
    const events = (count: number) => Array.from({ length: count }, () => JSON.stringify)
    // More events than the worker takes at once: a rollback that kept its room would leave none.
    for (let round = 0; round < 3; round++) {
      await expect(
        ctx.database.transaction(async (trx) => {
          for (const payload of events(300))
            await queueEvent(trx, ctx.clock, ctx.deliverySignal, [webhook.id], 'ping', payload)
          throw new Error('changed our mind')
        }),
      ).rejects.toThrow('changed our mind')
    }
    expect(await deliveriesOf(webhook.id)).toEqual([])
    await ctx.database.transaction((trx) =>
      queueEvent(trx, ctx.clock, ctx.deliverySignal, [other.webhook.id], 'ping', JSON.stringify),
    )
    const [queued] = await deliveriesOf(other.webhook.id)
    expect(queued?.lease_expires_at, 'leased when queued').not.toBeNull()
    await receiver.waitFor((requests) => requests.some((r) => r.headers['webhook-id'] === queued?.id))
    for (const response of held.splice(0)) response.writeHead(200).end()
    await worker.stop()
  })

  it('waiting for a slot when the worker stops are given up, and another worker delivers them at once', async () => {
    const { formId, webhook } = await webhookOfNewForm(ctx, receiver)
    // One attempt at a time to this webhook: the other two wait in the worker.
    const first = await startWorker({ pollMs: 60_000, perWebhook: 1 })
    const before = receiver.requests.length
    for (const n of [1, 2, 3]) {
      const submitted = await ctx.request({
        method: 'POST',
        url: `/v1/forms/${formId}/responses`,
        payload: { answers: { n } },
      })
      expect(submitted.statusCode, submitted.body).toBe(201)
    }
    await receiver.waitFor((requests) => requests.length === before + 1)
    const stopped = first.stop()
    for (const response of held.splice(0)) response.writeHead(200).end()
    await stopped
    const waiting = (await deliveriesOf(webhook.id)).filter((row) => row.status === 'pending')
    expect(waiting, 'one delivered, two waiting').toHaveLength(2)
    expect(
      waiting.map((row) => row.lease_expires_at),
      'leases given up',
    ).toEqual([null, null])

    receiver.respond = (_request, _index, response) => response.writeHead(200).end()
    await startWorker({ pollMs: 60_000 })
    await expect
      .poll(async () => (await deliveriesOf(webhook.id)).map((row) => row.status))
      .toEqual(['succeeded', 'succeeded', 'succeeded'])
    expect(receiver.requests.length - before).toBe(3)
  })
})
