import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configFromEnv } from '../../src/config.js'
import { TestClock } from '../support/clock.js'
import { createTestContext, type TestContext, useTestContext } from '../support/context.js'

// Clocks that stand still: each run of requests falls in one window, however slow the machine.
const ctx = useTestContext({ rateLimit: 2 }, { clock: new TestClock({ stopped: true }) })

describe('rate limit', () => {
  it('answers 429 rate_limited with Retry-After and RateLimit headers past the burst, per token', async () => {
    const statuses: number[] = []
    let limited: Awaited<ReturnType<TestContext['request']>> | undefined
    for (let i = 0; i < 6; i++) {
      const response = await ctx.request({ method: 'GET', url: '/v1/contact-lists' })
      statuses.push(response.statusCode)
      if (response.statusCode === 429) limited = response
    }
    // A sustained rate of 2 per second bursts to 4.
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200])
    expect(statuses.slice(4)).toEqual([429, 429])
    expect(limited?.headers['retry-after']).toMatch(/^\d+$/)
    expect(limited?.headers['ratelimit-limit']).toBe('4')
    expect(limited?.headers['ratelimit-remaining']).toBe('0')
    expect(limited?.headers['content-type']).toBe('application/problem+json; charset=utf-8')
    expect(limited?.json().code).toBe('rate_limited')

    // Another token has its own budget; unauthenticated requests are not counted against anyone.
    expect(
      (await ctx.request({ method: 'GET', url: '/v1/contact-lists', token: ctx.otherToken })).statusCode,
    ).toBe(200)
    expect((await ctx.request({ method: 'GET', url: '/healthz', token: null })).statusCode).toBe(200)
  })
})

describe('failed authentication limit (issue 11)', () => {
  let guarded: TestContext
  const clock = new TestClock({ stopped: true })
  beforeAll(async () => {
    // The default: 20 a second per client address, bursts of 40 in a two-second window.
    guarded = await createTestContext({ authFailureLimit: configFromEnv({}).authFailureLimit }, { clock })
  })
  afterAll(() => guarded.close())

  const attempt = (token: string | null, remoteAddress = '127.0.0.1') =>
    guarded.request({ method: 'GET', url: '/v1/contact-lists', token, remoteAddress })

  it('answers 429 rate_limited with Retry-After past the burst, per address; valid tokens still pass', async () => {
    expect(configFromEnv({}).authFailureLimit).toBe(20)
    const bad = [`cvs_${'A'.repeat(43)}`, null, 'not-even-the-shape!', `${guarded.token}x`]
    const statuses: number[] = []
    let limited: Awaited<ReturnType<TestContext['request']>> | undefined
    for (let i = 0; i < 300; i++) {
      const response = await attempt(bad[i % bad.length] ?? null)
      statuses.push(response.statusCode)
      if (response.statusCode === 429) limited ??= response
      // A client with a valid token at the same address is never refused by this limit.
      if (i % 25 === 0) expect((await attempt(guarded.token)).statusCode).toBe(200)
    }
    expect(statuses.slice(0, 40)).toEqual(Array(40).fill(401))
    expect(statuses[40]).toBe(429)
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(200)
    expect(limited?.headers['content-type']).toBe('application/problem+json; charset=utf-8')
    expect(limited?.json().code).toBe('rate_limited')
    const retryAfter = Number(limited?.headers['retry-after'])
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(2)

    // Another address has its own budget.
    expect((await attempt(null, '192.0.2.7')).statusCode).toBe(401)
    // Past the window, failures are answered 401 again.
    clock.advance(2100)
    expect((await attempt(null)).statusCode).toBe(401)
  })

  it('counts failed dashboard sign-ins the same way', async () => {
    const host = '127.0.0.1:3000'
    const signIn = (token: string) =>
      guarded.app.inject({
        method: 'POST',
        url: '/v1/session',
        remoteAddress: '198.51.100.9',
        headers: { host, origin: `http://${host}`, 'x-canvass-csrf': '1' },
        payload: { token },
      })
    const statuses: number[] = []
    for (let i = 0; i < 45; i++) statuses.push((await signIn(`cvs_${'B'.repeat(43)}`)).statusCode)
    expect(statuses.slice(0, 40)).toEqual(Array(40).fill(401))
    expect(statuses.slice(40)).toEqual(Array(5).fill(429))
    const limited = await signIn('guess')
    expect(limited.json().code).toBe('rate_limited')
    expect(limited.headers['retry-after']).toMatch(/^[12]$/)
  })
})
