import { get, type IncomingMessage } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestContext } from '../support/context.js'
import { sleep, waitUntil } from '../support/wait.js'

// Review of issue 25, item 2: a stream whose client does not read holds a batch of the process's
// CANVASS_LIST_MEMORY while its write waits; four of one read-only token held all of it, for as
// long as the stream lived (an hour), and every page and export waited. A write that has not
// drained within CANVASS_STREAM_STALL_SECONDS cuts the stream: its client resumes with
// Last-Event-ID. Here the budget is 4 MiB (batches of 1 MiB) and the form holds 32 responses of
// ~250 KB, more than the sockets between a server and a client that does not read take (~4 MB).

const LIST_MEMORY = 4 * 1024 * 1024
const RESPONSES = 32
const STALLED = 4

const ctx = useTestContext({ listMemory: LIST_MEMORY, streamStallSeconds: 1, streamsPerToken: STALLED })
let baseUrl: string
let formId: string
const responseIds: string[] = []
const stalled: IncomingMessage[] = []

beforeAll(async () => {
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  const questions = Array.from({ length: 100 }, (_, n) => ({
    id: `q${n}`,
    title: `Question ${n}`,
    type: 'long_text',
    properties: { max_length: 10000 },
  }))
  const form = await ctx.request({ method: 'POST', url: '/v1/forms', payload: { title: 'Large', questions } })
  formId = form.json().id
  for (let n = 0; n < RESPONSES; n++) {
    const answers = Object.fromEntries(
      questions.map((question) => [question.id, String(n % 10).repeat(2500)]),
    )
    const stored = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${formId}/responses`,
      payload: { answers },
    })
    expect(stored.statusCode).toBe(201)
    responseIds.push(stored.json().id)
  }
}, 120_000)
afterAll(async () => {
  for (const stream of stalled) stream.destroy()
  const closing = ctx.app.close()
  ctx.app.server.closeAllConnections()
  await closing
})

function openConnections(): Promise<number> {
  return new Promise((resolve, reject) =>
    ctx.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  )
}

/** A stream resuming after the first response whose client never reads past the head. */
function openStalled(token: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = get(
      `${baseUrl}/v1/forms/${formId}/responses/stream`,
      { agent: false, headers: { authorization: `Bearer ${token}`, 'last-event-id': responseIds[0] } },
      (response) => {
        response.pause()
        response.on('error', () => undefined)
        resolve(response)
      },
    )
    request.once('error', reject)
  })
}

describe('a response stream whose client does not read (review of issue 25)', () => {
  it('is cut once a write has waited CANVASS_STREAM_STALL_SECONDS, giving its memory back', async () => {
    const reader = await ctx.tokenWithScopes(['responses:read'])
    for (let n = 0; n < STALLED; n++) stalled.push(await openStalled(reader))
    for (const stream of stalled) expect(stream.statusCode).toBe(200)
    // Time for each to fill its socket and hold a batch of the budget, which is then all taken.
    await sleep(1000)

    const page = ctx
      .request({ method: 'GET', url: `/v1/forms/${formId}/responses?page_size=3` })
      .then((response) => response.statusCode)
    expect(await Promise.race([page, sleep(20_000).then(() => 'still waiting')])).toBe(200)
    // The server cut every stalled stream's connection.
    await waitUntil(async () => (await openConnections()) === 0, 20_000)

    // Each client, reading at last, gets whole events in order up to the cut, then the end: it
    // resumes after the last whole one.
    for (const stream of stalled) {
      let text = ''
      stream.setEncoding('utf8')
      stream.on('data', (chunk: string) => {
        text += chunk
      })
      stream.resume()
      await new Promise((ended) => stream.once('close', ended))
      const ids = [...text.matchAll(/^id: (\S+)\ndata: [^\n]*\n\n/gm)].map((match) => match[1])
      expect(ids.length).toBeGreaterThan(0)
      expect(ids.length).toBeLessThan(RESPONSES - 1)
      expect(ids).toEqual(responseIds.slice(1, 1 + ids.length))
    }
  }, 60_000)
})
