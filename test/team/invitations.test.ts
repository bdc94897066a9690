import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendingSettings } from '../mail/support.js'
import { TestClock } from '../support/clock.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'
import { addMember, type TestMember } from '../support/members.js'
import { type SmtpServer, startSmtpServer } from '../support/smtp.js'
import { call, expectProblem, sessionCookieOf } from './support.js'

// Invitations to the team (docs/api.md#team-members-invitations-and-tokens), through the HTTP API:
// the mail arrives at a real SMTP server, its link is accepted once (even when raced), a new
// invitation replaces a pending one, and only owners invite owners.

const clock = new TestClock()
let smtp: SmtpServer
let ctx: TestContext
let owner: TestMember
let admin: TestMember

beforeAll(async () => {
  smtp = await startSmtpServer()
  ctx = await createTestContext(sendingSettings(smtp.url), { clock })
  owner = await addMember(ctx, { role: 'owner', name: '<script>alert(1)</script> & Ada' })
  admin = await addMember(ctx, { role: 'admin' })
  ctx.startWorker()
})
afterAll(async () => {
  await ctx?.close()
  await smtp?.close()
})

const codeIn = (text: string) => /\/app\/accept\?code=([A-Za-z0-9_-]+)/.exec(text)?.[1]

/** Invites and returns the code of the mail that arrived for it. */
async function invite(email: string, role = 'editor', by: TestMember = owner): Promise<string> {
  const before = smtp.mails.length
  const answer = await call(ctx, by, 'POST', '/v1/members/invitations', { email, role })
  expect(answer.statusCode, answer.body).toBe(201)
  await smtp.waitFor(
    (mails) => mails.slice(before).some((mail) => mail.to.includes(email.toLowerCase())),
    30_000,
  )
  const mail = smtp.mails.slice(before).find((m) => m.to.includes(email.toLowerCase()))
  const code = codeIn(mail?.parsed.text ?? '')
  expect(code).toBeDefined()
  return code as string
}

const accept = (code: string, name = 'New Member', password = 'a long and unusual passphrase') =>
  ctx.request({
    method: 'POST',
    url: '/v1/members/accept',
    token: null,
    headers: { origin: 'http://localhost:80', 'x-canvass-csrf': '1' },
    payload: { code, name, password },
  })

describe(`invitations to the team on ${testBackend}`, () => {
  it('mails a link that joins the team once, signed in, with the role it names', async () => {
    {
      const answer = await call(ctx, owner, 'POST', '/v1/members/invitations', {
        email: 'Grace.Hopper@Example.com',
        role: 'editor',
      })
      expect(answer.statusCode, answer.body).toBe(201)
      const invitation = answer.json()
      expect(invitation).toMatchObject({ email: 'grace.hopper@example.com', role: 'editor' })
      const days = (Date.parse(invitation.expires_at) - Date.parse(invitation.created_at)) / 86_400_000
      expect(days).toBeCloseTo(7, 3)

      await smtp.waitFor(
        (mails) => mails.some((mail) => mail.to.includes('grace.hopper@example.com')),
        30_000,
      )
      const mail = smtp.mails.find((m) => m.to.includes('grace.hopper@example.com'))
      const text = mail?.parsed.text ?? ''
      expect(text).toContain('https://forms.example.com/app/accept?code=')
      expect(text).toContain('as editor')
      // The inviter's name is words, never markup.
      const html = String(mail?.parsed.html)
      expect(html).not.toContain('<script>')
      expect(html).toContain('&lt;script>alert(1)&lt;/script> &amp; Ada')
      const code = codeIn(text) as string

      // The outbox lists the mail but never shows its link to whoever reads it.
      const outbox = await call(ctx, { token: ctx.token }, 'GET', '/v1/mail?kind=member')
      const listed = outbox
        .json()
        .items.find((item: { to: string }) => item.to === 'grace.hopper@example.com')
      const shown = await call(ctx, { token: ctx.token }, 'GET', `/v1/mail/${listed.id}`)
      expect(shown.json()).toMatchObject({ kind: 'member', text: null, html: null })
      expect(shown.body).not.toContain(code)

      const pending = await call(ctx, admin, 'GET', '/v1/members/invitations')
      expect(pending.json().items.map((item: { id: string }) => item.id)).toContain(invitation.id)

      const offer = await ctx.request({ method: 'GET', url: `/v1/members/accept?code=${code}`, token: null })
      expect(offer.statusCode, offer.body).toBe(200)
      expect(offer.json()).toEqual({
        email: 'grace.hopper@example.com',
        role: 'editor',
        expires_at: invitation.expires_at,
      })

      // Like signing in: from this origin with the CSRF header, and a password worth having.
      const forged = await ctx.request({
        method: 'POST',
        url: '/v1/members/accept',
        token: null,
        headers: { origin: 'http://evil.example' },
        payload: { code, name: 'Grace', password: 'a long and unusual passphrase' },
      })
      expectProblem(forged, 403, 'forbidden')
      expectProblem(await accept(code, 'Grace', 'short'), 400, 'validation_failed')
      expectProblem(await accept(code, 'Grace', 'password1234'), 400, 'validation_failed')

      const joined = await accept(code, '  Grace Hopper ')
      expect(joined.statusCode, joined.body).toBe(201)
      expect(joined.json()).toMatchObject({
        email: 'grace.hopper@example.com',
        name: 'Grace Hopper',
        role: 'editor',
      })
      const cookie = sessionCookieOf(joined)
      expect(String(joined.headers['set-cookie'])).toContain('HttpOnly; SameSite=Strict')
      expect((await call(ctx, { cookie }, 'GET', '/v1/forms')).statusCode).toBe(200)
      expectProblem(await call(ctx, { cookie }, 'GET', '/v1/members'), 403, 'forbidden')
      const joinedEvents = await ctx.database.db
        .selectFrom('audit_events')
        .selectAll()
        .where('action', '=', 'member.join')
        .where('target_id', '=', joined.json().id)
        .execute()
      expect(joinedEvents).toHaveLength(1)
      expect(joinedEvents[0]).toMatchObject({ actor_type: 'member', actor_id: joined.json().id })
      expect(JSON.parse(String(joinedEvents[0]?.details))).toEqual({ role: 'editor' })

      // Once only, and then no longer pending.
      expectProblem(await accept(code, 'Grace again'), 404, 'not_found')
      expectProblem(
        await ctx.request({ method: 'GET', url: `/v1/members/accept?code=${code}`, token: null }),
        404,
        'not_found',
      )
      const after = await call(ctx, admin, 'GET', '/v1/members/invitations')
      expect(after.json().items.map((item: { id: string }) => item.id)).not.toContain(invitation.id)
      const members = await call(ctx, admin, 'GET', '/v1/members?page_size=1000')
      expect(members.json().items.map((m: { email: string }) => m.email)).toContain(
        'grace.hopper@example.com',
      )
      // The address is a member now: inviting it again is a conflict.
      expectProblem(
        await call(ctx, owner, 'POST', '/v1/members/invitations', {
          email: 'GRACE.hopper@example.com',
          role: 'viewer',
        }),
        409,
        'conflict',
      )

      // A new invitation replaces a pending one: the first link stops working.
      const first = await invite('twice@example.com')
      const second = await invite('twice@example.com', 'viewer')
      expectProblem(await accept(first), 404, 'not_found')
      const list = await call(ctx, owner, 'GET', '/v1/members/invitations')
      expect(
        list.json().items.filter((i: { email: string }) => i.email === 'twice@example.com'),
      ).toHaveLength(1)

      // Two accepts racing: one member.
      const answers = await Promise.all([0, 1, 2, 3, 4].map((n) => accept(second, `Racer ${n}`)))
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 404, 404, 404, 404])
      const rows = await ctx.database.db
        .selectFrom('members')
        .select('id')
        .where('email', '=', 'twice@example.com')
        .execute()
      expect(rows).toHaveLength(1)
    }
  }, 120_000)

  it('lets only owners invite owners or withdraw their invitations', async () => {
    expectProblem(
      await call(ctx, admin, 'POST', '/v1/members/invitations', { email: 'boss@example.com', role: 'owner' }),
      403,
      'forbidden',
    )
    const asOwner = await call(ctx, owner, 'POST', '/v1/members/invitations', {
      email: 'boss@example.com',
      role: 'owner',
    })
    expect(asOwner.statusCode, asOwner.body).toBe(201)
    const id = asOwner.json().id
    expectProblem(await call(ctx, admin, 'DELETE', `/v1/members/invitations/${id}`), 403, 'forbidden')
    // Nor may an admin replace it with a lesser one for the same address.
    const replaced = await call(ctx, admin, 'POST', '/v1/members/invitations', {
      email: 'BOSS@example.com',
      role: 'viewer',
    })
    expectProblem(replaced, 403, 'forbidden')
    expect(replaced.json().detail).toMatch(/only an owner may replace/)
    expect((await call(ctx, owner, 'DELETE', `/v1/members/invitations/${id}`)).statusCode).toBe(204)
    expectProblem(await call(ctx, owner, 'DELETE', `/v1/members/invitations/${id}`), 404, 'not_found')
    // Another workspace's invitation is not there at all.
    const theirs = await call(ctx, { token: ctx.otherToken }, 'POST', '/v1/members/invitations', {
      email: 'theirs@example.com',
      role: 'viewer',
    })
    expectProblem(
      await call(ctx, owner, 'DELETE', `/v1/members/invitations/${theirs.json().id}`),
      404,
      'not_found',
    )
  })

  it("withdraws an admin's pending invitations when it is removed, or can no longer invite", async () => {
    const pending = async () =>
      (await call(ctx, owner, 'GET', '/v1/members/invitations?page_size=100'))
        .json()
        .items.map((item: { email: string }) => item.email) as string[]
    const leaving = await addMember(ctx, { role: 'admin' })
    const removedCode = await invite('friend-of-leaving@example.com', 'admin', leaving)
    const demoted = await addMember(ctx, { role: 'admin' })
    const demotedCode = await invite('friend-of-demoted@example.com', 'editor', demoted)
    const staying = await addMember(ctx, { role: 'owner' })
    await invite('future-owner@example.com', 'owner', staying)
    await invite('future-editor@example.com', 'editor', staying)

    expect((await call(ctx, owner, 'DELETE', `/v1/members/${leaving.id}`)).statusCode).toBe(204)
    expect(
      (await call(ctx, owner, 'PATCH', `/v1/members/${demoted.id}`, { role: 'editor' })).statusCode,
    ).toBe(200)
    // An owner made admin keeps the invitations an admin may send, not its owner's.
    expect((await call(ctx, owner, 'PATCH', `/v1/members/${staying.id}`, { role: 'admin' })).statusCode).toBe(
      200,
    )

    const left = await pending()
    expect(left).not.toContain('friend-of-leaving@example.com')
    expect(left).not.toContain('friend-of-demoted@example.com')
    expect(left).not.toContain('future-owner@example.com')
    expect(left).toContain('future-editor@example.com')
    for (const code of [removedCode, demotedCode]) expectProblem(await accept(code), 404, 'not_found')
  })

  it('a withdrawn or expired link does not join', async () => {
    const withdrawn = await invite('withdrawn@example.com', 'viewer', admin)
    const pending = await call(ctx, admin, 'GET', '/v1/members/invitations')
    const id = pending.json().items.find((i: { email: string }) => i.email === 'withdrawn@example.com').id
    expect((await call(ctx, admin, 'DELETE', `/v1/members/invitations/${id}`)).statusCode).toBe(204)
    expectProblem(await accept(withdrawn), 404, 'not_found')

    const late = await invite('late@example.com', 'viewer', admin)
    clock.advance(7 * 86_400_000 + 1000)
    expectProblem(await accept(late), 404, 'not_found')
    expectProblem(
      await ctx.request({ method: 'GET', url: `/v1/members/accept?code=${late}`, token: null }),
      404,
      'not_found',
    )
  }, 60_000)

  it('refuses hostile input with a clear 4xx', async () => {
    const fresh = await addMember(ctx, { role: 'owner' })
    const bad = [
      { email: 'not an address', role: 'viewer' },
      { email: 'a@b.c'.repeat(60), role: 'viewer' },
      { email: 'x@example.com', role: 'superuser' },
      { email: 'x@example.com\r\nBcc: victim@example.com', role: 'viewer' },
      { email: 'x@example.com', role: 'viewer', extra: 1 },
      { email: ['x@example.com'], role: 'viewer' },
    ]
    for (const body of bad) {
      const answer = await call(ctx, fresh, 'POST', '/v1/members/invitations', body)
      expectProblem(answer, 400, 'validation_failed')
    }
    for (const code of ['', '../../etc/passwd', 'a'.repeat(500), '%00', 'x'.repeat(43)]) {
      const offer = await ctx.request({
        method: 'GET',
        url: `/v1/members/accept?code=${encodeURIComponent(code)}`,
        token: null,
      })
      expect([400, 404]).toContain(offer.statusCode)
      const accepted = await accept(code)
      expect([400, 404]).toContain(accepted.statusCode)
    }
    const code = await invite('hostile@example.com', 'viewer', fresh)
    expectProblem(await accept(code, ''), 400, 'validation_failed')
    expectProblem(await accept(code, '   '), 400, 'validation_failed')
    expectProblem(await accept(code, 'n'.repeat(101)), 400, 'validation_failed')
    expectProblem(await accept(code, 'Name', 'p'.repeat(257)), 400, 'validation_failed')
    expectProblem(await accept(code, 'Nul\u0000name'), 400, 'validation_failed')
    // None of those spent it.
    expect((await accept(code, 'Ünïcödé 名前 👋')).statusCode).toBe(201)
  }, 60_000)
})
