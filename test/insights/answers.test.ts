import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { answerInsights } from '../../src/db/migrations/013_answer_insights.js'
import { createForm, everyKindAnswers, everyKindForm, submit } from '../forms/fixtures.js'
import { useTestContext } from '../support/context.js'
import { deleteResponses, insightsOf, submitAt } from './support.js'

// docs/api.md#insights for every kind: a date question's answers counted per day, and a text
// question's latest answers, paged, newest first.

const ctx = useTestContext()

const form = {
  title: 'Event feedback',
  questions: [
    { id: 'day', title: 'Which day did you come?', type: 'date' },
    { id: 'said', title: 'Anything else?', type: 'long_text' },
    { id: 'mail', title: 'E-mail', type: 'email' },
    { id: 'nps', title: 'Recommend?', type: 'nps' },
  ],
}

interface AnswerPage {
  page: string
  page_size: string
  items: { response_id: string; submitted_at: string; value: string }[]
}

const answersUrl = (formId: string, questionId: string, query = '') =>
  `/v1/forms/${formId}/insights/questions/${questionId}/answers${query}`

async function answersOf(formId: string, questionId: string, query = ''): Promise<AnswerPage> {
  const response = await ctx.request({ method: 'GET', url: answersUrl(formId, questionId, query) })
  if (response.statusCode !== 200)
    throw new Error(`answers answered ${response.statusCode}: ${response.body}`)
  return response.json() as AnswerPage
}

const datesOf = async (formId: string, query = '') =>
  (await insightsOf(ctx, formId, query)).questions.find((q) => q.id === 'day')?.['dates']

describe('date questions', () => {
  it('count each day answered, oldest first, kept as responses are stored and deleted', async () => {
    const formId = await createForm(ctx, form)
    const ids: string[] = []
    for (const day of ['2026-12-05', '2026-12-04', '2026-12-05', '0999-01-01', '2026-12-05']) {
      ids.push((await submit(ctx, formId, { answers: { day } })).json().id)
    }
    await submit(ctx, formId, { answers: { nps: 3 } })
    expect(await datesOf(formId)).toEqual([
      { date: '0999-01-01', count: 1 },
      { date: '2026-12-04', count: 1 },
      { date: '2026-12-05', count: 3 },
    ])
    const insights = await insightsOf(ctx, formId)
    expect(insights.questions.find((q) => q.id === 'day')?.['answered']).toBe(5)
    // A day nobody answers any more is left out.
    await deleteResponses(ctx, formId, [ids[1] as string, ids[3] as string, ids[0] as string])
    expect(await datesOf(formId)).toEqual([{ date: '2026-12-05', count: 2 }])
    await deleteResponses(ctx, formId, [ids[2] as string, ids[4] as string])
    expect(await datesOf(formId)).toEqual([])
  })

  it('counts only the responses of a since/until window', async () => {
    const formId = await createForm(ctx, form)
    await submitAt(ctx, formId, '2033-03-01T10:00:00.000000Z', { day: '2026-01-01' })
    await submitAt(ctx, formId, '2033-03-01T10:00:30.500000Z', { day: '2026-01-02' })
    await submitAt(ctx, formId, '2033-03-02T08:00:00.000000Z', { day: '2026-01-01' })
    expect(await datesOf(formId, '?since=2033-03-01T10:00:30Z')).toEqual([
      { date: '2026-01-01', count: 1 },
      { date: '2026-01-02', count: 1 },
    ])
    expect(await datesOf(formId, '?until=2033-03-01T10:00:29Z')).toEqual([{ date: '2026-01-01', count: 1 }])
  })
})

describe('text answers', () => {
  it('are listed newest first, paged like every list, with Link headers', async () => {
    const formId = await createForm(ctx, form)
    const ids: string[] = []
    for (let n = 1; n <= 5; n++) {
      ids.push((await submit(ctx, formId, { answers: { said: `Answer ${n}`, nps: n } })).json().id)
    }
    await submit(ctx, formId, { answers: { nps: 9 } })
    const first = await ctx.request({ method: 'GET', url: answersUrl(formId, 'said', '?page_size=2') })
    expect(first.statusCode).toBe(200)
    const page = first.json() as AnswerPage
    expect(page.page).toBe('1')
    expect(page.page_size).toBe('2')
    expect(page.items.map((item) => item.value)).toEqual(['Answer 5', 'Answer 4'])
    expect(page.items.map((item) => item.response_id)).toEqual([ids[4], ids[3]])
    expect(page.items[0]?.submitted_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/)
    expect(first.headers['link']).toContain('rel="next"')
    expect(first.headers['link']).not.toContain('rel="prev"')
    const last = await ctx.request({ method: 'GET', url: answersUrl(formId, 'said', '?page=3&page_size=2') })
    expect((last.json() as AnswerPage).items.map((item) => item.value)).toEqual(['Answer 1'])
    expect(last.headers['link']).toContain('rel="prev"')
    expect(last.headers['link']).not.toContain('rel="next"')
    expect((await answersOf(formId, 'said', '?page=4&page_size=2')).items).toEqual([])
    // The default page holds them all; the e-mail question nobody answered has none.
    expect((await answersOf(formId, 'said')).items).toHaveLength(5)
    expect((await answersOf(formId, 'mail')).items).toEqual([])
  })

  it('leave out deleted responses, and a deleted form has none', async () => {
    const formId = await createForm(ctx, form)
    const ids: string[] = []
    for (const said of ['first', 'second', 'third']) {
      ids.push((await submit(ctx, formId, { answers: { said, mail: `${said}@example.com` } })).json().id)
    }
    await deleteResponses(ctx, formId, [ids[1] as string])
    expect((await answersOf(formId, 'said')).items.map((item) => item.value)).toEqual(['third', 'first'])
    expect((await answersOf(formId, 'mail')).items.map((item) => item.value)).toEqual([
      'third@example.com',
      'first@example.com',
    ])
    const gone = await ctx.request({ method: 'DELETE', url: `/v1/forms/${formId}` })
    expect(gone.statusCode).toBe(204)
    const rows = await ctx.database.db
      .selectFrom('text_answers')
      .select('response_id')
      .where('form_id', '=', formId)
      .execute()
    expect(rows).toEqual([])
  })

  it('honour since and until', async () => {
    const formId = await createForm(ctx, form)
    await submitAt(ctx, formId, '2034-01-01T09:00:00.000000Z', { said: 'early' })
    await submitAt(ctx, formId, '2034-01-01T09:00:05.250000Z', { said: 'middle' })
    await submitAt(ctx, formId, '2034-01-02T00:00:00.000000Z', { said: 'late' })
    const values = async (query: string) =>
      (await answersOf(formId, 'said', query)).items.map((item) => item.value)
    expect(await values('?since=2034-01-01T09:00:05Z')).toEqual(['late', 'middle'])
    expect(await values('?until=2034-01-01T09:00:05Z')).toEqual(['middle', 'early'])
    expect(await values('?since=2034-01-01T09:00:01Z&until=2034-01-01T23:59:59Z')).toEqual(['middle'])
  })

  it('are listed for every text-like kind', async () => {
    const formId = await createForm(ctx, everyKindForm)
    await submit(ctx, formId, { answers: everyKindAnswers })
    for (const id of ['q_short', 'q_long', 'q_email', 'q_url', 'q_phone']) {
      const [item] = (await answersOf(formId, id)).items
      expect(item?.value).toBe(everyKindAnswers[id as keyof typeof everyKindAnswers])
    }
  })

  it('answer 404 for an unknown form, another workspace or an unknown question; 400 for another kind', async () => {
    const formId = await createForm(ctx, form)
    await submit(ctx, formId, { answers: { said: 'mine' } })
    const status = async (url: string, token?: string) =>
      (await ctx.request({ method: 'GET', url, ...(token ? { token } : {}) })).statusCode
    expect(await status(answersUrl('frm_nope', 'said'))).toBe(404)
    expect(await status(answersUrl(formId, 'nope'))).toBe(404)
    const other = await ctx.request({ method: 'GET', url: answersUrl(formId, 'said'), token: ctx.otherToken })
    const unknown = await ctx.request({ method: 'GET', url: answersUrl('frm_nope', 'said') })
    expect(other.statusCode).toBe(404)
    expect(other.json().detail).toBe(unknown.json().detail.replace('frm_nope', formId))
    for (const question of ['nps', 'day']) {
      const refused = await ctx.request({ method: 'GET', url: answersUrl(formId, question) })
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toMatchObject({ code: 'validation_failed' })
      expect(refused.json().errors[0].path).toBe('/question_id')
    }
    const noScope = await ctx.tokenWithScopes(['forms:read'])
    expect(await status(answersUrl(formId, 'said'), noScope)).toBe(403)
    expect(
      (await ctx.request({ method: 'GET', url: answersUrl(formId, 'said'), token: null })).statusCode,
    ).toBe(401)
  })

  it('refuse hostile parameters with a 400 problem, never a 5xx', async () => {
    const formId = await createForm(ctx, form)
    await submit(ctx, formId, { answers: { said: 'x' } })
    const hostile = [
      '?page=0',
      '?page=-1',
      '?page=1.5',
      '?page=abc',
      '?page=',
      '?page_size=0',
      '?page_size=1001',
      '?page_size=',
      '?since=yesterday',
      '?until=2026-13-01T00:00:00Z',
      '?since=2030-01-02T00:00:00Z&until=2030-01-01T00:00:00Z',
      '?sort=submitted_at,asc',
      '?included_response_ids=rsp_x',
      "?page=1'%20or%201=1",
    ]
    for (const query of hostile) {
      const response = await ctx.request({ method: 'GET', url: answersUrl(formId, 'said', query) })
      expect(response.statusCode, query).toBe(400)
      expect(response.headers['content-type'], query).toContain('application/problem+json')
    }
    for (const question of ['%27%20or%201%3D1', 'a'.repeat(65), '%00']) {
      const response = await ctx.request({ method: 'GET', url: answersUrl(formId, question) })
      expect(response.statusCode, question).toBe(400)
    }
  })

  it('are kept by a rebuild for responses stored without their own figures (a seed, an import)', async () => {
    const formId = await createForm(ctx, form)
    await submit(ctx, formId, { answers: { said: 'one', day: '2026-02-03' } })
    await submit(ctx, formId, { answers: { said: 'two' } })
    const before = await answersOf(formId, 'said')
    const { db } = ctx.database
    const ids = db.selectFrom('responses').select('id').where('form_id', '=', formId)
    await db.deleteFrom('text_answers').where('response_id', 'in', ids).execute()
    await db.deleteFrom('response_figures').where('response_id', 'in', ids).execute()
    expect((await answersOf(formId, 'said')).items).toEqual([])
    await ctx.app.ctx.insights.rebuild(formId)
    expect(await answersOf(formId, 'said')).toEqual(before)
    expect(await datesOf(formId)).toEqual([{ date: '2026-02-03', count: 1 }])
  })

  it('are filled, and dates counted, for responses stored before, by the migration', async () => {
    const formId = await createForm(ctx, everyKindForm)
    await submit(ctx, formId, { answers: everyKindAnswers })
    await submit(ctx, formId, {
      answers: { ...everyKindAnswers, q_short: 'Grace', q_long: 'Ünïcode "quoted" ✓' },
    })
    const before = await Promise.all(
      ['q_short', 'q_long', 'q_email', 'q_url', 'q_phone'].map((id) => answersOf(formId, id)),
    )
    // As before migration 013: no table, and each response's own figures without dates.
    await sql`drop table text_answers`.execute(ctx.database.db)
    const { db } = ctx.database
    const kept = await db.selectFrom('response_figures').select(['response_id', 'figures']).execute()
    for (const row of kept) {
      const figures = JSON.parse(row.figures) as { q: [string, number, [string, number][]][] }
      for (const question of figures.q) question[2] = question[2].filter(([key]) => !key.startsWith('d:'))
      await db
        .updateTable('response_figures')
        .set({ figures: JSON.stringify(figures) })
        .where('response_id', '=', row.response_id)
        .execute()
    }
    await ctx.app.ctx.insights.rebuild(formId)
    const birthdays = async () =>
      (await insightsOf(ctx, formId)).questions.find((q) => q.id === 'q_date')?.['dates']
    expect(await birthdays()).toEqual([])
    await answerInsights.up(db, ctx.database.dialect)
    expect(await birthdays()).toEqual([{ date: '2024-02-29', count: 2 }])
    const after = await Promise.all(
      ['q_short', 'q_long', 'q_email', 'q_url', 'q_phone'].map((id) => answersOf(formId, id)),
    )
    expect(after).toEqual(before)
    expect(after[1]?.items.map((item) => item.value)).toEqual(['Ünïcode "quoted" ✓', everyKindAnswers.q_long])
  })
})
