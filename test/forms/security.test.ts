import { describe, expect, it } from 'vitest'
import type { Scope } from '../../src/domain/scopes.js'
import { allScopes } from '../../src/domain/scopes.js'
import { useTestContext } from '../support/context.js'
import { createForm, tinyForm } from './fixtures.js'

const ctx = useTestContext()

interface RouteCase {
  name: string
  scope: Scope
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  url: (formId: string) => string
  payload?: object
}

const routes: RouteCase[] = [
  { name: 'create form', scope: 'forms:write', method: 'POST', url: () => '/v1/forms', payload: tinyForm },
  { name: 'list forms', scope: 'forms:read', method: 'GET', url: () => '/v1/forms' },
  { name: 'get form', scope: 'forms:read', method: 'GET', url: (f) => `/v1/forms/${f}` },
  {
    name: 'replace form',
    scope: 'forms:write',
    method: 'PUT',
    url: (f) => `/v1/forms/${f}`,
    payload: { ...tinyForm, title: 'Changed' },
  },
  { name: 'delete form', scope: 'forms:write', method: 'DELETE', url: (f) => `/v1/forms/${f}` },
  {
    name: 'submit',
    scope: 'responses:write',
    method: 'POST',
    url: (f) => `/v1/forms/${f}/responses`,
    payload: { answers: { n: 3 } },
  },
  { name: 'list responses', scope: 'responses:read', method: 'GET', url: (f) => `/v1/forms/${f}/responses` },
  {
    name: 'delete responses',
    scope: 'responses:write',
    method: 'DELETE',
    url: (f) => `/v1/forms/${f}/responses?included_response_ids=rsp_x`,
  },
  {
    name: 'export',
    scope: 'responses:read',
    method: 'GET',
    url: (f) => `/v1/forms/${f}/responses/export?format=csv`,
  },
]

describe('scopes', () => {
  it.each(routes)('$name needs $scope', async (route) => {
    const formId = await createForm(ctx, tinyForm)
    const without = await ctx.tokenWithScopes(allScopes.filter((scope) => scope !== route.scope))
    const denied = await ctx.request({
      method: route.method,
      url: route.url(formId),
      payload: route.payload,
      token: without,
    })
    expect(denied.statusCode).toBe(403)
    expect(denied.json().code).toBe('forbidden')
    const anonymous = await ctx.request({
      method: route.method,
      url: route.url(formId),
      payload: route.payload,
      token: null,
    })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.headers['www-authenticate']).toBe('Bearer realm="canvass"')
    // Nothing was done by the refused requests: the form is still there, unchanged, with no responses.
    const form = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })
    expect(form.json()).toEqual(expect.objectContaining({ title: 'Tiny', response_count: 0 }))
    const only = await ctx.tokenWithScopes([route.scope])
    const allowed = await ctx.request({
      method: route.method,
      url: route.url(formId),
      payload: route.payload,
      token: only,
    })
    expect(allowed.statusCode).toBeLessThan(300)
  })
})

describe('another workspace', () => {
  it.each(routes.filter((route) => route.url('F') !== route.url('G')))(
    '$name answers a foreign form exactly like one that never existed, and changes nothing',
    async (route) => {
      const formId = await createForm(ctx, tinyForm)
      const headers = { 'x-request-id': 'same-request' }
      const foreign = await ctx.request({
        method: route.method,
        url: route.url(formId),
        payload: route.payload,
        token: ctx.otherToken,
        headers,
      })
      expect(foreign.statusCode).toBe(404)
      const form = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })
      expect(form.statusCode).toBe(200)
      expect(form.json()).toEqual(expect.objectContaining({ title: 'Tiny', response_count: 0 }))
      expect((await ctx.request({ method: 'DELETE', url: `/v1/forms/${formId}` })).statusCode).toBe(204)
      const gone = await ctx.request({
        method: route.method,
        url: route.url(formId),
        payload: route.payload,
        token: ctx.otherToken,
        headers,
      })
      expect(gone.statusCode).toBe(404)
      expect(foreign.body).toBe(gone.body)
      expect(foreign.headers['content-type']).toBe(gone.headers['content-type'])
    },
  )

  it('lists only the workspace’s own forms', async () => {
    const mine = await createForm(ctx, tinyForm)
    const list = await ctx.request({ method: 'GET', url: '/v1/forms?page_size=1000', token: ctx.otherToken })
    expect(list.statusCode).toBe(200)
    expect(list.json().items.map((form: { id: string }) => form.id)).not.toContain(mine)
  })
})
