import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configFromEnv } from '../../src/config.js'
import { TestClock } from '../support/clock.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { addMember, type TestMember } from '../support/members.js'
import { percentile, problemOf, signIn } from './accounts-support.js'

// Brute force against password sign-in (issue 30): 10,000 attempts against one account, and from
// one address, are limited (counted before the password is checked, so the right password past
// the limit is refused too); no answer tells a member's address from a stranger's, and neither
// does the time: the distributions of both are measured and reported.

const defaults = configFromEnv({})
let limited: TestContext
let open: TestContext
let member: TestMember
beforeAll(async () => {
  // Time stands still: every attempt falls in one window however slowly this machine serves them.
  limited = await createTestContext(
    {
      signInAccountLimit: defaults.signInAccountLimit,
      signInAddressLimit: defaults.signInAddressLimit,
      authFailureLimit: defaults.authFailureLimit,
    },
    { clock: new TestClock({ stopped: true }) },
  )
  open = await createTestContext()
  member = await addMember(limited, { role: 'owner' })
})
afterAll(async () => {
  await limited?.close()
  await open?.close()
})

const ATTEMPTS = 10_000

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {}
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1
  return counts
}

describe('brute force', () => {
  /** 10,000 attempts, the right password among them past the limit; the answers counted. */
  async function attempts(
    target: TestMember,
    address: (i: number) => string,
    account: (i: number) => string,
  ) {
    const statuses: number[] = []
    for (let i = 0; i < ATTEMPTS; i++) {
      const password = i === 5_000 ? target.password : `guess number ${i} of many`
      statuses.push((await signIn(limited, account(i), password, { remoteAddress: address(i) })).statusCode)
    }
    return tally(statuses)
  }

  it('10,000 attempts at one account from one address: all but the first 10 are 429', {
    timeout: 600_000,
  }, async () => {
    expect(defaults.signInAccountLimit).toBe(10)
    const counts = await attempts(
      member,
      () => '203.0.113.10',
      () => member.email,
    )
    console.log(`one account, one address, ${ATTEMPTS} attempts:`, counts)
    expect(counts).toEqual({ 401: 10, 429: ATTEMPTS - 10 })
  })

  it('10,000 attempts at one account from 10,000 addresses: all but the first 10 are 429', {
    timeout: 600_000,
  }, async () => {
    const target = await addMember(limited, { role: 'owner' })
    const spread = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`
    const counts = await attempts(target, spread, () => target.email)
    console.log(`one account, ${ATTEMPTS} addresses, ${ATTEMPTS} attempts:`, counts)
    expect(counts).toEqual({ 401: 10, 429: ATTEMPTS - 10 })
  })

  it('10,000 attempts from one address, each at another account: all but the first 30 are 429', {
    timeout: 600_000,
  }, async () => {
    expect(defaults.signInAddressLimit).toBe(30)
    const counts = await attempts(
      member,
      () => '198.51.100.99',
      (i) => `person-${i}@example.com`,
    )
    console.log(`one address, ${ATTEMPTS} accounts, ${ATTEMPTS} attempts:`, counts)
    expect(counts).toEqual({ 401: 30, 429: ATTEMPTS - 30 })
  })

  it('answers a member’s address and a stranger’s alike, under the limit and past it', async () => {
    const known = await addMember(limited, { role: 'viewer' })
    const unknown = 'stranger@example.com'
    for (let i = 0; i < 12; i++) {
      const a = await signIn(limited, known.email, 'wrong password', { remoteAddress: `192.0.2.${i}` })
      const b = await signIn(limited, unknown, 'wrong password', { remoteAddress: `192.0.2.${100 + i}` })
      expect(problemOf(a)).toEqual(problemOf(b))
      expect(a.headers['retry-after']).toEqual(b.headers['retry-after'])
      expect(a.statusCode).toBe(i < 10 ? 401 : 429)
    }
  })

  it('takes the same time for a member’s address as for a stranger’s (figures reported)', {
    timeout: 600_000,
  }, async () => {
    const known = await addMember(open, { role: 'viewer' })
    const time = async (email: string) => {
      const started = process.hrtime.bigint()
      const answer = await signIn(open, email, 'not the right password')
      expect(answer.statusCode).toBe(401)
      return Number(process.hrtime.bigint() - started) / 1e6
    }
    // Warm: the decoy hash is made at the first unknown address.
    await time('warm-up@example.com')
    await time(known.email)
    const knownMs: number[] = []
    const unknownMs: number[] = []
    for (let i = 0; i < 200; i++) {
      // Interleaved, so the machine's load falls on both alike.
      knownMs.push(await time(known.email))
      unknownMs.push(await time(`unknown-${i}@example.com`))
    }
    knownMs.sort((a, b) => a - b)
    unknownMs.sort((a, b) => a - b)
    const figures = (ms: number[]) => ({
      median: percentile(ms, 50).toFixed(1),
      p90: percentile(ms, 90).toFixed(1),
      min: ms[0]?.toFixed(1),
      max: ms.at(-1)?.toFixed(1),
    })
    console.log('sign-in time (ms), 200 each, wrong password:', {
      known: figures(knownMs),
      unknown: figures(unknownMs),
    })
    // Loose on purpose: a loaded machine moves both; a missing Argon2 run would be 10x or more.
    const ratio = percentile(knownMs, 50) / percentile(unknownMs, 50)
    expect(ratio).toBeGreaterThan(0.5)
    expect(ratio).toBeLessThan(2)
  })
})
