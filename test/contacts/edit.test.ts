import { describe, expect, it } from 'vitest'
import { useTestContext } from '../support/context.js'
import { bulk, createList } from './support.js'

// Renaming a list and changing one contact (issue 27, item 17): the dashboard's edits, by the
// bulk add's own rules.

const ctx = useTestContext()

async function addContacts(listId: string, contacts: object[]) {
  const response = await bulk(ctx, { list_id: listId, contacts })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().added_contacts as { id: string; email: string }[]
}

describe('renaming a contact list', () => {
  it('renames the list, keeping its contacts', async () => {
    const listId = await createList(ctx, 'Newsletter')
    await addContacts(listId, [{ email: 'ada@example.com' }])
    const renamed = await ctx.request({
      method: 'PATCH',
      url: `/v1/contact-lists/${listId}`,
      payload: { name: 'Monthly newsletter' },
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(renamed.json()).toMatchObject({ id: listId, name: 'Monthly newsletter', contact_count: 1 })
    const got = await ctx.request({ method: 'GET', url: `/v1/contact-lists/${listId}` })
    expect(got.json().name).toBe('Monthly newsletter')
  })

  it('refuses an empty name (400 at /name), another workspace’s list (404) and a read-only token (403)', async () => {
    const listId = await createList(ctx, 'Newsletter')
    const empty = await ctx.request({
      method: 'PATCH',
      url: `/v1/contact-lists/${listId}`,
      payload: { name: '' },
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().errors[0].path).toBe('/name')
    const other = await ctx.request({
      method: 'PATCH',
      url: `/v1/contact-lists/${listId}`,
      payload: { name: 'Mine now' },
      token: ctx.otherToken,
    })
    expect(other.statusCode).toBe(404)
    const reader = await ctx.tokenWithScopes(['contacts:read'])
    const readOnly = await ctx.request({
      method: 'PATCH',
      url: `/v1/contact-lists/${listId}`,
      payload: { name: 'x' },
      token: reader,
    })
    expect(readOnly.statusCode).toBe(403)
  })
})

describe('changing one contact', () => {
  it('replaces its name, address and data, keeping its id', async () => {
    const listId = await createList(ctx)
    const [ada] = await addContacts(listId, [
      { email: 'ada@example.com', name: 'Ada', data: { city: 'Paris' } },
    ])
    const changed = await ctx.request({
      method: 'PUT',
      url: `/v1/contacts/${ada?.id}`,
      payload: { email: ' ada.lovelace@example.com ', name: 'Ada Lovelace', data: { city: 'London' } },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json()).toMatchObject({
      id: ada?.id,
      list_id: listId,
      email: 'ada.lovelace@example.com',
      name: 'Ada Lovelace',
      data: '{"city":"London"}',
    })
    const got = await ctx.request({ method: 'GET', url: `/v1/contacts/${ada?.id}` })
    expect(got.json().email).toBe('ada.lovelace@example.com')
  })

  it('refuses an address another contact of the list has (409), whatever its case', async () => {
    const listId = await createList(ctx)
    const [ada] = await addContacts(listId, [{ email: 'ada@example.com' }, { email: 'bob@example.com' }])
    const taken = await ctx.request({
      method: 'PUT',
      url: `/v1/contacts/${ada?.id}`,
      payload: { email: 'BOB@example.com' },
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().detail).toContain('BOB@example.com')
  })

  it('refuses what the bulk add refuses, at its field, and an unknown contact (404)', async () => {
    const listId = await createList(ctx)
    const [ada] = await addContacts(listId, [{ email: 'ada@example.com' }])
    const bad = await ctx.request({
      method: 'PUT',
      url: `/v1/contacts/${ada?.id}`,
      payload: { email: 'jörg@bücher.de', data: { city: 7 } },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors.map((error: { path: string }) => error.path)).toEqual(['/email', '/data/city'])
    const unknown = await ctx.request({
      method: 'PUT',
      url: '/v1/contacts/ct_nothing',
      payload: { email: 'ada@example.com' },
    })
    expect(unknown.statusCode).toBe(404)
    const other = await ctx.request({
      method: 'PUT',
      url: `/v1/contacts/${ada?.id}`,
      payload: { email: 'x@example.com' },
      token: ctx.otherToken,
    })
    expect(other.statusCode).toBe(404)
  })
})
