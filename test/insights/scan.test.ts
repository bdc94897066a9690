import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { formatTimestamp, parseTimestamp } from '../../src/clock.js'
import { migrateToLatest } from '../../src/db/migrate.js'
import { storeInTransaction } from '../../src/domain/forms/responses/store.js'
import { createForm } from '../forms/fixtures.js'
import { useTestContext } from '../support/context.js'
import { mailTables, undoTeam } from '../support/migrations.js'
import { deleteResponses, insightsOf } from './support.js'

// Responses counted one by one (an id list, a window's partial minutes) are read as their own
// figures (src/domain/insights/scan.ts): a page of rows at a time, large figures in batches
// within the list-memory budget, here its smallest (1 MiB). The figures stay exact, and a
// response stored before its own figures were kept is counted through a rebuild.

const ctx = useTestContext({ listMemory: 1024 * 1024 })

const npsForm = {
  title: 'Scanned',
  questions: [
    { id: 'nps', title: 'Recommend?', type: 'nps' },
    { id: 'again', title: 'Again?', type: 'yes_no' },
  ],
}

/** Stores submissions in one transaction, 1 µs apart from `at`; returns their ids in order. */
async function storeAt(formId: string, at: string, answers: Record<string, unknown>[]): Promise<string[]> {
  const micros = parseTimestamp(at) as number
  await sql`update forms set last_submitted_at = ${micros - 1} where id = ${formId}`.execute(ctx.database.db)
  const outcomes = await storeInTransaction(ctx.database, ctx.clock, ctx.deliverySignal, {
    workspaceId: ctx.workspaceId,
    formId,
    submissions: answers.map((given) => ({ answers: given })),
  })
  return (outcomes ?? []).map((outcome) => {
    if (!('stored' in outcome)) throw new Error(`refused: ${JSON.stringify(outcome.refused)}`)
    return outcome.stored.item.id
  })
}

const npsOf = (n: number) => n % 11
const distribution = (ns: number[]) => {
  const counts: Record<string, number> = Object.fromEntries(
    Array.from({ length: 11 }, (_, v) => [String(v), 0]),
  )
  for (const n of ns) counts[String(npsOf(n))] = (counts[String(npsOf(n))] ?? 0) + 1
  return counts
}
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i)

describe('responses counted one by one', () => {
  it('are read a page at a time: a partial minute of 600 responses and an id list of 600, exactly', async () => {
    const formId = await createForm(ctx, npsForm)
    const ids = await storeAt(
      formId,
      '2033-02-01T08:30:10Z',
      range(0, 600).map((n) => ({ nps: npsOf(n), again: n % 2 === 0 })),
    )
    const whole = await insightsOf(ctx, formId)
    expect(whole.responses).toBe(600)
    expect(await insightsOf(ctx, formId, `?included_response_ids=${ids.join(',')}`)).toEqual(whole)
    // Responses 100..499: the window's two edges are in the same minute, none of it whole.
    const at = (n: number) => formatTimestamp((parseTimestamp('2033-02-01T08:30:10Z') as number) + n)
    const window = await insightsOf(ctx, formId, `?since=${at(100)}&until=${at(499)}`)
    expect(window.responses).toBe(400)
    expect(window.questions[0]?.['distribution']).toEqual(distribution(range(100, 500)))
    expect(window.questions[1]).toMatchObject({ yes: 200, no: 200 })
    expect(window.timeline).toEqual([{ date: '2033-02-01', responses: 400 }])
    // The same responses named, some twice, with unknown ids and a window on top.
    const named = [...ids.slice(50, 550), ...ids.slice(100, 120), 'rsp_unknown']
    expect(
      await insightsOf(
        ctx,
        formId,
        `?included_response_ids=${named.join(',')}&since=${at(100)}&until=${at(499)}`,
      ),
    ).toEqual(window)
  })

  it('load figures larger than a page holds in batches, concurrent readers waiting for room', async () => {
    // 200 text answers make each response's own figures ~5 KB: loaded after the page, in batches.
    const texts = range(0, 200).map((n) => ({ id: `text_${n}`, title: `Text ${n}`, type: 'short_text' }))
    const formId = await createForm(ctx, { title: 'Wide', questions: [...npsForm.questions, ...texts] })
    const answers = range(0, 120).map((n) => ({
      nps: npsOf(n),
      ...Object.fromEntries(texts.map((text) => [text.id, `answer ${n}`])),
    }))
    const ids = await storeAt(formId, '2033-02-01T09:00:00.5Z', answers)
    const whole = await insightsOf(ctx, formId)
    const query = `?included_response_ids=${ids.join(',')}`
    const answered = await Promise.all(range(0, 10).map(() => insightsOf(ctx, formId, query)))
    for (const one of answered) expect(one).toEqual(whole)
    const window = await insightsOf(ctx, formId, '?since=2033-02-01T09:00:00.50001Z')
    expect(window.responses).toBe(110)
    expect(window.questions[0]?.['distribution']).toEqual(distribution(range(10, 120)))
    expect(window.questions[2]).toMatchObject({ id: 'text_0', answered: 110 })
  })
})

describe('responses stored before their own figures were kept', () => {
  async function seed() {
    const formId = await createForm(ctx, npsForm)
    const ids = await storeAt(
      formId,
      '2033-03-01T10:00:30Z',
      range(0, 40).map((n) => ({ nps: npsOf(n) })),
    )
    const query = `?included_response_ids=${ids.join(',')}`
    const window = '?since=2033-03-01T10:00:30.00001Z'
    const before = [await insightsOf(ctx, formId), await insightsOf(ctx, formId, query)]
    const windowBefore = await insightsOf(ctx, formId, window)
    expect(windowBefore.responses).toBe(30)
    // As the migration that introduced them leaves them: none, until a rebuild fills them.
    await ctx.database.db.deleteFrom('response_figures').where('response_id', 'in', ids).execute()
    const kept = async () =>
      (
        await ctx.database.db
          .selectFrom('response_figures')
          .select('response_id')
          .where('response_id', 'in', ids)
          .execute()
      ).length
    return { formId, ids, query, window, before, windowBefore, kept }
  }

  it('are counted after the rebuild a migration marks their form for', async () => {
    const { formId, query, window, before, windowBefore, kept } = await seed()
    await ctx.database.db.insertInto('insight_rebuilds').values({ form_id: formId }).execute()
    expect(await insightsOf(ctx, formId, window)).toEqual(windowBefore)
    expect(await kept()).toBe(40)
    expect([await insightsOf(ctx, formId), await insightsOf(ctx, formId, query)]).toEqual(before)
  })

  it('are counted when met unmarked (stored by an older version), and their deletion is exact', async () => {
    const { formId, ids, query, before, kept } = await seed()
    expect(await insightsOf(ctx, formId, query)).toEqual(before[1])
    expect(await kept()).toBe(40)
    await ctx.database.db.deleteFrom('response_figures').where('response_id', 'in', ids).execute()
    await deleteResponses(ctx, formId, ids.slice(0, 11))
    const after = await insightsOf(ctx, formId)
    expect(after.responses).toBe(29)
    expect(after.questions[0]?.['distribution']).toEqual(distribution(range(11, 40)))
    expect(await insightsOf(ctx, formId, query)).toEqual(after)
  })

  it('get them from the migration that introduced them, and the start-up rebuild it asks for', async () => {
    const { db } = ctx.database
    const formId = await createForm(ctx, npsForm)
    const ids = await storeAt(
      formId,
      '2033-04-01T10:00:30Z',
      range(0, 25).map((n) => ({ nps: npsOf(n) })),
    )
    const query = `?included_response_ids=${ids.join(',')}`
    const before = [await insightsOf(ctx, formId), await insightsOf(ctx, formId, query)]
    // The database as the version before left it (and without what later migrations added).
    await sql`drop table files`.execute(db)
    await sql`drop table response_figures`.execute(db)
    await sql`drop index sessions_token_id_created_at`.execute(db)
    await sql`drop table text_answers`.execute(db)
    await sql`alter table forms drop column last_response_at`.execute(db)
    await sql`drop table response_search`.execute(db)
    await sql`drop table drafts`.execute(db)
    for (const table of mailTables) await sql`drop table ${sql.table(table)}`.execute(db)
    await undoTeam(db)
    await sql`drop table funnel_entries`.execute(db)
    await sql`drop table funnel_counts`.execute(db)
    await sql`delete from kysely_migration where name >= '010'`.execute(db)
    expect(await migrateToLatest(ctx.database)).toEqual([
      '010_response_figures',
      '011_session_tokens',
      '012_last_response',
      '013_answer_insights',
      '014_response_search',
      '015_drafts',
      '016_funnel',
      '017_mail',
      '018_draft_recipients',
      '019_team',
      '020_files',
    ])
    const marked = await db.selectFrom('insight_rebuilds').select('form_id').execute()
    expect(marked.map((row) => row.form_id)).toContain(formId)
    await ctx.appContext.insights.rebuildPending()
    const kept = await db
      .selectFrom('response_figures')
      .select('response_id')
      .where('response_id', 'in', ids)
      .execute()
    expect(kept).toHaveLength(25)
    expect([await insightsOf(ctx, formId), await insightsOf(ctx, formId, query)]).toEqual(before)
  })
})
