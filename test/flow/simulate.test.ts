import { describe, expect, it } from 'vitest'
import { useTestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'
import { richForm } from './fixtures.js'

// Simulating a path over HTTP (docs/api.md#simulate), and definitions with a flow saved and read
// back: nothing is stored by a simulation, answers are judged as a submission judges them, a
// definition that could not be saved is refused as saving refuses it, and tokens see only their
// own workspace's forms.

const ctx = useTestContext()

async function createRich(token?: string) {
  const created = await ctx.request({
    method: 'POST',
    url: '/v1/forms',
    payload: richForm,
    ...(token ? { token } : {}),
  })
  expect(created.statusCode, created.body).toBe(201)
  return created.json()
}

const simulate = (formId: string, payload: object, token?: string) =>
  ctx.request({
    method: 'POST',
    url: `/v1/forms/${formId}/simulate`,
    payload,
    ...(token === undefined ? {} : { token }),
  })

const traveller = { name: 'Ada', travelled: true, rating: 5, nights: 2 }

describe(`simulate on ${testBackend}`, () => {
  it('saves pages, logic and endings with the form and returns them as given; [] when absent', async () => {
    const form = await createRich()
    expect(form.pages.map((page: { id: string }) => page.id)).toEqual([
      'intro',
      'trip',
      'stay',
      'not_travelled',
    ])
    expect(form.logic).toEqual(richForm.logic)
    expect(form.endings).toEqual(richForm.endings)
    const got = (await ctx.request({ method: 'GET', url: `/v1/forms/${form.id}` })).json()
    expect({ pages: got.pages, logic: got.logic, endings: got.endings }).toEqual({
      pages: form.pages,
      logic: form.logic,
      endings: form.endings,
    })
    // A form read and written back unchanged keeps its flow.
    const { id, response_count, last_response_at, created_at, updated_at, ...definition } = got
    const put = await ctx.request({ method: 'PUT', url: `/v1/forms/${id}`, payload: definition })
    expect(put.statusCode, put.body).toBe(200)
    expect(put.json().logic).toEqual(richForm.logic)
    const flat = await ctx.request({
      method: 'POST',
      url: '/v1/forms',
      payload: { title: 'Flat', questions: [{ title: 'Q', type: 'nps' }] },
    })
    expect(flat.json()).toMatchObject({ pages: [], logic: [], endings: [] })
  })

  it('reads a form stored before the flow existed as one page without rules', async () => {
    const form = await createRich()
    await ctx.database.db
      .updateTable('forms')
      .set({
        definition: JSON.stringify({
          questions: [{ id: 'q', title: 'Q', type: 'nps', required: true, properties: {} }],
          hidden: [],
          variables: [],
        }),
      })
      .where('id', '=', form.id)
      .execute()
    const got = (await ctx.request({ method: 'GET', url: `/v1/forms/${form.id}` })).json()
    expect(got).toMatchObject({ pages: [], logic: [], endings: [] })
    expect((await simulate(form.id, { answers: {} })).json()).toEqual({
      pages: ['page_1'],
      questions: ['q'],
      missing: ['q'],
      not_on_path: [],
      variables: [],
      ending: null,
    })
  })

  it('answers the path of a saved form and stores nothing', async () => {
    const form = await createRich()
    const answer = await simulate(form.id, {
      answers: { ...traveller, issues: ['Food'] },
      hidden: { source: 'mail' },
    })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toEqual({
      pages: ['intro', 'trip', 'stay'],
      questions: ['name', 'travelled', 'rating', 'issues', 'details', 'nights', 'when'],
      missing: ['details'],
      not_on_path: [],
      variables: [{ name: 'score', value: 2.5 }],
      ending: null,
    })
    const away = (await simulate(form.id, { answers: { name: 'Bo', travelled: false, rating: 2 } })).json()
    expect(away).toMatchObject({ pages: ['intro', 'not_travelled'], not_on_path: ['rating'], ending: null })
    const after = (await ctx.request({ method: 'GET', url: `/v1/forms/${form.id}` })).json()
    expect(after.response_count).toBe(0)
    const listed = await ctx.request({ method: 'GET', url: `/v1/forms/${form.id}/responses` })
    expect(listed.json().items).toEqual([])
  })

  it('judges answers as a submission does: a wrong value is a 400 at its pointer', async () => {
    const form = await createRich()
    const answer = await simulate(form.id, {
      answers: { rating: 'five', ghost: 1, issues: ['Wine'] },
      hidden: { nope: 'x', source: 5 },
    })
    expect(answer.statusCode).toBe(400)
    expect(answer.json().code).toBe('validation_failed')
    expect(
      answer
        .json()
        .errors.map((error: { path: string }) => error.path)
        .sort(),
    ).toEqual(['/answers/ghost', '/answers/issues', '/answers/rating', '/hidden/nope', '/hidden/source'])
    expect((await simulate(form.id, { answers: 'no' })).statusCode).toBe(400)
    expect((await simulate(form.id, {})).statusCode).toBe(400)
  })

  it('simulates a definition not yet saved, refusing one that could not be saved as saving does', async () => {
    const answer = await ctx.request({
      method: 'POST',
      url: '/v1/forms/simulate',
      payload: { form: richForm, answers: { ...traveller, rating: 1 } },
    })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toMatchObject({ pages: ['intro', 'trip', 'stay'], ending: 'sorry' })
    const broken = {
      ...richForm,
      questions: richForm.questions.map((question, index) =>
        index === 2 ? { ...question, properties: { steps: 99 } } : question,
      ),
      logic: [
        { if: { question: 'rating', op: 'less_than', value: 'x' }, then: [{ jump_to: 'intro' }] },
        { if: { all: [{ question: 'travelled', op: 'bogus' }] }, then: [{ shout: 'x' }] },
      ],
    }
    const saved = await ctx.request({ method: 'POST', url: '/v1/forms', payload: broken })
    const simulated = await ctx.request({
      method: 'POST',
      url: '/v1/forms/simulate',
      payload: { form: broken, answers: {} },
    })
    expect(saved.statusCode).toBe(400)
    expect(simulated.statusCode).toBe(400)
    expect(simulated.json().code).toBe('validation_failed')
    const savedErrors = saved
      .json()
      .errors.map((error: { path: string }) => ({ ...error, path: `/form${error.path}` }))
    expect(simulated.json().errors).toEqual(savedErrors)
    expect(savedErrors.map((error: { path: string }) => error.path)).toEqual(
      expect.arrayContaining([
        '/form/questions/2/properties/steps',
        '/form/logic/0/then/0/jump_to',
        '/form/logic/1/if/all/0/op',
        '/form/logic/1/then/0',
      ]),
    )
    const noTitle = await ctx.request({
      method: 'POST',
      url: '/v1/forms/simulate',
      payload: { form: { questions: [] }, answers: {} },
    })
    expect(noTitle.json().errors).toEqual([{ path: '/form/title', message: 'is required' }])
  })

  it('says what a malformed condition or action should be, at its pointer', async () => {
    const logic = [
      { if: { foo: 1 }, then: [{ show: 'name', hide: 'name' }] },
      { if: { question: 'name', op: 'equals', value: {} }, then: [] },
      { if: { hidden: 'source', op: 'equals', value: [1] }, then: [] },
    ]
    const answer = await ctx.request({ method: 'POST', url: '/v1/forms', payload: { ...richForm, logic } })
    expect(answer.statusCode).toBe(400)
    expect(answer.json().errors).toEqual([
      { path: '/logic/0/if', message: expect.stringContaining('must be one condition') },
      { path: '/logic/0/then/0', message: expect.stringContaining('must be one action') },
      { path: '/logic/1/if/value', message: 'no answer can equal an object: it must be a string' },
      { path: '/logic/2/if/value', message: 'must be a string' },
    ])
  })

  it('refuses hostile definitions with a 400: deep, wide, too many rules', async () => {
    // Written out as text: a tree 20,000 levels deep is more than JSON.stringify can walk.
    const depth = 20_000
    const deep = `${'{"not":'.repeat(depth)}{"question":"name","op":"answered"}${'}'.repeat(depth)}`
    const many = JSON.stringify(Array.from({ length: 1001 }, () => ({ if: { all: [] }, then: [] })))
    const wide = JSON.stringify([
      { if: { all: Array.from({ length: 101 }, () => ({ question: 'name', op: 'answered' })) }, then: [] },
    ])
    const form = (logic: string) => `${JSON.stringify(richForm).slice(0, -1)},"logic":${logic}}`
    for (const logic of [`[{"if":${deep},"then":[]}]`, many, wide]) {
      for (const [url, payload] of [
        ['/v1/forms', form(logic)],
        ['/v1/forms/simulate', `{"answers":{},"form":${form(logic)}}`],
      ] as const) {
        const answer = await ctx.request({
          method: 'POST',
          url,
          payload,
          headers: { 'content-type': 'application/json' },
        })
        expect(answer.statusCode, `${url} ${answer.body.slice(0, 300)}`).toBe(400)
        expect(answer.json().code).toBe('validation_failed')
      }
    }
  })

  it('needs forms:read, and sees only its own workspace’s forms', async () => {
    const form = await createRich()
    const body = { answers: {} }
    expect((await simulate(form.id, body, null as unknown as string)).statusCode).toBe(401)
    const writer = await ctx.tokenWithScopes(['forms:write', 'responses:read', 'responses:write'])
    const forbidden = await simulate(form.id, body, writer)
    expect(forbidden.statusCode).toBe(403)
    expect(forbidden.json().code).toBe('forbidden')
    const unsaved = await ctx.request({
      method: 'POST',
      url: '/v1/forms/simulate',
      payload: { form: richForm, ...body },
      token: writer,
    })
    expect(unsaved.statusCode).toBe(403)
    const reader = await ctx.tokenWithScopes(['forms:read'])
    expect((await simulate(form.id, body, reader)).statusCode).toBe(200)
    const other = await simulate(form.id, body, ctx.otherToken)
    const never = await simulate('frm_neverexisted', body, ctx.otherToken)
    expect(other.statusCode).toBe(404)
    expect(other.json().detail).toBe(never.json().detail.replace('frm_neverexisted', form.id))
  })
})
