import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'

// Issue 11: a JSON body is UTF-8 (docs/api.md#requests-and-answers). Bytes that are not UTF-8 are refused, not stored
// as U+FFFD, and a body declared in another charset is not taken for UTF-8.

let ctx: TestContext
let formId = ''

beforeAll(async () => {
  ctx = await createTestContext()
  const form = await ctx.request({
    method: 'POST',
    url: '/v1/forms',
    payload: { title: 'Bytes', questions: [{ id: 'q', title: 'Q', type: 'short_text' }] },
  })
  formId = form.json().id
})
afterAll(() => ctx.close())

function submit(body: Buffer, contentType = 'application/json') {
  return ctx.request({
    method: 'POST',
    url: `/v1/forms/${formId}/responses`,
    headers: { 'content-type': contentType },
    payload: body,
  })
}

const around = (bytes: number[]) =>
  Buffer.concat([Buffer.from('{"answers":{"q":"caf'), Buffer.from(bytes), Buffer.from('"}}')])

async function storedCount(): Promise<number> {
  const listed = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses` })
  return listed.json().items.length
}

describe(`JSON bodies are UTF-8 (${testBackend})`, () => {
  it('refuses bytes that are not UTF-8 with 400 invalid_json and stores nothing', async () => {
    const invalid = {
      'Latin-1 e-acute': [0xe9],
      'encoded surrogate': [0xed, 0xa0, 0x80],
      'overlong slash': [0xc0, 0xaf],
      'truncated sequence': [0xe2, 0x82],
      'beyond U+10FFFF': [0xf4, 0x90, 0x80, 0x80],
      'lone continuation byte': [0x80],
    }
    for (const [name, bytes] of Object.entries(invalid)) {
      const response = await submit(around(bytes))
      expect(response.statusCode, name).toBe(400)
      expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8')
      expect(response.json().code, name).toBe('invalid_json')
      expect(response.json().detail).toMatch(/UTF-8/)
    }
    // A key that is not UTF-8 is no better than a value.
    const key = Buffer.concat([Buffer.from('{"answers":{"'), Buffer.from([0xff]), Buffer.from('":"x"}}')])
    expect((await submit(key)).json().code).toBe('invalid_json')
    expect(await storedCount()).toBe(0)
  })

  it('refuses a charset other than UTF-8 with 415, and accepts UTF-8 however it is spelled', async () => {
    for (const type of [
      'application/json; charset=latin1',
      'application/json; charset=ISO-8859-1',
      'application/json;charset="utf-16"',
      'application/json; charset=us-ascii',
    ]) {
      const response = await submit(Buffer.from('{"answers":{"q":"plain"}}'), type)
      expect(response.statusCode, type).toBe(415)
      expect(response.json().code).toBe('unsupported_media_type')
      expect(response.json().detail).toMatch(/UTF-8/)
    }
    expect(await storedCount()).toBe(0)

    const accepted = []
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/json; charset="UTF-8"',
    ]) {
      const response = await submit(around([0xc3, 0xa9, 0xf0, 0x9f, 0x98, 0x80]), type)
      expect(response.statusCode, type).toBe(201)
      accepted.push(response.json().answers[0].text)
    }
    expect(accepted).toEqual(['café😀', 'café😀', 'café😀'])
    // A byte order mark is not part of the document.
    const bom = await submit(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), around([])]))
    expect(bom.statusCode).toBe(201)
    expect(await storedCount()).toBe(4)
  })
})
