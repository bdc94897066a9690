import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queueEvent } from '../../src/domain/webhooks/deliveries/queue.js'
import { DeliverySignal } from '../../src/domain/webhooks/signal.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { type Receiver, startReceiver, webhookOfNewForm } from '../support/receiver.js'

// Queued deliveries are announced to this process's worker only once their transaction has
// committed: a worker woken earlier would find nothing, and a rolled-back one announces nothing.

let ctx: TestContext
let receiver: Receiver

beforeAll(async () => {
  ctx = await createTestContext()
  receiver = await startReceiver()
})
afterAll(async () => {
  await receiver?.close()
  await ctx?.close()
})

const deliveriesOf = async (webhookId: string) =>
  (
    await ctx.database.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('webhook_id', '=', webhookId)
      .execute()
  ).length

describe('the queued-delivery signal', () => {
  it('is not sent by a transaction that rolls back', async () => {
    const { webhook } = await webhookOfNewForm(ctx, receiver)
    const signal = new DeliverySignal()
    let heard = 0
    signal.subscribe(() => heard++)
    await expect(
      ctx.database.transaction(async (trx) => {
        await queueEvent(trx, ctx.clock, signal, [webhook.id], 'ping', (header) => JSON.stringify(header))
        throw new Error('changed our mind')
      }),
    ).rejects.toThrow('changed our mind')
    expect(heard).toBe(0)
    expect(await deliveriesOf(webhook.id)).toBe(0)
  })

  it('is sent once the transaction has committed, when the rows can be seen', async () => {
    const { webhook } = await webhookOfNewForm(ctx, receiver)
    const signal = new DeliverySignal()
    let heard = 0
    const seen: Promise<number>[] = []
    signal.subscribe(() => {
      heard++
      // What a worker woken now would find (on PostgreSQL through another pooled connection).
      seen.push(deliveriesOf(webhook.id))
    })
    await ctx.database.transaction(async (trx) => {
      await queueEvent(trx, ctx.clock, signal, [webhook.id], 'ping', (header) => JSON.stringify(header))
      expect(heard, 'announced before commit').toBe(0)
    })
    expect(heard).toBe(1)
    expect(await Promise.all(seen)).toEqual([1])
  })

  it('wakes the worker: a submission is delivered long before the next poll', async () => {
    const { formId } = await webhookOfNewForm(ctx, receiver)
    const worker = ctx.startWorker({
      pollMs: 600_000,
    })
    try {
      const posted = await ctx.request({
        method: 'POST',
        url: `/v1/forms/${formId}/responses`,
        payload: { answers: { n: 3 } },
      })
      expect(posted.statusCode).toBe(201)
      const responseId = posted.json().id
      await receiver.waitFor(
        (requests) => requests.some((request) => JSON.parse(request.body).form_response?.id === responseId),
        10_000,
      )
    } finally {
      await worker.stop()
    }
  })
})
