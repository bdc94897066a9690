import { describe, expect, it } from 'vitest'
import { type TestContext, useTestContext } from '../support/context.js'

const ctx = useTestContext({ rateLimit: 2 })

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
