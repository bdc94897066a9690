import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../support/context.js'
import { tinyForm } from '../support/receiver.js'

// Managing webhooks (docs/webhooks.md): shapes, merge semantics, validation, scopes, isolation.

let ctx: TestContext
let formId: string

beforeAll(async () => {
  ctx = await createTestContext()
  formId = await newForm()
})
afterAll(async () => ctx?.close())

async function newForm(token?: string): Promise<string> {
  const response = await ctx.request({
    method: 'POST',
    url: '/v1/forms',
    payload: tinyForm,
    ...(token ? { token } : {}),
  })
  expect(response.statusCode).toBe(201)
  return response.json().id
}

const put = (tag: string, payload: unknown, options: { form?: string; token?: string } = {}) =>
  ctx.request({
    method: 'PUT',
    url: `/v1/forms/${options.form ?? formId}/webhooks/${tag}`,
    payload: payload as object,
    ...(options.token ? { token: options.token } : {}),
  })

const timestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

describe('webhook management', () => {
  it('creates with 201 and defaults, reads it back with 200 {webhook}, never returning the secret', async () => {
    const created = await put('main-hook', {
      url: 'https://hooks.example.com/canvass',
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    })
    expect(created.statusCode).toBe(201)
    const webhook = created.json().webhook
    expect(webhook).toEqual({
      form_id: formId,
      tag: 'main-hook',
      url: 'https://hooks.example.com/canvass',
      enabled: true,
      verify_ssl: true,
      event_types: { form_response: true, draft_updated: false },
      created_at: expect.stringMatching(timestamp),
      updated_at: expect.stringMatching(timestamp),
    })
    const read = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/webhooks/main-hook` })
    expect(read.statusCode).toBe(200)
    expect(read.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(read.json()).toEqual({ webhook })
    expect(read.body).not.toContain('whsec_')
    expect(read.body).not.toContain('secret')
  })

  it('updates with 200, keeping omitted fields; an update may carry only {enabled}', async () => {
    await put('merge', { url: 'https://a.example.com/x', secret: 'plain-secret', verify_ssl: false })
    const before = (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/webhooks/merge` })).json()
      .webhook
    const updated = await put('merge', { enabled: false })
    expect(updated.statusCode).toBe(200)
    const after = updated.json().webhook
    expect(after).toEqual({ ...before, enabled: false, updated_at: after.updated_at })
    expect(after.updated_at > before.updated_at).toBe(true)
    expect(after.created_at).toBe(before.created_at)
    const again = await put('merge', {
      url: 'http://b.example.com/y',
      event_types: { form_response: false },
      secret: null,
    })
    expect(again.statusCode).toBe(200)
    expect(again.json().webhook).toMatchObject({
      url: 'http://b.example.com/y',
      enabled: false,
      verify_ssl: false,
      event_types: { form_response: false },
    })
    expect(again.body).not.toContain('plain-secret')
    // event_types merges too: a kind left out keeps its setting.
    const kept = await put('merge', { event_types: {} })
    expect(kept.json().webhook.event_types).toEqual({ form_response: false, draft_updated: false })
    const on = await put('merge', { event_types: { form_response: true } })
    expect(on.json().webhook.event_types).toEqual({ form_response: true, draft_updated: false })
    const drafts = await put('merge', { event_types: { draft_updated: true } })
    expect(drafts.json().webhook.event_types).toEqual({ form_response: true, draft_updated: true })
    expect((await put('merge', { event_types: {} })).json().webhook.event_types).toEqual({
      form_response: true,
      draft_updated: true,
    })
  })

  it('one event to three webhooks: three deliveries, each with its own created_at', async () => {
    const form = await newForm()
    for (const tag of ['one', 'two', 'three']) {
      expect((await put(tag, { url: 'https://example.com/hook' }, { form })).statusCode).toBe(201)
    }
    const submitted = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${form}/responses`,
      payload: { answers: {} },
    })
    expect(submitted.statusCode).toBe(201)
    const stamps: string[] = []
    for (const tag of ['one', 'two', 'three']) {
      const log = await ctx.request({ method: 'GET', url: `/v1/forms/${form}/webhooks/${tag}/deliveries` })
      expect(log.json().items).toHaveLength(1)
      stamps.push(log.json().items[0].created_at)
    }
    expect(stamps.every((stamp) => timestamp.test(stamp))).toBe(true)
    expect(new Set(stamps).size).toBe(3)
  })

  it('lists all webhooks of a form in creation order, as {items}, and accepts no paging parameters', async () => {
    const form = await newForm()
    for (const tag of ['zeta', 'alpha', 'mid.dle_1-x']) {
      expect((await put(tag, { url: `https://example.com/${tag}` }, { form })).statusCode).toBe(201)
    }
    const list = await ctx.request({ method: 'GET', url: `/v1/forms/${form}/webhooks` })
    expect(list.statusCode).toBe(200)
    expect(Object.keys(list.json())).toEqual(['items'])
    expect(list.json().items.map((w: { tag: string }) => w.tag)).toEqual(['zeta', 'alpha', 'mid.dle_1-x'])
    const paged = await ctx.request({ method: 'GET', url: `/v1/forms/${form}/webhooks?page=1` })
    expect(paged.statusCode).toBe(400)
    const empty = await ctx.request({ method: 'GET', url: `/v1/forms/${await newForm()}/webhooks` })
    expect(empty.json()).toEqual({ items: [] })
  })

  it('deletes with 204; then the webhook is 404; deleting the form removes its webhooks', async () => {
    const form = await newForm()
    await put('gone', { url: 'https://example.com/gone' }, { form })
    const deleted = await ctx.request({ method: 'DELETE', url: `/v1/forms/${form}/webhooks/gone` })
    expect(deleted.statusCode).toBe(204)
    expect(deleted.body).toBe('')
    expect((await ctx.request({ method: 'GET', url: `/v1/forms/${form}/webhooks/gone` })).statusCode).toBe(
      404,
    )
    expect((await ctx.request({ method: 'DELETE', url: `/v1/forms/${form}/webhooks/gone` })).statusCode).toBe(
      404,
    )

    await put('kept', { url: 'https://example.com/kept' }, { form })
    expect((await ctx.request({ method: 'DELETE', url: `/v1/forms/${form}` })).statusCode).toBe(204)
    const rows = await ctx.database.db
      .selectFrom('webhooks')
      .select('id')
      .where('form_id', '=', form)
      .execute()
    expect(rows).toEqual([])
  })

  it('unknown form, unknown webhook: 404 problem', async () => {
    const unknownForm = await ctx.request({ method: 'GET', url: '/v1/forms/frm_nope/webhooks' })
    expect(unknownForm.statusCode).toBe(404)
    expect(unknownForm.json()).toMatchObject({ code: 'not_found', detail: 'form frm_nope does not exist' })
    expect((await put('x', { url: 'https://example.com' }, { form: 'frm_nope' })).statusCode).toBe(404)
    const unknownHook = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/webhooks/nope` })
    expect(unknownHook.statusCode).toBe(404)
    expect(unknownHook.headers['content-type']).toContain('application/problem+json')
  })
})

describe('bad input is a 400 naming the place', () => {
  const cases: [string, unknown, string][] = [
    ['missing url on create', { enabled: true }, '/url'],
    ['relative url', { url: '/hook' }, '/url'],
    ['scheme-less url', { url: 'example.com/hook' }, '/url'],
    ['ftp url', { url: 'ftp://example.com/hook' }, '/url'],
    ['javascript url', { url: 'javascript:alert(1)' }, '/url'],
    ['url over 2048 characters', { url: `https://example.com/${'a'.repeat(2030)}` }, '/url'],
    ['url without host', { url: 'https://' }, '/url'],
    ['unknown property', { url: 'https://example.com', colour: 'red' }, '/colour'],
    ['wrong type of enabled', { url: 'https://example.com', enabled: 'yes' }, '/enabled'],
    ['wrong type of url', { url: 42 }, '/url'],
    ['wrong type of verify_ssl', { url: 'https://example.com', verify_ssl: 1 }, '/verify_ssl'],
    ['wrong type of secret', { url: 'https://example.com', secret: 5 }, '/secret'],
    ['empty secret', { url: 'https://example.com', secret: '' }, '/secret'],
    ['whsec_ secret that is not base64', { url: 'https://example.com', secret: 'whsec_!!!' }, '/secret'],
    [
      'unknown event type',
      { url: 'https://example.com', event_types: { form_deleted: true } },
      '/event_types/form_deleted',
    ],
    [
      'event type not a boolean',
      { url: 'https://example.com', event_types: { form_response: 'yes' } },
      '/event_types/form_response',
    ],
    [
      'event_types not an object',
      { url: 'https://example.com', event_types: ['form_response'] },
      '/event_types',
    ],
    ['body not an object', ['https://example.com'], ''],
  ]
  for (const [name, body, path] of cases) {
    it(name, async () => {
      const response = await put('bad', body)
      expect(response.statusCode, response.body).toBe(400)
      const problem = response.json()
      expect(problem.code).toBe('validation_failed')
      expect(problem.errors.map((e: { path: string }) => e.path)).toContain(path)
    })
  }

  it('lists every problem at once', async () => {
    const response = await put('bad', {
      url: 'ftp://x',
      enabled: 'no',
      verify_ssl: 'no',
      event_types: { other: true },
    })
    expect(response.statusCode).toBe(400)
    const paths = response.json().errors.map((e: { path: string }) => e.path)
    expect(paths).toEqual(expect.arrayContaining(['/url', '/enabled', '/verify_ssl', '/event_types/other']))
  })

  it('an update with a bad value changes nothing', async () => {
    await put('stable', { url: 'https://example.com/stable' })
    expect((await put('stable', { url: 'nope', enabled: false })).statusCode).toBe(400)
    const read = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/webhooks/stable` })
    expect(read.json().webhook).toMatchObject({ url: 'https://example.com/stable', enabled: true })
  })

  for (const tag of ['a'.repeat(65), 'sp%20ace', 'sl%2Fash', 'é', 'a*b', '%2E']) {
    it(`bad tag ${tag.slice(0, 12)}`, async () => {
      const response = await put(tag, { url: 'https://example.com' })
      expect(response.statusCode).toBe(400)
      expect(response.json().code).toBe('validation_failed')
    })
  }

  it('a tag of 64 allowed characters is fine', async () => {
    expect((await put(`A-z_0.${'x'.repeat(58)}`, { url: 'https://example.com' })).statusCode).toBe(201)
  })

  it('a body that is not JSON is invalid_json; no Content-Type is 415', async () => {
    const notJson = await ctx.request({
      method: 'PUT',
      url: `/v1/forms/${formId}/webhooks/x`,
      payload: '{url:',
      headers: { 'content-type': 'application/json' },
    })
    expect(notJson.json().code).toBe('invalid_json')
    const noType = await ctx.request({
      method: 'PUT',
      url: `/v1/forms/${formId}/webhooks/x`,
      payload: 'x',
      headers: { 'content-type': 'text/plain' },
    })
    expect(noType.statusCode).toBe(415)
  })
})

describe('scopes and workspaces', () => {
  let deliveryId: string

  beforeAll(async () => {
    await put('guarded', { url: 'http://127.0.0.1:9/guarded' })
    await ctx.request({ method: 'POST', url: `/v1/forms/${formId}/webhooks/guarded/test` })
    const log = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/webhooks/guarded/deliveries` })
    deliveryId = log.json().items[0].id
  })

  const routes = () => [
    { method: 'GET' as const, url: `/v1/forms/${formId}/webhooks`, scope: 'webhooks:read' },
    { method: 'GET' as const, url: `/v1/forms/${formId}/webhooks/guarded`, scope: 'webhooks:read' },
    {
      method: 'PUT' as const,
      url: `/v1/forms/${formId}/webhooks/guarded`,
      scope: 'webhooks:write',
      payload: { enabled: true },
    },
    {
      method: 'GET' as const,
      url: `/v1/forms/${formId}/webhooks/guarded/deliveries`,
      scope: 'webhooks:read',
    },
    { method: 'POST' as const, url: `/v1/forms/${formId}/webhooks/guarded/test`, scope: 'webhooks:write' },
    {
      method: 'POST' as const,
      url: `/v1/forms/${formId}/webhooks/guarded/deliveries/${deliveryId}/redeliver`,
      scope: 'webhooks:write',
    },
    { method: 'DELETE' as const, url: `/v1/forms/${formId}/webhooks/guarded`, scope: 'webhooks:write' },
  ]

  it('no token: 401; a token without the scope: 403', async () => {
    const readOnly = await ctx.tokenWithScopes(['webhooks:read'])
    const writeOnly = await ctx.tokenWithScopes(['webhooks:write'])
    for (const route of routes()) {
      const anonymous = await ctx.request({ ...route, token: null })
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401)
      expect(anonymous.headers['www-authenticate']).toBe('Bearer realm="canvass"')
      const wrong = route.scope === 'webhooks:read' ? writeOnly : readOnly
      const forbidden = await ctx.request({ ...route, token: wrong })
      expect(forbidden.statusCode, `${route.method} ${route.url}`).toBe(403)
      expect(forbidden.json().code).toBe('forbidden')
    }
  })

  it("another workspace's form, webhook or delivery is 404, byte for byte as one that never existed", async () => {
    const strip = (body: string) => body.replace(/"request_id":"[^"]*"/, '')
    const missing = 'frm_neverexisted0000000000000'
    for (const route of routes()) {
      const foreign = await ctx.request({ ...route, token: ctx.otherToken })
      expect(foreign.statusCode, `${route.method} ${route.url}`).toBe(404)
      const never = await ctx.request({
        ...route,
        url: route.url.replace(formId, missing),
        token: ctx.otherToken,
      })
      expect(never.statusCode).toBe(404)
      expect(strip(foreign.body).replaceAll(formId, 'F')).toBe(strip(never.body).replaceAll(missing, 'F'))
    }
    // Same form id and tag in both workspaces: the foreign answer equals the never-existing one.
    const otherForm = await newForm(ctx.otherToken)
    const foreignHook = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${formId}/webhooks/guarded`,
      token: ctx.otherToken,
    })
    const neverHook = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${otherForm}/webhooks/guarded`,
      token: ctx.otherToken,
    })
    expect(strip(foreignHook.body)).toBe(strip(neverHook.body))
    const foreignList = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${formId}/webhooks`,
      token: ctx.otherToken,
    })
    const neverList = await ctx.request({
      method: 'GET',
      url: `/v1/forms/frm_x/webhooks`,
      token: ctx.otherToken,
    })
    expect(strip(foreignList.body).replaceAll(formId, 'frm_x')).toBe(strip(neverList.body))
    // The webhook is still there for its owner.
    expect(
      (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/webhooks/guarded` })).statusCode,
    ).toBe(200)
  })

  it('an unknown delivery of a known webhook is 404', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${formId}/webhooks/guarded/deliveries/dlv_unknown/redeliver`,
    })
    expect(response.statusCode).toBe(404)
  })
})
