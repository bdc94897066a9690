import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext, useTestContext } from '../support/context.js'
import { CookieJar } from '../support/cookie-jar.js'

// Cookie tossing (issue 25): a page on another port of the same host shares the host's cookies,
// so it can set `canvass_session` at a narrower path (`/v1`), which the browser then sends first.
// Canvass refuses a request carrying more than one session cookie, clears them, and signing in
// again clears what another page may have set; over https the cookie is `__Host-` prefixed.

const ctx = useTestContext()
const host = '127.0.0.1:3000'
const sameOrigin = { host, origin: `http://${host}`, 'x-canvass-csrf': '1' }
const form = { title: 'Lunch', questions: [{ title: 'How was it?', type: 'short_text' }] }

/** The victim's browser: every answer's Set-Cookie goes into its jar, every request carries it. */
function browser(jar = new CookieJar()) {
  return {
    jar,
    async send(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
      const cookie = jar.header(url.split('?')[0] as string)
      const response = await ctx.app.inject({
        method,
        url,
        headers: { ...(method === 'GET' ? { host } : sameOrigin), ...(cookie ? { cookie } : {}) },
        ...(payload ? { payload } : {}),
      })
      jar.store(response.headers['set-cookie'])
      return response
    },
    signIn(token: string) {
      return this.send('POST', '/v1/session', { token })
    },
  }
}

/** A session of the attacker's own workspace: the secret its page would toss at the victim. */
async function attackerSecret(): Promise<string> {
  const attacker = browser()
  expect((await attacker.signIn(ctx.otherToken)).statusCode).toBe(201)
  return (attacker.jar.header('/') as string).split('=')[1] as string
}

async function formCount(token: string): Promise<number> {
  const response = await ctx.request({ method: 'GET', url: '/v1/forms?page_size=1000', token })
  return response.json().items.length
}

function setCookies(response: { headers: Record<string, unknown> }): string[] {
  const value = response.headers['set-cookie']
  return value === undefined ? [] : Array.isArray(value) ? value : [String(value)]
}

describe('a session cookie tossed by another page of the same host', () => {
  it('at Path=/v1 from another workspace: nothing is written in either, and the victim is told to sign in again', async () => {
    const victim = browser()
    expect((await victim.signIn(ctx.token)).statusCode).toBe(201)
    victim.jar.store(`canvass_session=${await attackerSecret()}; Path=/v1; SameSite=Lax`)
    const before = [await formCount(ctx.token), await formCount(ctx.otherToken)]

    const refused = await victim.send('POST', '/v1/forms', form)
    expect(refused.statusCode).toBe(401)
    expect(refused.headers['content-type']).toBe('application/problem+json; charset=utf-8')
    expect(refused.json()).toMatchObject({ code: 'unauthorized' })
    expect(refused.json().detail).toMatch(/more than one session cookie.*sign in again/)
    expect([await formCount(ctx.token), await formCount(ctx.otherToken)]).toEqual(before)

    // The answer cleared both cookies; signing in again works, and in the victim's workspace.
    expect(victim.jar.header('/v1/forms')).toBeUndefined()
    expect((await victim.send('GET', '/v1/forms')).statusCode).toBe(401)
    expect((await victim.signIn(ctx.token)).statusCode).toBe(201)
    expect((await victim.send('POST', '/v1/forms', form)).statusCode).toBe(201)
    expect([await formCount(ctx.token), await formCount(ctx.otherToken)]).toEqual([
      (before[0] as number) + 1,
      before[1],
    ])
  })

  it('with a junk value at Path=/v1/ locks nobody out: signing in again clears it', async () => {
    const victim = browser()
    expect((await victim.signIn(ctx.token)).statusCode).toBe(201)
    victim.jar.store(`canvass_session=cvss_${'A'.repeat(43)}; Path=/v1/`)
    expect((await victim.send('GET', '/v1/forms')).statusCode).toBe(401)
    // The dashboard shows its sign-in page on a 401; the sign-in is what must recover.
    victim.jar.store(`canvass_session=cvss_${'B'.repeat(43)}; Path=/v1/`)
    const signedIn = await victim.signIn(ctx.token)
    expect(signedIn.statusCode).toBe(201)
    expect((await victim.send('GET', '/v1/forms')).statusCode).toBe(200)
    expect((await victim.send('GET', '/v1/session')).statusCode).toBe(200)
  })

  it('at a deeper path: the refused request clears every path its cookies may have been set at', async () => {
    const victim = browser()
    expect((await victim.signIn(ctx.token)).statusCode).toBe(201)
    const formId = (await victim.send('POST', '/v1/forms', form)).json().id as string
    for (const path of [`/v1/forms/${formId}/responses`, `/v1/forms/${formId}/`, '/v1/forms']) {
      victim.jar.store(`canvass_session=${await attackerSecret()}; Path=${path}`)
      const refused = await victim.send('GET', `/v1/forms/${formId}/responses`)
      expect(refused.statusCode).toBe(401)
      expect(victim.jar.header(`/v1/forms/${formId}/responses`)).toBeUndefined()
      expect((await victim.signIn(ctx.token)).statusCode).toBe(201)
      expect((await victim.send('GET', `/v1/forms/${formId}/responses`)).statusCode).toBe(200)
    }
  })

  it('a refusal of a very long URL names no Path a browser would ignore (at most 1024 bytes each)', async () => {
    const me = browser()
    expect((await me.signIn(ctx.token)).statusCode).toBe(201)
    const mine = me.jar.header('/') as string
    const long = `/v1/forms/${'a'.repeat(3000)}/webhooks/${'b'.repeat(3000)}`
    const refused = await ctx.app.inject({
      method: 'GET',
      url: long,
      headers: { cookie: `${mine}; ${mine}` },
    })
    expect(refused.statusCode).toBe(401)
    const cookies = ([] as string[]).concat(refused.headers['set-cookie'] ?? [])
    expect(cookies.length).toBeGreaterThan(0)
    for (const cookie of cookies)
      expect(/Path=([^;]*)/.exec(cookie)?.[1]?.length ?? 0).toBeLessThanOrEqual(1024)
    expect(cookies.join('').length).toBeLessThan(40_000)
  })

  it('signing in answers our cookie at Path=/, and expired ones for the paths another page could use', async () => {
    const signedIn = await browser().signIn(ctx.token)
    const headers = setCookies(signedIn)
    // Ours first, for clients that read only the first Set-Cookie.
    expect(headers[0]).toMatch(/^canvass_session=cvss_[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; /)
    for (const path of ['/v1', '/v1/', '/v1/session', '/app', '/app/']) {
      expect(headers).toContain(`canvass_session=; Max-Age=0; Path=${path}; HttpOnly; SameSite=Strict`)
    }
    for (const path of ['/v1', '/v1/', '/v1/session', '/app', '/app/']) {
      const jar = new CookieJar()
      jar.store(`canvass_session=cvss_${'C'.repeat(43)}; Path=${path}`)
      const victim = browser(jar)
      expect((await victim.signIn(ctx.token)).statusCode).toBe(201)
      expect(jar.header(`${path}/x`.replace('//', '/'))?.split(';')).toHaveLength(1)
      expect((await victim.send('GET', '/v1/session')).statusCode).toBe(200)
    }
  })
})

describe('more than one session cookie on a request', () => {
  it('is refused whatever the values, with the cookies cleared; a bearer token is judged alone', async () => {
    const me = browser()
    expect((await me.signIn(ctx.token)).statusCode).toBe(201)
    const mine = me.jar.header('/') as string
    const other = `canvass_session=${await attackerSecret()}`
    for (const cookie of [
      `${mine}; ${mine}`,
      `${mine}; canvass_session=junk`,
      `canvass_session=cvss_${'A'.repeat(43)}; ${mine}`,
      `canvass_session=; ${mine}`,
      `${other}; theme=dark; ${mine}`,
    ]) {
      for (const [method, url] of [
        ['GET', '/v1/forms'],
        ['GET', '/v1/session'],
        ['POST', '/v1/forms'],
        ['DELETE', '/v1/session'],
      ] as const) {
        const response = await ctx.app.inject({
          method,
          url,
          headers: { ...sameOrigin, cookie },
          ...(method === 'POST' ? { payload: form } : {}),
        })
        expect(response.statusCode, `${method} ${url} with ${cookie}`).toBe(401)
        expect(response.json().detail).toMatch(/more than one session cookie/)
        expect(setCookies(response)).toContain(
          'canvass_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict',
        )
        expect(setCookies(response)).toContain(
          'canvass_session=; Max-Age=0; Path=/v1; HttpOnly; SameSite=Strict',
        )
      }
      const withBearer = await ctx.request({ method: 'GET', url: '/v1/forms', headers: { cookie } })
      expect(withBearer.statusCode).toBe(200)
    }
    // A path that cannot be a cookie's Path attribute is not echoed into one.
    const odd = await ctx.app.inject({
      method: 'GET',
      url: '/v1/forms/a;Domain=evil.example/responses',
      headers: { host, cookie: `${mine}; ${mine}` },
    })
    expect(odd.statusCode).toBe(401)
    expect(setCookies(odd).join('\n')).not.toMatch(/evil/)
    // The session itself was not ended by the refusals: one cookie alone still works.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/v1/forms', headers: { host, cookie: mine } })).statusCode,
    ).toBe(200)
  })
})

describe('over https', () => {
  let secure: TestContext
  beforeAll(async () => {
    // One proxy in front, which says the client came over https.
    secure = await createTestContext({ trustProxy: 1 })
  })
  afterAll(() => secure.close())

  const https = { host, 'x-forwarded-proto': 'https', 'x-forwarded-for': '192.0.2.1' }
  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    secure.app.inject({
      method,
      url,
      headers: {
        ...https,
        ...(method === 'GET' ? {} : { origin: `https://${host}`, 'x-canvass-csrf': '1' }),
        ...(cookie ? { cookie } : {}),
      },
      ...(payload ? { payload } : {}),
    })

  it('the cookie is __Host-canvass_session, Secure, at Path=/, without Domain; a plain one is not read', async () => {
    const signedIn = await send('POST', '/v1/session', undefined, { token: secure.token })
    expect(signedIn.statusCode).toBe(201)
    const headers = setCookies(signedIn)
    const session = headers.find((header) => /^__Host-canvass_session=cvss_/.test(header)) as string
    expect(session).toMatch(/; Path=\/; HttpOnly; SameSite=Strict; Secure$/)
    expect(session).not.toMatch(/Domain/i)
    expect(headers.filter((header) => /^canvass_session=[^;]/.test(header))).toEqual([])
    const jar = new CookieJar()
    jar.store(headers, true)
    const secret = (jar.header('/v1/forms', true) as string).split('=')[1] as string

    expect((await send('GET', '/v1/forms', `__Host-canvass_session=${secret}`)).statusCode).toBe(200)
    expect((await send('GET', '/v1/forms', `canvass_session=${secret}`)).statusCode).toBe(401)
    // Over http a browser never sends it, and Canvass does not read it there either.
    const overHttp = await secure.app.inject({
      method: 'GET',
      url: '/v1/forms',
      headers: { host, cookie: `__Host-canvass_session=${secret}` },
    })
    expect(overHttp.statusCode).toBe(401)
    // A plain cookie from a sibling subdomain (Domain=) cannot be cleared from here: it is ignored.
    const tossed = `canvass_session=cvss_${'A'.repeat(43)}; __Host-canvass_session=${secret}`
    expect((await send('GET', '/v1/forms', tossed)).statusCode).toBe(200)
    expect((await send('POST', '/v1/forms', tossed, form)).statusCode).toBe(201)

    const twice = await send('GET', '/v1/forms', `__Host-canvass_session=${secret}; __Host-canvass_session=x`)
    expect(twice.statusCode).toBe(401)
    expect(setCookies(twice)).toContain(
      '__Host-canvass_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict; Secure',
    )

    const out = await send('DELETE', '/v1/session', `__Host-canvass_session=${secret}`)
    expect(out.statusCode).toBe(204)
    expect(setCookies(out)).toContain(
      '__Host-canvass_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict; Secure',
    )
    expect((await send('GET', '/v1/forms', `__Host-canvass_session=${secret}`)).statusCode).toBe(401)
  })
})
