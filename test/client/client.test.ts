import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Canvass, CanvassError, createCanvass, type FormInput, verifyWebhook } from '@canvass/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../support/context.js'
import { type Receiver, startReceiver } from '../support/receiver.js'

// @canvass/client against a real Canvass listening on 127.0.0.1 (both databases), and, where a
// failure is needed, a tiny HTTP proxy on 127.0.0.1 in front of it that loses or refuses answers.

let ctx: TestContext
let baseUrl: string
let canvass: Canvass
const closers: (() => Promise<void>)[] = []

beforeAll(async () => {
  ctx = await createTestContext({ webhookRetrySchedule: [0.05, 0.1], webhookTimeoutMs: 5000 })
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  canvass = createCanvass({ baseUrl, token: ctx.token, pageSize: 3 })
})
afterAll(async () => {
  for (const close of closers) await close()
  await ctx?.close()
})

const tinyForm: FormInput = {
  title: 'Hooks',
  questions: [{ id: 'n', title: 'NPS', type: 'nps' }],
  hidden: ['k'],
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = []
  for await (const item of items) all.push(item)
  return all
}

type Mode = (index: number, request: IncomingMessage, response: ServerResponse) => 'forward' | 'lose' | 'done'

/** A proxy to Canvass; `mode` decides per request: forward, forward but lose the answer, or answer itself. */
async function proxy(mode: Mode): Promise<{ url: string; seen: string[] }> {
  const seen: string[] = []
  const server: Server = createServer((request, response) => {
    const index = seen.push(`${request.method} ${request.url}`) - 1
    const decision = mode(index, request, response)
    if (decision === 'done') return
    const upstream = httpRequest(
      `${baseUrl}${request.url}`,
      { method: request.method, headers: request.headers },
      (answer) => {
        const chunks: Buffer[] = []
        answer.on('data', (chunk: Buffer) => chunks.push(chunk))
        answer.on('end', () => {
          // The request was applied; only its answer goes missing on the way back.
          if (decision === 'lose') return request.socket.destroy()
          response.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(chunks))
        })
      },
    )
    request.pipe(upstream)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  closers.push(() => new Promise((done) => server.close(() => done())))
  server.closeIdleConnections()
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen }
}

async function formWithResponses(count: number): Promise<string> {
  const form = await canvass.forms.create(tinyForm)
  for (let i = 0; i < count; i++) await canvass.responses.submit(form.id, { answers: { n: i % 11 } })
  return form.id
}

describe('form versions', () => {
  it('replaces a form only if nobody saved it since the version read; else a 412 CanvassError', async () => {
    const created = await canvass.forms.create(tinyForm)
    const { form, etag } = await canvass.forms.getVersioned(created.id)
    expect(form.title).toBe('Hooks')
    expect(etag).toMatch(/^"[0-9a-z]+"$/)
    const saved = await canvass.forms.replaceIfUnchanged(created.id, { ...tinyForm, title: 'First' }, etag)
    expect(saved.form.title).toBe('First')
    expect(saved.etag).not.toBe(etag)
    const stale = await canvass.forms
      .replaceIfUnchanged(created.id, { ...tinyForm, title: 'Second' }, etag)
      .catch((error: unknown) => error)
    expect(stale).toBeInstanceOf(CanvassError)
    expect(stale).toMatchObject({ status: 412, code: 'precondition_failed' })
    expect((await canvass.forms.get(created.id)).title).toBe('First')
  })
})

describe('survey flow', () => {
  it('simulates the path of answers through a saved form and an unsaved definition, typed', async () => {
    const form: FormInput = {
      title: 'Flow',
      questions: [
        { id: 'go', title: 'Go on?', type: 'yes_no' },
        { id: 'more', title: 'More', type: 'short_text' },
      ],
      pages: [
        { id: 'first', questions: ['go'] },
        { id: 'second', questions: ['more'] },
      ],
      logic: [
        {
          if: { question: 'go', op: 'equals', value: false },
          then: [{ jump_to: 'end' }, { set_ending: 'bye' }],
        },
      ],
      endings: [{ id: 'bye', title: 'Bye' }],
    }
    const created = await canvass.forms.create(form)
    expect(created.logic).toEqual(form.logic)
    const stopped = await canvass.forms.simulate(created.id, { answers: { go: false, more: 'x' } })
    expect(stopped).toMatchObject({ pages: ['first'], not_on_path: ['more'], ending: 'bye' })
    const unsaved = await canvass.forms.simulateDefinition(form, { answers: { go: true } })
    expect(unsaved.pages).toEqual(['first', 'second'])
    const refused = await canvass.forms
      .simulateDefinition(
        { ...form, logic: [{ if: { all: [] }, then: [{ jump_to: 'first' }] }] },
        { answers: {} },
      )
      .catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(CanvassError)
    expect((refused as CanvassError).errors?.[0]?.path).toBe('/form/logic/0/then/0/jump_to')
  })
})

describe('@canvass/client against a running Canvass', () => {
  it('lists every response of a form, page after page, in five lines', async () => {
    const formId = await formWithResponses(7)
    // The five lines a README shows:
    const client = createCanvass({ baseUrl, token: ctx.token, pageSize: 3 })
    const ids: string[] = []
    for await (const response of client.responses.list(formId, { sort: 'submitted_at,asc' })) {
      ids.push(response.id)
    }
    expect(ids).toHaveLength(7)
    expect(new Set(ids).size).toBe(7)
    const numbers: string[] = []
    for await (const response of client.responses.list(formId, { sort: 'submitted_at,asc' })) {
      const answer = response.answers[0]
      // The union is discriminated by `type`: the compiler knows `number` is there.
      if (answer?.type === 'number') numbers.push(answer.number)
    }
    expect(numbers).toEqual(['0', '1', '2', '3', '4', '5', '6'])
    // `since` filters on the server, newest first by default.
    const all = await collect(client.responses.list(formId))
    const since = all[2]!.submitted_at
    const recent = await collect(client.responses.list(formId, { since }))
    expect(recent.map((r) => r.id)).toEqual(all.slice(0, 3).map((r) => r.id))
  })

  it('pages through forms, the contacts of a list and the deliveries of a webhook', async () => {
    const created: string[] = []
    for (let i = 0; i < 7; i++) created.push((await canvass.forms.create(tinyForm)).id)
    const forms = await collect(canvass.forms.list())
    expect(forms.map((form) => form.id)).toEqual(expect.arrayContaining(created))
    expect(new Set(forms.map((form) => form.id)).size).toBe(forms.length)

    const list = await canvass.contactLists.create('Paged')
    const people = Array.from({ length: 8 }, (_, i) => ({ name: `P${i}`, email: `p${i}@example.com` }))
    const added = await canvass.contacts.addBulk(list.id, people)
    expect(added.added_contacts).toHaveLength(8)
    const listed = await collect(canvass.contacts.list(list.id))
    expect(listed.map((contact) => contact.email)).toEqual(people.map((person) => person.email))

    const receiver = await startReceiver()
    closers.push(() => receiver.close())
    const form = await canvass.forms.create(tinyForm)
    await canvass.webhooks.put(form.id, 'log', { url: receiver.url })
    for (let i = 0; i < 4; i++) await canvass.webhooks.test(form.id, 'log')
    const deliveries = await collect(canvass.deliveries.list(form.id, 'log'))
    expect(deliveries).toHaveLength(4)
    expect(deliveries.every((delivery) => delivery.status === 'pending')).toBe(true)
  })

  it('retries a bulk add whose answer was lost, and nothing is added twice', async () => {
    const list = await canvass.contactLists.create('Lost answers')
    const { url, seen } = await proxy((index) => (index === 0 ? 'lose' : 'forward'))
    const client = createCanvass({ baseUrl: url, token: ctx.token, retry: { baseDelayMs: 10 } })
    const people = Array.from({ length: 5 }, (_, i) => ({ email: `lost${i}@example.com` }))
    const result = await client.contacts.addBulk(list.id, people)
    // Both attempts reached Canvass; the second was answered from the first.
    expect(seen).toEqual(['POST /v1/contacts/bulk', 'POST /v1/contacts/bulk'])
    expect(result.added_contacts.map((contact) => contact.email)).toEqual(people.map((p) => p.email))
    expect((await canvass.contactLists.get(list.id)).contact_count).toBe(5)
    expect(await collect(canvass.contacts.list(list.id))).toHaveLength(5)
  })

  it('does not resend a POST without an Idempotency-Key whose answer was lost', async () => {
    const formId = await formWithResponses(0)
    const { url, seen } = await proxy((index) => (index === 0 ? 'lose' : 'forward'))
    const client = createCanvass({ baseUrl: url, token: ctx.token, retry: { baseDelayMs: 10 } })
    const failure = await client.responses.submit(formId, { answers: { n: 3 } }).catch((error) => error)
    expect(failure).toBeInstanceOf(CanvassError)
    expect(failure).toMatchObject({ status: 0, code: 'network_error' })
    expect(seen).toHaveLength(1)
    expect(await collect(canvass.responses.list(formId))).toHaveLength(1)
  })

  it('waits as long as Retry-After says on a 503, then succeeds', async () => {
    const { url, seen } = await proxy((index, _request, response) => {
      if (index > 0) return 'forward'
      response.writeHead(503, { 'retry-after': '1', 'content-type': 'text/plain' }).end('busy')
      return 'done'
    })
    const client = createCanvass({ baseUrl: url, token: ctx.token, retry: { baseDelayMs: 10 } })
    const started = Date.now()
    const form = await client.forms.create(tinyForm)
    expect(Date.now() - started).toBeGreaterThanOrEqual(950)
    expect(form.title).toBe(tinyForm.title)
    expect(seen).toHaveLength(2)
  })

  it('gives up on 429 after the attempts allowed, with the problem as a CanvassError', async () => {
    const { url, seen } = await proxy((_index, _request, response) => {
      const problem = { status: 429, code: 'rate_limited', detail: 'slow down', request_id: 'proxy-1' }
      response
        .writeHead(429, { 'retry-after': '0', 'content-type': 'application/problem+json' })
        .end(JSON.stringify(problem))
      return 'done'
    })
    const client = createCanvass({ baseUrl: url, token: ctx.token, retry: { attempts: 3, baseDelayMs: 10 } })
    const failure = await collect(client.forms.list()).catch((error) => error)
    expect(failure).toBeInstanceOf(CanvassError)
    expect(failure).toMatchObject({
      status: 429,
      code: 'rate_limited',
      detail: 'slow down',
      requestId: 'proxy-1',
    })
    expect(seen).toHaveLength(3)
  })

  it('turns problem documents into CanvassErrors with status, code, errors and request id', async () => {
    const missing = await canvass.forms.get('no_such_form').catch((error) => error)
    expect(missing).toBeInstanceOf(CanvassError)
    expect(missing).toMatchObject({ name: 'CanvassError', status: 404, code: 'not_found', errors: [] })
    expect(missing.requestId).toMatch(/^[0-9a-f-]{36}$/)

    const invalid = await canvass.forms
      .create({ title: '', questions: [{ title: 'Q', type: 'nope' as 'nps' }] })
      .catch((error) => error)
    expect(invalid).toMatchObject({ status: 400, code: 'validation_failed' })
    expect(invalid.errors.map((error: { path: string }) => error.path)).toEqual(
      expect.arrayContaining(['/title', '/questions/0/type']),
    )

    const refused = await createCanvass({ baseUrl, token: 'cvs_wrong' })
      .forms.get('x')
      .catch((error) => error)
    expect(refused).toMatchObject({ status: 401, code: 'unauthorized' })

    const closed = await proxy(() => 'forward')
    const unreachable = createCanvass({
      baseUrl: closed.url.replace(/:\d+$/, ':1'),
      token: ctx.token,
      retry: { attempts: 2, baseDelayMs: 10 },
    })
    const network = await unreachable.forms.get('x').catch((error) => error)
    expect(network).toMatchObject({ status: 0, code: 'network_error' })
  })

  it('verifies a real, signed delivery with verifyWebhook, and refuses a forged one', async () => {
    const worker = ctx.startWorker({ pollMs: 50 })
    closers.push(() => worker.stop())
    for (const secret of ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'correct horse battery staple']) {
      const receiver: Receiver = await startReceiver()
      closers.push(() => receiver.close())
      const form = await canvass.forms.create(tinyForm)
      await canvass.webhooks.put(form.id, 'signed', { url: receiver.url, secret })
      const stored = await canvass.responses.submit(form.id, { answers: { n: 9 } })
      await receiver.waitFor((requests) => requests.length > 0)
      const { body, headers } = receiver.requests[0]!
      const event = verifyWebhook(body, headers, secret) as {
        event_type: string
        form_response: { token: string }
      }
      expect(event.event_type).toBe('form_response')
      expect(JSON.stringify(event)).toContain(stored.id)
      // Headers as fetch gives them work too.
      expect(verifyWebhook(body, new Headers(headers as Record<string, string>), secret)).toEqual(event)
      expect(() => verifyWebhook(body.replace('"9"', '"8"'), headers, secret)).toThrow()
      expect(() => verifyWebhook(body, headers, 'another secret')).toThrow()
    }
  })
})

describe('@canvass/client in a browser session (no token, the cookie)', () => {
  /** A fetch that keeps cookies and says where it comes from, as a browser on the dashboard does. */
  function browserLikeFetch() {
    let cookie: string | undefined
    return async (request: Request) => {
      const headers = new Headers(request.headers)
      if (cookie) headers.set('cookie', cookie)
      headers.set('origin', baseUrl)
      const response = await fetch(new Request(request, { headers }))
      const set = response.headers.get('set-cookie')
      if (set) cookie = set.split(';')[0]
      return response
    }
  }

  it("pages a text question's latest answers, newest first", async () => {
    const form = await canvass.forms.create({
      title: 'Notes',
      questions: [{ id: 'note', title: 'Note', type: 'short_text' }],
    })
    for (const note of ['one', 'two', 'three']) await canvass.responses.submit(form.id, { answers: { note } })
    const first = await canvass.insights.answers(form.id, 'note', 1, 2)
    expect(first.items.map((item) => item.value)).toEqual(['three', 'two'])
    expect(first.hasNext).toBe(true)
    const second = await canvass.insights.answers(form.id, 'note', 2, 2)
    expect(second.items.map((item) => item.value)).toEqual(['one'])
    expect(second.hasNext).toBe(false)
  })

  it('signs in with a token once, then reads and writes with the session cookie alone', async () => {
    const browser = createCanvass({
      baseUrl,
      credentials: 'same-origin',
      headers: { 'x-canvass-csrf': '1' },
      fetch: browserLikeFetch(),
    })
    await expect(browser.forms.page(1)).rejects.toMatchObject({ status: 401 })
    const session = await browser.session.signIn(ctx.token)
    expect(session.scopes).toContain('forms:write')
    const created = await browser.forms.create(tinyForm)
    const page = await browser.forms.page(1, 1000)
    expect(page.items.map((form) => form.id)).toContain(created.id)
    expect(page.hasNext).toBe(false)
    expect((await browser.insights.get(created.id)).responses).toBe(0)
    await browser.session.signOut()
    await expect(browser.session.get()).rejects.toMatchObject({ status: 401 })
  })

  it('is refused a write without the header a cross-site form cannot send', async () => {
    const fetchLikeBrowser = browserLikeFetch()
    const withHeader = createCanvass({ baseUrl, headers: { 'x-canvass-csrf': '1' }, fetch: fetchLikeBrowser })
    await withHeader.session.signIn(ctx.token)
    const without = createCanvass({ baseUrl, fetch: fetchLikeBrowser })
    const refused = await without.forms.create(tinyForm).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(CanvassError)
    expect((refused as CanvassError).status).toBe(403)
  })
})
