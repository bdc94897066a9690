import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'
import { createFixtures, type Fixtures, formDefinition, submission, viaInject } from './support/fixtures.js'
import { problemDefect } from './support/problem.js'

// Conflicting requests at the same moment: creating one thing twice, deleting one thing
// twice, deleting what others are writing into. Never a 5xx (a unique violation caused by a
// race is the caller's conflict, not a bug), and exactly one winner where there can be one.

let ctx: TestContext
let fixtures: Fixtures

beforeAll(async () => {
  ctx = await createTestContext()
  fixtures = await createFixtures(viaInject(ctx), ctx.token)
})

afterAll(() => ctx?.close())

type Send = () => ReturnType<TestContext['request']>

async function race(count: number, make: (index: number) => Send): Promise<Record<number, number>> {
  const answers = await Promise.all(Array.from({ length: count }, (_, index) => make(index)()))
  const statuses: Record<number, number> = {}
  for (const answer of answers) {
    expect(answer.statusCode, answer.body.slice(0, 300)).toBeLessThan(500)
    if (answer.statusCode >= 400) expect(problemDefect(answer)).toBeUndefined()
    statuses[answer.statusCode] = (statuses[answer.statusCode] ?? 0) + 1
  }
  return statuses
}

describe(`races on ${testBackend}`, () => {
  it('ten PUTs of one new webhook tag: one creates, the others update', async () => {
    const form = fixtures.params['form_id']
    const statuses = await race(
      10,
      () => () =>
        ctx.request({
          method: 'PUT',
          url: `/v1/forms/${form}/webhooks/race`,
          payload: { url: 'http://127.0.0.1:9/x' },
        }),
    )
    expect(statuses).toEqual({ 200: 9, 201: 1 })
  })

  it('the same resource deleted five times at once: one 204, four 404', async () => {
    const form = fixtures.params['form_id']
    for (const url of [`/v1/forms/${form}/webhooks/race`, `/v1/contacts/${fixtures.params['contact_id']}`]) {
      expect(await race(5, () => () => ctx.request({ method: 'DELETE', url }))).toEqual({ 204: 1, 404: 4 })
    }
  })

  it('whole-form PUTs, submissions, redeliveries and pings side by side', async () => {
    const form = fixtures.params['form_id']
    const statuses = await race(40, (index) => {
      switch (index % 4) {
        case 0:
          return () => ctx.request({ method: 'PUT', url: `/v1/forms/${form}`, payload: formDefinition })
        case 1:
          return () =>
            ctx.request({
              method: 'POST',
              url: `/v1/forms/${form}/responses`,
              payload: submission(`race-${index}`),
            })
        case 2:
          return () =>
            ctx.request({
              method: 'POST',
              url: `/v1/forms/${form}/webhooks/reliability/deliveries/${fixtures.params['delivery_id']}/redeliver`,
            })
        default:
          return () => ctx.request({ method: 'POST', url: `/v1/forms/${form}/webhooks/reliability/test` })
      }
    })
    expect(statuses).toEqual({ 200: 10, 201: 10, 202: 20 })
  })

  it('bulk adds of one address, with and without one Idempotency-Key, while the list is deleted', async () => {
    const list = fixtures.params['list_id']
    const bulk = (email: string, key?: string) => () =>
      ctx.request({
        method: 'POST',
        url: '/v1/contacts/bulk',
        ...(key ? { headers: { 'idempotency-key': key } } : {}),
        payload: { list_id: list, contacts: [{ email }] },
      })
    expect(await race(10, () => bulk('same@example.com'))).toEqual({ 201: 10 })
    expect(await race(10, () => bulk('keyed@example.com', 'race-key'))).toEqual({ 201: 10 })
    const statuses = await race(10, (index) =>
      index === 3
        ? () => ctx.request({ method: 'DELETE', url: `/v1/contact-lists/${list}` })
        : bulk(`during-${index}@example.com`),
    )
    expect(statuses[204]).toBe(1)
  })

  it('submissions while their form is deleted: each stored or refused as not found', async () => {
    const form = fixtures.params['form_id']
    const statuses = await race(12, (index) =>
      index === 5
        ? () => ctx.request({ method: 'DELETE', url: `/v1/forms/${form}` })
        : () =>
            ctx.request({
              method: 'POST',
              url: `/v1/forms/${form}/responses`,
              payload: submission(`gone-${index}`),
            }),
    )
    expect(statuses[204]).toBe(1)
    expect((statuses[201] ?? 0) + (statuses[404] ?? 0)).toBe(11)
    const after = await ctx.request({ method: 'GET', url: `/v1/forms/${form}/responses` })
    expect(after.statusCode).toBe(404)
  })
})
