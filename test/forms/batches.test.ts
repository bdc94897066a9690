import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/db/database.js'
import { SubmissionBatches } from '../../src/domain/forms/batches.js'
import { NotAcceptingError } from '../../src/shared/forms/settings.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { createForm, submit, tinyForm } from './fixtures.js'

// Group commit (src/domain/forms/batches.ts): submissions that arrive together share one
// transaction, and each still gets its own answer.

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

/** The test database, counting the transactions run on it. */
function counting(database: Database): { database: Database; transactions: () => number } {
  let transactions = 0
  return {
    database: {
      ...database,
      transaction(fn) {
        transactions++
        return database.transaction(fn)
      },
    },
    transactions: () => transactions,
  }
}

/** Each promise's value, or the error it failed with. */
const settled = <T>(promises: Promise<T>[]) =>
  Promise.all(
    promises.map((promise) =>
      promise.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      ),
    ),
  )

async function positions(formId: string) {
  const rows = await ctx.database.db
    .selectFrom('responses')
    .select(['id', 'seq', 'submitted_at'])
    .where('form_id', '=', formId)
    .orderBy('seq', 'asc')
    .execute()
  return rows.map((row) => ({ id: row.id, seq: Number(row.seq), at: Number(row.submitted_at) }))
}

describe('submissions that arrive together', () => {
  it('share one transaction; the invalid ones are refused alone and leave no gap', async () => {
    const formId = await createForm(ctx, tinyForm)
    const hook = await ctx.request({
      method: 'PUT',
      url: `/v1/forms/${formId}/webhooks/batch`,
      payload: { url: 'http://127.0.0.1:9/hook', enabled: true },
    })
    expect(hook.statusCode).toBe(201)
    const { database, transactions } = counting(ctx.database)
    const batches = new SubmissionBatches(database, ctx.clock, ctx.deliverySignal, {})
    const invalid = new Set([2, 7])
    const results = await settled(
      Array.from({ length: 12 }, (_, index) =>
        batches.submit(ctx.workspaceId, formId, {
          answers: { n: invalid.has(index) ? 11 : index % 11 },
          hidden: { k: String(index) },
        }),
      ),
    )
    expect(transactions()).toBe(1)

    const stored = results.flatMap((result, index) =>
      'value' in result ? [{ index, item: result.value }] : [],
    )
    expect(stored.map(({ index }) => index)).toEqual([0, 1, 3, 4, 5, 6, 8, 9, 10, 11])
    for (const index of invalid) {
      const { error } = results[index] as { error: { kind: string; errors: unknown } }
      expect(error.kind).toBe('validation_failed')
      expect(error.errors).toEqual([{ path: '/answers/n', message: expect.any(String) }])
    }
    // In the order they came, at consecutive positions and strictly increasing times.
    const rows = await positions(formId)
    expect(rows.map((row) => row.id)).toEqual(stored.map(({ item }) => item?.item.id))
    expect(rows.map((row) => row.seq)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1))
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.at).toBeGreaterThan(rows[i - 1]?.at as number)
    for (const { item } of stored) {
      expect(item?.json).toBe(JSON.stringify(item?.item))
      expect(Date.parse(item?.item.submitted_at ?? '')).not.toBeNaN()
    }

    // One event per stored response, with that response in it; insights count the same.
    const deliveries = await ctx.database.db
      .selectFrom('webhook_deliveries')
      .select(['payload', 'created_at'])
      .orderBy('created_at', 'asc')
      .execute()
    expect(deliveries.map((row) => JSON.parse(row.payload).form_response.id)).toEqual(
      rows.map((row) => row.id),
    )
    const insights = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/insights` })
    expect(insights.json().responses).toBe(10)
    const form = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })
    expect(form.json().response_count).toBe(10)

    // The next submission continues where the batch ended.
    const next = await submit(ctx, formId, { answers: { n: 1 } })
    expect(next.statusCode).toBe(201)
    expect((await positions(formId)).map((row) => row.seq)).toEqual(
      Array.from({ length: 11 }, (_, i) => i + 1),
    )
  })

  it('are answered one by one over HTTP, each with its own status', async () => {
    const formId = await createForm(ctx, tinyForm)
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        submit(ctx, formId, { answers: { n: index % 3 === 0 ? 'x' : 5 } }),
      ),
    )
    const statuses = answers.map((response) => response.statusCode)
    expect(statuses).toEqual(Array.from({ length: 20 }, (_, index) => (index % 3 === 0 ? 400 : 201)))
    for (const response of answers.filter((each) => each.statusCode === 400)) {
      expect(response.json()).toMatchObject({ code: 'validation_failed', errors: [{ path: '/answers/n' }] })
    }
    const listed = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${formId}/responses?sort=submitted_at,asc`,
    })
    // Concurrent requests have no order among themselves (on a loaded machine the batcher may take
    // them in any): the listing holds exactly the stored ones, in the order they were stored.
    const stored = answers.filter((each) => each.statusCode === 201).map((each) => each.json().id)
    const items: { id: string; submitted_at: string }[] = listed.json().items
    expect(items.map((item) => item.id).sort()).toEqual([...stored].sort())
    const times = items.map((item) => item.submitted_at)
    expect(times).toEqual([...times].sort())
  })

  it('are tried again one by one when their transaction fails, so only the failing one fails', async () => {
    const formId = await createForm(ctx, {
      ...tinyForm,
      questions: [...tinyForm.questions, { id: 't', title: 'T', type: 'short_text' }],
    })
    // A database that refuses one response (a real failure of the whole transaction it is in).
    const postgres = ctx.database.dialect === 'postgres'
    if (postgres) {
      await sql`create function refuse_poison() returns trigger language plpgsql as $$
        begin
          if new.item_json like '%poison%' then raise exception 'poisoned response'; end if;
          return new;
        end $$`.execute(ctx.database.db)
      await sql`create trigger refuse_poison before insert on responses
        for each row execute function refuse_poison()`.execute(ctx.database.db)
    } else {
      await sql`create trigger refuse_poison before insert on responses
        when new.item_json like '%poison%'
        begin select raise(abort, 'poisoned response'); end`.execute(ctx.database.db)
    }
    try {
      const { database, transactions } = counting(ctx.database)
      const batches = new SubmissionBatches(database, ctx.clock, ctx.deliverySignal, {})
      const results = await settled(
        ['a', 'b', 'poison', 'c', 'd'].map((t) =>
          batches.submit(ctx.workspaceId, formId, { answers: { t } }),
        ),
      )
      // The batch, then each alone.
      expect(transactions()).toBe(6)
      expect(results.map((result) => 'value' in result)).toEqual([true, true, false, true, true])
      expect(String((results[2] as { error: Error }).error.message)).toContain('poisoned response')
      const rows = await positions(formId)
      expect(rows.map((row) => row.seq)).toEqual([1, 2, 3, 4])
      expect(rows.map((row) => row.id)).toEqual(
        results.flatMap((result) => ('value' in result ? [result.value?.item.id] : [])),
      )
    } finally {
      await sql`drop trigger refuse_poison ${postgres ? sql`on responses` : sql``}`.execute(ctx.database.db)
    }
  })

  it('to a public form never overshoot max_responses; invalid ones take no place', async () => {
    const formId = await createForm(ctx, { ...tinyForm, settings: { public: true, max_responses: 3 } })
    const { database, transactions } = counting(ctx.database)
    const batches = new SubmissionBatches(database, ctx.clock, ctx.deliverySignal, { public: true })
    const results = await settled(
      [11, 1, 11, 2, 3, 4, 5, 11].map((n) => batches.submit(ctx.workspaceId, formId, { answers: { n } })),
    )
    expect(transactions()).toBe(1)
    const outcome = (result: (typeof results)[number]) => {
      if ('value' in result) return 'stored'
      if (result.error instanceof NotAcceptingError) return result.error.reason
      return (result.error as { kind: string }).kind
    }
    expect(results.map(outcome)).toEqual([
      'validation_failed',
      'stored',
      'validation_failed',
      'stored',
      'stored',
      'closed',
      'closed',
      'closed',
    ])
    expect((await positions(formId)).map((row) => row.seq)).toEqual([1, 2, 3])
  })

  it('share a transaction 32 at a time, and about a MiB of requests at a time', async () => {
    const formId = await createForm(ctx, tinyForm)
    const { database, transactions } = counting(ctx.database)
    const batches = new SubmissionBatches(database, ctx.clock, ctx.deliverySignal, {})
    const many = Array.from({ length: 40 }, () =>
      batches.submit(ctx.workspaceId, formId, { answers: { n: 1 } }),
    )
    expect((await Promise.all(many)).every((stored) => stored !== undefined)).toBe(true)
    expect(transactions()).toBe(2)
    // Three requests of 600 KiB: no two fit in a MiB.
    const large = [0, 1, 2].map(() =>
      batches.submit(ctx.workspaceId, formId, { answers: { n: 2 } }, 600 * 1024),
    )
    expect((await Promise.all(large)).every((stored) => stored !== undefined)).toBe(true)
    expect(transactions()).toBe(5)
    expect((await positions(formId)).map((row) => row.seq)).toEqual(
      Array.from({ length: 43 }, (_, i) => i + 1),
    )
  })

  it('that are all refused change nothing', async () => {
    const formId = await createForm(ctx, tinyForm)
    expect((await submit(ctx, formId, { answers: { n: 3 } })).statusCode).toBe(201)
    const formRow = () => ctx.database.db.selectFrom('forms').selectAll().where('id', '=', formId).execute()
    const before = await formRow()
    const batches = new SubmissionBatches(ctx.database, ctx.clock, ctx.deliverySignal, {})
    const results = await settled(
      [11, 12].map((n) => batches.submit(ctx.workspaceId, formId, { answers: { n } })),
    )
    expect(results.every((result) => 'error' in result)).toBe(true)
    expect(await formRow()).toEqual(before)
  })

  it('to an unknown form are answered as such', async () => {
    const batches = new SubmissionBatches(ctx.database, ctx.clock, ctx.deliverySignal, {})
    const results = await Promise.all([
      batches.submit(ctx.workspaceId, 'frm_unknown', { answers: {} }),
      batches.submit(ctx.otherWorkspaceId, await createForm(ctx, tinyForm), { answers: {} }),
    ])
    expect(results).toEqual([undefined, undefined])
  })
})
