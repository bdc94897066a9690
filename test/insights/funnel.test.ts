import { describe, expect, it } from 'vitest'
import { formatTimestamp, parseTimestamp } from '../../src/clock.js'
import { completeDraft, draftForm, patchDraft, startDraft } from '../drafts/support.js'
import { TestClock } from '../support/clock.js'
import { useTestContext } from '../support/context.js'
import { waitUntil } from '../support/wait.js'
import { deleteResponses, insightsOf } from './support.js'

// docs/api.md#insights: the funnel (who started, which pages they reached, who completed), kept
// as drafts and responses are written, by when each respondent started; and `shown` beside
// `answered`. Drafts come through the public drafts API, as a custom front-end sends them.

const clock = new TestClock()
const ctx = useTestContext({ publicRateLimit: 10_000, draftDays: 30 }, { clock })

const HOUR = 3600 * 1000

// Three pages; not having travelled jumps from the first to the last.
const tripForm = {
  title: 'Trip',
  questions: [
    { id: 'travelled', title: 'Did you travel?', type: 'yes_no', required: true },
    { id: 'rating', title: 'How was it?', type: 'rating', required: true },
    { id: 'comment', title: 'Anything else?', type: 'short_text' },
  ],
  pages: [
    { id: 'start', questions: ['travelled'] },
    { id: 'trip', questions: ['rating'] },
    { id: 'last', questions: ['comment'] },
  ],
  logic: [{ if: { question: 'travelled', op: 'equals', value: false }, then: [{ jump_to: 'last' }] }],
}

async function submitOneShot(formId: string, answers: object) {
  const response = await ctx.request({
    method: 'POST',
    url: `/v1/public/forms/${formId}/responses`,
    token: null,
    payload: { answers },
  })
  expect(response.statusCode).toBe(201)
  return response.json() as { id: string; submitted_at: string }
}

async function startedDraft(formId: string, answers: object): Promise<string> {
  const started = await startDraft(ctx, formId, { answers })
  expect(started.statusCode).toBe(201)
  return started.json().resume_token
}

async function completed(token: string): Promise<string> {
  const done = await completeDraft(ctx, token)
  expect(done.statusCode).toBe(201)
  return done.json().id
}

const funnelOf = async (formId: string, query = '') => (await insightsOf(ctx, formId, query))['funnel']

const funnel = (started: number, done: number, start: number, trip: number, last: number) => ({
  started,
  completed: done,
  pages: [
    { id: 'start', reached: start },
    { id: 'trip', reached: trip },
    { id: 'last', reached: last },
  ],
})

/**
 * Hour 0: draft A (travelled, on the trip page), draft B (nothing yet), one-shot C (not travelled).
 * Hour 2: draft D (not travelled) started and completed, A given its rating and completed, one-shot E.
 * Hour 4: draft F (then travelled, on the trip page); B's changes take it to the last page and back.
 */
async function seedTrips(formId: string) {
  const a = await startedDraft(formId, { travelled: true })
  const b = await startedDraft(formId, {})
  const c = await submitOneShot(formId, { travelled: false, comment: 'Maybe next year' })
  clock.advance(2 * HOUR)
  const d = await startedDraft(formId, { travelled: false })
  const dResponse = await completed(d)
  expect((await patchDraft(ctx, a, { answers: { rating: 4 } })).json()).toMatchObject({
    pages: ['start', 'trip', 'last'],
    next_page: null,
  })
  const aResponse = await completed(a)
  const e = await submitOneShot(formId, { travelled: true, rating: 2, comment: 'Late' })
  clock.advance(2 * HOUR)
  const f = await startedDraft(formId, {})
  expect((await patchDraft(ctx, f, { answers: { travelled: true } })).json().pages).toEqual(['start', 'trip'])
  // A draft's changes move it on and back: B jumps to the last page, then is back on the first.
  expect((await patchDraft(ctx, b, { answers: { travelled: false } })).json().pages).toEqual([
    'start',
    'last',
  ])
  expect(await funnelOf(formId)).toEqual(funnel(6, 4, 6, 3, 5))
  expect((await patchDraft(ctx, b, { answers: { travelled: null } })).json().pages).toEqual(['start'])
  return { a, aResponse, b, c, dResponse, e, f }
}

describe('the funnel', () => {
  it('counts who started, the pages their paths reached and who completed, for any window', async () => {
    const formId = await draftForm(ctx, {}, tripForm)
    expect(await funnelOf(formId)).toEqual(funnel(0, 0, 0, 0, 0))
    const { aResponse, c, e } = await seedTrips(formId)
    // Started: A B C D E F; completed: A C D E; A, E and F reached the trip page; A C D E the last.
    expect(await funnelOf(formId)).toEqual(funnel(6, 4, 6, 3, 4))

    const hour0 = parseTimestamp(c.submitted_at) as number
    const at = (micros: number) => encodeURIComponent(formatTimestamp(micros))
    // Counted by when they started: A completed at hour 2 but started at hour 0.
    expect(await funnelOf(formId, `?until=${at(hour0 + HOUR * 1000)}`)).toEqual(funnel(3, 2, 3, 1, 2))
    expect(await funnelOf(formId, `?since=${at(hour0 + HOUR * 1000)}`)).toEqual(funnel(3, 2, 3, 2, 2))
    // Windows whose edges cut through a minute, to the microsecond: from C on (A and B started
    // just before it) to E (F is later).
    const eAt = parseTimestamp(e.submitted_at) as number
    expect(await funnelOf(formId, `?since=${at(hour0)}&until=${at(eAt)}`)).toEqual(funnel(3, 3, 3, 1, 3))
    expect(await funnelOf(formId, `?since=${at(hour0 + 1)}&until=${at(eAt - 1)}`)).toEqual(
      funnel(1, 1, 1, 0, 1),
    )
    expect(await funnelOf(formId, `?since=${at(eAt + 1)}`)).toEqual(funnel(1, 0, 1, 1, 0))
    expect(await funnelOf(formId, `?until=${at(hour0 - 1)}`)).toEqual(funnel(2, 1, 2, 1, 1))

    // Narrowed to responses, the funnel counts their respondents: C sent in one go, A by its draft.
    const named = `?included_response_ids=${c.id},${aResponse}`
    expect(await funnelOf(formId, named)).toEqual(funnel(2, 2, 2, 1, 2))
    expect(await funnelOf(formId, `${named}&until=${at(hour0 - 1)}`)).toEqual(funnel(1, 1, 1, 1, 1))
    expect(await funnelOf(formId, '?query=maybe%20next')).toEqual(funnel(1, 1, 1, 0, 1))

    // The counts kept as drafts moved equal those rebuilt from the entries.
    const before = await insightsOf(ctx, formId)
    await ctx.appContext.insights.rebuild(formId)
    expect(await insightsOf(ctx, formId)).toEqual(before)
  })

  it('forgets a deleted response altogether, started in one go or through a draft', async () => {
    const formId = await draftForm(ctx, {}, tripForm)
    const { aResponse, c } = await seedTrips(formId)
    await deleteResponses(ctx, formId, [c.id])
    expect(await funnelOf(formId)).toEqual(funnel(5, 3, 5, 3, 3))
    await deleteResponses(ctx, formId, [aResponse])
    expect(await funnelOf(formId)).toEqual(funnel(4, 2, 4, 2, 2))
    const hour0 = parseTimestamp(c.submitted_at) as number
    expect(await funnelOf(formId, `?until=${encodeURIComponent(formatTimestamp(hour0))}`)).toEqual(
      funnel(1, 0, 1, 0, 0),
    )
    const before = await insightsOf(ctx, formId)
    await ctx.appContext.insights.rebuild(formId)
    expect(await insightsOf(ctx, formId)).toEqual(before)
  })

  it('keeps counting drafts the retention deleted', async () => {
    const formId = await draftForm(ctx, {}, tripForm)
    const { b } = await seedTrips(formId)
    const before = await insightsOf(ctx, formId)
    clock.advance(31 * 24 * HOUR)
    const worker = ctx.startWorker({ pollMs: 50, pruneEveryMs: 50 })
    // Watched in the table: a change through the API would touch the draft and keep it.
    const left = () =>
      ctx.database.db.selectFrom('drafts').select('id').where('form_id', '=', formId).execute()
    try {
      await waitUntil(async () => (await left()).length === 0, 20_000)
    } finally {
      await worker.stop()
    }
    expect((await patchDraft(ctx, b, { answers: {} })).statusCode).toBe(404)
    expect(await insightsOf(ctx, formId)).toEqual(before)
    expect(before['funnel']).toEqual(funnel(6, 4, 6, 3, 4))
    // Rebuilt from its entries, the funnel is the same without the drafts.
    await ctx.appContext.insights.rebuild(formId)
    expect(await insightsOf(ctx, formId)).toEqual(before)
  }, 30_000)
})

describe('shown', () => {
  it('counts the responses whose path showed each question, answered or not', async () => {
    const formId = await draftForm(ctx, {}, tripForm)
    await seedTrips(formId)
    const { questions } = await insightsOf(ctx, formId)
    // Responses: A (trip page, no comment), C (skipped the trip page), D (idem, no comment), E.
    expect(questions.map(({ id, answered, shown }) => ({ id, answered, shown }))).toEqual([
      { id: 'travelled', answered: 4, shown: 4 },
      { id: 'rating', answered: 2, shown: 2 },
      { id: 'comment', answered: 2, shown: 4 },
    ])
  })

  it('is every response for a form without rules, and survives a rebuild from the items', async () => {
    const formId = await draftForm(ctx, {}, { title: 'Flat', questions: tripForm.questions })
    await submitOneShot(formId, { travelled: true, rating: 3 })
    await submitOneShot(formId, { travelled: false, rating: 1, comment: 'No' })
    const expected = [
      { id: 'travelled', answered: 2, shown: 2 },
      { id: 'rating', answered: 2, shown: 2 },
      { id: 'comment', answered: 1, shown: 2 },
    ]
    const read = async () =>
      (await insightsOf(ctx, formId)).questions.map(({ id, answered, shown }) => ({ id, answered, shown }))
    expect(await read()).toEqual(expected)
    expect((await funnelOf(formId)) as object).toEqual({
      started: 2,
      completed: 2,
      pages: [{ id: 'page_1', reached: 2 }],
    })
    // As a response stored before its own figures and funnel entry were kept.
    await ctx.database.db
      .deleteFrom('response_figures')
      .where('response_id', 'in', (eb) =>
        eb.selectFrom('responses').select('id').where('form_id', '=', formId),
      )
      .execute()
    await ctx.database.db.deleteFrom('funnel_entries').where('form_id', '=', formId).execute()
    await ctx.appContext.insights.rebuild(formId)
    expect(await read()).toEqual(expected)
    expect((await funnelOf(formId)) as object).toEqual({
      started: 2,
      completed: 2,
      pages: [{ id: 'page_1', reached: 2 }],
    })
  })
})
