import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../support/context.js'
import { bulk, contactCount, createList } from './support.js'

// Every bad input of issue 4: a clear 400 (or 404/413/415), every problem at once, nothing stored.

let ctx: TestContext
let listId: string
beforeAll(async () => {
  ctx = await createTestContext({ bulkMax: 50, bodyLimit: 64 * 1024 })
  listId = await createList(ctx)
})
afterAll(() => ctx.close())

async function expectInvalid(payload: unknown, paths: string[]) {
  const response = await bulk(ctx, payload)
  expect(response.statusCode, response.body).toBe(400)
  expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8')
  const problem = response.json()
  expect(problem.code).toBe('validation_failed')
  expect(problem.errors.map((error: { path: string }) => error.path).sort()).toEqual([...paths].sort())
  expect(await contactCount(ctx, listId)).toBe(0)
  return problem
}

const ok = { email: 'fine@example.com' }

describe('bulk add: bad input', () => {
  it('list_id missing or not a string: 400; a string naming no list, however odd: 404', async () => {
    await expectInvalid({ contacts: [ok] }, ['/list_id'])
    for (const value of [42, null, true, ['x'], { id: 'x' }]) {
      await expectInvalid({ list_id: value, contacts: [ok] }, ['/list_id'])
    }
    for (const value of ['', ' ', '../etc', 'a/b', '%00', 'lst_\u00e9', '; DROP TABLE x', 'x'.repeat(5000)]) {
      const answer = await bulk(ctx, { list_id: value, contacts: [ok] })
      expect(answer.statusCode, value).toBe(404)
      expect(answer.json().code).toBe('not_found')
    }
  })

  it('contacts missing, empty, not an array or over the maximum', async () => {
    await expectInvalid({ list_id: listId }, ['/contacts'])
    await expectInvalid({ list_id: listId, contacts: [] }, ['/contacts'])
    for (const value of [{}, 'a@example.com', 3, null]) {
      await expectInvalid({ list_id: listId, contacts: value }, ['/contacts'])
    }
    const many = Array.from({ length: 51 }, (_, index) => ({ email: `p${index}@example.com` }))
    const problem = await expectInvalid({ list_id: listId, contacts: many }, ['/contacts'])
    expect(problem.errors[0].message).toBe('must have at most 50 contacts')
    const fifty = many.slice(0, 50)
    expect((await bulk(ctx, { list_id: 'cl_none', contacts: fifty })).statusCode).toBe(404)
  })

  it('a body that is not an object, and unknown properties', async () => {
    await expectInvalid([], [''])
    await expectInvalid('text', [''])
    await expectInvalid({ list_id: listId, contacts: [ok], extra: 1 }, ['/extra'])
    await expectInvalid({ list_id: listId, contacts: [{ ...ok, phone: '1' }] }, ['/contacts/0/phone'])
    await expectInvalid({ list_id: listId, contacts: [null, 'x', 3, []] }, [
      '/contacts/0',
      '/contacts/1',
      '/contacts/2',
      '/contacts/3',
    ])
  })

  it('e-mail missing, not a string, invalid or too long', async () => {
    const local = 'a'.repeat(64)
    const longDomain = `${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(58)}.com`
    const tooLong = `${local}@${longDomain}` // 255 characters
    expect(tooLong.length).toBe(255)
    const problem = await expectInvalid(
      {
        list_id: listId,
        contacts: [
          { name: 'no email' },
          { email: 42 },
          { email: null },
          { email: '' },
          { email: '   ' },
          { email: 'plain' },
          { email: 'a@b' },
          { email: 'a@@b.com' },
          { email: 'a b@example.com' },
          { email: '.a@example.com' },
          { email: 'a..b@example.com' },
          { email: 'a@-example.com' },
          { email: 'a@example..com' },
          { email: tooLong },
          { email: `${'a'.repeat(65)}@example.com` },
          { email: 'ok@example.com' },
        ],
      },
      Array.from({ length: 15 }, (_, index) => `/contacts/${index}/email`),
    )
    expect(problem.errors[0].message).toBe('is required')
    expect(problem.errors[13].message).toBe('must be at most 254 characters')
    // 254 characters is fine.
    const longest = `${local}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(57)}.com`
    expect(longest.length).toBe(254)
    const accepted = await bulk(ctx, { list_id: listId, contacts: [{ email: longest }] })
    expect(accepted.statusCode, accepted.body).toBe(201)
    await ctx.request({ method: 'DELETE', url: `/v1/contacts/${accepted.json().added_contacts[0].id}` })
  })

  it('name not a string or too long', async () => {
    await expectInvalid(
      {
        list_id: listId,
        contacts: [
          { ...ok, name: 5 },
          { email: 'b@example.com', name: null },
          { email: 'c@example.com', name: 'n'.repeat(257) },
          { email: 'd@example.com', name: ['x'] },
        ],
      },
      ['/contacts/0/name', '/contacts/1/name', '/contacts/2/name', '/contacts/3/name'],
    )
  })

  it('data not an object, with non-string, nested, too many or too long values and keys', async () => {
    const tooMany = Object.fromEntries(Array.from({ length: 101 }, (_, index) => [`k${index}`, 'v']))
    await expectInvalid(
      {
        list_id: listId,
        contacts: [
          { email: 'a@example.com', data: 'city=Berlin' },
          { email: 'b@example.com', data: ['x'] },
          { email: 'c@example.com', data: null },
          { email: 'd@example.com', data: { n: 1, t: true, z: null } },
          { email: 'e@example.com', data: { nested: { city: 'Berlin' } } },
          { email: 'f@example.com', data: tooMany },
          { email: 'g@example.com', data: { long: 'v'.repeat(2049) } },
          { email: 'h@example.com', data: { ['k'.repeat(65)]: 'v' } },
          { email: 'i@example.com', data: { '': 'v' } },
        ],
      },
      [
        '/contacts/0/data',
        '/contacts/1/data',
        '/contacts/2/data',
        '/contacts/3/data/n',
        '/contacts/3/data/t',
        '/contacts/3/data/z',
        '/contacts/4/data/nested',
        '/contacts/5/data',
        '/contacts/6/data/long',
        `/contacts/7/data/${'k'.repeat(65)}`,
        '/contacts/8/data/',
      ],
    )
    const limits = await bulk(ctx, {
      list_id: listId,
      contacts: [{ email: 'limits@example.com', data: { ['k'.repeat(64)]: 'v'.repeat(2048) } }],
    })
    expect(limits.statusCode, limits.body).toBe(201)
    await ctx.request({ method: 'DELETE', url: `/v1/contacts/${limits.json().added_contacts[0].id}` })
  })

  it('data keys: an empty and an over-long key each get their own message', async () => {
    const problem = await expectInvalid(
      {
        list_id: listId,
        contacts: [
          { email: 'a@example.com', data: { '': 'e' } },
          { email: 'b@example.com', data: { ['k'.repeat(65)]: 'v' } },
        ],
      },
      ['/contacts/0/data/', `/contacts/1/data/${'k'.repeat(65)}`],
    )
    expect(problem.errors.map((error: { message: string }) => error.message)).toEqual([
      'key must not be empty',
      'key must be at most 64 characters',
    ])
  })

  it('lists every problem of every contact at once', async () => {
    await expectInvalid(
      {
        list_id: 7,
        contacts: [{ email: 'bad', name: 1 }, ok, { data: { a: 1 } }],
      },
      ['/list_id', '/contacts/0/email', '/contacts/0/name', '/contacts/2/email', '/contacts/2/data/a'],
    )
  })

  it('__proto__ keys, NUL characters and unpaired surrogates', async () => {
    const raw = (text: string) =>
      ctx.request({
        method: 'POST',
        url: '/v1/contacts/bulk',
        payload: text,
        headers: { 'content-type': 'application/json' },
      })
    for (const text of [
      `{"list_id":"${listId}","contacts":[{"email":"p@example.com","data":{"__proto__":{"x":"1"}}}]}`,
      `{"list_id":"${listId}","contacts":[{"email":"p@example.com","__proto__":{"x":"1"}}]}`,
      `{"list_id":"${listId}","contacts":[{"email":"p@example.com","data":{"constructor":{"prototype":{"x":"1"}}}}]}`,
      `{"list_id":"${listId}","contacts":[{"email":"p@example.com","name":"a\\u0000b"}]}`,
      `{"list_id":"${listId}","contacts":[{"email":"p@example.com","data":{"k":"\\udc00"}}]}`,
    ]) {
      const response = await raw(text)
      expect(response.statusCode, text).toBe(400)
      expect(response.json().code).toBe('validation_failed')
    }
    expect(await contactCount(ctx, listId)).toBe(0)
  })

  it('a body that is not JSON, over the size limit, or of another content type', async () => {
    const send = (payload: string, type = 'application/json') =>
      ctx.request({ method: 'POST', url: '/v1/contacts/bulk', payload, headers: { 'content-type': type } })
    const notJson = await send('{"list_id":')
    expect(notJson.statusCode).toBe(400)
    expect(notJson.json().code).toBe('invalid_json')
    const big = JSON.stringify({
      list_id: listId,
      contacts: Array.from({ length: 40 }, (_, index) => ({
        email: `big${index}@example.com`,
        name: 'n'.repeat(2000),
      })),
    })
    const tooLarge = await send(big)
    expect(tooLarge.statusCode).toBe(413)
    expect(tooLarge.json().code).toBe('payload_too_large')
    const wrongType = await send(JSON.stringify({ list_id: listId, contacts: [ok] }), 'text/plain')
    expect(wrongType.statusCode).toBe(415)
    expect(wrongType.json().code).toBe('unsupported_media_type')
    const empty = await send('')
    expect(empty.statusCode).toBe(400)
    expect(await contactCount(ctx, listId)).toBe(0)
  })

  it('contact list names and path ids', async () => {
    for (const payload of [
      {},
      { name: '' },
      { name: 'n'.repeat(257) },
      { name: 3 },
      { name: 'x', extra: true },
    ]) {
      const response = await ctx.request({ method: 'POST', url: '/v1/contact-lists', payload })
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
    }
    for (const url of [
      `/v1/contact-lists/${'x'.repeat(65)}`,
      '/v1/contact-lists/a.b',
      '/v1/contacts/a%20b',
      `/v1/contact-lists/${'y'.repeat(65)}/contacts`,
    ]) {
      const response = await ctx.request({ method: 'GET', url })
      expect(response.statusCode, url).toBe(400)
    }
  })
})
