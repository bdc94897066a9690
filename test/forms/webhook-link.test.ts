import { describe, expect, it } from 'vitest'
import { useTestContext } from '../support/context.js'
import { createForm, submit, submitMany, tinyForm } from './fixtures.js'

// Where forms meet webhooks: every stored response queues an event, and deleting a form takes
// its webhooks with it. (Delivery itself is tested with the webhooks.)

const ctx = useTestContext()

const addWebhook = (formId: string, tag: string) =>
  ctx.request({
    method: 'PUT',
    url: `/v1/forms/${formId}/webhooks/${tag}`,
    payload: { url: 'http://127.0.0.1:9/hook' },
  })

describe('forms and webhooks', () => {
  it('queues one delivery per stored response, and none for a refused one', async () => {
    const formId = await createForm(ctx, tinyForm)
    expect((await addWebhook(formId, 'hook')).statusCode).toBe(201)
    await submitMany(ctx, formId, 2)
    expect((await submit(ctx, formId, { answers: { n: 11 } })).statusCode).toBe(400)
    const deliveries = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${formId}/webhooks/hook/deliveries`,
    })
    expect(deliveries.statusCode).toBe(200)
    expect(deliveries.json().items).toHaveLength(2)
  })

  it('deleting a form deletes its webhooks', async () => {
    const formId = await createForm(ctx, tinyForm)
    expect((await addWebhook(formId, 'gone')).statusCode).toBe(201)
    await submitMany(ctx, formId, 1)
    expect((await ctx.request({ method: 'DELETE', url: `/v1/forms/${formId}` })).statusCode).toBe(204)
    const left = await ctx.database.db
      .selectFrom('webhooks')
      .select('id')
      .where('form_id', '=', formId)
      .execute()
    expect(left).toEqual([])
  })
})
