import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { connect } from 'node:net'
import type { LightMyRequestResponse } from 'fastify'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tinyForm } from '../forms/fixtures.js'
import { TestClock } from '../support/clock.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'
import { waitUntil } from '../support/wait.js'

// Issue 25: whom the public submission limit counts as one client (IPv6 by /64, on every limit),
// and that no flood of other keys frees a client that is over it. Each test sets the rate it
// needs, whatever the default of CANVASS_PUBLIC_RATE_LIMIT.

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext({ publicRateLimit: 3 })
})
afterAll(() => ctx.close())

async function formWith(on: TestContext, settings: object): Promise<string> {
  const response = await on.request({ method: 'POST', url: '/v1/forms', payload: { ...tinyForm, settings } })
  expect(response.statusCode).toBe(201)
  return response.json().id
}

interface From {
  remoteAddress?: string
  forwardedFor?: string
  /** Refused by validation after the limit counted it, so nothing is stored. */
  invalid?: boolean
}

function publicPost(on: TestContext, formId: string, from: From): Promise<LightMyRequestResponse> {
  return on.app.inject({
    method: 'POST',
    url: `/v1/public/forms/${formId}/responses`,
    remoteAddress: from.remoteAddress ?? '127.0.0.1',
    headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
    payload: from.invalid ? { answers: 'none' } : { answers: { n: 7 } },
  })
}

function pagePost(on: TestContext, formId: string, remoteAddress: string): Promise<LightMyRequestResponse> {
  return on.app.inject({
    method: 'POST',
    url: `/f/${formId}`,
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'n=7',
  })
}

async function statusesOf(requests: (() => Promise<LightMyRequestResponse>)[]): Promise<number[]> {
  const statuses: number[] = []
  for (const request of requests) statuses.push((await request()).statusCode)
  return statuses
}

/** The same, `width` at a time: for floods, whose order does not matter. */
async function floodStatuses(
  requests: (() => Promise<LightMyRequestResponse>)[],
  width = 16,
): Promise<number[]> {
  const statuses: number[] = []
  for (let start = 0; start < requests.length; start += width) {
    const batch = await Promise.all(requests.slice(start, start + width).map((request) => request()))
    statuses.push(...batch.map((response) => response.statusCode))
  }
  return statuses
}

const unknownFormId = () => `frm_${randomBytes(16).toString('base64url')}`

describe(`the public limit's client address (${testBackend})`, () => {
  it('counts 40 IPv6 addresses of one /64 as one client, through the API and the hosted page', async () => {
    const formId = await formWith(ctx, { public: true })
    const addresses = Array.from(
      { length: 40 },
      (_, index) => `2001:db8:5:6:${(index * 997).toString(16)}::${index + 1}`,
    )
    const statuses = await statusesOf(
      addresses.map((remoteAddress, index) =>
        index % 2 === 0
          ? () => publicPost(ctx, formId, { remoteAddress })
          : () => pagePost(ctx, formId, remoteAddress),
      ),
    )
    expect(statuses.slice(0, 3)).toEqual([201, 303, 201])
    expect(statuses.slice(3)).toEqual(Array(37).fill(429))
    // Another /64 of the same /48 is another client.
    expect((await publicPost(ctx, formId, { remoteAddress: '2001:db8:5:7::1' })).statusCode).toBe(201)
  })

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const formId = await formWith(ctx, { public: true })
    const spellings = ['198.51.100.4', '::ffff:198.51.100.4', '::FFFF:c633:6404', '198.51.100.4']
    const statuses = await statusesOf(
      spellings.map((remoteAddress) => () => publicPost(ctx, formId, { remoteAddress })),
    )
    expect(statuses).toEqual([201, 201, 201, 429])
  })

  it('counts X-Forwarded-For addresses the same way behind CANVASS_TRUST_PROXY', async () => {
    const proxied = await createTestContext({ publicRateLimit: 3, trustProxy: 1 })
    try {
      const formId = await formWith(proxied, { public: true })
      const forwarded = [
        '2001:db8:a:b::1',
        '2001:db8:a:b:ffff:ffff:ffff:ffff',
        '[2001:db8:a:b::2]:4711',
        '2001:db8:a:b:1:2:3:4',
        '2001:db8:a:b::99',
        '203.0.113.9',
        '::ffff:203.0.113.9',
        '203.0.113.9:50000',
        '203.0.113.9',
      ]
      const statuses = await statusesOf(
        forwarded.map((forwardedFor) => () => publicPost(proxied, formId, { forwardedFor })),
      )
      expect(statuses).toEqual([201, 201, 201, 429, 429, 201, 201, 201, 429])
    } finally {
      await proxied.close()
    }
  })

  it('counts failed authentications by /64 too', async () => {
    // 1 a second, bursts of 2 in a two-second window: 30 failures from 30 addresses of one /64
    // get a few 401s (more only if the run spans several windows: the clock stands still), then 429.
    const guarded = await createTestContext(
      { authFailureLimit: 1 },
      { clock: new TestClock({ stopped: true }) },
    )
    try {
      const statuses = await statusesOf(
        Array.from(
          { length: 30 },
          (_, index) => () =>
            guarded.app.inject({
              method: 'GET',
              url: '/v1/forms',
              remoteAddress: `2001:db8:99:1:${index.toString(16)}::1`,
              headers: { authorization: 'Bearer cvs_unknown' },
            }),
        ),
      )
      expect(statuses.slice(0, 2)).toEqual([401, 401])
      expect(statuses[2]).toBe(429)
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(20)
    } finally {
      await guarded.close()
    }
  })
})

describe(`a client over the public limit (${testBackend})`, () => {
  // CANVASS_RATE_LIMIT_KEYS=100: a few hundred requests hold the store at its bound throughout,
  // as a flood of a hundred thousand would the default one.
  let small: TestContext
  beforeAll(async () => {
    small = await createTestContext({ publicRateLimit: 2, rateLimitKeys: 100 })
  })
  afterAll(() => small.close())

  it('stays over it however many other keys are made meanwhile', async () => {
    const formId = await formWith(small, { public: true })
    const spender = { remoteAddress: '192.0.2.1' }
    expect(await statusesOf([1, 2, 3].map(() => () => publicPost(small, formId, spender)))).toEqual([
      201, 201, 429,
    ])

    // 450 requests an attacker can make: to unknown forms (API and hosted page), to other public
    // forms and to the spent form, from as many addresses, 300 of them counted. None stores anything.
    const others = await Promise.all(Array.from({ length: 10 }, () => formWith(small, { public: true })))
    const attack: (() => Promise<LightMyRequestResponse>)[] = []
    for (let index = 0; index < 150; index++) {
      const v4 = `10.${index >> 8}.${index & 255}.1`
      const v6 = `2001:db8:${index.toString(16)}::1`
      attack.push(
        index % 2 === 0
          ? () => publicPost(small, unknownFormId(), { remoteAddress: v4, invalid: true })
          : () => pagePost(small, unknownFormId(), v6),
        () =>
          publicPost(small, others[index % others.length] as string, { remoteAddress: v6, invalid: true }),
        () => publicPost(small, formId, { remoteAddress: v4, invalid: true }),
      )
    }
    const statuses = await floodStatuses(attack)
    expect(
      statuses.every((status) => status === 400 || status === 404),
      String(new Set(statuses)),
    ).toBe(true)

    expect((await publicPost(small, formId, spender)).statusCode).toBe(429)
    const listed = await small.request({ method: 'GET', url: `/v1/forms/${formId}` })
    expect(listed.json().response_count).toBe(2)
  })

  it('is held until its window ends when the keys fill up, while others under the limit make room', async () => {
    const formId = await formWith(small, { public: true })
    const closed = await formWith(small, { public: true, closes_at: '2020-01-01T00:00:00Z' })
    const hidden = await formWith(small, { public: false })
    const spender = { remoteAddress: '192.0.2.2' }
    expect(await statusesOf([1, 2, 3].map(() => () => publicPost(small, formId, spender)))).toEqual([
      201, 201, 429,
    ])

    // Requests that cannot submit take no key: a newcomer is still counted on its own.
    const cannotSubmit = Array.from({ length: 300 }, (_, index) => {
      const remoteAddress = `10.1.${index >> 8}.${index & 255}`
      const target = [unknownFormId(), closed, hidden][index % 3] as string
      return () => publicPost(small, target, { remoteAddress })
    })
    const refused = await statusesOf(cannotSubmit)
    expect(refused.every((status) => status === 404 || status === 410)).toBe(true)
    const regular = { remoteAddress: '192.0.2.50' }
    expect((await publicPost(small, formId, regular)).statusCode).toBe(201)

    // 200 fresh keys, one submission each, fill the 100 and then take the places of the oldest
    // keys still under the limit: none is refused, and no count is shared.
    const flood = Array.from(
      { length: 200 },
      (_, index) => () =>
        publicPost(small, formId, { remoteAddress: `2001:db8:f:${index.toString(16)}::1`, invalid: true }),
    )
    expect(await statusesOf(flood)).toEqual(Array(200).fill(400))

    // The spent key is still spent. The regular client, under the limit, gave up its place: it
    // starts a fresh count. A newcomer has a count of its own.
    expect((await publicPost(small, formId, spender)).statusCode).toBe(429)
    expect(await statusesOf([1, 2, 3].map(() => () => publicPost(small, formId, regular)))).toEqual([
      201, 201, 429,
    ])
    expect((await publicPost(small, formId, { remoteAddress: '192.0.2.99' })).statusCode).toBe(201)
  })

  it('shares an overflow count per form only once every key is spent', async () => {
    const full = await createTestContext({ publicRateLimit: 2, rateLimitKeys: 100 })
    try {
      const [attacked, other] = [
        await formWith(full, { public: true }),
        await formWith(full, { public: true }),
      ]
      // 100 addresses spend their limit on one form: every key held is spent.
      const spend = Array.from({ length: 100 }, (_, index) => `10.2.0.${index + 1}`).flatMap(
        (remoteAddress) =>
          [1, 2, 3].map(() => () => publicPost(full, attacked, { remoteAddress, invalid: true })),
      )
      const spent = await statusesOf(spend)
      expect(spent.filter((status) => status === 429)).toHaveLength(100)

      // Newcomers to that form share one count of 2 until windows end; newcomers to another form
      // have a count of their own; the spenders stay spent.
      const newcomers = ['192.0.2.10', '192.0.2.11', '192.0.2.12', '2001:db8:1::1']
      expect(
        await statusesOf(
          newcomers.map((remoteAddress) => () => publicPost(full, attacked, { remoteAddress })),
        ),
      ).toEqual([201, 201, 429, 429])
      expect(
        await statusesOf(newcomers.map((remoteAddress) => () => publicPost(full, other, { remoteAddress }))),
      ).toEqual([201, 201, 429, 429])
      expect((await publicPost(full, attacked, { remoteAddress: '10.2.0.1' })).statusCode).toBe(429)
      const counts = await Promise.all(
        [attacked, other].map(async (id) =>
          (await full.request({ method: 'GET', url: `/v1/forms/${id}` })).json(),
        ),
      )
      expect(counts.map((form) => form.response_count)).toEqual([2, 2])
    } finally {
      await full.close()
    }
  })
})

describe(`a client that hangs up before its request is counted (${testBackend})`, () => {
  it('is counted as the address "", not answered with a 500, by every limit', async () => {
    const lines: string[] = []
    const logger = pino({ level: 'error' }, { write: (line: string) => void lines.push(line) })
    const served = await createTestContext(
      { publicRateLimit: 1, authFailureLimit: 1, signInAddressLimit: 3 },
      { logger },
    )
    try {
      const formId = await formWith(served, { public: true })
      await served.app.listen({ port: 0, host: '127.0.0.1' })
      const port = (served.app.server.address() as { port: number }).port
      // The client is gone as soon as its request arrives: from then on its socket has no address.
      const responses: ServerResponse[] = []
      served.app.server.on('request', (request, response) => {
        responses.push(response)
        request.socket.destroy()
      })
      const hangUp = async (head: string, body = ''): Promise<ServerResponse> => {
        const socket = connect(port, '127.0.0.1')
        socket.on('error', () => undefined)
        socket.write(`${head}\r\nHost: 127.0.0.1:3000\r\nContent-Length: ${body.length}\r\n\r\n${body}`)
        await new Promise((closed) => socket.on('close', closed))
        return responses.at(-1) as ServerResponse
      }
      const refusedByLimit = async () =>
        (await served.appContext.productMetrics.publicSubmissionsRefused.get()).values.find(
          (value) => value.labels['kind'] === 'rate_limited',
        )?.value ?? 0

      // Public submissions, API and page sharing one count of 1: the second and third are over it.
      const json = 'Content-Type: application/json'
      const form = 'Content-Type: application/x-www-form-urlencoded'
      await hangUp(`POST /v1/public/forms/${formId}/responses HTTP/1.1\r\n${json}`, '{"answers":{"n":1}}')
      await hangUp(`POST /f/${formId} HTTP/1.1\r\n${form}`, 'n=1')
      await hangUp(`POST /v1/public/forms/${formId}/responses HTTP/1.1\r\n${json}`, '{"answers":{"n":1}}')
      await waitUntil(async () => (await refusedByLimit()) >= 2, 10_000)

      // A failed authentication, then a sign-in: answered as they would be to a client still there.
      const failed = await hangUp('GET /v1/forms HTTP/1.1\r\nAuthorization: Bearer cvs_unknown')
      const origin = 'Origin: http://127.0.0.1:3000\r\nX-Canvass-Csrf: 1'
      const signedIn = await hangUp(
        `POST /v1/session HTTP/1.1\r\n${origin}\r\n${json}`,
        JSON.stringify({ token: served.token }),
      )
      await waitUntil(() => failed.writableEnded && signedIn.writableEnded, 10_000)
      expect([failed.statusCode, signedIn.statusCode]).toEqual([401, 201])
      expect(lines.filter((line) => line.includes('unhandled error'))).toEqual([])
    } finally {
      await served.close()
    }
  }, 60_000)
})
