import { EventSource } from 'eventsource'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createForm, submit, tinyForm } from '../forms/fixtures.js'
import { useTestContext } from '../support/context.js'
import { startServe } from '../support/process.js'
import { sleep, waitUntil } from '../support/wait.js'

// docs/api.md#response-stream: GET /v1/forms/{form_id}/responses/stream, consumed by a real SSE client library.

const ctx = useTestContext({ streamsPerToken: 2, streamHeartbeatSeconds: 1 })
let baseUrl: string

// This file's HTTP clients keep idle connections alive (undici): closed with the server, so
// its close does not wait for their keep-alive timeout.
afterAll(async () => {
  const closing = ctx.app.close()
  ctx.app.server.closeAllConnections()
  await closing
})
beforeAll(async () => {
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
})

interface Received {
  id: string
  data: string
}

/** An EventSource with the test token; collects every `response` event. */
function follow(url: string, options: { token?: string; lastEventId?: string } = {}) {
  const received: Received[] = []
  const source = new EventSource(url, {
    fetch: (input, init) =>
      fetch(input, {
        ...init,
        headers: {
          ...init.headers,
          authorization: `Bearer ${options.token ?? ctx.token}`,
          ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
        },
      }),
  })
  source.addEventListener('response', (event) => received.push({ id: event.lastEventId, data: event.data }))
  const opened = new Promise<void>((done, fail) => {
    source.onopen = () => done()
    source.onerror = (error) => fail(error)
  })
  return { source, received, opened }
}

async function listed(formId: string): Promise<string[]> {
  const response = await ctx.request({
    method: 'GET',
    url: `/v1/forms/${formId}/responses?sort=submitted_at,asc&page_size=1000`,
  })
  return (response.json().items as object[]).map((item) => JSON.stringify(item))
}

async function submitN(formId: string, n: number, from = 0): Promise<string[]> {
  const ids: string[] = []
  for (let index = from; index < from + n; index++) {
    const response = await submit(ctx, formId, { answers: { n: index % 11 }, hidden: { k: String(index) } })
    ids.push(response.json().id)
  }
  return ids
}

describe('the response stream', () => {
  it('delivers each new response once, in order, as the listing shows it', async () => {
    const formId = await createForm(ctx, tinyForm)
    await submitN(formId, 2) // before the stream: not sent
    const stream = follow(`${baseUrl}/v1/forms/${formId}/responses/stream`)
    await stream.opened
    const ids = await submitN(formId, 6, 2)
    await waitUntil(() => stream.received.length >= 6)
    await sleep(400)
    stream.source.close()
    expect(stream.received.map((event) => event.id)).toEqual(ids)
    expect(stream.received.map((event) => event.data)).toEqual((await listed(formId)).slice(2))
  })

  it('resumes after a disconnect without loss (Last-Event-ID header or last_event_id query)', async () => {
    const formId = await createForm(ctx, tinyForm)
    const first = follow(`${baseUrl}/v1/forms/${formId}/responses/stream`)
    await first.opened
    const before = await submitN(formId, 3)
    await waitUntil(() => first.received.length === 3)
    first.source.close()
    const missed = await submitN(formId, 4, 3)
    const resumed = follow(`${baseUrl}/v1/forms/${formId}/responses/stream`, { lastEventId: before[2] })
    await resumed.opened
    const later = await submitN(formId, 2, 7)
    await waitUntil(() => resumed.received.length >= 6)
    await sleep(300)
    resumed.source.close()
    expect(resumed.received.map((event) => event.id)).toEqual([...missed, ...later])

    const byQuery = follow(`${baseUrl}/v1/forms/${formId}/responses/stream?last_event_id=${missed[3]}`)
    await waitUntil(() => byQuery.received.length >= 2)
    byQuery.source.close()
    expect(byQuery.received.map((event) => event.id)).toEqual(later)
  })

  it('answers text/event-stream with a comment line at least every heartbeat', async () => {
    const formId = await createForm(ctx, tinyForm)
    const controller = new AbortController()
    const response = await fetch(`${baseUrl}/v1/forms/${formId}/responses/stream`, {
      headers: { authorization: `Bearer ${ctx.token}` },
      signal: controller.signal,
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(response.headers.get('x-request-id')).toBeTruthy()
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    let text = ''
    const started = Date.now()
    while (!text.includes(': keep-alive') && Date.now() - started < 5000) {
      const { value } = await reader.read()
      text += new TextDecoder().decode(value)
    }
    controller.abort()
    expect(text).toContain(': keep-alive\n\n')
    expect(Date.now() - started).toBeLessThan(2500)
  })

  it('bounds open streams per token (429 past it) and frees a place when one closes', async () => {
    const formId = await createForm(ctx, tinyForm)
    const token = await ctx.tokenWithScopes(['responses:read'])
    const url = `${baseUrl}/v1/forms/${formId}/responses/stream`
    const open = () => {
      const controller = new AbortController()
      return fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal }).then(
        (response) => ({ response, controller }),
      )
    }
    const a = await open()
    const b = await open()
    const c = await open()
    expect([a.response.status, b.response.status, c.response.status]).toEqual([200, 200, 429])
    expect(c.response.headers.get('content-type')).toContain('application/problem+json')
    expect(((await c.response.json()) as { code: string }).code).toBe('rate_limited')
    expect(c.response.headers.get('retry-after')).toBe('5')
    // Another token is not held back by this one.
    const other = follow(url)
    await other.opened
    other.source.close()
    a.controller.abort()
    await waitUntil(async () => {
      const d = await open()
      d.controller.abort()
      return d.response.status === 200
    }, 5000)
    b.controller.abort()
  })

  it('answers 404 for another workspace’s form, 401 without a token, 403 without responses:read', async () => {
    const formId = await createForm(ctx, tinyForm)
    const url = `/v1/forms/${formId}/responses/stream`
    const other = await ctx.request({ method: 'GET', url, token: ctx.otherToken })
    expect(other.statusCode).toBe(404)
    expect((await ctx.request({ method: 'GET', url, token: null })).statusCode).toBe(401)
    const writer = await ctx.tokenWithScopes(['responses:write'])
    expect((await ctx.request({ method: 'GET', url, token: writer })).statusCode).toBe(403)
  })
})

describe('across processes', () => {
  let server: Awaited<ReturnType<typeof startServe>>
  beforeAll(async () => {
    server = await startServe({ DATABASE_URL: ctx.testDatabase.url, CANVASS_WORKER: '0' })
  })
  afterAll(() => server?.stop())

  it('reaches a client of another process, and SIGTERM ends open streams so serve exits 0', async () => {
    const formId = await createForm(ctx, tinyForm)
    const stream = follow(`${server.baseUrl}/v1/forms/${formId}/responses/stream`)
    await stream.opened
    // Stored by this (test) process; the stream is served by the child.
    const ids = await submitN(formId, 5)
    await waitUntil(() => stream.received.length >= 5, 10_000)
    expect(stream.received.map((event) => event.id)).toEqual(ids)
    expect(stream.received.map((event) => event.data)).toEqual(await listed(formId))

    const raw = await fetch(`${server.baseUrl}/v1/forms/${formId}/responses/stream`, {
      headers: { authorization: `Bearer ${ctx.token}` },
    })
    expect(raw.status).toBe(200)
    stream.source.close()
    const started = Date.now()
    server.child.kill('SIGTERM')
    const exit = await server.exited
    expect(exit.code).toBe(0)
    expect(Date.now() - started).toBeLessThan(5000)
  })
})
