import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { TestContext } from './context.js'
import { sleep, waitUntil } from './wait.js'

// The one webhook receiver of the tests: a real HTTP server on 127.0.0.1. `respond` decides each
// answer; every request is recorded with its headers and body. Receivers deduplicate on
// webhook-id, as docs/webhooks.md#at-least-once tells them to: responseIds() does.

export interface ReceivedRequest {
  headers: IncomingHttpHeaders
  body: string
  at: number
}

export type Responder = (request: ReceivedRequest, index: number, response: ServerResponse) => void

export interface Receiver {
  url: string
  port: number
  requests: ReceivedRequest[]
  respond: Responder
  /** Waits until predicate holds over the requests received, or fails after timeoutMs. */
  waitFor(predicate: (requests: ReceivedRequest[]) => boolean, timeoutMs?: number): Promise<void>
  /** Response ids of the form_response events received, deduplicated on webhook-id. */
  responseIds(): Set<string>
  /** Waits up to timeoutMs for events of these responses; answers the ids still missing. */
  missing(ids: Iterable<string>, timeoutMs: number): Promise<string[]>
  close(): Promise<void>
}

export const answer =
  (status: number, headers: Record<string, string> = {}): Responder =>
  (_request, _index, response) => {
    response.writeHead(status, headers).end()
  }

export async function startReceiver(respond: Responder = answer(200)): Promise<Receiver> {
  const receiver = { requests: [] as ReceivedRequest[], respond } as Receiver
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const received = {
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      }
      receiver.requests.push(received)
      receiver.respond(received, receiver.requests.length - 1, response)
    })
  })
  server.keepAliveTimeout = 1000
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  receiver.port = (server.address() as AddressInfo).port
  receiver.url = `http://127.0.0.1:${receiver.port}/hook`
  receiver.waitFor = (predicate, timeoutMs = 15_000) =>
    waitUntil(() => predicate(receiver.requests), timeoutMs)
  receiver.responseIds = () => {
    const seen = new Set<string>()
    const ids = new Set<string>()
    for (const request of receiver.requests) {
      const id = String(request.headers['webhook-id'] ?? '')
      if (seen.has(id)) continue
      seen.add(id)
      const responseId = formResponseId(request.body)
      if (responseId) ids.add(responseId)
    }
    return ids
  }
  receiver.missing = async (ids, timeoutMs) => {
    const wanted = [...ids]
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const received = receiver.responseIds()
      const missing = wanted.filter((id) => !received.has(id))
      if (missing.length === 0 || Date.now() > deadline) return missing
      await sleep(200)
    }
  }
  receiver.close = () => {
    server.closeAllConnections()
    return new Promise<void>((done) => server.close(() => done()))
  }
  return receiver
}

function formResponseId(body: string): string | undefined {
  try {
    const event = JSON.parse(body)
    return event.event_type === 'form_response' ? event.form_response?.id : undefined
  } catch {
    return undefined
  }
}

export const tinyForm = { title: 'Hooks', questions: [{ id: 'n', title: 'NPS', type: 'nps' }], hidden: ['k'] }

/** A new tiny form with one webhook to `receiver`, and the webhook's row as stored. */
export async function webhookOfNewForm(ctx: TestContext, receiver: Receiver) {
  const formId = (await ctx.request({ method: 'POST', url: '/v1/forms', payload: tinyForm })).json().id
  const put = await ctx.request({
    method: 'PUT',
    url: `/v1/forms/${formId}/webhooks/s`,
    payload: { url: receiver.url },
  })
  if (put.statusCode !== 201) throw new Error(`creating the webhook answered ${put.statusCode}: ${put.body}`)
  const webhook = await ctx.database.db
    .selectFrom('webhooks')
    .selectAll()
    .where('form_id', '=', formId)
    .executeTakeFirstOrThrow()
  return { formId: formId as string, webhook }
}
