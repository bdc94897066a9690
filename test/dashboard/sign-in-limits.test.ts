import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configFromEnv } from '../../src/config.js'
import { createToken } from '../../src/domain/tokens.js'
import { buildApp } from '../../src/http/app.js'
import { createTestContext, type TestContext, useTestContext } from '../support/context.js'

// Sign-ins (issue 25): each makes a session that lives for hours, so a valid token may sign in only
// so often, and so may one client address (IPv6 by /64); a token holds at most so many live
// sessions, a new one past the cap ending its oldest.

const defaults = configFromEnv({})
const ctx = useTestContext({
  signInTokenLimit: defaults.signInTokenLimit,
  signInAddressLimit: defaults.signInAddressLimit,
})
const host = '127.0.0.1:3000'
const sameOrigin = { host, origin: `http://${host}`, 'x-canvass-csrf': '1' }

function signIn(app: TestContext['app'], token: string, remoteAddress = '127.0.0.1', forwardedFor?: string) {
  return app.inject({
    method: 'POST',
    url: '/v1/session',
    remoteAddress,
    headers: forwardedFor ? { ...sameOrigin, 'x-forwarded-for': forwardedFor } : sameOrigin,
    payload: { token },
  })
}

async function newToken(context: TestContext): Promise<{ id: string; token: string }> {
  return createToken(context.database.db, context.clock, {
    workspaceId: context.workspaceId,
    name: 'dashboard',
  })
}

async function liveSessions(context: TestContext, tokenId: string): Promise<number> {
  const rows = await context.database.db
    .selectFrom('sessions')
    .select('id')
    .where('token_id', '=', tokenId)
    .execute()
  return rows.length
}

function sessionCookieOf(response: Awaited<ReturnType<typeof signIn>>): string {
  return /(canvass_session=cvss_[^;]+)/.exec(String(response.headers['set-cookie']))?.[1] ?? 'none'
}

function expectLimited(response: Awaited<ReturnType<typeof signIn>>, detail: RegExp) {
  expect(response.statusCode).toBe(429)
  expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8')
  expect(response.json()).toMatchObject({ code: 'rate_limited' })
  expect(response.json().detail).toMatch(detail)
  const retryAfter = Number(response.headers['retry-after'])
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(60)
  expect(response.headers['set-cookie']).toBeUndefined()
}

describe('sign-ins', () => {
  it('are limited per token: past 10 a minute, 429 with Retry-After from any address', async () => {
    expect(defaults.signInTokenLimit).toBe(10)
    const { id, token } = await newToken(ctx)
    for (let i = 0; i < 10; i++) expect((await signIn(ctx.app, token, '198.51.100.1')).statusCode).toBe(201)
    expectLimited(await signIn(ctx.app, token, '198.51.100.1'), /sign-ins with this token/)
    expectLimited(await signIn(ctx.app, token, '203.0.113.50'), /sign-ins with this token/)
    expect(await liveSessions(ctx, id)).toBe(10)
    // Another token at the same address signs in.
    expect((await signIn(ctx.app, (await newToken(ctx)).token, '198.51.100.1')).statusCode).toBe(201)
  })

  it('are limited per client address, IPv6 by /64: past 30 a minute, 429 with Retry-After', async () => {
    expect(defaults.signInAddressLimit).toBe(30)
    const tokens = await Promise.all([1, 2, 3, 4].map(() => newToken(ctx)))
    for (let i = 0; i < 30; i++) {
      const response = await signIn(
        ctx.app,
        tokens[i % 4]?.token as string,
        `2001:db8:5:6::${(i + 1).toString(16)}`,
      )
      expect(response.statusCode).toBe(201)
    }
    expectLimited(
      await signIn(ctx.app, tokens[0]?.token as string, '2001:db8:5:6:ffff::1'),
      /from this address/,
    )
    const fresh = await newToken(ctx)
    expectLimited(await signIn(ctx.app, fresh.token, '2001:db8:5:6::99'), /from this address/)
    expect(await liveSessions(ctx, fresh.id)).toBe(0)
    // The next /64 has its own count.
    expect((await signIn(ctx.app, fresh.token, '2001:db8:5:7::1')).statusCode).toBe(201)
  })
})

describe('behind CANVASS_TRUST_PROXY', () => {
  let proxied: TestContext
  beforeAll(async () => {
    proxied = await createTestContext({ trustProxy: 1, signInAddressLimit: 3 })
  })
  afterAll(() => proxied.close())

  // A proxy that writes the client's port makes every connection look new unless the port is dropped.
  it('count a forwarded address with a port as the address, IPv6 by /64', async () => {
    const { token } = await newToken(proxied)
    const from = async (forwarded: string[]) => {
      const statuses: number[] = []
      for (const address of forwarded)
        statuses.push((await signIn(proxied.app, token, '127.0.0.1', address)).statusCode)
      return statuses
    }
    const v4 = ['203.0.113.7:40001', '203.0.113.7:40002', '203.0.113.7', '203.0.113.7:40004']
    expect(await from(v4)).toEqual([201, 201, 201, 429])
    expectLimited(await signIn(proxied.app, token, '127.0.0.1', '203.0.113.7:40005'), /from this address/)
    const v6 = [
      '[2001:db8:7:8::1]:443',
      '[2001:db8:7:8::2]:444',
      '2001:db8:7:8::3',
      '[2001:db8:7:8:ffff::9]:1',
    ]
    expect(await from(v6)).toEqual([201, 201, 201, 429])
    // Another address behind the same proxy has its own count.
    expect(await from(['203.0.113.8:40001'])).toEqual([201])
  })
})

describe('live sessions per token', () => {
  let open: TestContext
  beforeAll(async () => {
    open = await createTestContext() // sign-in limits off: only the cap is at work
  })
  afterAll(() => open.close())

  it('are at most 50: a new sign-in past the cap ends the token’s oldest session', async () => {
    expect(defaults.sessionsPerToken).toBe(50)
    const other = await signIn(open.app, open.otherToken)
    const { id, token } = await newToken(open)
    const cookies: string[] = []
    for (let i = 0; i < 55; i++) {
      const response = await signIn(open.app, token)
      expect(response.statusCode).toBe(201)
      cookies.push(sessionCookieOf(response))
    }
    expect(await liveSessions(open, id)).toBe(50)
    const statuses = await Promise.all(
      cookies.map(async (cookie) => {
        const response = await open.app.inject({
          method: 'GET',
          url: '/v1/session',
          headers: { host, cookie },
        })
        return response.statusCode
      }),
    )
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(50).fill(200)])
    // Another token's session is not touched.
    const stillThere = await open.app.inject({
      method: 'GET',
      url: '/v1/session',
      headers: { host, cookie: sessionCookieOf(other) },
    })
    expect(stillThere.statusCode).toBe(200)
  })
})

describe('with CANVASS_REDIS_URL', () => {
  let shared: TestContext
  let second: TestContext['app']
  beforeAll(async () => {
    shared = await createTestContext({
      redisUrl: process.env['CANVASS_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379',
      redisPrefix: `canvass-test-${randomBytes(6).toString('hex')}:`,
      // Sharing is tested here, not Redis's timeout (test/foundation/redis-outage.test.ts).
      redisTimeoutMs: 10_000,
      signInTokenLimit: 3,
      signInAddressLimit: 0,
    })
    // A second process's app over the same database and Redis.
    second = await buildApp(shared.appContext)
    await second.ready()
  })
  afterAll(async () => {
    await second?.close()
    await shared?.close()
  })

  it('every process shares one count', async () => {
    const statuses: number[] = []
    for (const app of [shared.app, second, shared.app, second])
      statuses.push((await signIn(app, shared.token)).statusCode)
    expect(statuses).toEqual([201, 201, 201, 429])
  })
})
