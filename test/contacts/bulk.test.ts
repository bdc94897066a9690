import { describe, expect, it } from 'vitest'
import { useTestContext } from '../support/context.js'
import {
  bulk,
  contactCount,
  createList,
  idPattern,
  storedContacts,
  timestampPattern,
  uniqueEmails,
} from './support.js'

// The bulk add (docs/api.md#bulk-add): its exact answer, skipping, duplicates and atomicity.

const ctx = useTestContext()

describe('POST /v1/contacts/bulk', () => {
  it('answers 201 with the added contacts in request order, in the exact frozen wire shape', async () => {
    const listId = await createList(ctx)
    const response = await bulk(ctx, {
      list_id: listId,
      contacts: [
        { name: 'Ada Lovelace', email: 'ada@example.com', data: { phone: '+4915112345678', city: 'London' } },
        { name: 'Grace', email: '  Grace.Hopper@Example.COM ' },
        { email: 'anon@example.org' },
      ],
    })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    const body = response.json()
    expect(Object.keys(body).sort()).toEqual(['added_contacts', 'contact_list_id'])
    expect(body.contact_list_id).toBe(listId)
    expect(body.added_contacts).toHaveLength(3)
    for (const contact of body.added_contacts) {
      expect(Object.keys(contact).sort()).toEqual([
        'created_at',
        'data',
        'email',
        'id',
        'list_id',
        'name',
        'updated_at',
      ])
      expect(contact.id).toMatch(idPattern)
      expect(contact.list_id).toBe(listId)
      expect(contact.created_at).toMatch(timestampPattern)
      expect(contact.updated_at).toBe(contact.created_at)
      expect(typeof contact.data).toBe('string')
    }
    const [ada, grace, anon] = body.added_contacts
    expect(ada).toEqual(expect.objectContaining({ name: 'Ada Lovelace', email: 'ada@example.com' }))
    expect(JSON.parse(ada.data)).toEqual({ phone: '+4915112345678', city: 'London' })
    expect(grace).toEqual(
      expect.objectContaining({ name: 'Grace', email: 'Grace.Hopper@Example.COM', data: '{}' }),
    )
    expect(anon).toEqual(expect.objectContaining({ name: '', email: 'anon@example.org', data: '{}' }))
    // Real microseconds, strictly increasing in request order.
    const stamps = body.added_contacts.map((c: { created_at: string }) => c.created_at)
    expect([...stamps].sort()).toEqual(stamps)
    expect(new Set(stamps).size).toBe(3)
    expect(new Set(body.added_contacts.map((c: { id: string }) => c.id)).size).toBe(3)

    // What is stored is what was answered.
    expect(await storedContacts(ctx, listId)).toEqual(body.added_contacts)
    const one = await ctx.request({ method: 'GET', url: `/v1/contacts/${ada.id}` })
    expect(one.statusCode).toBe(200)
    // The contact, with the responses it gave through personal links (none yet).
    expect(one.json()).toEqual({ ...ada, responses: [] })
    expect(await contactCount(ctx, listId)).toBe(3)
  })

  it('skips addresses already on the list, case-insensitively, so a repeat adds nothing', async () => {
    const listId = await createList(ctx)
    const first = await bulk(ctx, { list_id: listId, contacts: [{ name: 'A', email: 'Same@Example.com' }] })
    expect(first.statusCode).toBe(201)
    const again = await bulk(ctx, {
      list_id: listId,
      contacts: [
        { name: 'A again', email: 'same@example.COM' },
        { name: 'B', email: 'b@example.com' },
      ],
    })
    expect(again.statusCode, again.body).toBe(201)
    expect(again.json().added_contacts.map((c: { email: string }) => c.email)).toEqual(['b@example.com'])
    const repeat = await bulk(ctx, {
      list_id: listId,
      contacts: [
        { name: 'A again', email: 'same@example.COM' },
        { name: 'B', email: 'b@example.com' },
      ],
    })
    expect(repeat.statusCode).toBe(201)
    expect(repeat.json()).toEqual({ added_contacts: [], contact_list_id: listId })
    const stored = await storedContacts(ctx, listId)
    expect(stored.map((c) => c.email)).toEqual(['Same@Example.com', 'b@example.com'])
    expect(stored[0]).toEqual(expect.objectContaining({ name: 'A' }))
    expect(await contactCount(ctx, listId)).toBe(2)
  })

  it('stores any text faithfully: quotes, backslashes, non-BMP characters, JSON-looking data', async () => {
    const listId = await createList(ctx)
    const name = '𝔄da "Q" \\ 日本 \u2028 {"x":1}'
    const data = { 'key "q"': 'value \\ 😀', json: '{"nested":true}', 'a/b~c': 'ok' }
    const response = await bulk(ctx, {
      list_id: listId,
      contacts: [{ name, email: 'text@example.com', data }],
    })
    expect(response.statusCode, response.body).toBe(201)
    const [added] = response.json().added_contacts
    expect(added.name).toBe(name)
    expect(JSON.parse(added.data)).toEqual(data)
    expect(await storedContacts(ctx, listId)).toEqual([added])
  })

  it('keeps lists apart: the same address may be on two lists', async () => {
    const one = await createList(ctx, 'one')
    const two = await createList(ctx, 'two')
    for (const listId of [one, two]) {
      const response = await bulk(ctx, { list_id: listId, contacts: [{ email: 'shared@example.com' }] })
      expect(response.json().added_contacts).toHaveLength(1)
    }
  })

  it('refuses the same address twice in one request, naming both places, storing nothing', async () => {
    const listId = await createList(ctx)
    const response = await bulk(ctx, {
      list_id: listId,
      contacts: [
        { email: 'x@example.com' },
        { email: 'dup@example.com' },
        { email: 'y@example.com' },
        { email: ' DUP@example.com' },
      ],
    })
    expect(response.statusCode).toBe(400)
    const problem = response.json()
    expect(problem.code).toBe('validation_failed')
    expect(problem.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      '/contacts/1/email',
      '/contacts/3/email',
    ])
    expect(await storedContacts(ctx, listId)).toEqual([])
  })

  it('is all or nothing: one bad contact among 999 good ones stores nothing', async () => {
    const listId = await createList(ctx)
    const contacts: { name: string; email: string }[] = uniqueEmails('atomic', 1000).map((email, index) => ({
      name: `Person ${index}`,
      email,
    }))
    contacts[537] = { name: 'Bad', email: 'not-an-address' }
    const response = await bulk(ctx, { list_id: listId, contacts })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual([
      { path: '/contacts/537/email', message: 'must be an e-mail address' },
    ])
    expect(await storedContacts(ctx, listId)).toEqual([])
    expect(await contactCount(ctx, listId)).toBe(0)

    contacts[537] = { name: 'Good', email: 'good.537@example.com' }
    const ok = await bulk(ctx, { list_id: listId, contacts })
    expect(ok.statusCode).toBe(201)
    expect(ok.json().added_contacts).toHaveLength(1000)
    expect(await contactCount(ctx, listId)).toBe(1000)
    expect((await storedContacts(ctx, listId)).map((c) => c.email)).toEqual(contacts.map((c) => c.email))
  })

  it('answers 404 for an unknown list and for another workspace’s list, byte for byte alike', async () => {
    const foreignList = await createList(ctx, 'theirs', ctx.otherToken)
    const payload = (listId: string) => ({ list_id: listId, contacts: [{ email: 'who@example.com' }] })
    const foreign = await bulk(ctx, payload(foreignList))
    const missing = await bulk(ctx, payload('cl_nothere'))
    expect(foreign.statusCode).toBe(404)
    expect(missing.statusCode).toBe(404)
    const strip = (body: string, id: string) => body.replace(/"request_id":"[^"]*"/, '').replaceAll(id, 'ID')
    expect(strip(foreign.body, foreignList)).toBe(strip(missing.body, 'cl_nothere'))
    expect(foreign.json().detail).toBe(`contact list ${foreignList} does not exist`)
    const theirs = await ctx.request({
      method: 'GET',
      url: `/v1/contact-lists/${foreignList}`,
      token: ctx.otherToken,
    })
    expect(theirs.json().contact_count).toBe(0)
  })
})
