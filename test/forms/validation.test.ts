import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../support/context.js'
import { createForm, everyKindAnswers, submit } from './fixtures.js'

let ctx: TestContext
let formId: string
beforeAll(async () => {
  ctx = await createTestContext()
  formId = await createForm(ctx)
})
afterAll(() => ctx.close())

async function responseCount(): Promise<number> {
  return (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })).json().response_count
}

async function expectRejected(body: unknown, errors?: { path: string; message?: string }[]) {
  const before = await responseCount()
  const response = await ctx.request({
    method: 'POST',
    url: `/v1/forms/${formId}/responses`,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  })
  expect(response.statusCode, response.body).toBe(400)
  expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8')
  if (errors) {
    expect(response.json().errors).toEqual(errors.map((error) => expect.objectContaining(error)))
  }
  expect(await responseCount()).toBe(before)
  const list = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses` })
  expect(list.json().items).toHaveLength(before)
  return response.json()
}

const valid = { answers: { q_short: 'Ok' } }

describe('submissions that must be refused, storing nothing', () => {
  it('reports every problem of one submission at once', async () => {
    await expectRejected(
      {
        answers: { q_nps: 11, q_csat: 0, q_rating: 8, q_date: '2026-02-30', nope: 1 },
        hidden: { source: 5, nothidden: 'x' },
      },
      [
        { path: '/answers/nope', message: 'is not a question of this form' },
        { path: '/answers/q_short', message: 'is required' },
        { path: '/answers/q_rating', message: 'must be from 1 to 7' },
        { path: '/answers/q_nps', message: 'must be from 0 to 10' },
        { path: '/answers/q_csat', message: 'must be from 1 to 5' },
        { path: '/answers/q_date' },
        { path: '/hidden/source', message: 'must be a string' },
        { path: '/hidden/nothidden', message: 'is not a hidden field of this form' },
      ],
    )
  })

  it.each([
    ['a string for a number', { q_number: '5' }, '/answers/q_number'],
    ['a non-integer', { q_number: 1.5 }, '/answers/q_number'],
    ['a number beyond 2^53', { q_number: 2 ** 53 + 2 }, '/answers/q_number'],
    ['a number below min', { q_number: -11 }, '/answers/q_number'],
    ['a boolean for text', { q_long: true }, '/answers/q_long'],
    ['an over-long string', { q_long: 'x'.repeat(10_001) }, '/answers/q_long'],
    ['a string over max_length', { q_short: 'x'.repeat(21) }, '/answers/q_short'],
    ['an empty string', { q_short: '' }, '/answers/q_short'],
    ['null', { q_long: null }, '/answers/q_long'],
    ['an invalid e-mail', { q_email: 'not-an-email' }, '/answers/q_email'],
    ['a relative URL', { q_url: '/x' }, '/answers/q_url'],
    ['a non-http URL', { q_url: 'javascript:alert(1)' }, '/answers/q_url'],
    ['a phone number not in E.164', { q_phone: '0151 123' }, '/answers/q_phone'],
    ['a string for yes_no', { q_yes: 'yes' }, '/answers/q_yes'],
    ['opinion_scale below start', { q_opinion: 0 }, '/answers/q_opinion'],
    ['opinion_scale beyond start+steps-1', { q_opinion: 6 }, '/answers/q_opinion'],
    ['rating 0', { q_rating: 0 }, '/answers/q_rating'],
    ['a label not among the choices', { q_choice: 'Purple' }, '/answers/q_choice'],
    ['an array for a single choice', { q_choice: ['Red'] }, '/answers/q_choice'],
    ['duplicate labels', { q_choices: ['Ham', 'Ham'] }, '/answers/q_choices'],
    ['an unknown label among several', { q_choices: ['Ham', 'Pineapple'] }, '/answers/q_choices'],
    ['an empty label list', { q_choices: [] }, '/answers/q_choices'],
    ['a string for choices', { q_choices: 'Ham' }, '/answers/q_choices'],
    ['an impossible date', { q_date: '2026-02-30' }, '/answers/q_date'],
    ['a date in another format', { q_date: '30.01.2026' }, '/answers/q_date'],
    ['a dropdown label of another question', { q_drop: 'Red' }, '/answers/q_drop'],
  ])('refuses %s', async (_name, answers, path) => {
    await expectRejected({ answers: { q_short: 'Ok', ...answers } }, [{ path }])
  })

  it('refuses wrong JSON types for the body and its parts', async () => {
    await expectRejected([])
    await expectRejected('"answers"')
    await expectRejected({ answers: [] })
    await expectRejected({ answers: 'x' })
    await expectRejected({ answers: { q_short: 'Ok' }, hidden: ['source'] })
    await expectRejected({ answers: { q_short: 'Ok' }, extra: 1 })
    await expectRejected({})
    const tooMany = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`k${i}`, 1]))
    await expectRejected({ answers: tooMany }, [{ path: '/answers' }])
  })

  it('refuses an empty body and a body that is not JSON', async () => {
    const empty = await expectRejected('')
    expect(empty.code).toBe('validation_failed')
    const broken = await expectRejected('{"answers": ')
    expect(broken.code).toBe('invalid_json')
  })

  it('refuses __proto__ and constructor.prototype keys', async () => {
    await expectRejected('{"answers": {"q_short": "Ok", "__proto__": {"x": 1}}}')
    await expectRejected('{"answers": {"q_short": "Ok"}, "constructor": {"prototype": {"x": 1}}}')
    await expectRejected({ answers: { q_short: 'Ok', constructor: 'x' } }, [{ path: '/answers/constructor' }])
    await expectRejected({ answers: { q_short: 'Ok', toString: 'x' } }, [{ path: '/answers/toString' }])
  })

  it('refuses deeply nested values wherever a string or number is expected', async () => {
    const deep = `${'['.repeat(90_000)}${']'.repeat(90_000)}`
    await expectRejected(`{"answers": {"q_short": "Ok"}, "hidden": {"source": ${deep}}}`, [
      { path: '/hidden/source' },
    ])
    await expectRejected(`{"answers": {"q_short": ${deep}}}`, [{ path: '/answers/q_short' }])
    await expectRejected(`{"answers": {"q_short": "Ok", "zz": ${deep}}}`, [{ path: '/answers/zz' }])
  })

  it('refuses NUL characters and lone surrogates', async () => {
    await expectRejected('{"answers": {"q_short": "a\\u0000b"}}')
    await expectRejected('{"answers": {"q_short": "a\\ud800b"}}')
  })

  it('accepts the boundaries', async () => {
    const before = await responseCount()
    const ok = await submit(ctx, formId, {
      answers: {
        ...everyKindAnswers,
        q_short: 'x'.repeat(20),
        q_long: 'y'.repeat(10_000),
        q_number: 200,
        q_rating: 1,
        q_opinion: 1,
        q_nps: 0,
        q_csat: 5,
      },
    })
    expect(ok.statusCode, ok.body).toBe(201)
    expect(await responseCount()).toBe(before + 1)
    expect((await submit(ctx, formId, valid)).statusCode).toBe(201)
  })

  it('accepts numbers up to 2^53-1 on a number question without bounds', async () => {
    const wide = await createForm(ctx, {
      title: 'Wide',
      questions: [{ id: 'n', title: 'N', type: 'number' }],
    })
    const max = await submit(ctx, wide, { answers: { n: 9007199254740991 } })
    expect(max.json().answers[0].number).toBe('9007199254740991')
    const min = await submit(ctx, wide, { answers: { n: -9007199254740991 } })
    expect(min.json().answers[0].number).toBe('-9007199254740991')
    expect((await submit(ctx, wide, { answers: { n: 9007199254740992 } })).statusCode).toBe(400)
    expect((await submit(ctx, wide, { answers: { n: 1e300 } })).statusCode).toBe(400)
  })
})

describe('form definitions that must be refused', () => {
  async function expectDefinitionRejected(body: object, paths: string[]) {
    const response = await ctx.request({ method: 'POST', url: '/v1/forms', payload: body })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json().errors.map((error: { path: string }) => error.path)).toEqual(paths)
    const put = await ctx.request({ method: 'PUT', url: `/v1/forms/${formId}`, payload: body })
    expect(put.statusCode).toBe(400)
  }
  const question = (type: string, properties?: object, id?: string) => ({
    ...(id ? { id } : {}),
    title: 'Q',
    type,
    ...(properties ? { properties } : {}),
  })

  it('names each bad property', async () => {
    await expectDefinitionRejected(
      {
        title: 'Bad',
        questions: [
          question('rating', { steps: 40 }),
          question('multiple_choice'),
          question('dropdown', { choices: [] }),
          question('opinion_scale', { start: 2, steps: 4 }),
          question('short_text', { max_length: 0 }),
          question('nps', { steps: 5 }),
          question('number', { min: 5, max: 1 }),
          question('multiple_choice', { choices: ['A', 'A'], allow_multiple: 'yes' }),
        ],
      },
      [
        '/questions/0/properties/steps',
        '/questions/1/properties/choices',
        '/questions/2/properties/choices',
        '/questions/3/properties/start',
        '/questions/3/properties/steps',
        '/questions/4/properties/max_length',
        '/questions/5/properties/steps',
        '/questions/6/properties/min',
        '/questions/7/properties/allow_multiple',
        '/questions/7/properties/choices/1',
      ],
    )
  })

  it('refuses duplicate question ids, hidden names and variable names', async () => {
    await expectDefinitionRejected(
      {
        title: 'Dupes',
        questions: [question('nps', undefined, 'a'), question('nps', undefined, 'a')],
        hidden: ['h', 'h'],
        variables: [{ name: 'v' }, { name: 'v' }],
      },
      ['/questions/1/id', '/hidden/1', '/variables/1/name'],
    )
  })

  it('refuses question ids and hidden names a submission could not name as keys', async () => {
    await expectDefinitionRejected(
      {
        title: 'Reserved',
        questions: [question('nps', undefined, '__proto__'), question('nps', undefined, 'constructor')],
        hidden: ['ok', 'prototype'],
      },
      ['/questions/0/id', '/questions/1/id', '/hidden/1'],
    )
  })

  it('refuses calculations on unknown or non-numeric questions, and with both or neither operand', async () => {
    await expectDefinitionRejected(
      {
        title: 'Calc',
        questions: [question('short_text', undefined, 't'), question('nps', undefined, 'n')],
        variables: [
          {
            name: 'v',
            calculations: [
              { op: 'add', question_id: 'zz' },
              { op: 'add', question_id: 't' },
              { op: 'add', question_id: 'n', value: 1 },
              { op: 'add' },
            ],
          },
        ],
      },
      [
        '/variables/0/calculations/0/question_id',
        '/variables/0/calculations/1/question_id',
        '/variables/0/calculations/2',
        '/variables/0/calculations/3',
      ],
    )
  })

  it('refuses a variable that can overflow, naming it, at save time', async () => {
    const times = (count: number, calculation: object) => Array.from({ length: count }, () => calculation)
    const problem = (
      await ctx.request({
        method: 'POST',
        url: '/v1/forms',
        payload: {
          title: 'Overflow',
          questions: [question('nps', undefined, 'n')],
          variables: [
            { name: 'fine', calculations: [{ op: 'add', question_id: 'n' }] },
            { name: 'huge', initial: 1e12, calculations: times(30, { op: 'multiply', value: 1e12 }) },
          ],
        },
      })
    ).json()
    expect(problem.code).toBe('validation_failed')
    expect(problem.errors).toEqual([
      { path: '/variables/1', message: expect.stringContaining('variable huge') },
    ])
    expect(problem.errors[0].message).toContain('beyond ±1e+300')
    await expectDefinitionRejected(
      {
        title: 'Overflow',
        questions: [question('number', undefined, 'free'), question('number', { min: -5, max: 5 }, 'small')],
        variables: [
          // Unbounded answers (up to 2^53-1) multiplied 20 times can overflow...
          { name: 'product', initial: 1, calculations: times(20, { op: 'multiply', question_id: 'free' }) },
          // ...and so can a constant reached by subtracting them.
          {
            name: 'negative',
            initial: -1e12,
            calculations: [
              ...times(24, { op: 'multiply', value: 1e12 }),
              { op: 'subtract', question_id: 'small' },
              { op: 'multiply', value: 1e12 },
            ],
          },
        ],
      },
      ['/variables/0', '/variables/1'],
    )
  })

  it('accepts variables whose every reachable value stays in range, and computes them', async () => {
    const times = (count: number, calculation: object) => Array.from({ length: count }, () => calculation)
    const bounded = await createForm(ctx, {
      title: 'Bounded',
      questions: [
        { id: 'small', title: 'Small', type: 'number', required: true, properties: { min: -5, max: 5 } },
        { id: 'r', title: 'Rating', type: 'rating' },
      ],
      variables: [
        { name: 'big', initial: 1e12, calculations: times(20, { op: 'multiply', value: 1e12 }) },
        { name: 'powers', initial: 1, calculations: times(100, { op: 'multiply', question_id: 'small' }) },
        { name: 'ratings', calculations: times(100, { op: 'multiply', question_id: 'r' }) },
      ],
    })
    const response = await submit(ctx, bounded, { answers: { small: -5, r: 2 } })
    expect(response.statusCode, response.body).toBe(201)
    const repeat = (start: number, factor: number, count: number) =>
      Array.from({ length: count }).reduce<number>((value) => value * factor, start)
    expect(response.json().variables).toEqual([
      { name: 'big', value: repeat(1e12, 1e12, 20) },
      { name: 'powers', value: repeat(1, -5, 100) },
      { name: 'ratings', value: 0 },
    ])
  })

  it('refuses unknown kinds, unknown properties and wrong types, all at once', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/v1/forms',
      payload: {
        title: 5,
        questions: [
          { title: 'Q', type: 'essay' },
          { title: 'Q', type: 'nps', colour: 1 },
        ],
        hidden: 'h',
      },
    })
    expect(response.statusCode).toBe(400)
    const paths = response.json().errors.map((error: { path: string }) => error.path)
    expect(paths).toEqual(
      expect.arrayContaining(['/title', '/questions/0/type', '/questions/1/colour', '/hidden']),
    )
  })

  it('refuses an empty body and a missing title', async () => {
    expect(
      (
        await ctx.request({
          method: 'POST',
          url: '/v1/forms',
          headers: { 'content-type': 'application/json' },
          payload: '',
        })
      ).statusCode,
    ).toBe(400)
    expect(
      (await ctx.request({ method: 'POST', url: '/v1/forms', payload: { questions: [] } })).statusCode,
    ).toBe(400)
  })
})

describe('hostile form bodies', () => {
  it('a question type nested thousands of arrays deep: a 400 naming it, not a 500', async () => {
    // Found by the hostile-input suite: quoting the value serialised it whole and overflowed the stack.
    const deep = `${'['.repeat(60_000)}${']'.repeat(60_000)}`
    const response = await ctx.request({
      method: 'POST',
      url: '/v1/forms',
      headers: { 'content-type': 'application/json' },
      payload: `{"title": "T", "questions": [{"title": "Q", "type": ${deep}}]}`,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toContainEqual({
      path: '/questions/0/type',
      message: expect.stringMatching(/^must be one of short_text, .*; got an array$/),
    })
  })
})
