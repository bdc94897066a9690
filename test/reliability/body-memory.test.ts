import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../support/context.js'
import { sleep } from '../support/wait.js'

// Large request bodies share CANVASS_BODY_MEMORY (src/http/memory.ts): here 2 MiB, so one body of
// ~1.6 MB at a time. Four 4 MB submissions at once took a server from 200 to 600 MB of RSS; with
// the budget, the later ones wait unread in their sockets, and small requests never wait.

const BUDGET = 2 * 1024 * 1024
let ctx: TestContext
let port: number
let formId: string

beforeAll(async () => {
  ctx = await createTestContext({ bodyMemory: BUDGET })
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  port = Number(new URL(address).port)
  const questions = Array.from({ length: 200 }, (_, n) => ({
    id: `q${n}`,
    title: `Question ${n}`,
    type: 'long_text',
    properties: { max_length: 10000 },
  }))
  const form = await ctx.request({ method: 'POST', url: '/v1/forms', payload: { title: 'Large', questions } })
  expect(form.statusCode).toBe(201)
  formId = form.json().id
})
afterAll(() => ctx.close())

/** A ~1.6 MB submission (over the 1 MiB at which bodies start to wait). */
function largeBody(mark: string): Buffer {
  const text = mark.repeat(8000)
  const answers = Object.fromEntries(Array.from({ length: 200 }, (_, n) => [`q${n}`, text]))
  return Buffer.from(JSON.stringify({ answers }))
}

/** A request written by hand: headers and the first half of the body now, the rest on `finish()`. */
function heldRequest(body: Buffer, token: string | null = ctx.token) {
  const socket: Socket = connect(port, '127.0.0.1')
  const head = [
    `POST /v1/forms/${formId}/responses HTTP/1.1`,
    'Host: 127.0.0.1',
    ...(token ? [`Authorization: Bearer ${token}`] : []),
    'Content-Type: application/json',
    `Content-Length: ${body.length}`,
    'Connection: close',
    '',
    '',
  ].join('\r\n')
  socket.write(head)
  socket.write(body.subarray(0, body.length >> 1))
  let settled = false
  const answer = new Promise<number>((resolve, reject) => {
    const chunks: Buffer[] = []
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      settled = true
      resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(Buffer.concat(chunks).toString('latin1'))?.[1] ?? 0))
    })
  })
  return {
    answer,
    settled: () => settled,
    // Not end(): a client that half-closes its side before the answer gets none from Node's
    // server (it aborts the request when httpAllowHalfOpen is off); `Connection: close` ends it.
    finish: () => socket.write(body.subarray(body.length >> 1)),
    abandon: () => socket.destroy(),
  }
}

function submit(body: Uint8Array | string, token: string | null = ctx.token): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}/v1/forms/${formId}/responses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  })
}

const small = JSON.stringify({ answers: { q0: 'short' } })

async function responseCount(): Promise<number> {
  const page = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses?page_size=1000` })
  return page.json().items.length
}

describe('large request bodies share a memory budget', () => {
  it('a second large body waits, unread, until the first is answered; small ones never wait', async () => {
    const before = await responseCount()
    const first = heldRequest(largeBody('a'))
    await sleep(200)
    const second = submit(largeBody('b'))
    let secondDone = false
    void second.then(() => {
      secondDone = true
    })
    // The server is answering while the first holds the budget...
    const quick = await submit(small)
    expect(quick.status).toBe(201)
    await sleep(500)
    // ...but not the second large body.
    expect(secondDone).toBe(false)
    expect(first.settled()).toBe(false)
    first.finish()
    expect(await first.answer).toBe(201)
    expect((await second).status).toBe(201)
    expect(await responseCount()).toBe(before + 3)
  })

  it('a client that goes away, holding the budget or waiting for it, gives it back', async () => {
    const holder = heldRequest(largeBody('c'))
    await sleep(200)
    const waiter = heldRequest(largeBody('d'))
    await sleep(200)
    waiter.abandon()
    holder.abandon()
    const after = await submit(largeBody('e'))
    expect(after.status).toBe(201)
    // And the budget is whole again: a body as large as all of it still goes through alone.
    const next = heldRequest(largeBody('f'))
    await sleep(100)
    next.finish()
    expect(await next.answer).toBe(201)
  })

  it('an unauthenticated large body is refused at once, without waiting for the budget', async () => {
    const holder = heldRequest(largeBody('g'))
    await sleep(200)
    const refused = await submit(largeBody('h'), null)
    expect(refused.status).toBe(401)
    expect(holder.settled()).toBe(false)
    holder.finish()
    expect(await holder.answer).toBe(201)
  })

  it('a large body answered behind another answer on a pipelined connection gives it back on a hang-up', async () => {
    // Review of issue 25: the second answer of a pipelined connection waits for the first (here a
    // response stream, which stays open), so it never gets a socket; when the client hangs up, Node
    // closes the socket and the request, never that answer.
    const before = await responseCount()
    const body = largeBody('p')
    const socket = connect(port, '127.0.0.1')
    socket.on('error', () => undefined)
    socket.write(
      `GET /v1/forms/${formId}/responses/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Authorization: Bearer ${ctx.token}\r\n\r\n` +
        `POST /v1/forms/${formId}/responses HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Authorization: Bearer ${ctx.token}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\n\r\n`,
    )
    socket.write(body)
    // Stored: its answer is written, queued behind the stream's.
    const deadline = Date.now() + 15_000
    while ((await responseCount()) === before && Date.now() < deadline) await sleep(50)
    expect(await responseCount()).toBe(before + 1)
    socket.destroy()
    // The budget is whole again: a body as large as all of it goes through.
    const next = heldRequest(largeBody('q'))
    await sleep(100)
    next.finish()
    expect(await Promise.race([next.answer, sleep(10_000).then(() => 'still waiting')])).toBe(201)
  })
})
