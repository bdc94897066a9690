import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createForm, tinyForm } from '../forms/fixtures.js'
import { createTestContext, type TestContext } from '../support/context.js'

// docs/api.md#form-settings: a form's respondent settings, stored, checked and always returned whole.

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(async () => {
  await ctx.close()
})

const defaults = {
  public: false,
  opens_at: null,
  closes_at: null,
  max_responses: null,
  closed_message: null,
  thank_you: { title: null, message: null, redirect_url: null },
  partial_responses: false,
  notify: null,
  confirmation: null,
  anonymous: false,
}

describe('form settings', () => {
  it('are private by default and returned whole', async () => {
    const id = await createForm(ctx, tinyForm)
    const form = await ctx.request({ method: 'GET', url: `/v1/forms/${id}` })
    expect(form.json().settings).toEqual(defaults)
  })

  it('keeps what was given, fills the rest, and writes closes_at in the API format', async () => {
    const created = await ctx.request({
      method: 'POST',
      url: '/v1/forms',
      payload: {
        ...tinyForm,
        settings: {
          public: true,
          closes_at: '2030-01-02T03:04:05+01:00',
          max_responses: 100,
          thank_you: { title: 'Danke', redirect_url: 'https://example.com/done' },
        },
      },
    })
    expect(created.statusCode).toBe(201)
    expect(created.json().settings).toEqual({
      ...defaults,
      public: true,
      closes_at: '2030-01-02T02:04:05.000000Z',
      max_responses: 100,
      thank_you: { title: 'Danke', message: null, redirect_url: 'https://example.com/done' },
    })
    const listed = await ctx.request({ method: 'GET', url: '/v1/forms' })
    const found = listed.json().items.find((form: { id: string }) => form.id === created.json().id)
    expect(found.settings.max_responses).toBe(100)
  })

  it('are replaced whole by PUT: settings left out fall back to a private form', async () => {
    const created = await ctx.request({
      method: 'POST',
      url: '/v1/forms',
      payload: { ...tinyForm, settings: { public: true } },
    })
    const id = created.json().id
    const replaced = await ctx.request({ method: 'PUT', url: `/v1/forms/${id}`, payload: tinyForm })
    expect(replaced.json().settings).toEqual(defaults)
  })

  it('refuses bad values, naming each place', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/v1/forms',
      payload: {
        ...tinyForm,
        settings: {
          closes_at: 'next tuesday',
          max_responses: 0,
          closed_message: 'x'.repeat(1001),
          thank_you: { redirect_url: 'javascript:alert(1)', title: 'x'.repeat(201) },
          colour: 'red',
        },
      },
    })
    expect(response.statusCode).toBe(400)
    const paths = response.json().errors.map((error: { path: string }) => error.path)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/settings/max_responses',
        '/settings/closed_message',
        '/settings/thank_you/title',
      ]),
    )
    const semantic = await ctx.request({
      method: 'POST',
      url: '/v1/forms',
      payload: {
        ...tinyForm,
        settings: { closes_at: 'next tuesday', thank_you: { redirect_url: 'javascript:alert(1)' } },
      },
    })
    expect(semantic.statusCode).toBe(400)
    expect(
      semantic
        .json()
        .errors.map((error: { path: string }) => error.path)
        .sort(),
    ).toEqual(['/settings/closes_at', '/settings/thank_you/redirect_url'])
  })

  it('reads forms stored before settings existed as private', async () => {
    const id = await createForm(ctx, tinyForm)
    await ctx.database.db
      .updateTable('forms')
      .set({
        definition: JSON.stringify({
          questions: tinyForm.questions.map((q) => ({ ...q, required: false, properties: {} })),
          hidden: ['k'],
          variables: [],
        }),
      })
      .where('id', '=', id)
      .execute()
    const form = await ctx.request({ method: 'GET', url: `/v1/forms/${id}` })
    expect(form.json().settings).toEqual(defaults)
    const page = await ctx.request({ method: 'GET', url: `/f/${id}`, token: null })
    expect(page.statusCode).toBe(404)
  })

  it('are in the OpenAPI document', async () => {
    const doc = (await ctx.request({ method: 'GET', url: '/v1/openapi.json' })).json()
    const schema = doc.paths['/v1/forms'].post.requestBody.content['application/json'].schema
    expect(Object.keys(schema.properties.settings.properties).sort()).toEqual([
      'anonymous',
      'closed_message',
      'closes_at',
      'confirmation',
      'max_responses',
      'notify',
      'opens_at',
      'partial_responses',
      'public',
      'thank_you',
    ])
  })
})
