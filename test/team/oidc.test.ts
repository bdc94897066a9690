import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, configFromEnv, type OidcConfig } from '../../src/config.js'
import { scopesOfRole } from '../../src/domain/team/roles.js'
import { type App, buildApp } from '../../src/http/app.js'
import { oidcErrorMessage } from '../../src/shared/oidc-errors.js'
import { TestClock } from '../support/clock.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { CookieJar } from '../support/cookie-jar.js'
import { addMember } from '../support/members.js'
import { signInAtProvider, startOidcProvider, type TestProvider } from '../support/oidc-provider.js'

// Single sign-on (docs/api.md#single-sign-on) against a real OpenID provider over HTTP on
// 127.0.0.1: the browser's part is played with fetch and one cookie jar (cookies ignore ports, so
// Canvass's and the provider's share it, as in a browser), redirects followed by hand.

const accounts = {
  ada: { email: 'Ada.Lovelace@Example.com', emailVerified: true, name: 'Ada Lovelace' },
  grace: { email: 'GRACE@example.com', emailVerified: true, name: 'Grace at the provider' },
  eve: { email: 'eve@example.com', emailVerified: false, name: 'Eve' },
  bob: { email: 'bob@example.com', emailVerified: true },
  dora: { email: 'Dora@Partner.Example.org', emailVerified: true, name: 'Dora' },
  mallory: { email: 'mallory@elsewhere.test', emailVerified: true, name: 'Mallory' },
}

let ctx: TestContext
let provider: TestProvider
const clock = new TestClock()
let canvass: string
let oidc: OidcConfig
const others: Array<{ close(): Promise<unknown> }> = []

beforeAll(async () => {
  const port = await freePort()
  canvass = `http://127.0.0.1:${port}`
  provider = await startOidcProvider({ redirectUri: `${canvass}/v1/session/oidc/callback`, accounts })
  oidc = {
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    role: 'editor',
    // Newcomers from these domains only: every test account's but Mallory's.
    allowedDomains: ['example.com', 'partner.example.org'],
  }
  ctx = await createTestContext({ publicUrl: canvass, oidc }, { clock })
  await ctx.app.listen({ port, host: '127.0.0.1' })
  // The owner who set Canvass up: newcomers join this workspace.
  await addMember(ctx, { role: 'owner', email: 'owner@example.com' })
}, 60_000)

afterAll(async () => {
  for (const other of others) await other.close()
  await ctx?.close()
  await provider?.close()
})

/** Begins a sign-in at Canvass, as the sign-in page's button does; the browser is now at the provider. */
async function begin(jar: CookieJar, app?: App): Promise<URL> {
  const response = await get(`${canvass}/v1/session/oidc`, jar, app)
  expect(response.status).toBe(302)
  // To the provider; a relative address is the sign-in page with the reason it failed.
  expect(response.location, response.location).toMatch(/^http:/)
  return new URL(response.location)
}

/** The whole sign-in up to the provider sending the browser back: the callback's address. */
async function throughProvider(account: string, jar: CookieJar, app?: App): Promise<URL> {
  const authorization = await begin(jar, app)
  expect(authorization.origin).toBe(provider.url)
  return signInAtProvider(authorization.href, account, jar)
}

/** A GET as the browser sends it: to the listening Canvass, or to another app over the same database. */
async function get(
  url: string | URL,
  jar: CookieJar,
  app?: App,
  cookie = jar.header(new URL(url).pathname),
): Promise<{ status: number; location: string }> {
  const target = new URL(url)
  if (app) {
    const response = await app.inject({
      method: 'GET',
      url: target.pathname + target.search,
      headers: cookie === undefined ? {} : { cookie },
    })
    jar.store(response.headers['set-cookie'])
    return { status: response.statusCode, location: String(response.headers.location ?? '') }
  }
  const response = await fetch(target, {
    redirect: 'manual',
    headers: cookie === undefined ? {} : { cookie },
  })
  jar.store(response.headers.getSetCookie())
  return { status: response.status, location: response.headers.get('location') ?? '' }
}

/** Canvass's session cookie in the jar (which the provider's cookies share: cookies ignore ports). */
function sessionCookie(jar: CookieJar): string | undefined {
  return jar
    .header('/v1/session')
    ?.split('; ')
    .find((cookie) => cookie.startsWith('canvass_session='))
}

async function session(jar: CookieJar) {
  const response = await fetch(`${canvass}/v1/session`, {
    headers: { cookie: jar.header('/v1/session') ?? '' },
  })
  return { status: response.status, body: (await response.json()) as { scopes: string[] } }
}

async function memberByEmail(email: string) {
  return ctx.database.db.selectFrom('members').selectAll().where('email', '=', email).executeTakeFirst()
}

async function lastAudit(action: string) {
  const row = await ctx.database.db
    .selectFrom('audit_events')
    .selectAll()
    .where('action', '=', action)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  return { ...row, details: JSON.parse(row.details ?? '{}') as Record<string, unknown> }
}

function expectRefused(response: { status: number; location: string }, reason: string): void {
  expect(response.status).toBe(302)
  expect(response.location).toBe(`/app/sign-in?error=${reason}`)
  expect(oidcErrorMessage(reason)).toBeTruthy()
}

describe('the single sign-on settings', () => {
  const base = { CANVASS_OIDC_ISSUER: 'https://id.example.com', CANVASS_OIDC_CLIENT_ID: 'canvass' }

  it('never let newcomers join as owners', () => {
    expect(() => configFromEnv({ ...base, CANVASS_OIDC_ROLE: 'owner' })).toThrow(ConfigError)
    expect(() => configFromEnv({ ...base, CANVASS_OIDC_ROLE: 'owner' })).toThrow(/must not be owner/)
    expect(configFromEnv({ ...base, CANVASS_OIDC_ROLE: 'admin' }).oidc?.role).toBe('admin')
    expect(configFromEnv(base).oidc?.role).toBe('viewer')
  })

  it('read the allowed domains as a list, and refuse what is not a domain', () => {
    const domains = (value: string) =>
      configFromEnv({ ...base, CANVASS_OIDC_ALLOWED_DOMAINS: value }).oidc?.allowedDomains
    expect(domains(' Example.com, @example.org ,')).toEqual(['example.com', 'example.org'])
    expect(domains('')).toEqual([])
    for (const bad of ['example', 'exa mple.com', '*.example.com', 'http://example.com']) {
      expect(() => domains(bad), bad).toThrow(/CANVASS_OIDC_ALLOWED_DOMAINS/)
    }
  })
})

describe('the sign-in methods', () => {
  it('offer single sign-on when it is configured, without a token', async () => {
    const response = await ctx.request({ method: 'GET', url: '/v1/session/methods', token: null })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ password: true, token: true, oidc: true })
  })

  it('do not when it is not, and its routes are not found', async () => {
    const app = await otherApp(undefined)
    const methods = await app.inject({ method: 'GET', url: '/v1/session/methods' })
    expect(methods.json()).toEqual({ password: true, token: true, oidc: false })
    for (const url of ['/v1/session/oidc', '/v1/session/oidc/callback?code=x&state=y']) {
      const response = await app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(404)
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
    }
  })
})

describe('signing in with the provider', () => {
  it('sends the browser to the provider with PKCE (S256), a state and a nonce, bound to this browser', async () => {
    const jar = new CookieJar()
    const authorization = await begin(jar)
    const params = authorization.searchParams
    expect(params.get('response_type')).toBe('code')
    expect(params.get('client_id')).toBe(provider.clientId)
    expect(params.get('redirect_uri')).toBe(`${canvass}/v1/session/oidc/callback`)
    expect(params.get('code_challenge_method')).toBe('S256')
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(params.get('scope')).toBe('openid email profile')
    expect(params.get('nonce')).toBeTruthy()
    expect(jar.header('/v1/session/oidc/callback')?.split('; ')).toContain(
      `canvass_oidc=${params.get('state')}`,
    )
  })

  it('lets a new verified e-mail join with the configured role, signed in at once', async () => {
    const jar = new CookieJar()
    const callback = await throughProvider('ada', jar)
    expect(callback.origin + callback.pathname).toBe(`${canvass}/v1/session/oidc/callback`)
    const answer = await get(callback, jar)
    expect(answer).toEqual({ status: 302, location: '/app/' })
    expect(sessionCookie(jar)).toMatch(/^canvass_session=cvsm_[A-Za-z0-9_-]{43}$/)
    expect(jar.header(callback.pathname)).not.toContain('canvass_oidc=')

    const me = await session(jar)
    expect(me.status).toBe(200)
    expect(new Set(me.body.scopes)).toEqual(scopesOfRole('editor'))

    const member = await memberByEmail('ada.lovelace@example.com')
    expect(member).toMatchObject({
      name: 'Ada Lovelace',
      role: 'editor',
      password_hash: null,
      workspace_id: ctx.workspaceId,
    })
    const audit = await lastAudit('session.sign_in')
    expect(audit).toMatchObject({
      actor_type: 'member',
      actor_id: member?.id,
      target_id: member?.id,
      workspace_id: ctx.workspaceId,
    })
    expect(audit.details).toMatchObject({ method: 'oidc', joined: true, role: 'editor' })

    // Next time the same person is matched, not made again.
    const again = new CookieJar()
    expect(await get(await throughProvider('ada', again), again)).toEqual({ status: 302, location: '/app/' })
    const members = await ctx.database.db
      .selectFrom('members')
      .select('id')
      .where('email', '=', 'ada.lovelace@example.com')
      .execute()
    expect(members).toHaveLength(1)
  })

  it('talks to the provider over a new connection each time, so none it closes while idle is reused', async () => {
    const before = provider.clientTraffic()
    const jar = new CookieJar()
    expect(await get(await throughProvider('ada', jar), jar)).toEqual({ status: 302, location: '/app/' })
    const after = provider.clientTraffic()
    // The code's exchange, the provider's keys or the user info: at least one request, each alone.
    expect(after.requests - before.requests).toBeGreaterThan(0)
    expect(after.connections - before.connections).toBe(after.requests - before.requests)
  })

  it('matches an existing member by e-mail in any case, who keeps its role', async () => {
    const grace = await addMember(ctx, { role: 'admin', email: 'grace@example.com', name: 'Grace' })
    const jar = new CookieJar()
    expect(await get(await throughProvider('grace', jar), jar)).toEqual({ status: 302, location: '/app/' })
    const me = await session(jar)
    expect(new Set(me.body.scopes)).toEqual(scopesOfRole('admin'))
    const member = await memberByEmail('grace@example.com')
    expect(member).toMatchObject({ id: grace.id, name: 'Grace', role: 'admin' })
    expect(member?.last_sign_in_at).not.toBeNull()
    expect((await lastAudit('session.sign_in')).details).toMatchObject({ method: 'oidc', joined: false })
  })

  it('lands on the dashboard page the sign-in began from', async () => {
    const jar = new CookieJar()
    const start = await get(`${canvass}/v1/session/oidc?return_to=/app/forms`, jar)
    const callback = await signInAtProvider(start.location, 'bob', jar)
    expect(await get(callback, jar)).toEqual({ status: 302, location: '/app/forms' })
    // Only a page of the dashboard: anything else is refused before the provider is asked.
    for (const target of ['//evil.example/', 'https://evil.example/', '/app//evil.example', '/v1/forms']) {
      const response = await ctx.request({
        method: 'GET',
        url: `/v1/session/oidc?return_to=${encodeURIComponent(target)}`,
        token: null,
      })
      expect(response.statusCode).toBe(400)
    }
  })
})

describe('refusals', () => {
  it('refuses an e-mail the provider has not verified', async () => {
    const jar = new CookieJar()
    expectRefused(await get(await throughProvider('eve', jar), jar), 'email_unverified')
    expect(sessionCookie(jar)).toBeUndefined()
    expect(await memberByEmail('eve@example.com')).toBeUndefined()
    const audit = await lastAudit('session.sign_in_failed')
    expect(audit).toMatchObject({ actor_type: 'system', workspace_id: ctx.workspaceId, address: '127.0.0.1' })
    expect(audit.details).toMatchObject({ method: 'oidc', reason: 'email_unverified' })
    // The address was not vouched for: it is not kept.
    expect(JSON.stringify(audit.details)).not.toContain('eve@')
  })

  it('lets only the allowed domains join, while members of any domain still sign in', async () => {
    const refused = new CookieJar()
    expectRefused(await get(await throughProvider('mallory', refused), refused), 'domain_not_allowed')
    expect(sessionCookie(refused)).toBeUndefined()
    expect(await memberByEmail('mallory@elsewhere.test')).toBeUndefined()
    expect((await lastAudit('session.sign_in_failed')).details).toMatchObject({
      reason: 'domain_not_allowed',
      domain: 'elsewhere.test',
    })

    const dora = new CookieJar()
    expect(await get(await throughProvider('dora', dora), dora)).toEqual({
      status: 302,
      location: '/app/',
    })
    expect(await memberByEmail('dora@partner.example.org')).toMatchObject({ role: 'editor' })

    await addMember(ctx, { role: 'viewer', email: 'mallory@elsewhere.test', name: 'Mallory' })
    const invited = new CookieJar()
    expect(await get(await throughProvider('mallory', invited), invited)).toEqual({
      status: 302,
      location: '/app/',
    })
  })

  it('refuses a sign-in that took longer than 10 minutes at the provider', async () => {
    const jar = new CookieJar()
    const callback = await throughProvider('bob', jar)
    clock.advance(10 * 60 * 1000 + 1)
    expectRefused(await get(callback, jar), 'invalid_state')
    expect(sessionCookie(jar)).toBeUndefined()
    // A sign-in begun now works.
    const fresh = new CookieJar()
    expect(await get(await throughProvider('bob', fresh), fresh)).toEqual({ status: 302, location: '/app/' })
  })

  it('refuses a sign-in the person cancelled at the provider', async () => {
    const jar = new CookieJar()
    const callback = await signInAtProvider((await begin(jar)).href, 'bob', jar, { cancel: true })
    expect(callback.searchParams.get('error')).toBe('access_denied')
    expectRefused(await get(callback, jar), 'provider_error')
    expect(sessionCookie(jar)).toBeUndefined()
    expect((await lastAudit('session.sign_in_failed')).details).toMatchObject({
      reason: 'provider_error',
      error: 'access_denied',
    })
  })

  it('refuses a replayed callback, and a used code brought with a fresh state', async () => {
    const jar = new CookieJar()
    const callback = await throughProvider('bob', jar)
    const bound = jar.header(callback.pathname)
    expect(await get(callback, jar)).toEqual({ status: 302, location: '/app/' })
    // The same answer again, cookie and all (as an attacker who saw both would send it).
    const replay = new CookieJar()
    expectRefused(await get(callback, replay, undefined, bound), 'invalid_state')
    expect(sessionCookie(replay)).toBeUndefined()
    expect((await lastAudit('session.sign_in_failed')).details).toMatchObject({ reason: 'invalid_state' })

    // A new sign-in's state with the old code: the provider refuses a code twice (and PKCE differs).
    const fresh = new CookieJar()
    const state = (await begin(fresh)).searchParams.get('state') ?? ''
    const replayed = new URL(callback)
    replayed.searchParams.set('state', state)
    expectRefused(await get(replayed, fresh), 'invalid_response')
    expect(sessionCookie(fresh)).toBeUndefined()
  })

  it('refuses a bad, a missing or another browser’s state, and the real one still works after', async () => {
    const jar = new CookieJar()
    const callback = await throughProvider('bob', jar)
    const cookie = jar.header(callback.pathname)

    const bad = new URL(callback)
    bad.searchParams.set('state', 'x'.repeat(43))
    expectRefused(await get(bad, new CookieJar(), undefined, cookie), 'invalid_state')
    const missing = new URL(callback)
    missing.searchParams.delete('state')
    expectRefused(await get(missing, new CookieJar(), undefined, cookie), 'invalid_state')
    // A link carrying someone's code and state, opened in a browser that did not begin it.
    const victim = new CookieJar()
    expectRefused(await get(callback, victim), 'invalid_state')
    expect(sessionCookie(victim)).toBeUndefined()
    expectRefused(
      await get('http://127.0.0.1/v1/session/oidc/callback', new CookieJar(), ctx.app),
      'invalid_state',
    )

    // None of those used up the sign-in: its own browser finishes it.
    expect(await get(callback, new CookieJar(), undefined, cookie)).toEqual({
      status: 302,
      location: '/app/',
    })
  })

  it('refuses a provider that is not the configured issuer, at discovery', async () => {
    // A provider that names itself by another address than the one Canvass is configured with.
    const impostor = await startOidcProvider({
      redirectUri: `${canvass}/v1/session/oidc/callback`,
      accounts,
      issuer: (url) => url.replace('127.0.0.1', '127.0.0.2'),
    })
    others.push(impostor)
    const app = await otherApp({ ...oidc, issuer: impostor.url })
    const jar = new CookieJar()
    expectRefused(await get(`${canvass}/v1/session/oidc`, jar, app), 'issuer_mismatch')
    expect(jar.header('/v1/session/oidc/callback') ?? '').not.toContain('canvass_oidc=')
    expect((await lastAudit('session.sign_in_failed')).details).toMatchObject({
      method: 'oidc',
      reason: 'issuer_mismatch',
    })
  })

  it('refuses an answer issued by another issuer than the configured one, at the callback', async () => {
    // Discovery through a front that claims to be the issuer; the answer comes from the real one.
    const front = await discoveryFront(provider.url)
    others.push(front)
    const app = await otherApp({ ...oidc, issuer: front.url })
    const jar = new CookieJar()
    const callback = await throughProvider('bob', jar, app)
    expect(callback.searchParams.get('iss')).toBe(provider.issuer)
    expectRefused(await get(callback, jar, app), 'issuer_mismatch')
    expect(sessionCookie(jar)).toBeUndefined()
  })

  it('says the provider is unavailable when it cannot be reached, and asks it again next time', async () => {
    const port = await freePort()
    const app = await otherApp({ ...oidc, issuer: `http://127.0.0.1:${port}` })
    expectRefused(await get(`${canvass}/v1/session/oidc`, new CookieJar(), app), 'provider_unavailable')
    expect((await lastAudit('session.sign_in_failed')).details).toMatchObject({
      reason: 'provider_unavailable',
      network: 'ECONNREFUSED',
    })
    // The provider is back (at that address): the next sign-in reads its discovery document.
    others.push(await discoveryFront(provider.url, port))
    const back = await get(`${canvass}/v1/session/oidc`, new CookieJar(), app)
    expect(back.status).toBe(302)
    expect(new URL(back.location).origin).toBe(provider.url)
  })
})

/** Another app over the test's database, with other single sign-on settings. */
async function otherApp(settings: OidcConfig | undefined): Promise<App> {
  const app = await buildApp({ ...ctx.appContext, config: { ...ctx.config, oidc: settings } })
  await app.ready()
  others.push(app)
  return app
}

/** A server that answers the provider's discovery document naming itself as the issuer. */
async function discoveryFront(real: string, port = 0): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(async (_request, response) => {
    const document = (await (await fetch(`${real}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify({ ...document, issuer: url }))
  })
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done))
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  return { url, close: () => new Promise<void>((done) => server.close(() => done())) }
}

/** A port nothing listens on (for Canvass to take, or to find no provider at). */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done))
  const { port } = probe.address() as { port: number }
  await new Promise<void>((done) => probe.close(() => done()))
  return port
}
