import { describe, expect, it } from 'vitest'
import { useTestContext } from '../support/context.js'

// The words a developer reads when a request is refused: the allowed values and the offending
// one, the limit and the setting that sets it, the header form a 401 expects, and every problem
// of a form definition at once. Codes and statuses are those of docs/api.md#errors.

const ctx = useTestContext({ bodyLimit: 2048 })

async function newForm(): Promise<string> {
  const response = await ctx.request({
    method: 'POST',
    url: '/v1/forms',
    payload: {
      title: 'Visit',
      questions: [
        {
          id: 'extras',
          title: 'Extras',
          type: 'multiple_choice',
          properties: { choices: ['Parking', 'Wi-Fi'] },
        },
        {
          id: 'many',
          title: 'Many',
          type: 'multiple_choice',
          properties: { allow_multiple: true, choices: ['Parking', 'Wi-Fi'] },
        },
      ],
    },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id
}

describe('validation messages', () => {
  it('a label that is no choice: names it and the choices', async () => {
    const formId = await newForm()
    const response = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${formId}/responses`,
      payload: { answers: { extras: 'Pizza', many: ['Wi-Fi', 'Sauna'] } },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('validation_failed')
    expect(response.json().errors).toEqual([
      { path: '/answers/extras', message: '"Pizza" is not one of the choices: Parking, Wi-Fi' },
      { path: '/answers/many', message: 'item 1: "Sauna" is not one of the choices: Parking, Wi-Fi' },
    ])
  })

  it('a question type that is no kind: names the kinds and the value', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/v1/forms',
      payload: { title: 'T', questions: [{ title: 'Q', type: 'essay' }] },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual([
      {
        path: '/questions/0/type',
        message:
          'must be one of short_text, long_text, email, url, phone_number, number, rating, ' +
          'opinion_scale, nps, customer_sat, yes_no, multiple_choice, dropdown, date, consent, matrix, ranking, file_upload; got "essay"',
      },
    ])
  })

  it('sort and format: name the allowed values and the value given', async () => {
    const formId = await newForm()
    const sorted = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses?sort=newest` })
    expect(sorted.statusCode).toBe(400)
    expect(sorted.json().code).toBe('validation_failed')
    expect(sorted.json().errors).toEqual([
      { path: '/sort', message: 'must be one of submitted_at,desc, submitted_at,asc; got "newest"' },
    ])
    const exported = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${formId}/responses/export?format=pdf`,
    })
    expect(exported.statusCode).toBe(400)
    expect(exported.json().errors).toEqual([
      { path: '/format', message: 'must be one of ndjson, csv, xlsx; got "pdf"' },
    ])
  })

  it('413 names the limit and the setting', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/v1/contact-lists',
      payload: JSON.stringify({ name: 'x'.repeat(4000) }),
      headers: { 'content-type': 'application/json' },
    })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({
      code: 'payload_too_large',
      detail: 'the request body is larger than 2048 bytes (CANVASS_BODY_LIMIT)',
    })
  })

  it('401 shows the header form expected', async () => {
    const response = await ctx.request({ method: 'GET', url: '/v1/forms', token: null })
    expect(response.statusCode).toBe(401)
    expect(response.json().detail).toContain('send Authorization: Bearer <token>')
  })
})

describe('a form definition: problems of every stage at once', () => {
  const body = {
    questions: [
      { id: 'r', title: 'Rate us', type: 'rating', properties: { steps: 20 } },
      { id: 'r', title: 'Again', type: 'nps' },
    ],
    variables: [{ name: 'v', calculations: [{ op: 'add', question_id: 'nowhere' }] }],
  }

  it('a missing title does not hide bad steps, a repeated id or a calculation on no question', async () => {
    const formId = await newForm()
    for (const [method, url] of [
      ['POST', '/v1/forms'],
      ['PUT', `/v1/forms/${formId}`],
    ] as const) {
      const response = await ctx.request({ method, url, payload: body })
      expect(response.statusCode, `${method} ${response.body}`).toBe(400)
      expect(response.json().code).toBe('validation_failed')
      expect(response.json().errors).toEqual([
        { path: '/title', message: 'is required' },
        { path: '/questions/0/properties/steps', message: expect.stringContaining('3') },
        { path: '/questions/1/id', message: 'duplicates the question id at index 0' },
        { path: '/variables/0/calculations/0/question_id', message: 'is not a question of this form' },
      ])
    }
  })

  it('one place named by both stages is named once, by the schema', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/v1/forms',
      payload: { questions: [{ title: 'Q', type: 'rating', properties: { steps: 'many' } }], hidden: [5] },
    })
    expect(response.statusCode).toBe(400)
    const paths = response.json().errors.map((error: { path: string }) => error.path)
    expect(paths).toEqual(['/title', '/hidden/0', '/questions/0/properties/steps'])
  })

  it('a body of the wrong shape still gets its schema errors', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/v1/forms',
      payload: { questions: [5, null] },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors.length).toBeGreaterThanOrEqual(3)
  })
})
