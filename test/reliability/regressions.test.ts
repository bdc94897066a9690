import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'
import { createFixtures, type Fixtures, validRequest, viaInject } from './support/fixtures.js'
import { loadOperations, type Operation } from './support/openapi.js'
import { problemDefect } from './support/problem.js'
import { SecretWatch } from './support/secrets.js'
import { type Fingerprinter, fingerprinter } from './support/snapshot.js'

// Each defect the generated suite found, pinned as a plain test so it stays fixed even when
// the generator's luck changes. One `it` per defect, on every operation it could reach.

let ctx: TestContext
const watch = new SecretWatch()
let operations: Operation[]
let fixtures: Fixtures
let fingerprint: Fingerprinter

beforeAll(async () => {
  ctx = await createTestContext()
  watch.secret(ctx.token)
  watch.secret(ctx.otherToken)
  const inject = ctx.request
  ctx.request = async (options) => {
    const answer = await inject(options)
    watch.record(`${options.method} ${options.url}`, answer.body)
    return answer
  }
  operations = (await loadOperations(viaInject(ctx))).filter((operation) => operation.scope)
  fixtures = await createFixtures(viaInject(ctx), ctx.token)
  fingerprint = await fingerprinter(ctx.database)
})

afterAll(async () => {
  await ctx?.close()
  expect(watch.leaks()).toEqual([])
})

describe(`defects found by the reliability suite, on ${testBackend}`, () => {
  it('a body nested 100,000 levels deep around a NUL or a lone surrogate is a 400, not a 500', async () => {
    const withBody = operations.filter((operation) => operation.body)
    expect(withBody.length).toBeGreaterThan(0)
    for (const operation of withBody) {
      const { url } = validRequest(operation, fixtures)
      for (const inner of ['"\\u0000"', '"\\ud800"', '{"k\\u0000":1}']) {
        for (const [open, close] of [
          ['[', ']'],
          ['{"a":', '}'],
        ]) {
          const depth = open === '[' ? 100_000 : 20_000
          const before = await fingerprint.take()
          const answer = await ctx.request({
            method: operation.method as 'POST',
            url,
            payload: `{"x":${(open as string).repeat(depth)}${inner}${(close as string).repeat(depth)}}`,
            headers: { 'content-type': 'application/json' },
          })
          expect(answer.statusCode, `${operation.key}: ${answer.body.slice(0, 200)}`).toBe(400)
          expect(problemDefect(answer)).toBeUndefined()
          expect(await fingerprint.take()).toEqual(before)
        }
      }
    }
  }, 120_000)

  // Seen once from the generator (POST /v1/forms/{form_id}/responses with `hidden.run` an
  // array nested ~59,000 levels: 500), not reproduced since; pinned for every body field.
  it('a value nested 60,000 levels deep in any field of any body is refused without a 5xx', async () => {
    for (const operation of operations.filter((o) => o.body)) {
      const valid = validRequest(operation, fixtures)
      const body = (valid.body ?? {}) as Record<string, unknown>
      const places: string[][] = [[]]
      for (const [key, value] of Object.entries(body)) {
        places.push([key])
        if (value && typeof value === 'object' && !Array.isArray(value)) {
          for (const inner of Object.keys(value)) places.push([key, inner])
        }
      }
      for (const place of places) {
        const marker = '"__deep_value__"'
        const copy = JSON.parse(JSON.stringify(body))
        if (place.length === 0) copy['deep'] = '__deep_value__'
        else place.slice(0, -1).reduce((at, key) => at[key], copy)[place.at(-1) as string] = '__deep_value__'
        const payload = JSON.stringify(copy).replace(marker, `${'['.repeat(60_000)}1${']'.repeat(60_000)}`)
        expect(payload.length).toBeGreaterThan(120_000)
        const answer = await ctx.request({
          method: operation.method as 'POST',
          url: valid.url,
          payload,
          headers: { 'content-type': 'application/json' },
        })
        expect(
          answer.statusCode,
          `${operation.key} /${place.join('/')}: ${answer.body.slice(0, 200)}`,
        ).toBeLessThan(500)
        if (answer.statusCode >= 400) expect(problemDefect(answer)).toBeUndefined()
      }
    }
  }, 120_000)
})
