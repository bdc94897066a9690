import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'

// Issue 25, item 8: one rule for text, whichever way it arrives. A hosted page's post is held to
// the JSON API's rule (no NUL, no unpaired surrogates: 422 with the message at the question), its
// bytes must be UTF-8 (raw or percent-encoded; never silently U+FFFD), another charset is 415 as
// for JSON, and a CSV export never carries a raw NUL.

let ctx: TestContext
let formId: string

beforeAll(async () => {
  ctx = await createTestContext({ publicRateLimit: 1000 })
  const form = await ctx.request({
    method: 'POST',
    url: '/v1/forms',
    payload: {
      title: 'Text',
      questions: [
        { id: 'n', title: 'Name', type: 'short_text' },
        { id: 'mail', title: 'E-mail', type: 'email' },
        { id: 'colour', title: 'Colour', type: 'dropdown', properties: { choices: ['Red', 'Blue'] } },
      ],
      hidden: ['team'],
      settings: { public: true },
    },
  })
  expect(form.statusCode).toBe(201)
  formId = form.json().id
})
afterAll(async () => {
  await ctx.close()
})

const post = (body: string | Buffer, contentType = 'application/x-www-form-urlencoded') =>
  ctx.request({
    method: 'POST',
    url: `/f/${formId}`,
    token: null,
    headers: { 'content-type': contentType },
    payload: body,
  })

async function listed(): Promise<{ id: string; answers: { text?: string }[] }[]> {
  const response = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses?page_size=1000` })
  return response.json().items
}

describe(`text posted to a hosted page (${testBackend})`, () => {
  it('refuses NUL in an answer or a hidden field as the JSON API does: 422 at the question', async () => {
    for (const [body, shown] of [
      ['n=a%00b', 'Name: Remove the NUL or broken characters from this answer'],
      ['n=Ada&mail=ada%00@example.com', 'E-mail: Remove the NUL or broken characters from this answer'],
      ['colour=Red%00', 'Colour: Remove the NUL or broken characters from this answer'],
      ['n=Ada&hidden:team=%00', '/hidden/team must not contain NUL or unpaired surrogates'],
    ] as const) {
      const response = await post(body)
      expect(response.statusCode, body).toBe(422)
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(response.body, body).toContain(shown)
    }
    expect(await listed()).toEqual([])
    // The token API and the public API refuse the same text with the same message.
    for (const [url, token] of [
      [`/v1/forms/${formId}/responses`, undefined],
      [`/v1/public/forms/${formId}/responses`, null],
    ] as const) {
      const response = await ctx.request({
        method: 'POST',
        url,
        token,
        payload: { answers: { n: 'a\u0000b' }, hidden: { team: '\u0000' } },
      })
      expect(response.statusCode, url).toBe(400)
      expect(response.json().errors).toEqual([
        { path: '/answers/n', message: 'must not contain NUL or unpaired surrogates' },
        { path: '/hidden/team', message: 'must not contain NUL or unpaired surrogates' },
      ])
    }
    expect(await listed()).toEqual([])
  })

  it('refuses bytes that are not UTF-8, raw or percent-encoded, with a 400 page', async () => {
    const bodies: Record<string, Buffer> = {
      'raw Latin-1': Buffer.from([...Buffer.from('n=caf'), 0xe9]),
      'raw Latin-1 in a name': Buffer.from([...Buffer.from('n'), 0xe9, ...Buffer.from('=x')]),
      'raw encoded surrogate': Buffer.from([...Buffer.from('n='), 0xed, 0xa0, 0x80]),
      'percent-encoded Latin-1': Buffer.from('n=caf%E9'),
      'percent-encoded surrogate': Buffer.from('n=%ED%A0%80'),
      'percent-encoded overlong slash': Buffer.from('n=%C0%AF'),
      'percent-encoded truncated sequence': Buffer.from('n=%E2%82'),
      'percent-encoded beyond U+10FFFF': Buffer.from('n=%F4%90%80%80'),
      'percent-encoded Latin-1 hidden field': Buffer.from('n=Ada&hidden:team=%FF'),
    }
    for (const [name, body] of Object.entries(bodies)) {
      const response = await post(body)
      expect(response.statusCode, name).toBe(400)
      expect(response.headers['content-type'], name).toBe('text/html; charset=utf-8')
      expect(response.body, name).toContain('The request could not be read.')
    }
    expect(await listed()).toEqual([])
  })

  it('refuses a charset other than UTF-8 with a 415 page, and reads UTF-8 however it is sent', async () => {
    for (const type of [
      'application/x-www-form-urlencoded; charset=latin1',
      'application/x-www-form-urlencoded; charset=ISO-8859-1',
      'application/x-www-form-urlencoded;charset="windows-1252"',
    ]) {
      const response = await post('n=caf%E9', type)
      expect(response.statusCode, type).toBe(415)
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    }
    expect(await listed()).toEqual([])
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', 'n=caf%C3%A9%F0%9F%98%80'],
      ['application/x-www-form-urlencoded; charset=UTF-8', Buffer.from('n=café😀')],
      ['application/x-www-form-urlencoded; charset="utf8"', 'n=caf%c3%a9%f0%9f%98%80'],
    ] as const) {
      const response = await post(body, type)
      expect(response.statusCode, type).toBe(303)
    }
    // As a browser's encoder writes them: `+` a space, a `%` that starts no escape kept as it is.
    expect((await post('n=100%+sure%2B%zz')).statusCode).toBe(303)
    const texts = (await listed()).map((item) => item.answers[0]?.text)
    expect(texts.sort()).toEqual(['100% sure+%zz', 'café😀', 'café😀', 'café😀'])
  })
})

describe(`CSV export (${testBackend})`, () => {
  it('never carries a raw NUL, even of a response stored before the rule held', async () => {
    const stored = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${formId}/responses`,
      payload: { answers: { n: 'Before' }, hidden: { team: 'blue' } },
    })
    expect(stored.statusCode).toBe(201)
    const item = stored.json()
    // As an earlier version stored a hosted page's post: NUL in an answer and a hidden field.
    item.answers[0].text = '=a\u0000b'
    item.hidden[0].value = '\u0000'
    await ctx.database.db
      .updateTable('responses')
      .set({ item_json: JSON.stringify(item) })
      .where('id', '=', item.id)
      .execute()
    const csv = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${formId}/responses/export?format=csv&sort=submitted_at,asc`,
    })
    expect(csv.statusCode).toBe(200)
    expect(csv.rawPayload.includes(0)).toBe(false)
    const rows = parse(csv.body, { bom: true }) as string[][]
    expect(rows.at(-1)).toEqual([item.id, item.submitted_at, "'=a\uFFFDb", '', '', '\uFFFD'])
  })
})
