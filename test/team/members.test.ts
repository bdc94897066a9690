import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/http/app.js'
import { PRINCIPAL_CACHE_TTL_MS } from '../../src/http/auth.js'
import { TestClock } from '../support/clock.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'
import { addMember, cookieWriteHeaders, type TestMember } from '../support/members.js'
import { type Caller, call, expectProblem } from './support.js'

// Members and tokens (docs/api.md#team-members-invitations-and-tokens), through the HTTP API on
// each database: listing, role changes and removal with the ownership rules, a removed member's
// session and tokens refused, and tokens that never show their secret twice.

const clock = new TestClock()
let ctx: TestContext
let owner: TestMember

beforeAll(async () => {
  ctx = await createTestContext({}, { clock })
  owner = await addMember(ctx, { role: 'owner' })
})
afterAll(() => ctx?.close())

/** Past the auth caches' memory of a principal: what changed now bites on every request. */
const pastCaches = () => clock.advance(PRINCIPAL_CACHE_TTL_MS + 1)

describe(`members on ${testBackend}`, () => {
  it('lists the members in the order they joined, a page at a time', async () => {
    const viewer = await addMember(ctx, { role: 'viewer' })
    const editor = await addMember(ctx, { role: 'editor' })
    const all = await call(ctx, viewer, 'GET', '/v1/members?page_size=1000')
    expect(all.statusCode, all.body).toBe(200)
    const ids = all.json().items.map((m: { id: string }) => m.id)
    expect(ids.indexOf(owner.id)).toBeLessThan(ids.indexOf(viewer.id))
    expect(ids.indexOf(viewer.id)).toBeLessThan(ids.indexOf(editor.id))
    const item = all.json().items.find((m: { id: string }) => m.id === viewer.id)
    expect(Object.keys(item).sort()).toEqual(['created_at', 'email', 'id', 'last_sign_in_at', 'name', 'role'])
    expect(all.body).not.toContain('argon2')

    const first = await call(ctx, viewer, 'GET', '/v1/members?page_size=1')
    expect(first.json()).toMatchObject({ page: '1', page_size: '1' })
    expect(first.json().items).toHaveLength(1)
    expect(first.headers['link']).toContain('rel="next"')
    expectProblem(await call(ctx, viewer, 'GET', '/v1/members?page_size=0'), 400, 'validation_failed')
    // Another workspace's members are not listed.
    const theirs = await addMember(ctx, { role: 'owner', workspaceId: ctx.otherWorkspaceId })
    expect((await call(ctx, viewer, 'GET', '/v1/members?page_size=1000')).body).not.toContain(theirs.id)
  })

  it('keeps ownership with the owners, and always one owner', async () => {
    const admin = await addMember(ctx, { role: 'admin' })
    const editor = await addMember(ctx, { role: 'editor' })
    const patch = (by: Caller, id: string, role: string) =>
      call(ctx, by, 'PATCH', `/v1/members/${id}`, { role })

    expectProblem(await patch(admin, editor.id, 'owner'), 403, 'forbidden')
    expectProblem(await patch(admin, owner.id, 'viewer'), 403, 'forbidden')
    expectProblem(await call(ctx, admin, 'DELETE', `/v1/members/${owner.id}`), 403, 'forbidden')
    // A token that is no member's is not an owner either.
    expectProblem(await patch({ token: ctx.token }, editor.id, 'owner'), 403, 'forbidden')

    const promoted = await patch(admin, editor.id, 'viewer')
    expect(promoted.statusCode, promoted.body).toBe(200)
    expect(promoted.json()).toMatchObject({ id: editor.id, role: 'viewer' })

    // The last owner can neither step down nor be removed.
    const demoteSelf = await patch(owner, owner.id, 'admin')
    expectProblem(demoteSelf, 409, 'conflict')
    expect(demoteSelf.json().detail).toContain('last owner')
    expectProblem(await call(ctx, owner, 'DELETE', `/v1/members/${owner.id}`), 409, 'conflict')

    // With a second owner, either may go; then the one left is the last again.
    expect((await patch(owner, admin.id, 'owner')).json().role).toBe('owner')
    pastCaches()
    expect((await patch(admin, owner.id, 'admin')).statusCode).toBe(200)
    expect((await patch(admin, owner.id, 'owner')).statusCode).toBe(200)
    pastCaches()
    expect((await call(ctx, owner, 'DELETE', `/v1/members/${admin.id}`)).statusCode).toBe(204)
    expectProblem(await patch(owner, owner.id, 'viewer'), 409, 'conflict')
  })

  it('two owners demoting each other at once leave one owner', async () => {
    const a = await addMember(ctx, { role: 'owner' })
    const owners = async () =>
      (
        await ctx.database.db
          .selectFrom('members')
          .select('id')
          .where('workspace_id', '=', ctx.workspaceId)
          .where('role', '=', 'owner')
          .execute()
      ).length
    expect(await owners()).toBe(2)
    const answers = await Promise.all([
      call(ctx, a, 'PATCH', `/v1/members/${owner.id}`, { role: 'admin' }),
      call(ctx, owner, 'PATCH', `/v1/members/${a.id}`, { role: 'admin' }),
    ])
    // One goes first; the other is no longer an owner when its own change runs, whatever the
    // caches still say, so it may not demote one (and the last owner could not be demoted anyway).
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403])
    const refused = answers.find((answer) => answer.statusCode === 403)
    expect(refused?.json().detail).toMatch(/only an owner/)
    expect(await owners()).toBe(1)
    // Put back what this test changed: `owner` stays the owner.
    pastCaches()
    const left = answers[0]?.statusCode === 200 ? a : owner
    if (left === a) await call(ctx, a, 'PATCH', `/v1/members/${owner.id}`, { role: 'owner' })
    pastCaches()
    await call(ctx, owner, 'DELETE', `/v1/members/${a.id}`)
  })

  it('a demoted or removed admin cannot change the team, even where a cache still holds its old role', async () => {
    // Another process over the same database: its cache learns of a change only after its TTL.
    const elsewhere = await buildApp(ctx.appContext)
    await elsewhere.ready()
    try {
      const admin = await addMember(ctx, { role: 'admin' })
      const editor = await addMember(ctx, { role: 'editor' })
      const there = (method: 'PATCH' | 'DELETE' | 'POST', url: string, payload?: object) =>
        elsewhere.inject({ method, url, headers: cookieWriteHeaders(admin), ...(payload ? { payload } : {}) })
      // The other process now holds the admin's principal.
      expect(
        (await elsewhere.inject({ url: '/v1/members', headers: { cookie: admin.cookie } })).statusCode,
      ).toBe(200)
      expect(
        (await call(ctx, owner, 'PATCH', `/v1/members/${admin.id}`, { role: 'viewer' })).statusCode,
      ).toBe(200)
      // This process forgot the admin's old role at once.
      expectProblem(
        await call(ctx, admin, 'PATCH', `/v1/members/${editor.id}`, { role: 'viewer' }),
        403,
        'forbidden',
      )
      // The other still remembers it; the change itself looks again.
      const refusals = [
        await there('PATCH', `/v1/members/${editor.id}`, { role: 'viewer' }),
        await there('DELETE', `/v1/members/${editor.id}`),
        await there('POST', '/v1/members/invitations', { email: 'someone@example.com', role: 'admin' }),
      ]
      for (const refusal of refusals) {
        expectProblem(refusal, 403, 'forbidden')
        expect(refusal.json().detail).toBe('your role (viewer) does not grant members:write')
      }
      const unchanged = await ctx.database.db
        .selectFrom('members')
        .select('role')
        .where('id', '=', editor.id)
        .execute()
      expect(unchanged).toEqual([{ role: 'editor' }])
      // Revoking someone else's token is a change to the team too.
      const editorsToken = await call(ctx, editor, 'POST', '/v1/tokens', {
        name: 'ci',
        scopes: ['forms:read'],
      })
      expect(editorsToken.statusCode, editorsToken.body).toBe(201)
      const revoke = await there('DELETE', `/v1/tokens/${editorsToken.json().id}`)
      expectProblem(revoke, 403, 'forbidden')
      expect(revoke.json().detail).toBe('your role (viewer) does not grant tokens:write')
      const live = await ctx.database.db
        .selectFrom('api_tokens')
        .select('revoked_at')
        .where('id', '=', editorsToken.json().id)
        .executeTakeFirstOrThrow()
      expect(live.revoked_at).toBeNull()

      await call(ctx, owner, 'DELETE', `/v1/members/${admin.id}`)
      // Removed: its session is gone from the database, but the other process still remembers it
      // (its clock has not moved past the cache's TTL); the change itself finds no such member.
      const gone = await there('PATCH', `/v1/members/${editor.id}`, { role: 'viewer' })
      expectProblem(gone, 403, 'forbidden')
      expect(gone.json().detail).toBe('you are no longer a member of this workspace')
      await call(ctx, owner, 'DELETE', `/v1/members/${editor.id}`)
    } finally {
      await elsewhere.close()
    }
  })

  it("answers another workspace's member, and hostile input, with a clear 4xx", async () => {
    const theirs = await addMember(ctx, { role: 'editor', workspaceId: ctx.otherWorkspaceId })
    const admin = await addMember(ctx, { role: 'admin' })
    expectProblem(
      await call(ctx, admin, 'PATCH', `/v1/members/${theirs.id}`, { role: 'viewer' }),
      404,
      'not_found',
    )
    expectProblem(await call(ctx, admin, 'DELETE', `/v1/members/${theirs.id}`), 404, 'not_found')
    expectProblem(await call(ctx, admin, 'DELETE', '/v1/members/mem_never'), 404, 'not_found')
    for (const body of [
      { role: 'god' },
      { role: null },
      {},
      { role: 'viewer', name: 'x' },
      { role: ['owner'] },
    ]) {
      expectProblem(
        await call(ctx, admin, 'PATCH', `/v1/members/${theirs.id}`, body),
        400,
        'validation_failed',
      )
    }
    expectProblem(
      await call(ctx, admin, 'PATCH', `/v1/members/${'x'.repeat(65)}`, { role: 'viewer' }),
      400,
      'validation_failed',
    )
    expectProblem(await call(ctx, admin, 'DELETE', '/v1/members/%2e%2e%2f'), 400, 'validation_failed')
  })

  it("a removed member's session and tokens stop working at once", async () => {
    const editor = await addMember(ctx, { role: 'editor' })
    const made = await call(ctx, editor, 'POST', '/v1/tokens', { name: 'laptop', scopes: ['forms:read'] })
    expect(made.statusCode, made.body).toBe(201)
    const token = made.json().token as string
    expect((await call(ctx, editor, 'GET', '/v1/forms')).statusCode).toBe(200)
    expect((await call(ctx, { token }, 'GET', '/v1/forms')).statusCode).toBe(200)

    expect((await call(ctx, owner, 'DELETE', `/v1/members/${editor.id}`)).statusCode).toBe(204)
    // Refused at once by this process, whose caches held both a moment ago; by any, past the caches.
    expectProblem(await call(ctx, editor, 'GET', '/v1/forms'), 401, 'unauthorized')
    expectProblem(await call(ctx, { token }, 'GET', '/v1/forms'), 401, 'unauthorized')
    pastCaches()
    expectProblem(await call(ctx, editor, 'GET', '/v1/forms'), 401, 'unauthorized')
    expectProblem(await call(ctx, { token }, 'GET', '/v1/forms'), 401, 'unauthorized')
    const sessions = await ctx.database.db
      .selectFrom('member_sessions')
      .select('id')
      .where('member_id', '=', editor.id)
      .execute()
    expect(sessions).toEqual([])
    expectProblem(await call(ctx, owner, 'DELETE', `/v1/members/${editor.id}`), 404, 'not_found')
  })
})

describe(`tokens on ${testBackend}`, () => {
  it('shows a token once, lists without secrets, and lets members manage their own', async () => {
    const editor = await addMember(ctx, { role: 'editor' })
    const admin = await addMember(ctx, { role: 'admin' })
    const made = await call(ctx, editor, 'POST', '/v1/tokens', {
      name: 'Mine',
      scopes: ['forms:read', 'forms:read'],
    })
    expect(made.statusCode, made.body).toBe(201)
    const mine = made.json()
    expect(mine).toMatchObject({ name: 'Mine', scopes: ['forms:read'], member_id: editor.id })
    expect(mine.token).toMatch(/^cvs_/)
    const machine = await call(ctx, { token: ctx.token }, 'POST', '/v1/tokens', {
      name: 'CI',
      scopes: ['forms:read'],
    })
    expect(machine.json().member_id).toBeNull()

    // An editor (no tokens:read) sees its own; an admin sees every one of the workspace.
    const own = await call(ctx, editor, 'GET', '/v1/tokens')
    expect(own.statusCode, own.body).toBe(200)
    expect(own.json().items.map((t: { id: string }) => t.id)).toEqual([mine.id])
    const every = await call(ctx, admin, 'GET', '/v1/tokens?page_size=1000')
    const ids = every.json().items.map((t: { id: string }) => t.id)
    expect(ids).toContain(mine.id)
    expect(ids).toContain(machine.json().id)
    const digest = await ctx.database.db
      .selectFrom('api_tokens')
      .select('digest')
      .where('id', '=', mine.id)
      .executeTakeFirstOrThrow()
    for (const body of [own.body, every.body]) {
      expect(body).not.toContain(mine.token)
      expect(body).not.toContain(digest.digest)
      expect(body).not.toContain(ctx.token)
    }
    const otherIds = (await call(ctx, { token: ctx.otherToken }, 'GET', '/v1/tokens'))
      .json()
      .items.map((t: { id: string }) => t.id)
    expect(otherIds).not.toContain(mine.id)

    // Without tokens:write a member revokes only its own.
    expectProblem(await call(ctx, editor, 'DELETE', `/v1/tokens/${machine.json().id}`), 403, 'forbidden')
    // Used a moment ago, so this process holds it; revoked here, it is refused here at once.
    expect((await call(ctx, { token: mine.token }, 'GET', '/v1/forms')).statusCode).toBe(200)
    expect((await call(ctx, editor, 'DELETE', `/v1/tokens/${mine.id}`)).statusCode).toBe(204)
    expectProblem(await call(ctx, { token: mine.token }, 'GET', '/v1/forms'), 401, 'unauthorized')
    expect((await call(ctx, editor, 'DELETE', `/v1/tokens/${mine.id}`)).statusCode).toBe(204)
    expect((await call(ctx, editor, 'GET', '/v1/tokens')).json().items).toEqual([])
    expect((await call(ctx, admin, 'DELETE', `/v1/tokens/${machine.json().id}`)).statusCode).toBe(204)
    // Another workspace's token is not there.
    const theirs = await call(ctx, { token: ctx.otherToken }, 'POST', '/v1/tokens', {
      name: 'X',
      scopes: ['forms:read'],
    })
    expectProblem(await call(ctx, admin, 'DELETE', `/v1/tokens/${theirs.json().id}`), 404, 'not_found')
  })

  it('refuses scopes beyond the caller and hostile bodies', async () => {
    const viewer = await addMember(ctx, { role: 'viewer' })
    expectProblem(
      await call(ctx, viewer, 'POST', '/v1/tokens', { name: 'up', scopes: ['forms:write'] }),
      403,
      'forbidden',
    )
    const narrow = await ctx.tokenWithScopes(['tokens:write', 'forms:read'])
    expectProblem(
      await call(ctx, { token: narrow }, 'POST', '/v1/tokens', { name: 'up', scopes: ['contacts:read'] }),
      403,
      'forbidden',
    )
    expect(
      (await call(ctx, { token: narrow }, 'POST', '/v1/tokens', { name: 'ok', scopes: ['forms:read'] }))
        .statusCode,
    ).toBe(201)
    for (const body of [
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['root'] },
      { name: 'x', scopes: 'forms:read' },
      { name: '', scopes: ['forms:read'] },
      { name: 'n'.repeat(101), scopes: ['forms:read'] },
      { name: 'x', scopes: ['forms:read'], member_id: viewer.id },
      { name: 'x\u0000', scopes: ['forms:read'] },
    ]) {
      expectProblem(await call(ctx, viewer, 'POST', '/v1/tokens', body), 400, 'validation_failed')
    }
    expectProblem(await call(ctx, viewer, 'DELETE', '/v1/tokens/tok_never'), 403, 'forbidden')
  })
})
