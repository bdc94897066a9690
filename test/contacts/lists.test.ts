import { describe, expect, it } from 'vitest'
import { useTestContext } from '../support/context.js'
import { bulk, createList, idPattern, storedContacts, timestampPattern } from './support.js'

// Contact lists and single contacts (docs/api.md#contact-lists).

const ctx = useTestContext()

describe('contact lists', () => {
  it('creates, gets and lists lists, oldest first, paged', async () => {
    const created = await ctx.request({
      method: 'POST',
      url: '/v1/contact-lists',
      payload: { name: 'Customers' },
    })
    expect(created.statusCode).toBe(201)
    const list = created.json()
    expect(Object.keys(list).sort()).toEqual(['contact_count', 'created_at', 'id', 'name', 'updated_at'])
    expect(list).toEqual(expect.objectContaining({ name: 'Customers', contact_count: 0 }))
    expect(list.id).toMatch(idPattern)
    expect(list.created_at).toMatch(timestampPattern)
    expect(list.updated_at).toBe(list.created_at)
    const got = await ctx.request({ method: 'GET', url: `/v1/contact-lists/${list.id}` })
    expect(got.json()).toEqual(list)

    const more = [await createList(ctx, 'b'), await createList(ctx, 'c')]
    const page1 = await ctx.request({ method: 'GET', url: '/v1/contact-lists?page_size=2' })
    expect(page1.json()).toEqual({ page: '1', page_size: '2', items: expect.any(Array) })
    expect(page1.json().items.map((l: { id: string }) => l.id)).toEqual([list.id, more[0]])
    expect(page1.headers.link).toContain('rel="next"')
    const page2 = await ctx.request({ method: 'GET', url: '/v1/contact-lists?page=2&page_size=2' })
    expect(page2.json().items.map((l: { id: string }) => l.id)).toEqual([more[1]])
    expect(page2.headers.link).toContain('rel="prev"')
    const past = await ctx.request({ method: 'GET', url: '/v1/contact-lists?page=9' })
    expect(past.json().items).toEqual([])
  })

  it('counts contacts and pages through them oldest first', async () => {
    const listId = await createList(ctx)
    const emails = Array.from({ length: 7 }, (_, i) => `p${i}@example.com`)
    await bulk(ctx, { list_id: listId, contacts: emails.slice(0, 4).map((email) => ({ email })) })
    await bulk(ctx, { list_id: listId, contacts: emails.slice(4).map((email) => ({ email })) })
    const list = (await ctx.request({ method: 'GET', url: `/v1/contact-lists/${listId}` })).json()
    expect(list.contact_count).toBe(7)
    expect(list.updated_at > list.created_at).toBe(true)
    const seen: string[] = []
    for (let page = 1; page <= 3; page++) {
      const response = await ctx.request({
        method: 'GET',
        url: `/v1/contact-lists/${listId}/contacts?page=${page}&page_size=3`,
      })
      expect(response.json().page).toBe(String(page))
      seen.push(...response.json().items.map((c: { email: string }) => c.email))
    }
    expect(seen).toEqual(emails)
  })

  it('deletes a contact (gone for good) and a list with its contacts', async () => {
    const listId = await createList(ctx)
    const added = (
      await bulk(ctx, { list_id: listId, contacts: [{ email: 'a@example.com' }, { email: 'b@example.com' }] })
    ).json().added_contacts
    const del = await ctx.request({ method: 'DELETE', url: `/v1/contacts/${added[0].id}` })
    expect(del.statusCode).toBe(204)
    expect(del.body).toBe('')
    expect((await ctx.request({ method: 'GET', url: `/v1/contacts/${added[0].id}` })).statusCode).toBe(404)
    expect((await ctx.request({ method: 'DELETE', url: `/v1/contacts/${added[0].id}` })).statusCode).toBe(404)
    const rows = await ctx.database.db
      .selectFrom('contacts')
      .select('id')
      .where('email', '=', 'a@example.com')
      .execute()
    expect(rows).toEqual([])
    expect(
      (await ctx.request({ method: 'GET', url: `/v1/contact-lists/${listId}` })).json().contact_count,
    ).toBe(1)
    // The address may be added again once deleted.
    const readd = await bulk(ctx, { list_id: listId, contacts: [{ email: 'A@example.com' }] })
    expect(readd.json().added_contacts).toHaveLength(1)

    expect((await ctx.request({ method: 'DELETE', url: `/v1/contact-lists/${listId}` })).statusCode).toBe(204)
    expect((await ctx.request({ method: 'GET', url: `/v1/contact-lists/${listId}` })).statusCode).toBe(404)
    expect(
      (await ctx.request({ method: 'GET', url: `/v1/contact-lists/${listId}/contacts` })).statusCode,
    ).toBe(404)
    expect((await ctx.request({ method: 'GET', url: `/v1/contacts/${added[1].id}` })).statusCode).toBe(404)
    const left = await ctx.database.db
      .selectFrom('contacts')
      .select('id')
      .where('list_id', '=', listId)
      .execute()
    expect(left).toEqual([])
    expect((await ctx.request({ method: 'DELETE', url: `/v1/contact-lists/${listId}` })).statusCode).toBe(404)
  })
})

describe('scopes and workspaces', () => {
  it('needs contacts:read to read and contacts:write to write, and a token at all', async () => {
    const listId = await createList(ctx)
    const contactId = (await bulk(ctx, { list_id: listId, contacts: [{ email: 's@example.com' }] })).json()
      .added_contacts[0].id
    const reader = await ctx.tokenWithScopes(['contacts:read'])
    const writer = await ctx.tokenWithScopes(['contacts:write'])
    const reads = [
      { method: 'GET' as const, url: '/v1/contact-lists' },
      { method: 'GET' as const, url: `/v1/contact-lists/${listId}` },
      { method: 'GET' as const, url: `/v1/contact-lists/${listId}/contacts` },
      { method: 'GET' as const, url: `/v1/contacts/${contactId}` },
    ]
    const writes = [
      { method: 'POST' as const, url: '/v1/contact-lists', payload: { name: 'x' } },
      {
        method: 'POST' as const,
        url: '/v1/contacts/bulk',
        payload: { list_id: listId, contacts: [{ email: 'w@example.com' }] },
      },
      { method: 'DELETE' as const, url: `/v1/contacts/${contactId}` },
      { method: 'DELETE' as const, url: `/v1/contact-lists/${listId}` },
    ]
    for (const route of [...reads, ...writes]) {
      const none = await ctx.request({ ...route, token: null })
      expect(none.statusCode, route.url).toBe(401)
      expect(none.headers['www-authenticate']).toBe('Bearer realm="canvass"')
    }
    for (const route of reads) {
      expect((await ctx.request({ ...route, token: writer })).statusCode, route.url).toBe(403)
      expect((await ctx.request({ ...route, token: reader })).statusCode, route.url).toBe(200)
    }
    for (const route of writes) {
      const denied = await ctx.request({ ...route, token: reader })
      expect(denied.statusCode, route.url).toBe(403)
      expect(denied.json().code).toBe('forbidden')
    }
    expect(await storedContacts(ctx, listId)).toHaveLength(1)
    for (const route of writes) {
      expect((await ctx.request({ ...route, token: writer })).statusCode, route.url).toBeLessThan(300)
    }
  })

  it('answers another workspace’s lists and contacts exactly like missing ones, on every route', async () => {
    const listId = await createList(ctx, 'mine')
    const contactId = (await bulk(ctx, { list_id: listId, contacts: [{ email: 'mine@example.com' }] })).json()
      .added_contacts[0].id
    const missingList = 'cl_AAAAAAAAAAAAAAAAAAAAAA'
    const missingContact = 'ct_AAAAAAAAAAAAAAAAAAAAAA'
    const routes = (list: string, contact: string) => [
      { method: 'GET' as const, url: `/v1/contact-lists/${list}` },
      { method: 'GET' as const, url: `/v1/contact-lists/${list}/contacts` },
      { method: 'GET' as const, url: `/v1/contacts/${contact}` },
      {
        method: 'POST' as const,
        url: '/v1/contacts/bulk',
        payload: { list_id: list, contacts: [{ email: 'x@example.com' }] },
      },
      { method: 'DELETE' as const, url: `/v1/contacts/${contact}` },
      { method: 'DELETE' as const, url: `/v1/contact-lists/${list}` },
    ]
    const foreign = routes(listId, contactId)
    const missing = routes(missingList, missingContact)
    const normalise = (body: string) =>
      body
        .replace(/"request_id":"[^"]*"/, '')
        .replaceAll(listId, 'LIST')
        .replaceAll(missingList, 'LIST')
        .replaceAll(contactId, 'CONTACT')
        .replaceAll(missingContact, 'CONTACT')
    for (let i = 0; i < foreign.length; i++) {
      const theirs = await ctx.request({ ...(foreign[i] as (typeof foreign)[number]), token: ctx.otherToken })
      const none = await ctx.request({ ...(missing[i] as (typeof missing)[number]), token: ctx.otherToken })
      expect(theirs.statusCode, foreign[i]?.url).toBe(404)
      expect(normalise(theirs.body)).toBe(normalise(none.body))
      expect(Object.keys(theirs.headers).sort()).toEqual(Object.keys(none.headers).sort())
    }
    const listed = await ctx.request({ method: 'GET', url: '/v1/contact-lists', token: ctx.otherToken })
    expect(listed.json().items.map((l: { id: string }) => l.id)).not.toContain(listId)
    // Nothing of it changed.
    expect(await storedContacts(ctx, listId)).toHaveLength(1)
  })
})
