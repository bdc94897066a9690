import { describe, expect, it } from 'vitest'
import { createToken, revokeToken } from '../../src/domain/tokens.js'
import { useTestContext } from '../support/context.js'

// Authentication and scopes (docs/api.md#authentication, #scopes), on a real protected route.

const ctx = useTestContext()

const route = { method: 'GET' as const, url: '/v1/contact-lists' }

async function revokedToken(): Promise<string> {
  const { id, token } = await createToken(ctx.database.db, ctx.clock, {
    workspaceId: ctx.workspaceId,
    name: 'to revoke',
  })
  await revokeToken(ctx.database.db, ctx.clock, id)
  return token
}

describe('authentication', () => {
  it('accepts the bearer scheme in any case', async () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const response = await ctx.request({
        ...route,
        token: null,
        headers: { authorization: `${scheme} ${ctx.token}` },
      })
      expect(response.statusCode).toBe(200)
    }
  })

  it('answers every kind of bad credential with the same 401', async () => {
    const cases: Record<string, Record<string, string>> = {
      missing: {},
      empty: { authorization: '' },
      'scheme only': { authorization: 'Bearer' },
      'wrong scheme': { authorization: `Basic ${ctx.token}` },
      'no space': { authorization: `Bearer${ctx.token}` },
      'two tokens': { authorization: `Bearer ${ctx.token} ${ctx.token}` },
      unknown: { authorization: 'Bearer cvs_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      'odd characters': { authorization: 'Bearer cvs_!!$$' },
      revoked: { authorization: `Bearer ${await revokedToken()}` },
      huge: { authorization: `Bearer ${'a'.repeat(10_000)}` },
    }
    const bodies = new Set<string>()
    for (const [name, headers] of Object.entries(cases)) {
      const response = await ctx.request({ ...route, token: null, headers })
      expect(response.statusCode, name).toBe(401)
      expect(response.headers['www-authenticate'], name).toBe('Bearer realm="canvass"')
      expect(response.headers['content-type'], name).toBe('application/problem+json; charset=utf-8')
      const { request_id, ...problem } = response.json()
      expect(request_id).toBe(response.headers['x-request-id'])
      bodies.add(JSON.stringify(problem))
    }
    expect(bodies.size).toBe(1)
    expect(JSON.parse([...bodies][0] as string)).toEqual({
      type: 'about:blank',
      title: 'Unauthorized',
      status: 401,
      code: 'unauthorized',
      detail: 'a valid API token is required: send Authorization: Bearer <token>',
      description: 'a valid API token is required: send Authorization: Bearer <token>',
    })
  })

  it('answers 403 forbidden when the token lacks the scope', async () => {
    const readOnly = await ctx.tokenWithScopes(['contacts:read'])
    expect((await ctx.request({ ...route, token: readOnly })).statusCode).toBe(200)
    const denied = await ctx.request({
      method: 'POST',
      url: '/v1/contact-lists',
      token: readOnly,
      payload: { name: 'x' },
    })
    expect(denied.statusCode).toBe(403)
    expect(denied.json()).toEqual(expect.objectContaining({ code: 'forbidden', status: 403 }))
    const none = await ctx.tokenWithScopes(['forms:read'])
    expect((await ctx.request({ ...route, token: none })).statusCode).toBe(403)
  })

  it('checks credentials before looking at the body', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/v1/contact-lists',
      token: null,
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    })
    expect(response.statusCode).toBe(401)
  })

  it('hides another workspace’s resources behind the same 404 as a missing one', async () => {
    const created = await ctx.request({
      method: 'POST',
      url: '/v1/contact-lists',
      payload: { name: 'private' },
    })
    expect(created.statusCode).toBe(201)
    const id = created.json().id as string
    const foreign = await ctx.request({
      method: 'GET',
      url: `/v1/contact-lists/${id}`,
      token: ctx.otherToken,
    })
    const missing = await ctx.request({ method: 'GET', url: `/v1/contact-lists/${id}`, token: ctx.token })
    expect(missing.statusCode).toBe(200)
    const never = await ctx.request({
      method: 'GET',
      url: '/v1/contact-lists/cl_doesnotexist',
      token: ctx.otherToken,
    })
    expect(foreign.statusCode).toBe(404)
    const strip = (body: string) => ({
      ...JSON.parse(body),
      request_id: undefined,
      detail: undefined,
      description: undefined,
    })
    expect(strip(foreign.body)).toEqual(strip(never.body))
    expect(foreign.json().detail).toBe(`contact list ${id} does not exist`)
    const listed = await ctx.request({ ...route, token: ctx.otherToken })
    expect(listed.json().items.map((item: { id: string }) => item.id)).not.toContain(id)
  })
})
