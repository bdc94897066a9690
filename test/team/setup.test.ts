import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/db/database.js'
import { migrateToLatest } from '../../src/db/migrate.js'
import { bootstrapDefaultWorkspace } from '../../src/domain/tokens.js'
import { TestClock } from '../support/clock.js'
import { useTestContext } from '../support/context.js'
import { createTestDatabase } from '../support/databases.js'
import { cookieOf, host, sameOrigin, setupCode, withCookie } from './accounts-support.js'

// The one-time setup link (CONTRACT.md section 13): GET describes it for the page, POST creates
// the member and signs it in; a code works once, for 24 hours, and for its e-mail when bound.

const clock = new TestClock()
const ctx = useTestContext({}, { clock })
const password = 'purple elephant under 12 stars'

function setup(payload: object, headers: Record<string, string> = sameOrigin) {
  return ctx.app.inject({ method: 'POST', url: '/v1/setup', headers, payload })
}

describe('a setup link', () => {
  it('describes itself, creates the owner once, and signs it in', async () => {
    const code = await setupCode(ctx)
    const described = await ctx.app.inject({
      method: 'GET',
      url: `/v1/setup?code=${code}`,
      headers: { host },
    })
    expect(described.statusCode).toBe(200)
    expect(described.json()).toMatchObject({ email: null, role: 'owner' })
    expect(described.json().expires_at).toMatch(/^\d{4}-/)

    const created = await setup({ code, email: ' Owner@Example.COM ', name: ' Ada ', password })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({ email: 'owner@example.com', name: 'Ada', role: 'owner' })
    expect(created.json().last_sign_in_at).toMatch(/^\d{4}-/)
    const cookie = cookieOf(created)
    const session = await withCookie(ctx, cookie, 'GET', '/v1/session')
    expect(session.statusCode).toBe(200)
    expect(session.json().member).toMatchObject({ email: 'owner@example.com', role: 'owner' })
    expect(session.json().scopes).toContain('members:write')
    const profile = await withCookie(ctx, cookie, 'GET', '/v1/profile')
    expect(profile.json()).toMatchObject({ id: created.json().id, name: 'Ada' })

    // Once: a second use, and the page, find nothing.
    expect((await setup({ code, email: 'second@example.com', name: 'B', password })).statusCode).toBe(404)
    expect((await ctx.app.inject({ method: 'GET', url: `/v1/setup?code=${code}` })).statusCode).toBe(404)
    const stored = await ctx.database.db.selectFrom('member_codes').selectAll().execute()
    expect(JSON.stringify(stored)).not.toContain(code)
    const audit = await ctx.database.db
      .selectFrom('audit_events')
      .select(['action', 'address', 'actor_id'])
      .where('target_id', '=', created.json().id)
      .execute()
    expect(audit.map((event) => event.action).sort()).toEqual(['member.setup', 'session.sign_in'])
    expect(audit[0]?.address).toBe('127.0.0.1')
  })

  it('made for one address works only for it, with its role', async () => {
    const code = await setupCode(ctx, 'editor', 'Bound@example.com')
    const described = await ctx.app.inject({ method: 'GET', url: `/v1/setup?code=${code}` })
    expect(described.json()).toMatchObject({ email: 'bound@example.com', role: 'editor' })
    const other = await setup({ code, email: 'other@example.com', name: 'Eve', password })
    expect(other.statusCode).toBe(400)
    expect(other.json()).toMatchObject({ code: 'validation_failed', errors: [{ path: '/email' }] })
    const created = await setup({ code, email: 'BOUND@example.com', name: 'Bo', password })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ email: 'bound@example.com', role: 'editor' })
  })

  it('refuses an address a member has (409) and stays usable', async () => {
    const first = await setup({ code: await setupCode(ctx), email: 'taken@example.com', name: 'T', password })
    expect(first.statusCode).toBe(201)
    const code = await setupCode(ctx)
    const taken = await setup({ code, email: 'Taken@Example.com', name: 'T2', password })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().code).toBe('conflict')
    expect((await setup({ code, email: 'free@example.com', name: 'F', password })).statusCode).toBe(201)
  })

  it('used by many at once: exactly one wins', async () => {
    const code = await setupCode(ctx)
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        setup({ code, email: `racer-${i}@example.com`, name: `R${i}`, password }),
      ),
    )
    const statuses = answers.map((answer) => answer.statusCode).sort()
    expect(statuses).toEqual([201, 404, 404, 404, 404, 404, 404, 404])
    const members = await ctx.database.db
      .selectFrom('members')
      .select('email')
      .where('email', 'like', 'racer-%')
      .execute()
    expect(members).toHaveLength(1)
  })

  it('needs this origin and the CSRF header', async () => {
    const code = await setupCode(ctx)
    const body = { code, email: 'csrf@example.com', name: 'C', password }
    expect(
      (await setup(body, { host, origin: 'http://evil.example', 'x-canvass-csrf': '1' })).statusCode,
    ).toBe(403)
    expect((await setup(body, { host, origin: `http://${host}` })).statusCode).toBe(403)
    expect((await setup(body)).statusCode).toBe(201)
  })

  it('refuses hostile and missing input with a 4xx problem, never a 5xx', async () => {
    const code = await setupCode(ctx)
    const base = { code, email: 'hostile@example.com', name: 'H', password }
    const cases: [object, number][] = [
      [{ ...base, password: 'short' }, 400],
      [{ ...base, password: 'password1234' }, 400],
      [{ ...base, password: 'x'.repeat(257) }, 400],
      [{ ...base, password: 'y'.repeat(1_000_000) }, 400],
      [{ ...base, password: 12345678901234 }, 400],
      [{ ...base, email: 'not an address' }, 400],
      [{ ...base, email: 'a'.repeat(300) + '@example.com' }, 400],
      [{ ...base, name: '   ' }, 400],
      [{ ...base, name: 'n'.repeat(201) }, 400],
      [{ ...base, extra: true }, 400],
      [{ code, email: 'hostile@example.com', name: 'H' }, 400],
      [{ email: 'hostile@example.com', name: 'H', password }, 400],
      [{ ...base, code: 'cvc_nope' }, 404],
      [{ ...base, code: '../../etc/passwd' }, 404],
      [{ ...base, code: 'c'.repeat(129) }, 400],
    ]
    for (const [payload, status] of cases) {
      const answer = await setup(payload)
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status)
      expect(answer.headers['content-type']).toBe('application/problem+json; charset=utf-8')
    }
    for (const query of ['', '?code=', '?code=cvc_x&more=1', `?code=${'%00'.repeat(10)}`]) {
      const answer = await ctx.app.inject({ method: 'GET', url: `/v1/setup${query}` })
      expect(answer.statusCode, query).toBeGreaterThanOrEqual(400)
      expect(answer.statusCode, query).toBeLessThan(500)
    }
    // Unicode passwords count by characters, and sign in as typed.
    const emoji = '🔑🌍🎈🚲🍀🎹🐙🧭🪁🧩🛶🌵'
    const made = await setup({ ...base, password: emoji, name: 'Zoë 🌸' })
    expect(made.statusCode, made.body).toBe(201)
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/v1/session',
      headers: sameOrigin,
      payload: { email: 'hostile@example.com', password: emoji },
    })
    expect(signedIn.statusCode).toBe(201)
    expect(signedIn.json().member.name).toBe('Zoë 🌸')
  })

  it('expires after 24 hours', async () => {
    const code = await setupCode(ctx)
    // Still good a minute before its day is over (asking does not use it up; the clock also runs on)...
    clock.advance(24 * 3600 * 1000 - 60_000)
    expect((await ctx.app.inject({ method: 'GET', url: `/v1/setup?code=${code}` })).statusCode).toBe(200)
    // ...and refused once it is.
    clock.advance(60_000 + 1)
    expect((await ctx.app.inject({ method: 'GET', url: `/v1/setup?code=${code}` })).statusCode).toBe(404)
    expect((await setup({ code, email: 'late@example.com', name: 'L', password })).statusCode).toBe(404)
  })
})

describe('the first start', () => {
  it('on an empty database makes a token and an owner setup code, once', async () => {
    const fresh = await createTestDatabase()
    const database = openDatabase(fresh.config)
    try {
      await migrateToLatest(database)
      const first = await bootstrapDefaultWorkspace(database.db, ctx.clock)
      expect(first?.token).toMatch(/^cvs_/)
      expect(first?.setupCode).toMatch(/^cvc_[A-Za-z0-9_-]{43}$/)
      expect(await bootstrapDefaultWorkspace(database.db, ctx.clock)).toBeUndefined()
      const code = await database.db.selectFrom('member_codes').selectAll().executeTakeFirstOrThrow()
      expect(code).toMatchObject({ kind: 'setup', role: 'owner', email: null, used_at: null })
      expect(code.expires_at - code.created_at).toBe(24 * 3600 * 1_000_000)
    } finally {
      await database.close()
      await fresh.drop()
    }
  })
})
