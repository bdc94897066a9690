import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatTimestamp, parseTimestamp } from '../../src/clock.js'
import { createForm } from '../forms/fixtures.js'
import { useTestContext } from '../support/context.js'
import { runCanvass } from '../support/process.js'
import { deleteResponses, insightsOf, submitAt } from './support.js'

// The maintained figures equal figures rebuilt from the responses, and figures read from the
// responses one by one, after any sequence of submissions, deletions and definition edits.

const ctx = useTestContext()

const labelsPool = ['Red', 'Green', 'Blue', 'Cyan', '__proto__']

function definitionOf(version: number) {
  const labels = labelsPool.filter((_, index) => (index + version) % 3 !== 0)
  return {
    title: `Property v${version}`,
    questions: [
      { id: 'nps', title: `NPS v${version}`, type: 'nps' },
      ...(version % 2 === 0 ? [{ id: 'num', title: 'Number', type: 'number' }] : []),
      {
        id: 'colours',
        title: 'Colours',
        type: 'multiple_choice',
        properties: { allow_multiple: true, choices: labels },
      },
      { id: 'yes', title: 'Yes?', type: 'yes_no' },
      { id: 'rate', title: 'Rate', type: 'rating', properties: { steps: version % 2 === 0 ? 5 : 3 } },
      { id: 'day', title: 'Day', type: 'date' },
    ],
    variables: [
      {
        name: 'v',
        initial: 0.1,
        calculations: [
          { op: 'add', question_id: 'nps' },
          { op: 'multiply', value: 1.7 },
        ],
      },
      ...(version % 3 === 0 ? [{ name: 'w', calculations: [{ op: 'set', value: version }] }] : []),
    ],
  }
}

function answersOf(version: number, seed: number) {
  const definition = definitionOf(version)
  const labels = (definition.questions[version % 2 === 0 ? 2 : 1]?.properties?.choices ?? []) as string[]
  const answers: Record<string, unknown> = {}
  if (seed % 5 !== 0) answers['nps'] = seed % 11
  // Mostly numbers close together (stored as one dense array), sometimes far apart (stored as
  // entries): figures.ts.
  if (version % 2 === 0 && seed % 3 !== 0) {
    answers['num'] =
      seed % 13 === 0 ? seed * 1_000_003 : seed % 11 === 0 ? -seed * 7_000_001 : (seed % 17) - 8
  }
  const picked = labels.filter((_, index) => (seed >> index) & 1)
  if (picked.length > 0) answers['colours'] = picked
  if (seed % 4 !== 0) answers['yes'] = seed % 2 === 0
  if (seed % 7 !== 0) answers['rate'] = 1 + (seed % (version % 2 === 0 ? 5 : 3))
  // A few days, often the same one (per-day counts: summary.ts).
  if (seed % 3 !== 1) answers['day'] = `2026-0${1 + (seed % 4)}-1${seed % 3}`
  return answers
}

const gaps = [1, 999_999, 30_000_000, 7 * 60_000_000, 3_599_000_000, 5 * 3_600_000_000, 86_400_000_000]

const operation = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('submit' as const),
      seed: fc.nat(1 << 12),
      gap: fc.nat(gaps.length - 1),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('delete' as const),
      picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('edit' as const), version: fc.nat(5) }) },
)

describe('rebuild equals the maintained figures', () => {
  it('after a random sequence of submissions, deletions and edits, on every window', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(operation, { minLength: 1, maxLength: 25 }),
        fc.array(
          fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })),
          {
            minLength: 3,
            maxLength: 3,
          },
        ),
        async (operations, windows) => {
          let version = 0
          const formId = await createForm(ctx, definitionOf(version))
          let at = parseTimestamp('2032-05-17T22:58:30Z') as number
          const alive: string[] = []
          const start = at
          for (const op of operations) {
            if (op.kind === 'submit') {
              at += gaps[op.gap] as number
              alive.push(await submitAt(ctx, formId, formatTimestamp(at), answersOf(version, op.seed)))
            } else if (op.kind === 'delete' && alive.length > 0) {
              const ids = [...new Set(op.picks.map((pick) => alive[pick % alive.length] as string))]
              await deleteResponses(ctx, formId, ids)
              for (const id of ids) alive.splice(alive.indexOf(id), 1)
            } else if (op.kind === 'edit') {
              version = op.version
              const put = await ctx.request({
                method: 'PUT',
                url: `/v1/forms/${formId}`,
                payload: definitionOf(version),
              })
              expect(put.statusCode).toBe(200)
            }
          }
          const queries = [
            '',
            ...windows.map(([a, b]) => {
              const [low, high] = [Math.min(a, b), Math.max(a, b)]
              const span = at - start + 2
              const since = formatTimestamp(start - 1 + Math.floor(low * span))
              const until = formatTimestamp(start - 1 + Math.floor(high * span))
              return `?since=${since}&until=${until}`
            }),
          ]
          const maintained = await Promise.all(queries.map((query) => insightsOf(ctx, formId, query)))
          // The same responses read one by one (included_response_ids): the buckets play no part.
          const ids = alive.length > 0 ? alive.join(',') : 'rsp_none'
          const scanned = await Promise.all(
            queries.map((query) =>
              insightsOf(ctx, formId, `${query}${query ? '&' : '?'}included_response_ids=${ids}`),
            ),
          )
          expect(maintained).toEqual(scanned)
          await ctx.app.ctx.insights.rebuild(formId)
          const rebuilt = await Promise.all(queries.map((query) => insightsOf(ctx, formId, query)))
          expect(rebuilt).toEqual(maintained)
          expect(maintained[0]?.responses).toBe(alive.length)
        },
      ),
      { numRuns: 25 },
    )
  }, 240_000)
})

describe('a rebuild', () => {
  it('counts every response stored in the same microsecond, across its batches of 1000', async () => {
    const formId = await createForm(ctx, definitionOf(0))
    const first = await submitAt(ctx, formId, '2032-05-17T10:00:00.000001Z', { nps: 9 })
    const { db } = ctx.database
    const row = await db.selectFrom('responses').selectAll().where('id', '=', first).executeTakeFirstOrThrow()
    // As if 1,499 more had come from other processes in that microsecond.
    const copies = Array.from({ length: 1499 }, (_, n) => ({
      ...row,
      id: `${first}x${n}`,
      seq: Number(row.seq) + n + 1,
      item_json: row.item_json.replace(first, `${first}x${n}`),
    }))
    for (let start = 0; start < copies.length; start += 250) {
      await db
        .insertInto('responses')
        .values(copies.slice(start, start + 250))
        .execute()
    }
    await db.updateTable('forms').set({ last_seq: 1500 }).where('id', '=', formId).execute()
    expect(await ctx.app.ctx.insights.rebuild(formId)).toEqual([{ formId, responses: 1500 }])
    const insights = await insightsOf(ctx, formId)
    expect(insights.responses).toBe(1500)
    expect(insights.questions.find((q) => q.id === 'nps')?.['distribution']).toMatchObject({ '9': 1500 })
  })
})

describe('the demo form', () => {
  it('has insights equal to a scan of its responses', async () => {
    const seeded = await runCanvass(['seed-demo', '--responses', '300', '--workspace', 'main'], {
      DATABASE_URL: ctx.testDatabase.url,
    })
    expect(seeded.code).toBe(0)
    const formId = seeded.output.trimEnd().split('\n').at(-1) as string
    const listing = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses?page_size=1000` })
    const ids = (listing.json().items as { id: string }[]).map((item) => item.id)
    expect(ids.length).toBe(300)
    const maintained = await insightsOf(ctx, formId)
    expect(maintained.responses).toBe(300)
    expect(await insightsOf(ctx, formId, `?included_response_ids=${ids.join(',')}`)).toEqual(maintained)
  })
})

describe('canvass insights', () => {
  it('rebuild [--form F] rebuilds from the responses; <form_id> prints a table with bars', async () => {
    const formId = await createForm(ctx, definitionOf(0))
    for (let seed = 0; seed < 12; seed++) {
      const response = await ctx.request({
        method: 'POST',
        url: `/v1/forms/${formId}/responses`,
        payload: { answers: answersOf(0, seed) },
      })
      expect(response.statusCode).toBe(201)
    }
    const before = await insightsOf(ctx, formId)
    // Figures lost (as if kept by an older version): rebuild brings them back.
    await ctx.database.db.deleteFrom('insight_buckets').where('form_id', '=', formId).execute()
    expect((await insightsOf(ctx, formId)).responses).toBe(0)
    const env = { DATABASE_URL: ctx.testDatabase.url }
    const rebuild = await runCanvass(['insights', 'rebuild', '--form', formId], env)
    expect(rebuild.output).toContain(`rebuilt ${formId}: 12 responses`)
    expect(rebuild.code).toBe(0)
    expect(await insightsOf(ctx, formId)).toEqual(before)
    const unknown = await runCanvass(['insights', 'rebuild', '--form', 'frm_nope'], env)
    expect(unknown.code).toBe(1)

    const shown = await runCanvass(['insights', formId], env)
    expect(shown.code).toBe(0)
    expect(shown.output).toContain(`form ${formId}: 12 responses`)
    expect(shown.output).toMatch(/NPS v0 {2}\(nps, \d+ answered\)/)
    expect(shown.output).toMatch(/NPS: -?\d+(\.\d)? {2}\(promoters \d+, passives \d+, detractors \d+\)/)
    expect(shown.output).toContain('█')
    expect(shown.output).toContain('responses per day (UTC)')
  })

  it('a migration marks forms that had responses; they are rebuilt before they are read', async () => {
    const formId = await createForm(ctx, definitionOf(0))
    for (let seed = 0; seed < 3; seed++) {
      await ctx.request({
        method: 'POST',
        url: `/v1/forms/${formId}/responses`,
        payload: { answers: answersOf(0, seed) },
      })
    }
    const before = await insightsOf(ctx, formId)
    await ctx.database.db.deleteFrom('insight_buckets').where('form_id', '=', formId).execute()
    await ctx.database.db.insertInto('insight_rebuilds').values({ form_id: formId }).execute()
    expect(await insightsOf(ctx, formId)).toEqual(before)
    const left = await ctx.database.db.selectFrom('insight_rebuilds').selectAll().execute()
    expect(left).toEqual([])
  })
})
