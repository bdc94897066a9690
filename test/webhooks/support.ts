import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

// A real HTTP receiver on 127.0.0.1 for delivery tests. `respond` decides each answer; every
// request is recorded with its headers and body.

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
  receiver.close = () => {
    server.closeAllConnections()
    return new Promise<void>((done) => server.close(() => done()))
  }
  return receiver
}

export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`)
    await new Promise((done) => setTimeout(done, 25))
  }
}

export const tinyForm = { title: 'Hooks', questions: [{ id: 'n', title: 'NPS', type: 'nps' }], hidden: ['k'] }
