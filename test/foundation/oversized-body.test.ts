import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase, testBackend } from '../support/databases.js'
import { lastLine, runCanvass, startServe } from '../support/process.js'

// Issue 11: a client sending a body over the limit must be able to read the 413, not meet a
// broken pipe because the server closed while the body was still arriving. A real `canvass
// serve` on loopback: app.inject never writes to a socket, and a server in the test's own
// process shares its event loop with the client, which hides the race.

const MiB = 1024 * 1024
let database: TestDatabase
let server: Awaited<ReturnType<typeof startServe>> | undefined
let token = ''
let url = ''

beforeAll(async () => {
  database = await createTestDatabase()
  const env = { DATABASE_URL: database.url }
  token = lastLine((await runCanvass(['token', 'create', '--name', 'big'], env)).output)
  server = await startServe(env)
  const form = await fetch(`${server.baseUrl}/v1/forms`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Big', questions: [] }),
  })
  url = `${server.baseUrl}/v1/forms/${((await form.json()) as { id: string }).id}/responses`
})
afterAll(async () => {
  await server?.stop()
  await database?.drop()
})

const body = (bytes: number) => `{"answers":{},"hidden":{"x":"${'a'.repeat(bytes)}"}}`

async function expectTooLarge(send: () => Promise<Response>) {
  const response = await send()
  expect(response.status).toBe(413)
  expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8')
  expect(((await response.json()) as { code: string }).code).toBe('payload_too_large')
}

describe(`bodies over the limit, over a real socket (${testBackend})`, () => {
  it('a 5 MiB body with Content-Length: the client reads the 413, ten times in ten', async () => {
    const payload = body(5 * MiB)
    for (let i = 0; i < 10; i++) {
      await expectTooLarge(() =>
        fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: payload,
        }),
      )
    }
  }, 60_000)

  it('a 5 MiB body sent chunked, without a length: the client reads the 413, ten times in ten', async () => {
    const chunk = new TextEncoder().encode('a'.repeat(64 * 1024))
    for (let i = 0; i < 10; i++) {
      let sent = 0
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= 5 * MiB) return controller.close()
          sent += chunk.length
          controller.enqueue(chunk)
        },
      })
      await expectTooLarge(() =>
        fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: stream,
          duplex: 'half',
        } as RequestInit),
      )
    }
    // Still answering, and nothing was stored.
    const listed = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
    expect(((await listed.json()) as { items: unknown[] }).items).toEqual([])
  }, 60_000)

  it('a 5 MiB HTML form post to a hosted page: the respondent reads the 413 page, ten times in ten', async () => {
    const created = await fetch(`${server?.baseUrl}/v1/forms`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Public', questions: [], settings: { public: true } }),
    })
    const page = `${server?.baseUrl}/f/${((await created.json()) as { id: string }).id}`
    const payload = `x=${'a'.repeat(5 * MiB)}`
    for (let i = 0; i < 10; i++) {
      const response = await fetch(page, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: payload,
      })
      expect(response.status).toBe(413)
      expect(response.headers.get('content-type')).toMatch(/^text\/html/)
      await response.text()
    }
  }, 60_000)
})
