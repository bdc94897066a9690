import { describe, expect, it } from 'vitest'
import { createToken, ensureWorkspace } from '../../src/domain/tokens.js'
import { useTestContext } from '../support/context.js'
import { createForm, everyKindForm, submitMany, tinyForm } from './fixtures.js'

const ctx = useTestContext()

describe('form definitions', () => {
  it('creates a form, generating missing question ids, and gets it back', async () => {
    const created = await ctx.request({
      method: 'POST',
      url: '/v1/forms',
      payload: {
        title: 'Feedback',
        questions: [
          { title: 'How likely?', type: 'nps', required: true },
          { id: 'why', title: 'Why?', type: 'long_text', properties: { max_length: 500 } },
        ],
      },
    })
    expect(created.statusCode).toBe(201)
    const form = created.json()
    expect(form).toEqual({
      id: expect.stringMatching(/^frm_[A-Za-z0-9_-]{22}$/),
      title: 'Feedback',
      questions: [
        {
          id: expect.stringMatching(/^q_[A-Za-z0-9_-]{22}$/),
          title: 'How likely?',
          type: 'nps',
          required: true,
          properties: {},
        },
        { id: 'why', title: 'Why?', type: 'long_text', required: false, properties: { max_length: 500 } },
      ],
      hidden: [],
      variables: [],
      // The flow's parts (section 10) are always returned, empty when none were given.
      pages: [],
      logic: [],
      endings: [],
      settings: {
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
      },
      response_count: 0,
      last_response_at: null,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
      updated_at: form.created_at,
    })
    const got = await ctx.request({ method: 'GET', url: `/v1/forms/${form.id}` })
    expect(got.statusCode).toBe(200)
    expect(got.json()).toEqual(form)
  })

  it('keeps question ids across a replacement where given, and counts responses', async () => {
    const formId = await createForm(ctx, everyKindForm)
    await submitMany(ctx, await createForm(ctx, tinyForm), 1)
    const before = (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })).json()
    const put = await ctx.request({
      method: 'PUT',
      url: `/v1/forms/${formId}`,
      payload: {
        title: 'Renamed',
        questions: [
          { id: 'q_nps', title: 'Score', type: 'nps' },
          { title: 'New', type: 'yes_no' },
        ],
        variables: [{ name: 'total', initial: 2.5, calculations: [{ op: 'add', question_id: 'q_nps' }] }],
      },
    })
    expect(put.statusCode).toBe(200)
    const after = put.json()
    expect(after.id).toBe(formId)
    expect(after.title).toBe('Renamed')
    expect(after.questions[0]).toEqual({
      id: 'q_nps',
      title: 'Score',
      type: 'nps',
      required: false,
      properties: {},
    })
    expect(after.questions[1].id).toMatch(/^q_/)
    expect(after.hidden).toEqual([])
    expect(after.variables).toEqual([
      { name: 'total', initial: 2.5, calculations: [{ op: 'add', question_id: 'q_nps' }] },
    ])
    expect(after.created_at).toBe(before.created_at)
    expect(after.updated_at > before.updated_at).toBe(true)
  })

  it('lists forms oldest first, paged', async () => {
    // A workspace of its own, so only these forms are listed.
    const workspaceId = await ensureWorkspace(ctx.database.db, ctx.clock, 'forms-list')
    const { token } = await createToken(ctx.database.db, ctx.clock, { workspaceId, name: 'list' })
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      const created = await ctx.request({
        method: 'POST',
        url: '/v1/forms',
        payload: { ...tinyForm, title: `F${i}` },
        token,
      })
      ids.push(created.json().id)
    }
    const page1 = await ctx.request({ method: 'GET', url: '/v1/forms?page_size=2', token })
    expect(page1.json()).toEqual({
      page: '1',
      page_size: '2',
      items: [expect.objectContaining({ id: ids[0], title: 'F0' }), expect.objectContaining({ id: ids[1] })],
    })
    expect(page1.headers.link).toContain('rel="next"')
    const page2 = await ctx.request({ method: 'GET', url: '/v1/forms?page=2&page_size=2', token })
    expect(page2.json().items.map((form: { id: string }) => form.id)).toEqual([ids[2]])
    expect((await ctx.request({ method: 'GET', url: '/v1/forms?page=0', token })).statusCode).toBe(400)
  })

  it('deletes a form with its responses', async () => {
    const formId = await createForm(ctx, tinyForm)
    await submitMany(ctx, formId, 3)
    const deleted = await ctx.request({ method: 'DELETE', url: `/v1/forms/${formId}` })
    expect(deleted.statusCode).toBe(204)
    expect(deleted.body).toBe('')
    expect((await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })).statusCode).toBe(404)
    expect((await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses` })).statusCode).toBe(404)
    const left = await ctx.database.db
      .selectFrom('responses')
      .select('id')
      .where('form_id', '=', formId)
      .execute()
    expect(left).toEqual([])
    expect((await ctx.request({ method: 'DELETE', url: `/v1/forms/${formId}` })).statusCode).toBe(404)
  })

  it('refuses bad form ids in the path', async () => {
    for (const bad of ['a%20b', 'x'.repeat(65), '%C3%A9']) {
      expect((await ctx.request({ method: 'GET', url: `/v1/forms/${bad}` })).statusCode).toBe(400)
    }
  })

  it('is described in the OpenAPI document', async () => {
    const doc = (await ctx.request({ method: 'GET', url: '/v1/openapi.json', token: null })).json()
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/forms',
        '/v1/forms/{form_id}',
        '/v1/forms/{form_id}/responses',
        '/v1/forms/{form_id}/responses/export',
      ]),
    )
    const list = doc.paths['/v1/forms/{form_id}/responses'].get
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining([
        'form_id',
        'page',
        'page_size',
        'since',
        'until',
        'sort',
        'included_response_ids',
      ]),
    )
    // The page and its items are named components, referenced as a client generator reads them.
    const schemas = doc.components.schemas
    const named = (schema: { $ref: string }) => schemas[schema.$ref.replace('#/components/schemas/', '')]
    const page = named(list.responses['200'].content['application/json'].schema)
    const item = named(page.properties.items.items)
    expect(item.properties).toHaveProperty('answers')
    expect(named(item.properties.answers.items).discriminator.propertyName).toBe('type')
    expect(doc.paths['/v1/forms/{form_id}/responses'].delete.responses).toHaveProperty('204')
  })
})
