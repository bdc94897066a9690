import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

// The webhook receiver of submit and webhook-e2e, in its own process so its work does not slow
// the load generator: answers 204 at once and notes, per delivery, the webhook-id and the time
// from the response's submitted_at (Canvass's clock) to its receipt here (same machine clock).
// IPC: {type: 'report'} -> Report; {type: 'reset'} forgets everything.

export interface ReceiverReport {
  unique: number
  duplicates: number
  firstAtMs: number
  lastAtMs: number
  /** Submit-to-receipt latency of each first receipt, in ms. */
  latenciesMs: number[]
}

const seen = new Set<string>()
let duplicates = 0
let firstAtMs = 0
let lastAtMs = 0
let latenciesMs: number[] = []

const submittedPattern = /"submitted_at":"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3})(\d{3})Z"/

function submittedAtMs(body: string): number | undefined {
  const match = submittedPattern.exec(body)
  if (!match) return undefined
  return Date.parse(`${match[1]}Z`) + Number(match[2]) / 1000
}

const server = createServer((request, response) => {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => {
    const now = performance.timeOrigin + performance.now()
    response.writeHead(204)
    response.end()
    const id = String(request.headers['webhook-id'] ?? '')
    if (seen.has(id)) {
      duplicates++
      return
    }
    seen.add(id)
    if (firstAtMs === 0) firstAtMs = now
    lastAtMs = now
    const submitted = submittedAtMs(Buffer.concat(chunks).toString())
    if (submitted !== undefined) latenciesMs.push(now - submitted)
  })
})

process.on('message', (message: { type: string }) => {
  if (message.type === 'reset') {
    seen.clear()
    duplicates = 0
    firstAtMs = 0
    lastAtMs = 0
    latenciesMs = []
  } else if (message.type === 'report') {
    const report: ReceiverReport = { unique: seen.size, duplicates, firstAtMs, lastAtMs, latenciesMs }
    process.send?.({ type: 'report', report })
  }
})

server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port })
})
process.on('SIGTERM', () => process.exit(0))
