import { EventSource } from 'eventsource'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken, digestToken, revokeToken } from '../../src/domain/tokens.js'
import { buildApp } from '../../src/http/app.js'
import { PRINCIPAL_CACHE_TTL_MS } from '../../src/http/auth.js'
import { createForm, submitMany, tinyForm } from '../forms/fixtures.js'
import { TestClock } from '../support/clock.js'
import { createTestContext, type TestContext, useTestContext } from '../support/context.js'
import { openStream } from '../support/event-stream.js'
import { sleep, waitUntil } from '../support/wait.js'

// Issue 25, item 1: a response stream lives no longer than its credentials, its form and
// CANVASS_STREAM_MAX_SECONDS. Each stream is read over a real socket; it must end on its own.

const clock = new TestClock()
const ctx = useTestContext({ streamHeartbeatSeconds: 1 }, { clock })
let baseUrl: string
const host = '127.0.0.1:3000'
const sameOrigin = { host, origin: `http://${host}`, 'x-canvass-csrf': '1' }
const gone = ': the token or session of this stream is no longer valid'

beforeAll(async () => {
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  const closing = ctx.app.close()
  ctx.app.server.closeAllConnections()
  await closing
})

const streamUrl = (base: string, formId: string) => `${base}/v1/forms/${formId}/responses/stream`

async function readerToken(): Promise<{ id: string; token: string }> {
  return createToken(ctx.database.db, ctx.clock, {
    workspaceId: ctx.workspaceId,
    name: 'reader',
    scopes: ['responses:read'],
  })
}

/** Signs in to the dashboard with a token: the session cookie. */
async function signIn(token: string): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/v1/session',
    headers: sameOrigin,
    payload: { token },
  })
  expect(response.statusCode).toBe(201)
  return /^(canvass_session=[^;]+)/.exec(String(response.headers['set-cookie']))?.[1] as string
}

/** Opens a stream, checks that a new response reaches it, and returns it with that response's id. */
async function liveStream(formId: string, headers: Record<string, string>) {
  const stream = await openStream(streamUrl(baseUrl, formId), headers)
  expect(stream.status).toBe(200)
  const ids = await submitMany(ctx, formId, 1)
  await waitUntil(() => stream.ids().length === 1)
  expect(stream.ids()).toEqual(ids)
  return stream
}

/** The stream has ended by itself, saying why, and what is stored afterwards does not reach it. */
async function expectEnded(stream: Awaited<ReturnType<typeof liveStream>>, formId: string, note: string) {
  await waitUntil(() => stream.ended(), 20_000)
  expect(stream.text()).toContain(`${note}\n\n`)
  const sent = stream.ids()
  await submitMany(ctx, formId, 2).catch(() => undefined)
  await sleep(300)
  expect(stream.ids()).toEqual(sent)
}

describe('a response stream ends when its caller is no longer valid', () => {
  it('ends once its token is revoked (from any process: the revocation is in the database)', async () => {
    const formId = await createForm(ctx, tinyForm)
    const reader = await readerToken()
    const stream = await liveStream(formId, { authorization: `Bearer ${reader.token}` })
    await revokeToken(ctx.database.db, ctx.clock, reader.id)
    // Past the time this process answers from its cache of tokens, as if that long had gone by.
    clock.advance(PRINCIPAL_CACHE_TTL_MS)
    await expectEnded(stream, formId, gone)
    const again = await openStream(streamUrl(baseUrl, formId), { authorization: `Bearer ${reader.token}` })
    expect(again.status).toBe(401)
  })

  it('ends once its session is signed out on another process', async () => {
    const formId = await createForm(ctx, tinyForm)
    const cookie = await signIn((await readerToken()).token)
    const stream = await liveStream(formId, { cookie })
    // Another app over the same database: its own caches, as another process has.
    const other = await buildApp(ctx.appContext)
    try {
      const out = await other.inject({
        method: 'DELETE',
        url: '/v1/session',
        headers: { ...sameOrigin, cookie },
      })
      expect(out.statusCode).toBe(204)
    } finally {
      await other.close()
    }
    clock.advance(PRINCIPAL_CACHE_TTL_MS)
    await expectEnded(stream, formId, gone)
    expect((await openStream(streamUrl(baseUrl, formId), { cookie })).status).toBe(401)
  })

  it('ends once its session expires', async () => {
    const formId = await createForm(ctx, tinyForm)
    const cookie = await signIn((await readerToken()).token)
    const stream = await liveStream(formId, { cookie })
    const secret = cookie.slice(cookie.indexOf('=') + 1)
    await ctx.database.db
      .updateTable('sessions')
      .set({ expires_at: ctx.clock.nowMicros() - 1 })
      .where('digest', '=', digestToken(secret))
      .execute()
    clock.advance(PRINCIPAL_CACHE_TTL_MS)
    await expectEnded(stream, formId, gone)
  })

  it('keeps going while its token and session stay valid', async () => {
    const formId = await createForm(ctx, tinyForm)
    const cookie = await signIn(ctx.token)
    const byToken = await liveStream(formId, { authorization: `Bearer ${ctx.token}` })
    const bySession = await openStream(streamUrl(baseUrl, formId), { cookie })
    // Past several checks of the caller (every 2 s) and heartbeats (every 1 s), on the context's clock.
    for (let second = 0; second < 5; second++) {
      clock.advance(1000)
      await sleep(50)
    }
    const ids = await submitMany(ctx, formId, 2)
    await waitUntil(() => byToken.ids().length === 3 && bySession.ids().length === 2)
    expect(bySession.ids()).toEqual(ids)
    expect(byToken.ended() || bySession.ended()).toBe(false)
    byToken.close()
    bySession.close()
  })
})

describe('a response stream ends when its form is deleted', () => {
  it('ends, saying so', async () => {
    const formId = await createForm(ctx, tinyForm)
    const stream = await liveStream(formId, { authorization: `Bearer ${ctx.token}` })
    const deleted = await ctx.request({ method: 'DELETE', url: `/v1/forms/${formId}` })
    expect(deleted.statusCode).toBe(204)
    await waitUntil(() => stream.ended(), 20_000)
    expect(stream.text()).toContain(': the form of this stream has been deleted\n\n')
  })
})

describe('a response stream lives at most CANVASS_STREAM_MAX_SECONDS', () => {
  let short: TestContext
  let shortUrl: string
  beforeAll(async () => {
    short = await createTestContext({ streamMaxSeconds: 2, streamHeartbeatSeconds: 1 })
    shortUrl = await short.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    short.app.server.closeAllConnections()
    await short?.close()
  })

  it('ends cleanly between events, saying to resume', async () => {
    const formId = await createForm(short, tinyForm)
    const stream = await openStream(streamUrl(shortUrl, formId), { authorization: `Bearer ${short.token}` })
    expect(stream.status).toBe(200)
    await waitUntil(() => stream.ended(), 20_000)
    expect(stream.text()).toMatch(
      /: this stream reached its longest life \(CANVASS_STREAM_MAX_SECONDS\)[^\n]*\n\n$/,
    )
  })

  it('an EventSource resumes with Last-Event-ID: every response once, in order, across its ends', async () => {
    const formId = await createForm(short, tinyForm)
    const received: string[] = []
    let opened = 0
    const source = new EventSource(streamUrl(shortUrl, formId), {
      fetch: (input, init) =>
        fetch(input, { ...init, headers: { ...init.headers, authorization: `Bearer ${short.token}` } }),
    })
    source.addEventListener('response', (event) => received.push(event.lastEventId))
    source.onopen = () => opened++
    try {
      await waitUntil(() => opened === 1)
      const ids: string[] = []
      // Spread over several lifetimes, so that some arrive while the client is reconnecting.
      for (let round = 0; round < 8; round++) {
        ids.push(...(await submitMany(short, formId, 1)))
        await sleep(700)
      }
      await waitUntil(() => received.length >= ids.length && opened >= 3, 40_000)
      await sleep(300)
      expect(received).toEqual(ids)
    } finally {
      source.close()
    }
  }, 60_000)
})
