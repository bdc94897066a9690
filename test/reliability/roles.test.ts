import type { LightMyRequestResponse } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { type Role, roles, scopesOfRole } from '../../src/domain/team/roles.js'
import { PRINCIPAL_CACHE_TTL_MS } from '../../src/http/auth.js'
import { TestClock } from '../support/clock.js'
import { createTestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'
import { addMember, cookieWriteHeaders, type TestMember } from '../support/members.js'
import {
  createFixtures,
  type Fixtures,
  formDefinition,
  injectOptions,
  type PlannedRequest,
  uniqueEmail,
  validRequest,
  viaInject,
} from './support/fixtures.js'
import { loadOperations, type Operation } from './support/openapi.js'
import { problemDefect } from './support/problem.js'

// Issue 30: the authorisation matrix for people. Every operation of the OpenAPI document (as in
// authorization.test.ts), called by a signed-in member of each role with its session cookie:
// allowed exactly when the role's scopes include the operation's scope, `403` otherwise. The one
// exception is documented on the operation: a member lists its own tokens whatever its role. And
// a member's token acts with at most the member's current role.

const clock = new TestClock()
const ctx = await createTestContext({}, { clock })
const operations = (await loadOperations(viaInject(ctx))).filter(
  // A member's own profile takes no scope (any role): test/team/password-sign-in.test.ts checks it.
  (operation) =>
    operation.template.startsWith('/v1/') &&
    operation.template !== '/v1/session' &&
    !operation.template.startsWith('/v1/profile'),
)
const shared = await createFixtures(viaInject(ctx), ctx.token)
const members = Object.fromEntries(
  await Promise.all(roles.map(async (role) => [role, await addMember(ctx, { role })] as const)),
) as Record<Role, TestMember>

afterAll(() => ctx.close())

/** Operations a member may call for what is its own, whatever its role (`ownForMembers`). */
const ownForEveryMember = new Set(['GET /v1/tokens'])

async function sendAs(member: { cookie: string }, request: PlannedRequest) {
  const options = injectOptions(request)
  return ctx.request({
    ...options,
    token: null,
    headers: { ...(options.headers ?? {}), ...cookieWriteHeaders(member) },
  })
}

function expectForbidden(answer: LightMyRequestResponse) {
  expect(answer.statusCode, answer.body).toBe(403)
  expect(problemDefect(answer), answer.body).toBeUndefined()
  expect(answer.json().code).toBe('forbidden')
}

function post(url: string, body: unknown): PlannedRequest {
  return { method: 'POST', url, path: url, query: {}, body }
}

const fixturesFor = async (operation: Operation): Promise<Fixtures> =>
  operation.method === 'DELETE' ? createFixtures(viaInject(ctx), ctx.token) : shared

// The roles as CONTRACT.md section 13 words them, written out here rather than read from the code,
// so a wrong line in roles.ts fails this test and not only the matrix that follows it: a viewer
// every `:read` but the audit log (owners and admins read it), an editor every scope but members,
// tokens and audit, an admin and an owner everything.
const contractRoles: Record<Role, string[]> = {
  viewer: [
    'forms:read',
    'responses:read',
    'contacts:read',
    'webhooks:read',
    'invitations:read',
    'members:read',
    'tokens:read',
  ],
  editor: [
    'forms:read',
    'forms:write',
    'responses:read',
    'responses:write',
    'contacts:read',
    'contacts:write',
    'webhooks:read',
    'webhooks:write',
    'invitations:read',
    'invitations:write',
  ],
  admin: [
    'forms:read',
    'forms:write',
    'responses:read',
    'responses:write',
    'contacts:read',
    'contacts:write',
    'webhooks:read',
    'webhooks:write',
    'invitations:read',
    'invitations:write',
    'members:read',
    'members:write',
    'tokens:read',
    'tokens:write',
    'audit:read',
  ],
  owner: [],
}
contractRoles.owner = contractRoles.admin

describe(`authorisation matrix of roles on ${testBackend}`, () => {
  it('gives each role the scopes the contract names, no more and no fewer', () => {
    for (const role of roles)
      expect([...scopesOfRole(role)].sort(), role).toEqual([...contractRoles[role]].sort())
  })

  it('every operation names a scope, and the team operations are among them', () => {
    const keys = operations.map((operation) => operation.key)
    for (const key of [
      'GET /v1/members',
      'PATCH /v1/members/{member_id}',
      'DELETE /v1/members/{member_id}',
      'POST /v1/members/invitations',
      'GET /v1/members/invitations',
      'DELETE /v1/members/invitations/{member_invitation_id}',
      'GET /v1/tokens',
      'POST /v1/tokens',
      'DELETE /v1/tokens/{token_id}',
    ]) {
      expect(keys).toContain(key)
    }
    for (const operation of operations) expect(operation.scope, operation.key).toBeDefined()
  })

  for (const role of roles) {
    describe(role, () => {
      for (const operation of operations) {
        const scope = operation.scope as Parameters<ReturnType<typeof scopesOfRole>['has']>[0]
        const allowed = scopesOfRole(role).has(scope) || ownForEveryMember.has(operation.key)
        it(`${operation.key}: ${allowed ? 'allowed' : '403'}`, async () => {
          const answer = await sendAs(members[role], validRequest(operation, await fixturesFor(operation)))
          if (allowed) {
            expect(operation.successStatuses, `${answer.statusCode} ${answer.body.slice(0, 300)}`).toContain(
              answer.statusCode,
            )
          } else {
            expectForbidden(answer)
          }
        })
      }
    })
  }

  it("a member's token acts with at most the member's current role", async () => {
    const admin = await addMember(ctx, { role: 'admin' })
    const made = await sendAs(
      admin,
      post('/v1/tokens', { name: 'CI', scopes: ['members:write', 'forms:read', 'forms:write'] }),
    )
    expect(made.statusCode, made.body).toBe(201)
    expect(made.json().member_id).toBe(admin.id)
    const token = made.json().token as string
    const withToken = (request: PlannedRequest) => ctx.request({ ...injectOptions(request), token })
    const invite = () =>
      withToken(post('/v1/members/invitations', { email: uniqueEmail('capped'), role: 'viewer' }))
    const writeForm = () => withToken(post('/v1/forms', formDefinition))
    const readForms = () =>
      withToken({ method: 'GET', url: '/v1/forms', path: '/v1/forms', query: {}, body: undefined })
    expect((await invite()).statusCode).toBe(201)
    expect((await writeForm()).statusCode).toBe(201)

    const makeAdmin = async (role: Role) => {
      const changed = await sendAs(members.owner, {
        method: 'PATCH',
        url: `/v1/members/${admin.id}`,
        path: `/v1/members/${admin.id}`,
        query: {},
        body: { role },
      })
      expect(changed.statusCode, changed.body).toBe(200)
      clock.advance(PRINCIPAL_CACHE_TTL_MS + 1)
    }
    await makeAdmin('viewer')
    expectForbidden(await invite())
    expectForbidden(await writeForm())
    expect((await readForms()).statusCode).toBe(200)
    const session = await ctx.request({ method: 'GET', url: '/v1/session', token })
    expect(session.json().scopes).toEqual(['forms:read'])

    // An editor again: the token gets back what both the role and the token hold.
    await makeAdmin('editor')
    expectForbidden(await invite())
    expect((await writeForm()).statusCode).toBe(201)
  })

  it('a member makes tokens within its own scopes only, whatever its role', async () => {
    const editor = members.editor
    const make = (scopes: string[]) => sendAs(editor, post('/v1/tokens', { name: 'mine', scopes }))
    const mine = await make(['forms:read', 'responses:read'])
    expect(mine.statusCode, mine.body).toBe(201)
    expectForbidden(await make(['forms:read', 'members:read']))
    expectForbidden(
      await sendAs(members.viewer, post('/v1/tokens', { name: 'viewer', scopes: ['forms:write'] })),
    )
    // A token the editor made cannot make tokens: a token caller needs tokens:write.
    const byToken = await ctx.request({
      method: 'POST',
      url: '/v1/tokens',
      token: mine.json().token,
      payload: { name: 'child', scopes: ['forms:read'] },
    })
    expectForbidden(byToken)
  })
})
