import { afterAll, describe, expect, it } from 'vitest'
import { useTestContext } from '../support/context.js'
import { type Receiver, startReceiver, tinyForm } from '../support/receiver.js'

// Submissions take their ids (response, event, delivery) from a pool of random bytes refilled
// 256 ids at a time: across refills every id stays distinct and of the documented shape. Those ids
// begin with the time they were made (8 characters that sort as the time), then 128 random bits.

const ctx = useTestContext()
const receivers: Receiver[] = []
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()))
})

const idOf = (prefix: string) => new RegExp(`^${prefix}_[A-Za-z0-9_-]{30}$`)
const timeOf = (id: string) => id.slice(id.indexOf('_') + 1, id.indexOf('_') + 9)

describe('ids made on submission', () => {
  it('are distinct and well-formed across more ids than one refill of the pool', async () => {
    const receiver = await startReceiver()
    receivers.push(receiver)
    const form = await ctx.request({ method: 'POST', url: '/v1/forms', payload: tinyForm })
    const formId = form.json().id
    const put = await ctx.request({
      method: 'PUT',
      url: `/v1/forms/${formId}/webhooks/hook`,
      payload: { url: receiver.url },
    })
    expect(put.statusCode, put.body).toBe(201)

    // 150 submissions make 450 ids (response, event, delivery): the pool refills in between.
    const responseIds: string[] = []
    for (let index = 0; index < 150; index++) {
      const response = await ctx.request({
        method: 'POST',
        url: `/v1/forms/${formId}/responses`,
        payload: { answers: { n: index % 11 } },
      })
      expect(response.statusCode, response.body).toBe(201)
      responseIds.push(response.json().id)
    }
    const log = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${formId}/webhooks/hook/deliveries?page_size=200`,
    })
    expect(log.statusCode, log.body).toBe(200)
    const deliveries: { id: string; event_id: string }[] = log.json().items
    expect(deliveries).toHaveLength(150)
    const all = [...responseIds, ...deliveries.map((d) => d.id), ...deliveries.map((d) => d.event_id)]
    expect(new Set(all).size).toBe(450)
    for (const id of responseIds) expect(id).toMatch(idOf('rsp'))
    // Made one after another: their time parts never go backwards, so the keys are written together.
    const times = responseIds.map(timeOf)
    expect(times).toEqual([...times].sort())
    expect(new Set(responseIds.map((id) => id.slice(-22))).size, 'random parts').toBe(150)
    for (const { id, event_id } of deliveries) {
      expect(id).toMatch(idOf('dlv'))
      expect(event_id).toMatch(idOf('evt'))
    }
  })
})
