import { describe, expect, it } from 'vitest'
import { createForm, submit } from '../forms/fixtures.js'
import { useTestContext } from '../support/context.js'
import { deleteResponses, insightsOf, submitAt } from './support.js'

// docs/api.md#insights: the figures on examples computed by hand.

const ctx = useTestContext()

const surveyForm = {
  title: 'Survey',
  questions: [
    { id: 'nps', title: 'Recommend?', type: 'nps' },
    { id: 'csat', title: 'Satisfied?', type: 'customer_sat' },
    { id: 'rating', title: 'Rate', type: 'rating', properties: { steps: 5 } },
    { id: 'visits', title: 'Visits', type: 'number', properties: { min: -10, max: 100 } },
    { id: 'again', title: 'Again?', type: 'yes_no' },
    {
      id: 'extras',
      title: 'Extras',
      type: 'multiple_choice',
      properties: { allow_multiple: true, choices: ['A', 'B', 'C'] },
    },
    { id: 'name', title: 'Name', type: 'short_text' },
  ],
  variables: [{ name: 'score', calculations: [{ op: 'add', question_id: 'nps' }] }],
}

const answers = [
  { nps: 10, csat: 5, rating: 5, visits: 3, again: true, extras: ['A', 'B'], name: 'x' },
  { nps: 9, csat: 4, rating: 4, visits: 0, again: false, extras: ['A'] },
  { nps: 8, csat: 3, rating: 4, visits: -2, again: true },
  { nps: 6, csat: 1 },
  { nps: 0, csat: 2 },
  { nps: 7 },
  { nps: 10 },
]

async function seedSurvey(): Promise<{ formId: string; ids: string[] }> {
  const formId = await createForm(ctx, surveyForm)
  const ids: string[] = []
  for (const given of answers) ids.push((await submit(ctx, formId, { answers: given })).json().id)
  return { formId, ids }
}

const question = (insights: Awaited<ReturnType<typeof insightsOf>>, id: string) =>
  insights.questions.find((q) => q.id === id)

describe('figures', () => {
  it('answers NPS, CSAT, distributions with zeros, means, yes/no, choices and variables', async () => {
    const { formId } = await seedSurvey()
    const insights = await insightsOf(ctx, formId)
    expect(insights.form_id).toBe(formId)
    expect(insights.responses).toBe(7)
    expect(insights.questions.map((q) => q.id)).toEqual([
      'nps',
      'csat',
      'rating',
      'visits',
      'again',
      'extras',
      'name',
    ])
    expect(question(insights, 'nps')).toEqual({
      id: 'nps',
      title: 'Recommend?',
      type: 'nps',
      answered: 7,
      shown: 7,
      distribution: { 0: 1, 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 1, 7: 1, 8: 1, 9: 1, 10: 2 },
      // (10 + 9 + 8 + 6 + 0 + 7 + 10) / 7 = 7.142857...
      mean: 7.14,
      // 100 x (3 - 2) / 7 = 14.2857...
      nps: { promoters: 3, passives: 2, detractors: 2, score: 14.3 },
    })
    expect(question(insights, 'csat')).toEqual({
      id: 'csat',
      title: 'Satisfied?',
      type: 'customer_sat',
      answered: 5,
      shown: 7,
      distribution: { 1: 1, 2: 1, 3: 1, 4: 1, 5: 1 },
      mean: 3,
      csat: { satisfied: 2, percent: 40 },
    })
    expect(question(insights, 'rating')).toEqual({
      id: 'rating',
      title: 'Rate',
      type: 'rating',
      answered: 3,
      shown: 7,
      distribution: { 1: 0, 2: 0, 3: 0, 4: 2, 5: 1 },
      mean: 4.33,
    })
    // An open number question lists only the values given, in numeric order.
    const visits = question(insights, 'visits')
    expect(visits).toEqual({
      id: 'visits',
      title: 'Visits',
      type: 'number',
      answered: 3,
      shown: 7,
      distribution: { '-2': 1, 0: 1, 3: 1 },
      mean: 0.33,
    })
    expect(question(insights, 'again')).toEqual({
      id: 'again',
      title: 'Again?',
      type: 'yes_no',
      answered: 3,
      shown: 7,
      yes: 2,
      no: 1,
    })
    expect(question(insights, 'extras')?.['choices']).toEqual([
      { label: 'A', count: 2 },
      { label: 'B', count: 1 },
      { label: 'C', count: 0 },
    ])
    // Every response was shown every question: the form has no rules.
    expect(question(insights, 'name')).toEqual({
      id: 'name',
      title: 'Name',
      type: 'short_text',
      answered: 1,
      shown: 7,
    })
    expect(insights.variables).toEqual([{ name: 'score', mean: 7.14, min: 0, max: 10 }])
    expect(insights['funnel']).toEqual({ started: 7, completed: 7, pages: [{ id: 'page_1', reached: 7 }] })
    expect(insights.timeline).toEqual([{ date: new Date().toISOString().slice(0, 10), responses: 7 }])
  })

  it('keeps answers given under an earlier definition: removed labels follow the current ones', async () => {
    const { formId } = await seedSurvey()
    const edited = {
      ...surveyForm,
      questions: surveyForm.questions
        .filter((q) => q.id !== 'visits')
        .map((q) =>
          q.id === 'extras'
            ? { ...q, title: 'Extras now', properties: { allow_multiple: true, choices: ['C', 'A', 'D'] } }
            : q,
        ),
    }
    const put = await ctx.request({ method: 'PUT', url: `/v1/forms/${formId}`, payload: edited })
    expect(put.statusCode).toBe(200)
    await submit(ctx, formId, { answers: { nps: 5, extras: ['D'] } })
    const insights = await insightsOf(ctx, formId)
    const extras = question(insights, 'extras')
    expect(extras?.['title']).toBe('Extras now')
    expect(extras?.['answered']).toBe(3)
    expect(extras?.['choices']).toEqual([
      { label: 'C', count: 0 },
      { label: 'A', count: 2 },
      { label: 'D', count: 1 },
      { label: 'B', count: 1 },
    ])
    // A question removed from the form is not listed.
    expect(insights.questions.map((q) => q.id)).not.toContain('visits')
  })

  it('subtracts deleted responses exactly, extremes of variables included', async () => {
    const { formId, ids } = await seedSurvey()
    // The first (nps 10) and the fifth (nps 0, the variable's only minimum) go.
    await deleteResponses(ctx, formId, [ids[0] as string, ids[4] as string])
    const insights = await insightsOf(ctx, formId)
    expect(insights.responses).toBe(5)
    expect(question(insights, 'nps')?.['nps']).toEqual({
      promoters: 2,
      passives: 2,
      detractors: 1,
      score: 20,
    })
    expect(question(insights, 'nps')?.['distribution']).toEqual({
      0: 0,
      1: 0,
      2: 0,
      3: 0,
      4: 0,
      5: 0,
      6: 1,
      7: 1,
      8: 1,
      9: 1,
      10: 1,
    })
    expect(question(insights, 'csat')?.['csat']).toEqual({ satisfied: 1, percent: 33.3 })
    expect(question(insights, 'extras')?.['choices']).toEqual([
      { label: 'A', count: 1 },
      { label: 'B', count: 0 },
      { label: 'C', count: 0 },
    ])
    expect(question(insights, 'name')?.['answered']).toBe(0)
    // (9 + 8 + 6 + 7 + 10) / 5 = 8
    expect(insights.variables).toEqual([{ name: 'score', mean: 8, min: 6, max: 10 }])
    await deleteResponses(ctx, formId, ids)
    const empty = await insightsOf(ctx, formId)
    expect(empty.responses).toBe(0)
    expect(question(empty, 'nps')).toEqual(
      expect.objectContaining({
        answered: 0,
        mean: null,
        nps: { promoters: 0, passives: 0, detractors: 0, score: null },
      }),
    )
    expect(empty.variables).toEqual([{ name: 'score', mean: null, min: null, max: null }])
    expect(empty.timeline).toEqual([])
  })
})

describe('time', () => {
  const tiny = { title: 'Times', questions: [{ id: 'n', title: 'NPS', type: 'nps' }] }
  const at = [
    '2031-03-01T23:59:59.999998Z',
    '2031-03-01T23:59:59.999999Z',
    '2031-03-02T00:00:00.000000Z',
    '2031-03-02T00:00:00.000001Z',
    '2031-03-02T13:30:15.500000Z',
    '2031-03-04T08:00:00.000000Z',
  ]

  async function seedTimes(): Promise<{ formId: string; ids: string[] }> {
    const formId = await createForm(ctx, tiny)
    const ids: string[] = []
    for (const [index, instant] of at.entries()) ids.push(await submitAt(ctx, formId, instant, { n: index }))
    return { formId, ids }
  }

  it('counts responses per UTC day across midnight, oldest first', async () => {
    const { formId } = await seedTimes()
    expect((await insightsOf(ctx, formId)).timeline).toEqual([
      { date: '2031-03-01', responses: 2 },
      { date: '2031-03-02', responses: 3 },
      { date: '2031-03-04', responses: 1 },
    ])
  })

  it('cuts since/until anywhere inside a day, to the microsecond, inclusive', async () => {
    const { formId } = await seedTimes()
    const window = async (since: string, until: string) => {
      const insights = await insightsOf(ctx, formId, `?since=${since}&until=${until}`)
      return {
        responses: insights.responses,
        given: insights.questions[0]?.['distribution'] as Record<string, number>,
        timeline: insights.timeline,
      }
    }
    const one = await window('2031-03-01T23:59:59.999999Z', '2031-03-02T00:00:00.000000Z')
    expect(one.responses).toBe(2)
    expect(one.given).toEqual(expect.objectContaining({ 0: 0, 1: 1, 2: 1, 3: 0 }))
    expect(one.timeline).toEqual([
      { date: '2031-03-01', responses: 1 },
      { date: '2031-03-02', responses: 1 },
    ])
    // A bound written to the second covers that whole second.
    expect((await window('2031-03-02T13:30:15Z', '2031-03-02T13:30:15Z')).responses).toBe(1)
    expect((await window('2031-03-02T13:30:15.500001Z', '2031-03-04T07:59:59.999999Z')).responses).toBe(0)
    expect((await window('2031-03-02T00:00:00.000001Z', '2031-03-04T08:00:00Z')).responses).toBe(3)
    // Unix seconds, and windows beyond every response.
    expect((await window('1900000000', '2000000000')).responses).toBe(6)
    expect((await window('2031-03-05T00:00:00Z', '2031-03-06T00:00:00Z')).responses).toBe(0)
  })

  it('keeps windows exact after deletions at the edges', async () => {
    const { formId, ids } = await seedTimes()
    await deleteResponses(ctx, formId, [ids[1] as string, ids[2] as string])
    const insights = await insightsOf(
      ctx,
      formId,
      '?since=2031-03-01T23:59:59.999998Z&until=2031-03-02T00:00:00.000001Z',
    )
    expect(insights.responses).toBe(2)
    expect(insights.timeline).toEqual([
      { date: '2031-03-01', responses: 1 },
      { date: '2031-03-02', responses: 1 },
    ])
    expect((await insightsOf(ctx, formId)).timeline).toEqual([
      { date: '2031-03-01', responses: 1 },
      { date: '2031-03-02', responses: 2 },
      { date: '2031-03-04', responses: 1 },
    ])
  })
})

describe('errors and access', () => {
  it('answers 404 for an unknown form and for another workspace’s form, alike', async () => {
    const formId = await createForm(ctx, surveyForm)
    const other = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${formId}/insights`,
      token: ctx.otherToken,
    })
    const unknown = await ctx.request({
      method: 'GET',
      url: '/v1/forms/frm_nope/insights',
      token: ctx.otherToken,
    })
    expect(other.statusCode).toBe(404)
    expect(other.json().code).toBe('not_found')
    expect(other.json().detail).toBe(`form ${formId} does not exist`)
    expect(unknown.statusCode).toBe(404)
  })

  it('needs responses:read', async () => {
    const formId = await createForm(ctx, surveyForm)
    const token = await ctx.tokenWithScopes(['forms:read', 'responses:write'])
    const response = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/insights`, token })
    expect(response.statusCode).toBe(403)
    expect(response.json().code).toBe('forbidden')
  })

  it('refuses bad filters with a problem naming them', async () => {
    const formId = await createForm(ctx, surveyForm)
    for (const query of [
      '?since=yesterday',
      '?until=2031-02-30T00:00:00Z',
      '?since=2031-01-02T00:00:00Z&until=2031-01-01T00:00:00Z',
      '?colour=red',
    ]) {
      const response = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/insights${query}` })
      expect(response.statusCode, query).toBe(400)
      expect(response.headers['content-type']).toContain('application/problem+json')
    }
  })

  it('is in the OpenAPI document with its schema', async () => {
    const response = await ctx.request({ method: 'GET', url: '/v1/openapi.json', token: null })
    const operation = response.json().paths['/v1/forms/{form_id}/insights']?.get
    expect(operation).toBeDefined()
    const schema = operation.responses['200'].content['application/json'].schema
    expect(Object.keys(schema.properties)).toEqual([
      'form_id',
      'responses',
      'questions',
      'variables',
      'timeline',
      'funnel',
    ])
  })
})
