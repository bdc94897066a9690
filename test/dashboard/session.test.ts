import { describe, expect, it } from 'vitest'
import { allScopes } from '../../src/domain/scopes.js'
import { revokeToken } from '../../src/domain/tokens.js'
import { useTestContext } from '../support/context.js'

// Dashboard sessions through the API: sign in once with a token, then a cookie with exactly the
// token's scopes; writes with the cookie only from this origin with the CSRF header.

const ctx = useTestContext()
const host = '127.0.0.1:3000'
const sameOrigin = { host, origin: `http://${host}`, 'x-canvass-csrf': '1' }

async function signIn(token: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/v1/session',
    headers: sameOrigin,
    payload: { token },
  })
  expect(response.statusCode).toBe(201)
  const setCookie = String(response.headers['set-cookie'])
  const cookie = /^(canvass_session=[^;]+)/.exec(setCookie)?.[1]
  expect(cookie).toBeDefined()
  return { cookie: cookie as string, setCookie, body: response.json() }
}

function withCookie(
  cookie: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  headers = {},
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url,
    headers: { host, cookie, ...headers },
    ...(payload ? { payload } : {}),
  })
}

const form = { title: 'Lunch', questions: [{ title: 'How was it?', type: 'short_text' }] }

describe('signing in', () => {
  it('sets an HttpOnly, SameSite=Strict cookie and stores only its digest', async () => {
    const { cookie, setCookie, body } = await signIn(ctx.token)
    expect(setCookie).toMatch(/; HttpOnly/)
    expect(setCookie).toMatch(/; SameSite=Strict/)
    expect(setCookie).toMatch(/; Path=\//)
    expect(setCookie).not.toMatch(/Secure/)
    expect(body.scopes).toContain('forms:write')
    expect(body.expires_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/)
    const secret = cookie.split('=')[1] as string
    const rows = await ctx.database.db.selectFrom('sessions').selectAll().execute()
    expect(JSON.stringify(rows)).not.toContain(secret)
  })

  it('refuses a wrong token with a message', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/v1/session',
      headers: sameOrigin,
      payload: { token: 'cvs_wrong' },
    })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({
      code: 'unauthorized',
      detail: 'this token is not valid: it is unknown or has been revoked',
    })
    expect(response.headers['set-cookie']).toBeUndefined()
  })

  it('refuses a sign-in from another origin or without the CSRF header', async () => {
    for (const headers of [
      { host, origin: 'http://127.0.0.1:4000', 'x-canvass-csrf': '1' },
      { host, 'x-canvass-csrf': '1' },
      { host, origin: `http://${host}` },
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/v1/session',
        headers,
        payload: { token: ctx.token },
      })
      expect(response.statusCode).toBe(403)
      expect(response.json().code).toBe('forbidden')
    }
  })
})

describe('the session cookie', () => {
  it('reads and writes with the token’s scopes', async () => {
    const { cookie } = await signIn(ctx.token)
    expect((await withCookie(cookie, 'GET', '/v1/forms')).statusCode).toBe(200)
    const created = await withCookie(cookie, 'POST', '/v1/forms', sameOrigin, form)
    expect(created.statusCode).toBe(201)
    const session = await withCookie(cookie, 'GET', '/v1/session')
    expect([...session.json().scopes].sort()).toEqual([...allScopes].sort())
  })

  it('of a read-only token can read but not write', async () => {
    const { cookie, body } = await signIn(await ctx.tokenWithScopes(['forms:read', 'responses:read']))
    expect(body.scopes.sort()).toEqual(['forms:read', 'responses:read'])
    expect((await withCookie(cookie, 'GET', '/v1/forms')).statusCode).toBe(200)
    const refused = await withCookie(cookie, 'POST', '/v1/forms', sameOrigin, form)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().detail).toBe('this token lacks the scope forms:write')
    expect((await withCookie(cookie, 'GET', '/v1/contact-lists')).statusCode).toBe(403)
  })

  it('cannot write from another origin, without Origin, or without the CSRF header', async () => {
    const { cookie } = await signIn(ctx.token)
    for (const headers of [
      { origin: 'http://127.0.0.1:4000', 'x-canvass-csrf': '1' },
      { origin: 'http://evil.example', 'x-canvass-csrf': '1' },
      { 'x-canvass-csrf': '1' },
      { origin: `http://${host}` },
      { origin: `http://${host}`, 'x-canvass-csrf': '0' },
    ]) {
      const response = await withCookie(cookie, 'POST', '/v1/forms', headers, form)
      expect(response.statusCode).toBe(403)
      expect(response.json().detail).toMatch(/session cookie must/)
    }
  })

  it('a bearer token needs no CSRF header (the cookie is not what authenticates)', async () => {
    const response = await ctx.request({ method: 'POST', url: '/v1/forms', payload: form })
    expect(response.statusCode).toBe(201)
  })

  it('stops working after signing out', async () => {
    const { cookie } = await signIn(ctx.token)
    expect((await withCookie(cookie, 'GET', '/v1/forms')).statusCode).toBe(200)
    const out = await withCookie(cookie, 'DELETE', '/v1/session', sameOrigin)
    expect(out.statusCode).toBe(204)
    expect(String(out.headers['set-cookie'])).toMatch(/^canvass_session=; Max-Age=0/)
    expect((await withCookie(cookie, 'GET', '/v1/forms')).statusCode).toBe(401)
    expect((await withCookie(cookie, 'GET', '/v1/session')).statusCode).toBe(401)
  })

  it('cannot be signed out from another origin', async () => {
    const { cookie } = await signIn(ctx.token)
    const refused = await withCookie(cookie, 'DELETE', '/v1/session', {
      origin: 'http://127.0.0.1:4000',
      'x-canvass-csrf': '1',
    })
    expect(refused.statusCode).toBe(403)
    expect((await withCookie(cookie, 'GET', '/v1/forms')).statusCode).toBe(200)
  })

  it('stops working when its token is revoked', async () => {
    const token = await ctx.tokenWithScopes(['forms:read'])
    const { cookie } = await signIn(token)
    const row = await ctx.database.db
      .selectFrom('api_tokens')
      .select('id')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow()
    await revokeToken(ctx.database.db, ctx.clock, row.id)
    expect((await withCookie(cookie, 'GET', '/v1/forms')).statusCode).toBe(401)
  })

  it('stops working when it expires', async () => {
    const { cookie } = await signIn(ctx.token)
    await ctx.database.db.updateTable('sessions').set({ expires_at: 1 }).execute()
    expect((await withCookie(cookie, 'GET', '/v1/forms')).statusCode).toBe(401)
  })

  it('a cookie that was never issued is a 401', async () => {
    const fake = `canvass_session=cvss_${'A'.repeat(43)}`
    expect((await withCookie(fake, 'GET', '/v1/forms')).statusCode).toBe(401)
  })
})
