import { describe, expect, it } from 'vitest'
import { allScopes } from '../../src/domain/scopes.js'
import { viaInject } from '../reliability/support/fixtures.js'
import { loadDocument } from '../reliability/support/openapi.js'
import { TestClock } from '../support/clock.js'
import { useTestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'
import { addMember } from '../support/members.js'
import { waitUntil } from '../support/wait.js'
import { storedEvents } from './support.js'

// docs/api.md#audit-log: GET /v1/audit, newest first, filtered and paged by cursor; only for
// audit:read, only the caller's workspace; nothing changes or deletes events but retention.

const clock = new TestClock()
const ctx = useTestContext({ auditDays: 30 }, { clock })

const audit = (query = '', token?: string | null, headers: Record<string, string> = {}) =>
  ctx.request({ method: 'GET', url: `/v1/audit${query}`, headers, ...(token === undefined ? {} : { token }) })

async function createList(name: string, token?: string) {
  const answer = await ctx.request({
    method: 'POST',
    url: '/v1/contact-lists',
    payload: { name },
    ...(token ? { token } : {}),
  })
  expect(answer.statusCode, answer.body).toBe(201)
  return answer.json().id as string
}

describe(`GET /v1/audit on ${testBackend}`, () => {
  it('answers events newest first, each with who, what, what to, from where', async () => {
    const first = await createList('First')
    const second = await createList('Second')
    const answer = await audit('?action=createContactList')
    expect(answer.statusCode, answer.body).toBe(200)
    const { items, next_cursor } = answer.json()
    expect(next_cursor).toBeNull()
    expect(items.slice(0, 2).map((event: { target: { id: string } }) => event.target.id)).toEqual([
      second,
      first,
    ])
    expect(items[0]).toEqual({
      id: expect.stringMatching(/^aud_/),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
      actor: { type: 'token', id: expect.stringMatching(/^tok_/), name: 'test' },
      action: 'createContactList',
      target: { type: 'contact_list', id: second },
      // Without CANVASS_TRUST_PROXY a forwarded address is not believed.
      address: '127.0.0.1',
      details: null,
    })
  })

  it('ignores X-Forwarded-For unless a proxy is trusted', async () => {
    await ctx.request({
      method: 'POST',
      url: '/v1/contact-lists',
      payload: { name: 'Spoofed' },
      headers: { 'x-forwarded-for': '203.0.113.66' },
    })
    const [event] = await storedEvents(ctx, { action: 'createContactList' })
    expect(event?.address).toBe('127.0.0.1')
  })

  it('filters by action, actor (id or type) and time, and pages by cursor', async () => {
    const member = await addMember(ctx, { role: 'admin' })
    const since = new Date(clock.now()).toISOString()
    clock.advance(1000)
    for (let i = 0; i < 7; i++) await createList(`Paged ${i}`)
    const byMember = await ctx.request({
      method: 'DELETE',
      url: `/v1/contact-lists/${await createList('Doomed')}`,
      token: null,
      headers: { cookie: member.cookie, origin: 'http://localhost:80', 'x-canvass-csrf': '1' },
    })
    expect(byMember.statusCode, byMember.body).toBe(204)

    const memberEvents = (await audit(`?actor=${member.id}`)).json().items
    expect(memberEvents.map((event: { action: string }) => event.action)).toEqual(['deleteContactList'])
    expect(memberEvents[0].actor).toEqual({ type: 'member', id: member.id, name: member.name })
    const byType = (await audit('?actor=member')).json().items
    expect(byType.map((event: { id: string }) => event.id)).toEqual([memberEvents[0].id])

    const seen: string[] = []
    let url = `?since=${encodeURIComponent(since)}&action=createContactList&limit=3`
    for (let page = 0; page < 10; page++) {
      const answer = await audit(url)
      expect(answer.statusCode, answer.body).toBe(200)
      const { items, next_cursor } = answer.json()
      seen.push(...items.map((event: { id: string }) => event.id))
      if (next_cursor === null) {
        expect(answer.headers['link']).toBeUndefined()
        break
      }
      expect(answer.headers['link']).toContain(`cursor=${next_cursor}`)
      url = `?since=${encodeURIComponent(since)}&action=createContactList&limit=3&cursor=${next_cursor}`
    }
    expect(seen).toHaveLength(8)
    expect(new Set(seen).size).toBe(8)
    const all = (await audit(`?since=${encodeURIComponent(since)}&action=createContactList`)).json().items
    expect(all.map((event: { id: string }) => event.id)).toEqual(seen)

    // Before the clock was moved on: none of the events.
    const until = new Date(Date.parse(since) + 500).toISOString()
    expect((await audit(`?since=${encodeURIComponent(since)}&until=${until}`)).json().items).toEqual([])
  })

  it('refuses bad filters with 400, naming them', async () => {
    for (const query of [
      '?since=yesterday',
      '?until=2026-13-45T00:00:00Z',
      '?since=2026-02-01T00:00:00Z&until=2026-01-01T00:00:00Z',
      '?cursor=not-a-cursor',
      `?cursor=${Buffer.from('12.aud_x; drop table').toString('base64url')}`,
      '?limit=0',
      '?limit=1001',
      '?actor=a%20b',
      '?action=',
      '?page=2',
    ]) {
      const answer = await audit(query)
      expect(answer.statusCode, query).toBe(400)
      expect(answer.json().code, query).toBe('validation_failed')
    }
  })

  it('is for audit:read only: a token without it, an editor member get 403', async () => {
    const token = await ctx.tokenWithScopes(allScopes.filter((scope) => scope !== 'audit:read'))
    expect((await audit('', token)).statusCode).toBe(403)
    const editor = await addMember(ctx, { role: 'editor' })
    expect((await audit('', null, { cookie: editor.cookie })).statusCode).toBe(403)
    const admin = await addMember(ctx, { role: 'admin' })
    expect((await audit('', null, { cookie: admin.cookie })).statusCode).toBe(200)
    const owner = await addMember(ctx, { role: 'owner' })
    expect((await audit('', null, { cookie: owner.cookie })).statusCode).toBe(200)
    expect((await audit('', await ctx.tokenWithScopes(['audit:read']))).statusCode).toBe(200)
  })

  it("never shows another workspace's events", async () => {
    const theirs = await createList('Theirs', ctx.otherToken)
    const ours = (await audit('?limit=1000')).json().items
    expect(JSON.stringify(ours)).not.toContain(theirs)
    const other = (await audit('?limit=1000', ctx.otherToken)).json().items
    expect(other.map((event: { target: { id: string } }) => event.target.id)).toContain(theirs)
    expect(other.every((event: { actor: { name: string } }) => event.actor.name === 'other')).toBe(true)
  })

  it('stores text nobody checked (NUL, unpaired surrogates) as U+FFFD, and what follows still arrives', async () => {
    const event = (action: string) => ({
      workspaceId: ctx.workspaceId,
      actor: { type: 'member' as const, id: 'mem_text', name: 'Ada \uD83D' },
      action,
      details: { error: 'a\u0000b\uDC00', list: ['\uD800x'] },
    })
    await ctx.appContext.audit.record(event('test.recorded'))
    ctx.appContext.audit.queue(event('test.queued'))
    ctx.appContext.audit.queue({ workspaceId: ctx.workspaceId, action: 'test.after' })
    await ctx.appContext.audit.flush()
    const rows = await ctx.database.db
      .selectFrom('audit_events')
      .select(['action', 'actor_name', 'details'])
      .where('action', 'in', ['test.recorded', 'test.queued', 'test.after'])
      .orderBy('action')
      .execute()
    expect(rows.map((row) => row.action)).toEqual(['test.after', 'test.queued', 'test.recorded'])
    for (const row of rows.slice(1)) {
      expect(row.actor_name).toBe('Ada \uFFFD')
      expect(JSON.parse(row.details ?? '{}')).toEqual({ error: 'a\uFFFDb\uFFFD', list: ['\uFFFDx'] })
    }
  })

  it('has no operation that changes or deletes events', async () => {
    const document = await loadDocument(viaInject(ctx))
    const touching = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/v1/audit'))
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`))
    expect(touching).toEqual(['get /v1/audit'])
    for (const method of ['DELETE', 'PUT', 'PATCH', 'POST'] as const) {
      const answer = await ctx.request({ method, url: '/v1/audit', payload: {} })
      expect([404, 405], method).toContain(answer.statusCode)
    }
  })
})

describe(`audit retention on ${testBackend}`, () => {
  it('the worker deletes events older than CANVASS_AUDIT_DAYS, in batches, and keeps the rest', async () => {
    const old = Array.from({ length: 450 }, (_, i) => ({
      workspaceId: ctx.workspaceId,
      action: 'test.old',
      details: { i },
    }))
    await ctx.appContext.audit.record(...old)
    clock.advance(20 * 24 * 3600 * 1000)
    await ctx.appContext.audit.record({ workspaceId: ctx.workspaceId, action: 'test.recent' })
    clock.advance(11 * 24 * 3600 * 1000)
    expect(await storedEvents(ctx, { action: 'test.old' })).toHaveLength(450)
    const worker = ctx.startWorker({ pollMs: 50 })
    try {
      await waitUntil(async () => (await storedEvents(ctx, { action: 'test.old' })).length === 0, 20_000)
    } finally {
      await worker.stop()
    }
    const recent = await storedEvents(ctx, { action: 'test.recent' })
    expect(recent).toHaveLength(1)
    expect(recent[0]?.actor_type).toBe('system')
  })
})
