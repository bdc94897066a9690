import { describe, expect, it } from 'vitest'
import { PRINCIPAL_CACHE_TTL_MS } from '../../src/http/auth.js'
import { newId } from '../../src/ids.js'
import { TestClock } from '../support/clock.js'
import { createTestContext, useTestContext } from '../support/context.js'
import { addMember } from '../support/members.js'
import { cookieOf, host, problemOf, sameOrigin, signIn, withCookie } from './accounts-support.js'

// Signing in with e-mail and password (CONTRACT.md sections 9 and 13): the session cookie and its
// flags, one answer whatever part was wrong, a new session at every sign-in, CSRF on every write
// made with the cookie, expiry, signing out, and every session ending when the password changes.

const clock = new TestClock()
// One proxy in front, so that a test can say the client came over https.
const ctx = useTestContext({ trustProxy: 1 }, { clock })

describe('signing in with e-mail and password', () => {
  it('sets the session cookie of section 9 and answers the member', async () => {
    const member = await addMember(ctx, { role: 'editor', email: 'Signer@example.com' })
    const answer = await signIn(ctx, ' SIGNER@example.com', member.password, {
      remoteAddress: '198.51.100.7',
    })
    expect(answer.statusCode, answer.body).toBe(201)
    const setCookie = ([] as string[]).concat(answer.headers['set-cookie'] ?? [])
    expect(setCookie[0]).toMatch(
      /^canvass_session=cvsm_[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Strict$/,
    )
    const body = answer.json()
    expect(body.member).toMatchObject({ id: member.id, email: 'signer@example.com', role: 'editor' })
    expect(body.member.last_sign_in_at).toMatch(/^\d{4}-/)
    expect(body.scopes).toContain('forms:write')
    expect(body.scopes).not.toContain('members:write')
    const secret = cookieOf(answer).split('=')[1] as string
    const stored = await ctx.database.db.selectFrom('member_sessions').selectAll().execute()
    expect(JSON.stringify(stored)).not.toContain(secret)
    const events = await ctx.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'session.sign_in')
      .where('actor_id', '=', member.id)
      .execute()
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({
      address: '198.51.100.7',
      actor_type: 'member',
      workspace_id: ctx.workspaceId,
    })

    // The token sign-in answers as before, with no member.
    const byToken = await ctx.app.inject({
      method: 'POST',
      url: '/v1/session',
      headers: sameOrigin,
      payload: { token: ctx.token },
    })
    expect(byToken.statusCode).toBe(201)
    expect(byToken.json().member).toBeNull()
    const wrongToken = await ctx.app.inject({
      method: 'POST',
      url: '/v1/session',
      remoteAddress: '198.51.100.8',
      headers: sameOrigin,
      payload: { token: 'cvs_not_a_token' },
    })
    expect(wrongToken.statusCode).toBe(401)
    const tokenEvents = await ctx.database.db
      .selectFrom('audit_events')
      .select(['action', 'actor_type', 'address'])
      .where('details', 'like', '%"method":"token"%')
      .execute()
    expect(tokenEvents).toEqual(
      expect.arrayContaining([
        { action: 'session.sign_in', actor_type: 'token', address: '127.0.0.1' },
        { action: 'session.sign_in_failed', actor_type: 'system', address: '198.51.100.8' },
      ]),
    )
  })

  it('over https: __Host-canvass_session, Secure', async () => {
    const member = await addMember(ctx, { role: 'viewer' })
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/v1/session',
      headers: {
        host,
        origin: `https://${host}`,
        'x-canvass-csrf': '1',
        'x-forwarded-proto': 'https',
        'x-forwarded-for': '192.0.2.9',
      },
      payload: { email: member.email, password: member.password },
    })
    expect(answer.statusCode).toBe(201)
    const first = ([] as string[]).concat(answer.headers['set-cookie'] ?? [])[0]
    expect(first).toMatch(
      /^__Host-canvass_session=cvsm_[^;]+; Max-Age=43200; Path=\/; HttpOnly; SameSite=Strict; Secure$/,
    )
  })

  it('answers the same 401 whatever part was wrong, and records each failure', async () => {
    const member = await addMember(ctx, { role: 'admin' })
    const ssoOnly = `sso-${Date.now()}@example.com`
    await ctx.database.db
      .insertInto('members')
      .values({
        id: newId('mem'),
        workspace_id: ctx.workspaceId,
        email: ssoOnly,
        name: 'Single sign-on',
        role: 'viewer',
        password_hash: null,
        created_at: clock.nowMicros(),
        last_sign_in_at: null,
        password_changed_at: null,
      })
      .execute()
    const answers = [
      await signIn(ctx, member.email, 'not the password at all', { remoteAddress: '203.0.113.4' }),
      await signIn(ctx, 'nobody@example.com', member.password, { remoteAddress: '203.0.113.4' }),
      await signIn(ctx, ssoOnly, 'any password whatsoever', { remoteAddress: '203.0.113.4' }),
      await signIn(ctx, ssoOnly, '', { remoteAddress: '203.0.113.4' }),
    ]
    const [first, ...others] = answers.slice(0, 3).map(problemOf)
    expect(first).toMatchObject({ status: 401, code: 'unauthorized' })
    for (const other of others) expect(other).toEqual(first)
    for (const answer of answers) expect(answer.headers['set-cookie']).toBeUndefined()
    expect(answers[3]?.statusCode).toBe(400)
    const failed = await ctx.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'session.sign_in_failed')
      .where('address', '=', '203.0.113.4')
      .execute()
    // Each failure is recorded; what was typed only when it is a member's address (an unknown
    // one may be a password typed in the wrong field).
    expect(failed).toHaveLength(3)
    expect(failed.map((event) => JSON.parse(event.details ?? '{}').email ?? null).sort()).toEqual(
      [member.email, ssoOnly, null].sort(),
    )
    expect(JSON.stringify(failed)).not.toContain('nobody@')
    expect(failed.find((event) => event.target_id === member.id)).toBeDefined()
  })

  it('refuses hostile and missing input with a 4xx problem', async () => {
    const member = await addMember(ctx, { role: 'viewer' })
    const cases: object[] = [
      {},
      { email: member.email },
      { password: member.password },
      { email: member.email, password: 'p'.repeat(257) },
      { email: member.email, password: 'p'.repeat(2_000_000) },
      { email: 'e'.repeat(255), password: member.password },
      { email: member.email, password: member.password, token: ctx.token },
      { email: ['x'], password: member.password },
      { email: member.email, password: null },
      { email: member.email, password: member.password, admin: true },
    ]
    for (const payload of cases) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/v1/session',
        headers: sameOrigin,
        payload,
      })
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400)
      expect(answer.json().code).toBe('validation_failed')
    }
    const unicode = await signIn(ctx, 'zoë@exämple.com', '密码密码密码密码密码密码')
    expect([400, 401]).toContain(unicode.statusCode)
  })
})

describe('sessions', () => {
  it('are new at every sign-in: the one a request carried ends (fixation)', async () => {
    const attacker = await addMember(ctx, { role: 'viewer' })
    const victim = await addMember(ctx, { role: 'owner' })
    const planted = cookieOf(await signIn(ctx, attacker.email, attacker.password))
    const victims = await signIn(ctx, victim.email, victim.password, { cookie: planted })
    expect(victims.statusCode).toBe(201)
    const fresh = cookieOf(victims)
    expect(fresh).not.toBe(planted)
    expect((await withCookie(ctx, planted, 'GET', '/v1/session')).statusCode).toBe(401)
    expect((await withCookie(ctx, fresh, 'GET', '/v1/session')).json().member.id).toBe(victim.id)
    // Two sign-ins of one member: two sessions.
    const again = cookieOf(await signIn(ctx, victim.email, victim.password))
    expect(again).not.toBe(fresh)
    // A sign-in with a token ends the session the request carried too.
    const byToken = await ctx.app.inject({
      method: 'POST',
      url: '/v1/session',
      headers: { ...sameOrigin, cookie: again },
      payload: { token: ctx.token },
    })
    expect(byToken.statusCode).toBe(201)
    expect((await withCookie(ctx, again, 'GET', '/v1/session')).statusCode).toBe(401)
  })

  it('limit wrong tokens before they are recorded: a flood cannot fill the audit log', async () => {
    const limited = await createTestContext({ authFailureLimit: 5 })
    try {
      const answers = []
      for (let attempt = 0; attempt < 20; attempt++) {
        answers.push(
          await limited.app.inject({
            method: 'POST',
            url: '/v1/session',
            remoteAddress: '198.51.100.7',
            headers: sameOrigin,
            payload: { token: `cvs_wrong${attempt}` },
          }),
        )
      }
      const statuses = answers.map((answer) => answer.statusCode)
      expect(statuses.filter((status) => status === 401).length).toBeGreaterThan(0)
      expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429])
      await limited.appContext.audit.flush()
      const recorded = await limited.database.db
        .selectFrom('audit_events')
        .select('id')
        .where('action', '=', 'session.sign_in_failed')
        .where('address', '=', '198.51.100.7')
        .execute()
      expect(recorded).toHaveLength(statuses.filter((status) => status === 401).length)
    } finally {
      await limited.close()
    }
  })

  it('need this origin and X-Canvass-CSRF: 1 for every write made with the cookie', async () => {
    const member = await addMember(ctx, { role: 'owner' })
    const cookie = cookieOf(await signIn(ctx, member.email, member.password))
    const writes: [string, string, object | undefined][] = [
      ['PATCH', '/v1/profile', { name: 'Renamed' }],
      [
        'PUT',
        '/v1/profile/password',
        { current_password: member.password, password: 'a brand new passphrase' },
      ],
      ['DELETE', '/v1/session', undefined],
      ['POST', '/v1/session', { email: member.email, password: member.password }],
      ['POST', '/v1/password-reset', { email: member.email }],
      ['POST', '/v1/password-reset/confirm', { code: 'cvc_x', password: 'a brand new passphrase' }],
      [
        'POST',
        '/v1/setup',
        { code: 'cvc_x', email: 'x@example.com', name: 'X', password: 'a brand new passphrase' },
      ],
      ['POST', '/v1/forms', { title: 'T', questions: [{ title: 'Q', type: 'short_text' }] }],
    ]
    const refusals: Record<string, string>[] = [
      { host },
      { host, origin: 'http://127.0.0.1:4000', 'x-canvass-csrf': '1' },
      { host, origin: `http://${host}` },
      { host, 'x-canvass-csrf': '1' },
    ]
    for (const [method, url, payload] of writes) {
      for (const headers of refusals) {
        const answer = await withCookie(ctx, cookie, method as 'POST', url, payload, headers)
        expect(answer.statusCode, `${method} ${url} ${JSON.stringify(headers)}`).toBe(403)
      }
    }
    // The session is untouched by all that.
    expect((await withCookie(ctx, cookie, 'GET', '/v1/profile')).json().name).toBe(member.name)
  })

  it('end when signed out, and when they expire', async () => {
    const member = await addMember(ctx, { role: 'editor' })
    const cookie = cookieOf(await signIn(ctx, member.email, member.password))
    expect((await withCookie(ctx, cookie, 'GET', '/v1/forms')).statusCode).toBe(200)
    expect((await withCookie(ctx, cookie, 'DELETE', '/v1/session')).statusCode).toBe(204)
    expect((await withCookie(ctx, cookie, 'GET', '/v1/forms')).statusCode).toBe(401)

    const expiring = cookieOf(await signIn(ctx, member.email, member.password))
    expect((await withCookie(ctx, expiring, 'GET', '/v1/forms')).statusCode).toBe(200)
    clock.advance(ctx.config.sessionHours * 3600 * 1000 - 60_000)
    expect((await withCookie(ctx, expiring, 'GET', '/v1/forms')).statusCode).toBe(200)
    clock.advance(60_001)
    expect((await withCookie(ctx, expiring, 'GET', '/v1/forms')).statusCode).toBe(401)
  })

  it('all end when the password changes: the caller gets a fresh one, the others fail within the cache TTL', async () => {
    const member = await addMember(ctx, { role: 'editor' })
    const mine = cookieOf(await signIn(ctx, member.email, member.password))
    const other = cookieOf(await signIn(ctx, member.email, member.password))
    // The other session is in this process's cache now.
    expect((await withCookie(ctx, other, 'GET', '/v1/forms')).statusCode).toBe(200)
    const wrong = await withCookie(ctx, mine, 'PUT', '/v1/profile/password', {
      current_password: 'not my password!',
      password: 'a completely new passphrase',
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().errors[0].path).toBe('/current_password')
    const common = await withCookie(ctx, mine, 'PUT', '/v1/profile/password', {
      current_password: member.password,
      password: 'qwertyuiop123',
    })
    expect(common.statusCode).toBe(400)

    const changed = await withCookie(ctx, mine, 'PUT', '/v1/profile/password', {
      current_password: member.password,
      password: 'a completely new passphrase',
    })
    expect(changed.statusCode, changed.body).toBe(204)
    const fresh = cookieOf(changed)
    expect(fresh).not.toBe(mine)
    expect((await withCookie(ctx, mine, 'GET', '/v1/forms')).statusCode).toBe(401)
    expect((await withCookie(ctx, fresh, 'GET', '/v1/forms')).statusCode).toBe(200)
    // The other session was in this process's cache: it forgot it at once; any process, past its TTL.
    expect((await withCookie(ctx, other, 'GET', '/v1/forms')).statusCode).toBe(401)
    clock.advance(PRINCIPAL_CACHE_TTL_MS + 1)
    expect((await withCookie(ctx, other, 'GET', '/v1/forms')).statusCode).toBe(401)
    const recorded = await ctx.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'member.password_change')
      .where('actor_id', '=', member.id)
      .execute()
    expect(recorded).toHaveLength(1)
    expect(recorded[0]).toMatchObject({ actor_type: 'member', target_type: 'member', target_id: member.id })
    // What the password was or became is nowhere in it.
    expect(JSON.stringify(recorded)).not.toContain('passphrase')
    expect(
      await ctx.database.db
        .selectFrom('member_sessions')
        .select('id')
        .where('member_id', '=', member.id)
        .execute(),
    ).toHaveLength(1)

    expect((await signIn(ctx, member.email, member.password)).statusCode).toBe(401)
    expect((await signIn(ctx, member.email, 'a completely new passphrase')).statusCode).toBe(201)
  })
})

describe('the profile', () => {
  it('shows and renames the signed-in member; a token has none', async () => {
    const member = await addMember(ctx, { role: 'viewer' })
    const cookie = cookieOf(await signIn(ctx, member.email, member.password))
    expect((await withCookie(ctx, cookie, 'GET', '/v1/profile')).json()).toMatchObject({
      id: member.id,
      role: 'viewer',
    })
    const renamed = await withCookie(ctx, cookie, 'PATCH', '/v1/profile', { name: '  Grace Hopper ' })
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json().name).toBe('Grace Hopper')
    expect((await withCookie(ctx, cookie, 'PATCH', '/v1/profile', { name: '' })).statusCode).toBe(400)
    expect((await withCookie(ctx, cookie, 'PATCH', '/v1/profile', { name: ' ' })).statusCode).toBe(400)
    expect((await withCookie(ctx, cookie, 'PATCH', '/v1/profile', { role: 'owner' })).statusCode).toBe(400)

    expect((await ctx.request({ method: 'GET', url: '/v1/profile' })).statusCode).toBe(403)
    expect((await ctx.request({ method: 'GET', url: '/v1/profile', token: null })).statusCode).toBe(401)
    const tokenSession = await ctx.app.inject({
      method: 'POST',
      url: '/v1/session',
      headers: sameOrigin,
      payload: { token: ctx.token },
    })
    const tokenCookie = /^(canvass_session=[^;]+)/.exec(
      String(tokenSession.headers['set-cookie']),
    )?.[1] as string
    expect((await withCookie(ctx, tokenCookie, 'GET', '/v1/profile')).statusCode).toBe(403)
    const session = await withCookie(ctx, tokenCookie, 'GET', '/v1/session')
    expect(session.json().member).toBeNull()
  })
})
