import { describe, expect, it } from 'vitest'
import { completeDraft, patchDraft, startDraft } from '../drafts/support.js'
import { insightsOf } from '../insights/support.js'
import { useTestContext } from '../support/context.js'

// docs/api.md#question-kinds, CONTRACT.md section 14: `consent` (a statement that must be
// accepted), `matrix` (rows answered on one scale of columns) and `ranking` (every label once, in
// order): their definitions checked, their answers stored and listed, counted in insights,
// written to exports, and answered on the hosted page with JavaScript off.

const ctx = useTestContext({ publicRateLimit: 0 })

const rows = ['Speed', 'Price', 'Support']
const columns = ['Poor', 'Fair', 'Good']
const perks = ['Lunch', 'Gym', 'Train pass', 'Parking']

const form = {
  title: 'Office survey',
  questions: [
    { id: 'terms', title: 'I agree to the terms', type: 'consent', required: true },
    { id: 'news', title: 'Send me news', type: 'consent' },
    { id: 'grid', title: 'How do we do?', type: 'matrix', required: true, properties: { rows, columns } },
    {
      id: 'extras',
      title: 'Rate these too',
      type: 'matrix',
      properties: { rows: ['Wi-Fi', 'Coffee'], columns },
    },
    { id: 'perks', title: 'Rank the perks', type: 'ranking', properties: { choices: perks } },
  ],
  settings: { public: true },
}

const valid = {
  terms: true,
  grid: { Support: 'Good', Speed: 'Fair', Price: 'Poor' },
  perks: ['Train pass', 'Lunch', 'Parking', 'Gym'],
}

async function createForm(body: object = form): Promise<string> {
  const response = await ctx.request({ method: 'POST', url: '/v1/forms', payload: body })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id
}

const submit = (formId: string, answers: object) =>
  ctx.request({ method: 'POST', url: `/v1/forms/${formId}/responses`, payload: { answers } })

const problems = (response: { json(): { errors?: { path: string; message: string }[] } }) =>
  Object.fromEntries((response.json().errors ?? []).map((error) => [error.path, error.message]))

describe('consent, matrix and ranking definitions', () => {
  it('are checked, every problem at once', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/v1/forms',
      payload: {
        title: 'Broken',
        questions: [
          { id: 'a', title: 'Terms', type: 'consent', properties: { label: 'Yes' } },
          { id: 'b', title: 'Grid', type: 'matrix' },
          { id: 'c', title: 'Grid', type: 'matrix', properties: { rows: ['x', 'x'], columns: ['only'] } },
          {
            id: 'd',
            title: 'Grid',
            type: 'matrix',
            properties: { rows: ['__proto__'], columns: ['1', '2'] },
          },
          { id: 'e', title: 'Rank', type: 'ranking', properties: { choices: ['alone'] } },
          { id: 'f', title: 'Rank', type: 'ranking' },
        ],
      },
    })
    expect(response.statusCode).toBe(400)
    expect(problems(response)).toEqual({
      '/questions/0/properties/label': 'is not a property of a consent question',
      '/questions/1/properties/rows': 'is required: a matrix needs its rows',
      '/questions/1/properties/columns': 'is required: a matrix needs its columns',
      '/questions/2/properties/rows/1': 'duplicates the label of row 0',
      '/questions/2/properties/columns': 'must be an array of 2 to 20 columns',
      '/questions/3/properties/rows/0':
        'must not be __proto__, constructor or prototype (an answer names its rows as keys)',
      '/questions/4/properties/choices': 'must be an array of 2 to 100 choices',
      '/questions/5/properties/choices': 'is required: a ranking question needs its choices',
    })
  })

  it('take rules that ask whether they were answered, and a consent compared with true or false', async () => {
    const withRule = (condition: object) => ({
      ...form,
      logic: [{ if: condition, then: [{ hide: 'news' }] }],
    })
    for (const id of ['grid', 'perks']) {
      const refused = await ctx.request({
        method: 'POST',
        url: '/v1/forms',
        payload: withRule({ question: id, op: 'equals', value: 'Good' }),
      })
      expect(refused.statusCode, id).toBe(400)
      expect(Object.values(problems(refused)).join()).toContain('does not fit')
      await createForm(withRule({ question: id, op: 'answered' }))
    }
    await createForm(withRule({ question: 'terms', op: 'equals', value: true }))
  })
})

describe('their answers', () => {
  it('are stored and listed: a consent as a boolean, a matrix by row in row order, a ranking in order', async () => {
    const formId = await createForm()
    const created = await submit(formId, { ...valid, news: false })
    expect(created.statusCode, created.body).toBe(201)
    const answers = created.json().answers
    expect(answers).toEqual([
      {
        question: { id: 'terms', title: 'I agree to the terms', type: 'consent' },
        type: 'boolean',
        boolean: true,
      },
      { question: { id: 'news', title: 'Send me news', type: 'consent' }, type: 'boolean', boolean: false },
      {
        question: { id: 'grid', title: 'How do we do?', type: 'matrix' },
        type: 'matrix',
        matrix: { Speed: 'Fair', Price: 'Poor', Support: 'Good' },
      },
      {
        question: { id: 'perks', title: 'Rank the perks', type: 'ranking' },
        type: 'ranking',
        ranking: ['Train pass', 'Lunch', 'Parking', 'Gym'],
      },
    ])
    expect(Object.keys(answers[2].matrix)).toEqual(rows)
    const listed = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses` })
    expect(listed.json().items[0]).toEqual(created.json())
  })

  it('are refused with a message naming what is wrong', async () => {
    const formId = await createForm()
    const cases: [object, string, string][] = [
      [{ terms: false }, '/answers/terms', 'must be true: this statement must be accepted'],
      [{ terms: 'yes' }, '/answers/terms', 'must be true or false'],
      [{ grid: { Speed: 'Good' } }, '/answers/grid', 'must answer every row: Price, Support not answered'],
      [
        { grid: { Speed: 'Great', Price: 'Poor', Support: 'Good' } },
        '/answers/grid',
        'row "Speed": "Great" is not a column: Poor, Fair, Good',
      ],
      [
        { grid: { Speed: 'Good', Price: 'Poor', Support: 'Good', Taste: 'Good' } },
        '/answers/grid',
        '"Taste" is not a row: Speed, Price, Support',
      ],
      [{ grid: ['Good'] }, '/answers/grid', 'must be an object from row label to column label'],
      [
        { grid: { Speed: 1, Price: 'Poor', Support: 'Good' } },
        '/answers/grid',
        'the answer of row "Speed" must be one column label',
      ],
      [{ extras: {} }, '/answers/extras', 'must answer at least one row'],
      [{ perks: ['Lunch', 'Gym'] }, '/answers/perks', 'must rank every label: Train pass, Parking missing'],
      [{ perks: ['Lunch', 'Lunch', 'Gym', 'Parking'] }, '/answers/perks', 'item 1 repeats the label "Lunch"'],
      [
        { perks: ['Lunch', 'Gym', 'Parking', 'Bike'] },
        '/answers/perks',
        'item 3: "Bike" is not one of the choices: Lunch, Gym, Train pass, Parking',
      ],
      [{ perks: 'Lunch' }, '/answers/perks', 'must be an array holding each of the 4 labels once'],
    ]
    for (const [change, path, message] of cases) {
      const response = await submit(formId, { ...valid, ...change })
      expect(response.statusCode, JSON.stringify(change)).toBe(400)
      expect(problems(response), JSON.stringify(change)).toEqual({ [path]: message })
    }
    // An optional matrix may answer some rows; an optional consent may be declined.
    const partial = await submit(formId, { ...valid, extras: { Coffee: 'Good' }, news: false })
    expect(partial.statusCode).toBe(201)
    expect(
      partial
        .json()
        .answers.find((answer: { type: string; question: { id: string } }) => answer.question.id === 'extras')
        .matrix,
    ).toEqual({ Coffee: 'Good' })
    const listed = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses` })
    expect(listed.json().items).toHaveLength(1)
  })

  it('are counted in insights: consents accepted, per row a distribution, per label a mean rank', async () => {
    const formId = await createForm()
    await submit(formId, { ...valid, news: true })
    await submit(formId, {
      terms: true,
      news: false,
      grid: { Speed: 'Good', Price: 'Poor', Support: 'Good' },
      extras: { Coffee: 'Fair' },
      perks: ['Lunch', 'Train pass', 'Gym', 'Parking'],
    })
    await submit(formId, {
      terms: true,
      grid: { Speed: 'Good', Price: 'Fair', Support: 'Good' },
      perks: ['Train pass', 'Gym', 'Lunch', 'Parking'],
    })
    const insights = await insightsOf(ctx, formId)
    const of = (id: string) => insights.questions.find((question) => question.id === id)
    expect(of('terms')).toMatchObject({ answered: 3, accepted: 3, declined: 0 })
    expect(of('news')).toMatchObject({ answered: 2, accepted: 1, declined: 1 })
    expect(of('grid')?.['rows']).toEqual([
      {
        label: 'Speed',
        answered: 3,
        columns: [
          { label: 'Poor', count: 0 },
          { label: 'Fair', count: 1 },
          { label: 'Good', count: 2 },
        ],
      },
      {
        label: 'Price',
        answered: 3,
        columns: [
          { label: 'Poor', count: 2 },
          { label: 'Fair', count: 1 },
          { label: 'Good', count: 0 },
        ],
      },
      {
        label: 'Support',
        answered: 3,
        columns: [
          { label: 'Poor', count: 0 },
          { label: 'Fair', count: 0 },
          { label: 'Good', count: 3 },
        ],
      },
    ])
    expect(of('extras')?.['rows']).toEqual([
      {
        label: 'Wi-Fi',
        answered: 0,
        columns: [
          { label: 'Poor', count: 0 },
          { label: 'Fair', count: 0 },
          { label: 'Good', count: 0 },
        ],
      },
      {
        label: 'Coffee',
        answered: 1,
        columns: [
          { label: 'Poor', count: 0 },
          { label: 'Fair', count: 1 },
          { label: 'Good', count: 0 },
        ],
      },
    ])
    // Train pass 1, 2, 1; Lunch 2, 1, 3; Gym 4, 3, 2; Parking 3, 4, 4.
    expect(of('perks')?.['ranks']).toEqual([
      { label: 'Train pass', ranked: 3, mean_rank: 1.33 },
      { label: 'Lunch', ranked: 3, mean_rank: 2 },
      { label: 'Gym', ranked: 3, mean_rank: 3 },
      { label: 'Parking', ranked: 3, mean_rank: 3.67 },
    ])
    // Deleting a response takes its figures away again.
    const listed = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${formId}/responses?sort=submitted_at,asc`,
    })
    const first = listed.json().items[0].id
    expect(
      (
        await ctx.request({
          method: 'DELETE',
          url: `/v1/forms/${formId}/responses?included_response_ids=${first}`,
        })
      ).statusCode,
    ).toBe(204)
    const after = await insightsOf(ctx, formId)
    expect(after.questions.find((question) => question.id === 'perks')?.['ranks']).toEqual([
      { label: 'Train pass', ranked: 2, mean_rank: 1.5 },
      { label: 'Lunch', ranked: 2, mean_rank: 2 },
      { label: 'Gym', ranked: 2, mean_rank: 2.5 },
      { label: 'Parking', ranked: 2, mean_rank: 4 },
    ])
  })

  it('are written to CSV: a matrix a column per row, a ranking a column per label holding its rank', async () => {
    const formId = await createForm()
    await submit(formId, { ...valid, news: false })
    const csv = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses/export?format=csv` })
    expect(csv.statusCode).toBe(200)
    const [header, line] = csv.body.trim().split(/\r?\n/)
    expect(header?.split(',').slice(2)).toEqual([
      'I agree to the terms',
      'Send me news',
      'How do we do?: Speed',
      'How do we do?: Price',
      'How do we do?: Support',
      'Rate these too: Wi-Fi',
      'Rate these too: Coffee',
      'Rank the perks: Lunch',
      'Rank the perks: Gym',
      'Rank the perks: Train pass',
      'Rank the perks: Parking',
    ])
    expect(line?.split(',').slice(2)).toEqual([
      'true',
      'false',
      'Fair',
      'Poor',
      'Good',
      '',
      '',
      '2',
      '4',
      '1',
      '3',
    ])
  })
})

describe('their answers, beyond the plain case', () => {
  it('are required whole when a rule requires them: every row of a matrix, a consent accepted', async () => {
    const formId = await createForm({
      ...form,
      logic: [
        { if: { question: 'terms', op: 'answered' }, then: [{ require: 'extras' }, { require: 'news' }] },
      ],
    })
    const refused = await submit(formId, { ...valid, extras: { Coffee: 'Good' }, news: false })
    expect(refused.statusCode).toBe(400)
    expect(problems(refused)).toEqual({
      '/answers/extras': 'must answer every row: Wi-Fi not answered',
      '/answers/news': 'must be true: this statement must be accepted',
    })
    const taken = await submit(formId, { ...valid, extras: { Coffee: 'Good', 'Wi-Fi': 'Fair' }, news: true })
    expect(taken.statusCode, taken.body).toBe(201)
  })

  it('may be partial in a draft; completing it requires what the form requires', async () => {
    const formId = await createForm({ ...form, settings: { public: true, partial_responses: true } })
    const started = await startDraft(ctx, formId, { answers: { grid: { Speed: 'Good' } } })
    expect(started.statusCode, started.body).toBe(201)
    const token = started.json().resume_token
    expect((await patchDraft(ctx, token, { answers: { terms: false } })).statusCode).toBe(200)
    const early = await completeDraft(ctx, token)
    expect(early.statusCode).toBe(400)
    expect(Object.keys(problems(early)).sort()).toEqual(['/answers/grid', '/answers/terms'])
    const patched = await patchDraft(ctx, token, { answers: { ...valid } })
    expect(patched.statusCode, patched.body).toBe(200)
    expect((await completeDraft(ctx, token)).statusCode).toBe(201)
  })

  it('export whatever a row is called, toString included', async () => {
    const formId = await createForm({
      title: 'Odd rows',
      questions: [
        {
          id: 'odd',
          title: 'Odd',
          type: 'matrix',
          properties: { rows: ['toString', 'valueOf', 'Speed'], columns: ['No', 'Yes'] },
        },
      ],
    })
    expect((await submit(formId, { odd: { Speed: 'Yes' } })).statusCode).toBe(201)
    for (const format of ['csv', 'xlsx']) {
      const exported = await ctx.request({
        method: 'GET',
        url: `/v1/forms/${formId}/responses/export?format=${format}`,
      })
      expect(exported.statusCode, format).toBe(200)
    }
    const csv = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses/export?format=csv` })
    const [header, line] = csv.body.trim().split(/\r?\n/)
    expect(header?.split(',').slice(2)).toEqual(['Odd: toString', 'Odd: valueOf', 'Odd: Speed'])
    expect(line?.split(',').slice(2)).toEqual(['', '', 'Yes'])
  })
})

describe('on the hosted page, with JavaScript off', () => {
  const post = (formId: string, fields: [string, string][]) =>
    ctx.app.inject({
      method: 'POST',
      url: `/f/${formId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    })
  const answered: [string, string][] = [
    ['terms', 'true'],
    ['grid.0', 'Fair'],
    ['grid.1', 'Poor'],
    ['grid.2', 'Good'],
    ['perks.0', '2'],
    ['perks.1', '4'],
    ['perks.2', '1'],
    ['perks.3', '3'],
  ]

  it('shows a checkbox to accept, a group of radios per row, and a place to choose per label', async () => {
    const formId = await createForm()
    const html = (await ctx.app.inject({ method: 'GET', url: `/f/${formId}` })).body
    expect(html).toContain('type="checkbox" id="q-terms" name="terms" value="true"')
    expect(html).toContain('<span>I accept</span>')
    expect(html).toMatch(/<fieldset class="matrix-row"><legend dir="auto">Speed<\/legend>/)
    expect(html).toContain('type="radio" id="q-grid" name="grid.0" value="Poor"')
    expect(html).toContain('type="radio" name="grid.2" value="Good"')
    expect(html).toMatch(/<label for="q-perks" dir="auto">Lunch<\/label><select id="q-perks" name="perks.0">/)
    expect(html).toMatch(
      /<label for="q-perks-3" dir="auto">Parking<\/label><select id="q-perks-3" name="perks.3">/,
    )
    expect(html).toContain('Give each item its own place, 1 for the first and 4 for the last')
  })

  it('stores what the controls hold, as the API would', async () => {
    const formId = await createForm()
    const response = await post(formId, answered)
    expect(response.statusCode, response.body).toBe(303)
    const listed = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses` })
    const [item] = listed.json().items
    expect(
      item.answers.map((answer: { type: string; [key: string]: unknown }) => answer[answer.type]),
    ).toEqual([
      true,
      { Speed: 'Fair', Price: 'Poor', Support: 'Good' },
      ['Train pass', 'Lunch', 'Parking', 'Gym'],
    ])
  })

  it('says what to fix, keeping what was chosen', async () => {
    const formId = await createForm()
    const response = await post(formId, [
      ['grid.0', 'Fair'],
      ['perks.0', '1'],
      ['perks.1', '1'],
      ['perks.2', '2'],
      ['perks.3', ''],
    ])
    expect(response.statusCode).toBe(422)
    const html = response.body
    expect(html).toContain('I agree to the terms: Required')
    expect(html).toContain('How do we do?: Choose an answer in every row')
    expect(html).toContain('Rank the perks: Give each item its own place, from 1 to 4')
    expect(html).toMatch(/name="grid.0" value="Fair" checked/)
    expect(html).toMatch(/<select id="q-perks-1" name="perks.1"[^>]*>.*?<option value="1" selected>/s)
    const listed = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses` })
    expect(listed.json().items).toEqual([])
  })
})
