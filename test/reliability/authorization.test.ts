import { randomBytes } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { allScopes, type Scope } from '../../src/domain/scopes.js'
import { createToken, revokeToken } from '../../src/domain/tokens.js'
import { createTestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'
import {
  createFixtures,
  type Fixtures,
  injectOptions,
  type PlannedRequest,
  validRequest,
  viaInject,
} from './support/fixtures.js'
import { fillTemplate, loadOperations, type Operation } from './support/openapi.js'
import { problemDefect } from './support/problem.js'
import { SecretWatch } from './support/secrets.js'
import { fingerprinter } from './support/snapshot.js'

// Issue 7.2: the authorisation matrix, derived from the OpenAPI document. For every operation:
// no token, malformed, unknown and revoked tokens (one identical 401), each missing scope (403),
// exactly its scope (success), and another workspace's resources (404, the same answer as for
// an id that never existed). An operation whose path parameters or valid request this suite
// cannot build fails here, so no route lands without being in the matrix.

const ctx = await createTestContext()
// The session routes take no scope (signing in is how a token becomes a session; any valid caller
// may read or end its own): test/dashboard/session.test.ts checks them. Nor does a member's own
// profile (a member's session, any role): test/team/password-sign-in.test.ts checks it.
const operations = (await loadOperations(viaInject(ctx))).filter(
  (operation) =>
    operation.template.startsWith('/v1/') &&
    operation.template !== '/v1/session' &&
    !operation.template.startsWith('/v1/profile'),
)
const watch = new SecretWatch()
watch.secret(ctx.token)
watch.secret(ctx.otherToken)
const shared = await createFixtures(viaInject(ctx), ctx.token)
watch.secret(shared.webhookSecret)

afterAll(() => ctx.close())

async function send(request: PlannedRequest, token: string | null, headers: Record<string, string> = {}) {
  const options = injectOptions(request)
  const answer = await ctx.request({
    ...options,
    token: null,
    headers: { ...(options.headers ?? {}), ...(token === null ? {} : { authorization: token }), ...headers },
  })
  watch.record(`${request.method} ${request.url}`, answer.body)
  return answer
}

function expectProblem(answer: LightMyRequestResponse, status: number, code: string) {
  expect(answer.statusCode, answer.body).toBe(status)
  expect(problemDefect(answer), answer.body).toBeUndefined()
  expect(answer.json().code).toBe(code)
}

/** The problem without what differs legitimately between two calls: the request id and the ids asked for. */
function normalised(answer: LightMyRequestResponse, ids: string[]) {
  let text = answer.body
  for (const id of ids) text = text.split(id).join('<id>')
  const problem = JSON.parse(text)
  delete problem.request_id
  return { status: answer.statusCode, type: answer.headers['content-type'], problem }
}

/** Erasure needs every `:write` scope besides its own, audit:read (docs/api.md#erasure). */
function alsoNeeded(operation: Operation): Scope[] {
  return operation.key === 'POST /v1/erasure' ? allScopes.filter((scope) => scope.endsWith(':write')) : []
}

async function tokenWithout(scope: string): Promise<string> {
  return ctx.tokenWithScopes(allScopes.filter((s) => s !== scope))
}

const fixturesFor = async (operation: Operation): Promise<Fixtures> =>
  // Operations that remove things get resources of their own.
  operation.method === 'DELETE' ? createFixtures(viaInject(ctx), ctx.token) : shared

describe(`authorisation matrix on ${testBackend}`, () => {
  it('the document lists operations, each with a scope and the bearer requirement', () => {
    expect(operations.length).toBeGreaterThan(0)
    for (const operation of operations) {
      expect(operation.scope, `${operation.key} names no scope in its description`).toBeDefined()
      expect(allScopes, operation.key).toContain(operation.scope)
      expect(operation.hasSecurity, `${operation.key} has no bearer security requirement`).toBe(true)
    }
  })

  for (const operation of operations) {
    describe(operation.key, () => {
      it('has a fixture for every path parameter', () => {
        for (const name of Object.keys(operation.pathParams)) {
          expect(
            shared.params[name],
            `no fixture for path parameter ${name}: add one to test/reliability/support/fixtures.ts`,
          ).toBeDefined()
        }
      })

      it('answers every missing, malformed, unknown or revoked token with the same 401', async () => {
        const request = validRequest(operation, shared)
        const revoked = await createToken(ctx.database.db, ctx.clock, {
          workspaceId: ctx.workspaceId,
          name: 'revoked',
        })
        watch.secret(revoked.token)
        await revokeToken(ctx.database.db, ctx.clock, revoked.id)
        const unknown = `cvs_${randomBytes(32).toString('base64url')}`
        const attempts: (string | null)[] = [
          null,
          '',
          'Bearer',
          'Bearer ',
          `Bearer ${unknown}`,
          `Bearer ${ctx.token}x`,
          `Bearer ${ctx.token.slice(0, -1)}`,
          `Basic ${Buffer.from(`user:${ctx.token}`).toString('base64')}`,
          `Token ${ctx.token}`,
          `Bearer ${ctx.token} ${ctx.token}`,
          `Bearer ${revoked.token}`,
          'Bearer ../../etc/passwd',
          `Bearer ${'a'.repeat(5000)}`,
        ]
        const answers = []
        for (const authorization of attempts) {
          const answer = await send(request, authorization)
          expectProblem(answer, 401, 'unauthorized')
          expect(answer.headers['www-authenticate']).toBe('Bearer realm="canvass"')
          answers.push(normalised(answer, []))
        }
        for (const answer of answers) expect(answer).toEqual(answers[0])
        // Authentication comes before anything else: a garbage body still gets the 401.
        const garbage = await ctx.request({
          method: operation.method as 'POST',
          url: request.url,
          payload: '{"__proto__":',
          headers: { 'content-type': 'application/json' },
          token: null,
        })
        expectProblem(garbage, 401, 'unauthorized')
      })

      it('answers 403 to a token with every scope but the one it needs', async () => {
        const token = await tokenWithout(operation.scope as string)
        const answer = await send(validRequest(operation, shared), `Bearer ${token}`)
        expectProblem(answer, 403, 'forbidden')
      })

      it('succeeds with a token holding only its scope', async () => {
        const fixtures = await fixturesFor(operation)
        const token = await ctx.tokenWithScopes([operation.scope as Scope, ...alsoNeeded(operation)])
        const answer = await send(validRequest(operation, fixtures), `bearer ${token}`)
        expect(
          operation.successStatuses,
          `${operation.key} answered ${answer.statusCode} ${answer.body.slice(0, 300)}; if it is new, ` +
            'give it a valid example in test/reliability/support/fixtures.ts',
        ).toContain(answer.statusCode)
      })

      const referenced = (fixtures: Fixtures, request: PlannedRequest) =>
        Object.entries(fixtures.params).filter(
          ([name, value]) =>
            name in operation.pathParams ||
            JSON.stringify(request.body ?? null).includes(JSON.stringify(value)),
        )

      it("answers another workspace's resources exactly as ones that never existed", async () => {
        const fixtures = await fixturesFor(operation)
        const request = validRequest(operation, fixtures)
        const ids = referenced(fixtures, request).filter(([name]) => name !== 'tag' && name !== 'question_id')
        if (ids.length === 0) return // nothing of a workspace named in the request
        const before = await (await fingerprinter(ctx.database)).take()
        const foreign = await send(request, `Bearer ${ctx.otherToken}`)
        expectProblem(foreign, 404, 'not_found')
        expect(await (await fingerprinter(ctx.database)).take()).toEqual(before)

        // The same request naming ids that never existed, one of the same shape for each.
        const fakes = Object.fromEntries(
          ids.map(([_name, value]) => [
            value,
            `${value.split('_')[0]}_${randomBytes(16).toString('base64url')}`,
          ]),
        )
        let body = JSON.stringify(request.body ?? null)
        for (const [real, fake] of Object.entries(fakes)) body = body.split(real).join(fake)
        const params = Object.fromEntries(
          Object.entries(fixtures.params).map(([name, value]) => [name, fakes[value] ?? value]),
        )
        const path = fillTemplate(operation.template, params)
        const never = await send(
          {
            ...request,
            path,
            url: request.url.replace(request.path, path),
            body: JSON.parse(body) ?? undefined,
          },
          `Bearer ${ctx.token}`,
        )
        expectProblem(never, 404, 'not_found')
        expect(normalised(foreign, Object.keys(fakes))).toEqual(normalised(never, Object.values(fakes)))
      })
    })
  }

  it("another workspace's reads and lists never show this workspace's resources", async () => {
    const theirs = await createFixtures(viaInject(ctx), ctx.otherToken)
    watch.secret(theirs.webhookSecret)
    const ours = [
      // A tag and a question id are names the definition gives, the same in every workspace.
      ...Object.entries(shared.params).filter(([name]) => name !== 'tag' && name !== 'question_id'),
      ['response', shared.responseId],
    ]
    for (const operation of operations.filter((o) => o.method === 'GET')) {
      const answer = await send(validRequest(operation, theirs), `Bearer ${ctx.otherToken}`)
      expect(operation.successStatuses, `${operation.key}: ${answer.body.slice(0, 200)}`).toContain(
        answer.statusCode,
      )
      for (const [name, id] of ours) {
        expect(answer.body.includes(id as string), `${operation.key} shows our ${name}`).toBe(false)
      }
    }
  })

  it('no answer of this matrix carried a token or a webhook secret, and no token is stored in plain', async () => {
    expect(watch.count).toBeGreaterThan(operations.length)
    expect(watch.leaks()).toEqual([])
    const dump = await (await fingerprinter(ctx.database)).dump()
    for (const token of [ctx.token, ctx.otherToken]) expect(dump.includes(token)).toBe(false)
  })
})
