import { performance } from 'node:perf_hooks'
import type { CompiledQuery } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { TestClock } from '../support/clock.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'
import { contactList, invite, newLinkToken, type TestRecipient } from '../support/recipients.js'
import { createForm, onePageForm, respondentAt } from './links-support.js'

// docs/api.md#personal-links: guessing links. Every request to /i/ counts against its address
// (CANVASS_LINK_RATE_LIMIT a minute, low here) before anything is looked up: 10,000 guesses get
// 429s, and the database is read for the first few only. An unknown and a used link run the same
// one query, and take the same time.

const LIMIT = 25
let ctx: TestContext
const clock = new TestClock({ stopped: true })
let used: TestRecipient

beforeAll(async () => {
  ctx = await createTestContext({ linkRateLimit: LIMIT }, { clock })
  const formId = await createForm(ctx, onePageForm())
  const [recipient] = await invite(ctx, formId, await contactList(ctx, [{ email: 'used@example.com' }]))
  if (!recipient) throw new Error('no recipient')
  used = recipient
  const sent = await respondentAt(ctx, used.link, '10.0.0.1').submit([['mood', 'Done']])
  expect(sent.statusCode).toBe(303)
})
afterAll(async () => {
  await ctx?.close()
})

/** The queries the app runs while `run` does. */
async function queriesDuring(run: () => Promise<unknown>): Promise<CompiledQuery[]> {
  const executor = ctx.database.db.getExecutor()
  const spy = vi.spyOn(executor, 'executeQuery')
  try {
    await run()
    return spy.mock.calls.map(([query]) => query)
  } finally {
    spy.mockRestore()
  }
}

const get = (url: string, remoteAddress: string) => ctx.app.inject({ method: 'GET', url, remoteAddress })

describe(`guessing personal links (${testBackend})`, () => {
  it('costs one indexed lookup whether the link is unknown or used: the same query', async () => {
    const unknown = await queriesDuring(async () => {
      expect((await get(`/i/${newLinkToken()}`, '10.0.1.1')).statusCode).toBe(404)
    })
    const spent = await queriesDuring(async () => {
      expect((await get(used.link, '10.0.1.2')).statusCode).toBe(410)
    })
    expect(unknown).toHaveLength(1)
    expect(spent).toHaveLength(1)
    expect(spent[0]?.sql).toBe(unknown[0]?.sql)
    expect(unknown[0]?.sql).toMatch(/from "invitation_recipients" where "token" = (\?|\$1)$/)
    // A malformed token is not looked up at all.
    expect(await queriesDuring(() => get('/i/not-a-token', '10.0.1.3'))).toEqual([])
  })

  it('takes the same time for an unknown and a used link (200 of each, interleaved)', async () => {
    const times = { unknown: [] as number[], used: [] as number[] }
    for (let round = 0; round < 200; round++) {
      // A fresh address per request: the limit (not under test here) never answers first.
      for (const kind of round % 2 === 0 ? (['unknown', 'used'] as const) : (['used', 'unknown'] as const)) {
        const url = kind === 'used' ? used.link : `/i/${newLinkToken()}`
        const started = performance.now()
        const response = await get(url, `10.1.${round}.${kind === 'used' ? 1 : 2}`)
        times[kind].push(performance.now() - started)
        expect(response.statusCode).toBe(kind === 'used' ? 410 : 404)
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] as number
    const unknown = median(times.unknown)
    const spent = median(times.used)
    console.log(
      `${testBackend}: median of 200 in-process lookups: unknown ${unknown.toFixed(3)} ms, used ${spent.toFixed(3)} ms`,
    )
    // Generous: the same query runs (above); this only catches a path that grew real work.
    expect(spent / unknown).toBeLessThan(2)
    expect(unknown / spent).toBeLessThan(2)
  })

  it('answers 10,000 guesses from one address with 429s past the limit, looking up only the first', async () => {
    let lookups = 0
    const statuses = new Map<number, number>()
    const queries = await queriesDuring(async () => {
      for (let guess = 0; guess < 10_000; guess++) {
        const response = await get(`/i/${newLinkToken()}`, '10.2.0.1')
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1)
        if (guess === LIMIT) {
          expect(response.statusCode).toBe(429)
          expect(Number(response.headers['retry-after'])).toBeGreaterThan(0)
          expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
          expect(response.body).toContain('Too many links were opened from your address')
        }
      }
    })
    lookups = queries.length
    expect(Object.fromEntries(statuses)).toEqual({ 404: LIMIT, 429: 10_000 - LIMIT })
    expect(lookups).toBe(LIMIT)
    // The address over its limit is refused a real link too (it learns nothing), and posts;
    // another address is not.
    expect((await get(used.link, '10.2.0.1')).statusCode).toBe(429)
    expect((await respondentAt(ctx, used.link, '10.2.0.1').submit([['mood', 'x']])).statusCode).toBe(429)
    expect((await get(used.link, '10.2.0.2')).statusCode).toBe(410)
    // A minute on, the address may try again.
    clock.advance(61_000)
    expect((await get(`/i/${newLinkToken()}`, '10.2.0.1')).statusCode).toBe(404)
  }, 120_000)
})
