import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, configFromEnv } from '../../src/config.js'
import { pruneFinishedDeliveries } from '../../src/domain/webhooks/attempts.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { tinyForm } from '../support/receiver.js'
import { waitUntil } from '../support/wait.js'

// Delivery history is bounded: the worker deletes finished deliveries older than
// CANVASS_DELIVERY_RETENTION_DAYS, with their attempts, in small batches; pending ones and
// recent ones stay.

const DAY_MICROS = 24 * 3600 * 1_000_000
let ctx: TestContext
let webhookId: string
let formId: string

beforeAll(async () => {
  ctx = await createTestContext({ deliveryRetentionDays: 30 })
  formId = (await ctx.request({ method: 'POST', url: '/v1/forms', payload: tinyForm })).json().id
  await ctx.request({
    method: 'PUT',
    url: `/v1/forms/${formId}/webhooks/r`,
    payload: { url: 'http://127.0.0.1:9/unused' },
  })
  webhookId = (
    await ctx.database.db
      .selectFrom('webhooks')
      .select('id')
      .where('form_id', '=', formId)
      .executeTakeFirstOrThrow()
  ).id
})
afterAll(async () => {
  await ctx?.close()
})

/** Deliveries as the worker leaves them, each with two attempts logged. */
async function insertDeliveries(
  prefix: string,
  count: number,
  status: 'pending' | 'succeeded' | 'failed',
  ageDays: number,
) {
  const createdAt = Date.now() * 1000 - ageDays * DAY_MICROS
  const ids = Array.from({ length: count }, (_, i) => `dlv_${prefix}_${i}`)
  for (let start = 0; start < count; start += 100) {
    const chunk = ids.slice(start, start + 100)
    await ctx.database.db
      .insertInto('webhook_deliveries')
      .values(
        chunk.map((id, i) => ({
          id,
          webhook_id: webhookId,
          event_id: `evt_${id}`,
          event_type: 'form_response',
          payload: '{}',
          status,
          attempts: 2,
          attempt_base: 0,
          manual: 0,
          last_status_code: status === 'pending' ? 500 : 200,
          last_error: null,
          // A pending one is due far in the future: the worker leaves it alone.
          next_attempt_at: status === 'pending' ? createdAt + 400 * DAY_MICROS : null,
          lease_expires_at: null,
          created_at: createdAt + start + i,
          delivered_at: status === 'succeeded' ? createdAt + 1000 : null,
        })),
      )
      .execute()
    await ctx.database.db
      .insertInto('webhook_delivery_attempts')
      .values(
        chunk.flatMap((id) =>
          [1, 2].map((number) => ({
            delivery_id: id,
            number,
            attempted_at: createdAt + number,
            duration_ms: 5,
            status_code: number === 1 ? 500 : 200,
            error: number === 1 ? 'HTTP 500' : null,
            response_excerpt: '',
          })),
        ),
      )
      .execute()
  }
}

const countWhere = async (
  table: 'webhook_deliveries' | 'webhook_delivery_attempts',
  column: string,
  like: string,
) =>
  Number(
    (
      await ctx.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where(column as 'id', 'like', like)
        .executeTakeFirstOrThrow()
    ).count,
  )

describe('delivery retention', () => {
  it('one pruning statement deletes at most its batch, oldest first', async () => {
    await insertDeliveries('batch', 5, 'failed', 60)
    const before = (Date.now() - 30 * 24 * 3600 * 1000) * 1000
    expect(await pruneFinishedDeliveries(ctx.database.db, before, 3)).toBe(3)
    expect(await countWhere('webhook_deliveries', 'id', 'dlv_batch_%')).toBe(2)
    expect(await pruneFinishedDeliveries(ctx.database.db, before, 3)).toBe(2)
    expect(await countWhere('webhook_delivery_attempts', 'delivery_id', 'dlv_batch_%')).toBe(0)
  })

  it('the worker deletes old finished deliveries and their attempts, batch after batch; pending and recent ones stay', async () => {
    await insertDeliveries('old_ok', 300, 'succeeded', 31)
    await insertDeliveries('old_failed', 150, 'failed', 45)
    await insertDeliveries('old_pending', 1, 'pending', 45)
    await insertDeliveries('recent', 2, 'succeeded', 29)
    const worker = ctx.startWorker({
      pollMs: 20,
      // Only batches that come full are followed at once: 450 rows need three in a row.
      pruneEveryMs: 600_000,
    })
    try {
      await waitUntil(async () => (await countWhere('webhook_deliveries', 'id', 'dlv_old_%')) === 1)
    } finally {
      await worker.stop()
    }
    expect(await countWhere('webhook_delivery_attempts', 'delivery_id', 'dlv_old_ok_%')).toBe(0)
    expect(await countWhere('webhook_delivery_attempts', 'delivery_id', 'dlv_old_failed_%')).toBe(0)
    expect(await countWhere('webhook_delivery_attempts', 'delivery_id', 'dlv_old_pending_%')).toBe(2)
    const list = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/webhooks/r/deliveries` })
    expect(
      list
        .json()
        .items.map((item: { id: string }) => item.id)
        .sort(),
    ).toEqual(['dlv_old_pending_0', 'dlv_recent_0', 'dlv_recent_1'])
    const kept = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${formId}/webhooks/r/deliveries/dlv_recent_0`,
    })
    expect(kept.json().delivery.attempt_log).toHaveLength(2)
  })

  it('is a setting of whole days, at least one', () => {
    expect(configFromEnv({}).deliveryRetentionDays).toBe(30)
    expect(configFromEnv({ CANVASS_DELIVERY_RETENTION_DAYS: '7' }).deliveryRetentionDays).toBe(7)
    for (const bad of ['0', '-3', '1.5', 'week']) {
      expect(() => configFromEnv({ CANVASS_DELIVERY_RETENTION_DAYS: bad })).toThrow(ConfigError)
    }
  })
})
