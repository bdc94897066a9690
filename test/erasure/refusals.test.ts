import { describe, expect, it } from 'vitest'
import { allScopes, type Scope } from '../../src/domain/scopes.js'
import { createList } from '../mail/invitation-support.js'
import { useTestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'
import { addMember, cookieWriteHeaders } from '../support/members.js'
import { erase } from './support.js'

// Erasure refused (docs/api.md#erasure): without every scope it needs, or for a body that names no
// address. Nothing is deleted either way.

const ctx = useTestContext()
const ADA = 'ada@example.com'
const writeScopes = allScopes.filter((scope) => scope.endsWith(':write'))

async function adaIsThere(): Promise<boolean> {
  const rows = await ctx.database.db
    .selectFrom('contacts')
    .select('id')
    .where('email_key', '=', ADA)
    .execute()
  return rows.length > 0
}

describe(`erasure refused on ${testBackend}`, () => {
  it('needs audit:read and every :write scope, and names those the caller lacks', async () => {
    await createList(ctx, [{ email: ADA }])
    const withAll = (without: Scope[]) => allScopes.filter((scope) => !without.includes(scope))

    const noTokens = await erase(ctx, ADA, await ctx.tokenWithScopes(withAll(['tokens:write'])))
    expect(noTokens.statusCode).toBe(403)
    expect(noTokens.json().code).toBe('forbidden')
    expect(noTokens.json().detail).toMatch(/missing: tokens:write$/)

    const onlyAudit = await erase(ctx, ADA, await ctx.tokenWithScopes(['audit:read']))
    expect(onlyAudit.statusCode).toBe(403)
    expect(onlyAudit.json().detail).toContain(`missing: ${writeScopes.join(', ')}`)

    const noAudit = await erase(ctx, ADA, await ctx.tokenWithScopes(withAll(['audit:read'])))
    expect(noAudit.statusCode).toBe(403)
    expect(noAudit.json().detail).toContain('audit:read')

    // Scopes are checked before the body: a refused caller learns nothing from what it sent.
    const badBody = await erase(ctx, 'not an address', await ctx.tokenWithScopes(['audit:read']))
    expect(badBody.statusCode).toBe(403)

    // Members act with their role's scopes: an editor may not, an admin may.
    const editor = await addMember(ctx, { role: 'editor' })
    const byEditor = await ctx.request({
      method: 'POST',
      url: '/v1/erasure',
      token: null,
      headers: cookieWriteHeaders(editor),
      payload: { email: ADA },
    })
    expect(byEditor.statusCode).toBe(403)
    expect(await adaIsThere()).toBe(true)

    const admin = await addMember(ctx, { role: 'admin' })
    const byAdmin = await ctx.request({
      method: 'POST',
      url: '/v1/erasure',
      token: null,
      headers: cookieWriteHeaders(admin),
      payload: { email: ADA },
    })
    expect(byAdmin.statusCode, byAdmin.body).toBe(200)
    expect(byAdmin.json()).toEqual({ contacts: 1, responses: 0, drafts: 0, mails: 0 })
    const event = await ctx.database.db
      .selectFrom('audit_events')
      .select(['actor_type', 'actor_id'])
      .where('action', '=', 'erasure')
      .executeTakeFirstOrThrow()
    expect(event).toEqual({ actor_type: 'member', actor_id: admin.id })
  }, 60_000)

  it('answers 400 for a body that names no address, and deletes nothing', async () => {
    await createList(ctx, [{ email: ADA }])
    const bodies: unknown[] = [
      {},
      { email: '' },
      { email: '   ' },
      { email: 'not an address' },
      { email: 'ada@' },
      { email: `${'a'.repeat(250)}@example.com` },
      { email: `${'a'.repeat(100_000)}@example.com` },
      { email: 42 },
      { email: null },
      { email: [ADA] },
      { email: { $ne: '' } },
      { email: ADA, extra: true },
      [ADA],
      'ada@example.com',
    ]
    for (const payload of bodies) {
      const response = await ctx.request({
        method: 'POST',
        url: '/v1/erasure',
        payload: payload as object,
        headers: { 'content-type': 'application/json' },
      })
      expect([400, 413], `${JSON.stringify(payload).slice(0, 80)}: ${response.body}`).toContain(
        response.statusCode,
      )
      expect(response.headers['content-type']).toContain('application/problem+json')
    }
    expect(await adaIsThere()).toBe(true)
    // A wildcard in an address matches only itself: `_` and `%` are not patterns.
    for (const wildcard of ['a_a@example.com', '%@example.com', '%']) {
      const response = await erase(ctx, wildcard)
      if (wildcard === '%') expect(response.statusCode).toBe(400)
      else expect(response.json()).toEqual({ contacts: 0, responses: 0, drafts: 0, mails: 0 })
    }
    expect(await adaIsThere()).toBe(true)
  }, 60_000)
})
