import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TestClock } from '../support/clock.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { addMember } from '../support/members.js'
import { type SmtpServer, startSmtpServer } from '../support/smtp.js'
import { cookieOf, sameOrigin, signIn, withCookie } from './accounts-support.js'

// Password reset by mail (CONTRACT.md section 13), through the outbox to a real SMTP server: the
// request is 202 whoever asks, a member gets a `member` mail with a link valid one hour and used
// once, and setting the password ends every session of the member.

const clock = new TestClock()
let smtp: SmtpServer
let ctx: TestContext
beforeAll(async () => {
  smtp = await startSmtpServer()
  ctx = await createTestContext(
    {
      smtpUrl: smtp.url,
      mailFrom: 'Canvass <canvass@example.com>',
      publicUrl: 'https://canvass.example.com',
      mailRate: 0,
    },
    { clock },
  )
  ctx.startWorker({ pollMs: 50 })
})
afterAll(async () => {
  await ctx?.close()
  await smtp?.close()
})

const newPassword = 'seven quiet rivers at dawn'

function requestReset(email: string, headers: Record<string, string> = sameOrigin) {
  return ctx.app.inject({ method: 'POST', url: '/v1/password-reset', headers, payload: { email } })
}

function confirm(code: string, password = newPassword) {
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/password-reset/confirm',
    headers: sameOrigin,
    payload: { code, password },
  })
}

/** The reset links mailed to `to` so far, in the order they arrived. */
function codesMailed(to: string): string[] {
  return smtp.mails
    .filter((arrived) => arrived.to.includes(to))
    .map((mail) => /code=(cvc_[A-Za-z0-9_-]{43})/.exec(mail.parsed.text ?? '')?.[1] ?? '')
}

/**
 * The reset link of a mail to `to` whose code is none of `known`, once it has arrived. Mails
 * queued one after another may arrive in either order, and a mail the server was slow to accept
 * may arrive twice, so "the latest mail" is not "the mail of the latest request".
 */
async function mailedLink(to: string, known: string[] = []): Promise<URL> {
  await smtp.waitFor(() => codesMailed(to).some((code) => !known.includes(code)), 30_000)
  const mail = smtp.mails.filter(
    (arrived) =>
      arrived.to.includes(to) && !known.some((code) => (arrived.parsed.text ?? '').includes(`code=${code}`)),
  )[0]
  expect(mail?.parsed.subject).toBe('Reset your Canvass password')
  const text = mail?.parsed.text ?? ''
  const link = /https:\/\/canvass\.example\.com\/app\/reset\?code=cvc_[A-Za-z0-9_-]{43}/.exec(text)?.[0]
  expect(link, text).toBeDefined()
  expect(mail?.parsed.html).toContain(`href="${link}"`)
  return new URL(link as string)
}

describe('password reset', () => {
  it('mails a single-use link; setting the password ends every session', async () => {
    const member = await addMember(ctx, { role: 'editor' })
    const cookie = cookieOf(await signIn(ctx, member.email, member.password))
    expect((await withCookie(ctx, cookie, 'GET', '/v1/forms')).statusCode).toBe(200)

    const asked = await requestReset(member.email.toUpperCase())
    expect(asked.statusCode).toBe(202)
    expect(asked.body).toBe('null')
    const link = await mailedLink(member.email)
    expect(link.pathname).toBe('/app/reset')
    const code = link.searchParams.get('code') as string
    const [queued] = await ctx.database.db
      .selectFrom('mails')
      .selectAll()
      .where('to_address', '=', member.email)
      .execute()
    expect(queued).toMatchObject({ kind: 'member', workspace_id: ctx.workspaceId })

    const weak = await confirm(code, 'short')
    expect(weak.statusCode).toBe(400)
    const done = await confirm(code)
    expect(done.statusCode).toBe(204)
    // Every session ended: at once in the database, within the caches' 2 s on every process.
    expect(
      await ctx.database.db
        .selectFrom('member_sessions')
        .select('id')
        .where('member_id', '=', member.id)
        .execute(),
    ).toEqual([])
    clock.advance(2001)
    expect((await withCookie(ctx, cookie, 'GET', '/v1/forms')).statusCode).toBe(401)
    expect((await confirm(code, 'yet another fine passphrase')).statusCode).toBe(404)
    expect((await signIn(ctx, member.email, member.password)).statusCode).toBe(401)
    expect((await signIn(ctx, member.email, newPassword)).statusCode).toBe(201)
    const audit = await ctx.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('target_id', '=', member.id)
      .execute()
    expect(audit.map((event) => event.action)).toEqual(
      expect.arrayContaining(['member.password_reset_requested', 'member.password_reset']),
    )
  })

  it('answers an unknown address the same, and mails nothing', async () => {
    const before = smtp.mails.length
    const unknown = await requestReset('nobody-here@example.com')
    expect(unknown.statusCode).toBe(202)
    expect(unknown.body).toBe('null')
    const member = await addMember(ctx, { role: 'viewer' })
    expect((await requestReset(member.email)).statusCode).toBe(202)
    await mailedLink(member.email)
    expect(smtp.mails.slice(before).filter((mail) => mail.to.includes('nobody-here@example.com'))).toEqual([])
    const rows = await ctx.database.db
      .selectFrom('mails')
      .select('id')
      .where('to_address', '=', 'nobody-here@example.com')
      .execute()
    expect(rows).toEqual([])
  })

  it('a link expires after one hour; a newer password spends older links', async () => {
    const member = await addMember(ctx, { role: 'viewer' })
    await requestReset(member.email)
    const first = (await mailedLink(member.email)).searchParams.get('code') as string
    // Good a minute before its hour is over (the clock also runs on while the test does)...
    clock.advance(3600 * 1000 - 60_000)
    expect((await confirm(first, 'a passphrase set just in time')).statusCode).toBe(204)
    await requestReset(member.email)
    const late = (await mailedLink(member.email, [first])).searchParams.get('code') as string
    // ...and not once the hour is over.
    clock.advance(3600 * 1000 + 1)
    expect((await confirm(late)).statusCode).toBe(404)

    await requestReset(member.email)
    const second = (await mailedLink(member.email, [first, late])).searchParams.get('code') as string
    await requestReset(member.email)
    const third = (await mailedLink(member.email, [first, late, second])).searchParams.get('code') as string
    expect(third).not.toBe(second)
    expect((await confirm(third)).statusCode).toBe(204)
    expect((await confirm(second, 'another different passphrase')).statusCode).toBe(404)
  })

  it('needs this origin and the CSRF header, and refuses hostile input with a 4xx', async () => {
    expect(
      (await requestReset('x@example.com', { origin: 'http://evil.example', 'x-canvass-csrf': '1' }))
        .statusCode,
    ).toBe(403)
    for (const payload of [
      {},
      { email: '' },
      { email: 'e'.repeat(255) },
      { email: 5 },
      { email: 'a@b.c', more: 1 },
    ]) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/v1/password-reset',
        headers: sameOrigin,
        payload,
      })
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400)
    }
    for (const payload of [
      {},
      { code: 'cvc_x' },
      { password: newPassword },
      { code: 'cvc_x', password: 'p'.repeat(100_000) },
      { code: 'c'.repeat(500), password: newPassword },
    ]) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/v1/password-reset/confirm',
        headers: sameOrigin,
        payload,
      })
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400)
    }
    expect((await confirm('cvc_unknown')).statusCode).toBe(404)
  })
})
