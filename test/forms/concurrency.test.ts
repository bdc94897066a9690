import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../src/db/database.js'
import { submitResponse } from '../../src/domain/forms/responses/store.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { createForm, submit, tinyForm } from './fixtures.js'

let ctx: TestContext
let second: Database
beforeAll(async () => {
  ctx = await createTestContext()
  // A second connection pool to the same database, as a second process would have.
  second = openDatabase(ctx.testDatabase.config)
})
afterAll(async () => {
  await second.close()
  await ctx.close()
})

describe('concurrent submissions to one form', () => {
  it('keep positions gap-free and the order consistent with submission times', async () => {
    const formId = await createForm(ctx, tinyForm)
    const n = 40
    const results = await Promise.all([
      ...Array.from({ length: n }, (_, i) =>
        submit(ctx, formId, { answers: { n: i % 11 } }).then((r) => r.json().id as string),
      ),
      ...Array.from({ length: n }, (_, i) =>
        submitResponse(second, ctx.clock, ctx.deliverySignal, ctx.workspaceId, formId, {
          answers: { n: i % 11 },
        }).then((r) => r?.item.id as string),
      ),
    ])
    expect(new Set(results).size).toBe(2 * n)

    const rows = await ctx.database.db
      .selectFrom('responses')
      .select(['id', 'seq', 'submitted_at'])
      .where('form_id', '=', formId)
      .orderBy('seq', 'asc')
      .execute()
    expect(rows.map((row) => Number(row.seq))).toEqual(Array.from({ length: 2 * n }, (_, i) => i + 1))
    const times = rows.map((row) => Number(row.submitted_at))
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1] as number)

    const all = (
      await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses?page_size=1000` })
    ).json()
    expect(all.items.map((item: { id: string }) => item.id)).toEqual(rows.map((row) => row.id).reverse())
    const paged: string[] = []
    for (let page = 1; page <= 12; page++) {
      const body = (
        await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses?page=${page}&page_size=7` })
      ).json()
      paged.push(...body.items.map((item: { id: string }) => item.id))
    }
    expect(paged).toEqual(all.items.map((item: { id: string }) => item.id))
    const form = (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })).json()
    expect(form.response_count).toBe(2 * n)
  })
})
