import { describe, expect, it } from 'vitest'
import { IDEMPOTENCY_TTL_MICROS } from '../../src/domain/contacts/bulk.js'
import { useTestContext } from '../support/context.js'
import { bulk, contactCount, createList, storedContacts } from './support.js'

// Idempotency-Key on the bulk add (docs/api.md#idempotency).

const ctx = useTestContext()

const key = (value: string) => ({ headers: { 'idempotency-key': value } })

describe('Idempotency-Key', () => {
  it('replays the first answer (status and body) with Idempotent-Replayed: true', async () => {
    const listId = await createList(ctx)
    const payload = {
      list_id: listId,
      contacts: [{ name: 'Ada', email: 'ada@example.com', data: { a: '1', b: '2' } }],
    }
    const first = await bulk(ctx, payload, key('import-1'))
    expect(first.statusCode, first.body).toBe(201)
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    expect(first.json().added_contacts).toHaveLength(1)
    const again = await bulk(ctx, payload, key('import-1'))
    expect(again.statusCode).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(again.body).toBe(first.body)
    // The same request with its data keys in another order is the same request.
    const reordered = await bulk(
      ctx,
      { contacts: [{ data: { b: '2', a: '1' }, email: 'ada@example.com', name: 'Ada' }], list_id: listId },
      key('import-1'),
    )
    expect(reordered.body).toBe(first.body)
    // Without the key, the same request runs again and adds nothing.
    const plain = await bulk(ctx, payload)
    expect(plain.json().added_contacts).toEqual([])
    expect(await contactCount(ctx, listId)).toBe(1)
  })

  it('answers 409 idempotency_key_reused for the same key with another body', async () => {
    const listId = await createList(ctx)
    const first = await bulk(ctx, { list_id: listId, contacts: [{ email: 'one@example.com' }] }, key('k-409'))
    expect(first.statusCode).toBe(201)
    const other = await bulk(ctx, { list_id: listId, contacts: [{ email: 'two@example.com' }] }, key('k-409'))
    expect(other.statusCode).toBe(409)
    expect(other.headers['content-type']).toBe('application/problem+json; charset=utf-8')
    expect(other.json().code).toBe('idempotency_key_reused')
    expect((await storedContacts(ctx, listId)).map((c) => c.email)).toEqual(['one@example.com'])
  })

  it('scopes keys to the workspace', async () => {
    const mine = await createList(ctx)
    const theirs = await createList(ctx, 'theirs', ctx.otherToken)
    const shared = key('shared-key')
    expect(
      (await bulk(ctx, { list_id: mine, contacts: [{ email: 'a@example.com' }] }, shared)).statusCode,
    ).toBe(201)
    const other = await bulk(
      ctx,
      { list_id: theirs, contacts: [{ email: 'b@example.com' }] },
      { ...shared, token: ctx.otherToken },
    )
    expect(other.statusCode, other.body).toBe(201)
    expect(other.headers['idempotent-replayed']).toBeUndefined()
  })

  it('forgets answers after 24 hours', async () => {
    const listId = await createList(ctx)
    const first = await bulk(
      ctx,
      { list_id: listId, contacts: [{ email: 'old@example.com' }] },
      key('expiring'),
    )
    expect(first.statusCode).toBe(201)
    // Age the stored answer by just over a day.
    await ctx.database.db
      .updateTable('contact_idempotency_keys')
      .set({ created_at: Date.now() * 1000 - IDEMPOTENCY_TTL_MICROS - 1_000_000 })
      .where('key', '=', 'expiring')
      .execute()
    const later = await bulk(
      ctx,
      { list_id: listId, contacts: [{ email: 'new@example.com' }] },
      key('expiring'),
    )
    expect(later.statusCode, later.body).toBe(201)
    expect(later.headers['idempotent-replayed']).toBeUndefined()
    expect(later.json().added_contacts.map((c: { email: string }) => c.email)).toEqual(['new@example.com'])
    const replay = await bulk(
      ctx,
      { list_id: listId, contacts: [{ email: 'new@example.com' }] },
      key('expiring'),
    )
    expect(replay.headers['idempotent-replayed']).toBe('true')
  })

  it('refuses keys that are too long or not printable ASCII, storing nothing', async () => {
    const listId = await createList(ctx)
    const payload = { list_id: listId, contacts: [{ email: 'k@example.com' }] }
    for (const value of ['x'.repeat(256), 'tab\there', 'bell\u0007']) {
      const response = await bulk(ctx, payload, key(value))
      expect(response.statusCode, value).toBe(400)
      expect(response.json().errors[0].path).toBe('/headers/idempotency-key')
    }
    const nonAscii = await ctx.request({
      method: 'POST',
      url: '/v1/contacts/bulk',
      payload: JSON.stringify(payload),
      headers: {
        'content-type': 'application/json',
        'idempotency-key': Buffer.from('clé', 'utf8').toString('latin1'),
      },
    })
    expect(nonAscii.statusCode).toBe(400)
    expect(await contactCount(ctx, listId)).toBe(0)
    expect((await bulk(ctx, payload, key('x'.repeat(255)))).statusCode).toBe(201)
  })

  it('does not store failures: a key first used on a missing list can be used again', async () => {
    const missing = await bulk(
      ctx,
      { list_id: 'cl_missing', contacts: [{ email: 'm@example.com' }] },
      key('k-404'),
    )
    expect(missing.statusCode).toBe(404)
    const listId = await createList(ctx)
    const ok = await bulk(ctx, { list_id: listId, contacts: [{ email: 'm@example.com' }] }, key('k-404'))
    expect(ok.statusCode).toBe(201)
  })

  it('answers concurrent requests with one key once: one insert, the same answer to all', async () => {
    const listId = await createList(ctx)
    const payload = {
      list_id: listId,
      contacts: Array.from({ length: 50 }, (_, index) => ({ email: `same.${index}@example.com` })),
    }
    const answers = await Promise.all(Array.from({ length: 8 }, () => bulk(ctx, payload, key('concurrent'))))
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201)
    expect(new Set(answers.map((a) => a.body)).size).toBe(1)
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === undefined)).toHaveLength(1)
    expect(await contactCount(ctx, listId)).toBe(50)

    // One key on two lists at once: one wins, the other is told the key was used.
    const one = await createList(ctx, 'one')
    const two = await createList(ctx, 'two')
    const race = await Promise.all(
      [one, two].map((id) => bulk(ctx, { list_id: id, contacts: [{ email: 'r@example.com' }] }, key('race'))),
    )
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409])
    expect((await contactCount(ctx, one)) + (await contactCount(ctx, two))).toBe(1)
  })

  it('deleting a contact removes the stored answers that carried its data', async () => {
    const listId = await createList(ctx)
    const payload = { list_id: listId, contacts: [{ name: 'Private Person', email: 'private@example.com' }] }
    const first = await bulk(ctx, payload, key('gdpr'))
    const id = first.json().added_contacts[0].id
    expect((await ctx.request({ method: 'DELETE', url: `/v1/contacts/${id}` })).statusCode).toBe(204)
    const stored = await ctx.database.db
      .selectFrom('contact_idempotency_keys')
      .select('response_body')
      .where('list_id', '=', listId)
      .execute()
    expect(stored.filter((row) => row.response_body.includes('private@example.com'))).toEqual([])
    const again = await bulk(ctx, payload, key('gdpr'))
    expect(again.statusCode).toBe(201)
    expect(again.headers['idempotent-replayed']).toBeUndefined()
  })
})
