import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

// A webhook receiver on 127.0.0.1 that deduplicates on webhook-id, as the contract tells
// receivers to, and remembers the response id of every form_response event.

export interface WebhookReceiver {
  url: string
  /** Response ids of the form_response events received (deduplicated on webhook-id). */
  responseIds: Set<string>
  /** Deliveries received, duplicates included. */
  received: number
  bodies: string[]
  waitFor(ids: Iterable<string>, timeoutMs: number): Promise<string[]>
  close(): Promise<void>
}

export async function startReceiver(options: { keepBodies?: boolean } = {}): Promise<WebhookReceiver> {
  const seen = new Set<string>()
  const receiver = {
    url: '',
    responseIds: new Set<string>(),
    received: 0,
    bodies: [] as string[],
  }
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      receiver.received++
      if (options.keepBodies) receiver.bodies.push(text)
      const id = String(request.headers['webhook-id'] ?? '')
      if (!seen.has(id)) {
        seen.add(id)
        try {
          const event = JSON.parse(text)
          if (event.event_type === 'form_response' && event.form_response?.id) {
            receiver.responseIds.add(event.form_response.id)
          }
        } catch {
          // not JSON: counted, not recorded
        }
      }
      response.writeHead(200).end('ok')
    })
  })
  server.keepAliveTimeout = 1000
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  receiver.url = `http://127.0.0.1:${port}/hook`
  return Object.assign(receiver, {
    async waitFor(ids: Iterable<string>, timeoutMs: number) {
      const wanted = [...ids]
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const missing = wanted.filter((id) => !receiver.responseIds.has(id))
        if (missing.length === 0 || Date.now() > deadline) return missing
        await new Promise((done) => setTimeout(done, 200))
      }
    },
    close() {
      server.closeAllConnections()
      return new Promise<void>((done) => server.close(() => done()))
    },
  })
}
