import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'
import {
  createFixtures,
  type Fixtures,
  refreshAfterDelete,
  validRequest,
  viaInject,
} from './support/fixtures.js'
import { hostileCase, render, type WireRequest } from './support/hostile.js'
import { loadOperations, type Operation } from './support/openapi.js'
import { problemDefect } from './support/problem.js'
import { SecretWatch } from './support/secrets.js'
import { type Fingerprinter, fingerprinter } from './support/snapshot.js'

// Issue 7.1: hostile input, generated from the OpenAPI document. Every operation gets valid
// requests mutated by fast-check (wrong types, missing and extra fields, huge numbers, deep
// nesting, odd Unicode with NUL and lone surrogates, __proto__ keys, duplicate keys, wrong
// content types, truncated bodies, odd percent-encoding). For each: no 5xx, every error a
// problem document, the app answering, and a rejected request leaves the database as it was.
// Runs per database project: CANVASS_FUZZ_RUNS (default 10,500) x 2 projects >= 20,000.

// A 5xx logs its cause (with the stack) so a generated failure can be understood.
process.env['TEST_LOG_LEVEL'] ??= 'error'

const runs = Number(process.env['CANVASS_FUZZ_RUNS'] ?? 10_500)
const seed = process.env['CANVASS_FUZZ_SEED'] ? Number(process.env['CANVASS_FUZZ_SEED']) : undefined
const bodyLimit = 256 * 1024
const failureFile = join(tmpdir(), `canvass-hostile-failure-${testBackend}.json`)

let ctx: TestContext
let operations: Operation[]
let fixtures: Fixtures
let fingerprint: Fingerprinter
const watch = new SecretWatch()

beforeAll(async () => {
  ctx = await createTestContext({ bodyLimit })
  watch.secret(ctx.token)
  watch.secret(ctx.otherToken)
  operations = (await loadOperations(viaInject(ctx))).filter((operation) => operation.scope)
  fixtures = await createFixtures(viaInject(ctx), ctx.token)
  watch.secret(fixtures.webhookSecret)
  fingerprint = await fingerprinter(ctx.database)
}, 60_000)

afterAll(() => ctx?.close())

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`no answer within ${ms} ms: ${what}`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

function describeRequest(request: WireRequest): string {
  const payload =
    request.payload === undefined ? '' : ` body(${request.payload.length}): ${request.payload.slice(0, 300)}`
  return `${request.method} ${request.url.slice(0, 300)} ${JSON.stringify(request.headers).slice(0, 200)}${payload}`
}

describe(`hostile input on ${testBackend}`, () => {
  it('every operation of the document is fuzzed', () => {
    expect(operations.length).toBeGreaterThan(0)
  })

  it(`${runs} generated hostile requests: no 5xx, problem documents, nothing stored by a rejection`, async () => {
    const perOperation = new Map<string, number>()
    const statuses = new Map<number, number>()
    let before = await fingerprint.take()
    let sent = 0
    const timing = { requests: 0, fingerprints: 0, refreshes: 0 }

    await fc.assert(
      fc.asyncProperty(fc.nat({ max: operations.length - 1 }), hostileCase, async (index, mutations) => {
        const operation = operations[index] as Operation
        const wire = render(operation, validRequest(operation, fixtures), fixtures.params, mutations)
        const sentAt = performance.now()
        const answer = await withTimeout(
          ctx.request({ ...wire, method: wire.method as 'GET', headers: wire.headers }),
          10_000,
          describeRequest(wire),
        )
        sent++
        timing.requests += performance.now() - sentAt
        perOperation.set(operation.key, (perOperation.get(operation.key) ?? 0) + 1)
        statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1)
        watch.record(`answer to ${wire.method} ${wire.url.slice(0, 80)}`, answer.body)
        const context = `${describeRequest(wire)}\n-> ${answer.statusCode} ${answer.body.slice(0, 500)}`

        if (answer.statusCode >= 500 || (answer.statusCode >= 400 && problemDefect(answer))) {
          writeFileSync(
            failureFile,
            JSON.stringify({ request: wire, status: answer.statusCode, body: answer.body }),
          )
        }
        expect(answer.statusCode, `${context}\n(the whole request: ${failureFile})`).toBeLessThan(500)
        if (answer.statusCode >= 400) {
          expect(problemDefect(answer), context).toBeUndefined()
          const checkedAt = performance.now()
          const after = await fingerprint.take()
          timing.fingerprints += performance.now() - checkedAt
          expect(after, `a rejected request changed the database: ${context}`).toEqual(before)
        } else {
          // A hostile request that was valid enough to delete a fixture: make new ones.
          const refreshedAt = performance.now()
          if (operation.method === 'DELETE') {
            fixtures = await refreshAfterDelete(operation.template, fixtures, viaInject(ctx), ctx.token)
          }
          before = await fingerprint.take()
          timing.refreshes += performance.now() - refreshedAt
        }
        if (sent % 500 === 0) {
          const health = await ctx.request({ method: 'GET', url: '/healthz', token: null })
          expect(health.statusCode).toBe(200)
        }
      }),
      { numRuns: runs, ...(seed === undefined ? {} : { seed }), endOnFailure: true },
    )

    const health = await ctx.request({ method: 'GET', url: '/healthz', token: null })
    expect(health.statusCode).toBe(200)
    console.log(
      `[hostile ${testBackend}] ${sent} requests over ${perOperation.size} operations; statuses ${JSON.stringify(Object.fromEntries(statuses))}; ` +
        `seconds in requests ${(timing.requests / 1000).toFixed(1)}, fingerprints ${(timing.fingerprints / 1000).toFixed(1)}, ` +
        `fixture refreshes ${(timing.refreshes / 1000).toFixed(1)}`,
    )
    for (const operation of operations) {
      expect(perOperation.get(operation.key) ?? 0, operation.key).toBeGreaterThanOrEqual(
        Math.min(50, runs / 100),
      )
    }
    expect(watch.leaks()).toEqual([])
  }, 600_000)

  it('prototype pollution never sticks', () => {
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
    expect((Object.prototype as unknown as Record<string, unknown>)['polluted']).toBeUndefined()
  })
})
