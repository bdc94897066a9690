import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

// The SMTP server of mail-send, in its own process so its work does not slow either sender: the
// same `smtp-server` as the tests (test/support/smtp.ts), accepting every mail without parsing it,
// noting each Message-ID once and when it arrived. IPC: {type: 'report'} -> SinkReport;
// {type: 'reset'} forgets everything.

export interface SinkReport {
  unique: number
  duplicates: number
  firstAtMs: number
  lastAtMs: number
}

const seen = new Set<string>()
let duplicates = 0
let firstAtMs = 0
let lastAtMs = 0

const messageIdPattern = /^Message-ID:\s*(\S+)/im

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  maxClients: 1000,
  onData(stream, _session, done) {
    let head = ''
    stream.on('data', (chunk: Buffer) => {
      if (head.length < 8192) head += chunk.toString('latin1')
    })
    stream.on('end', () => {
      const now = performance.timeOrigin + performance.now()
      const id = messageIdPattern.exec(head)?.[1] ?? ''
      if (seen.has(id)) duplicates++
      else {
        seen.add(id)
        if (seen.size === 1) firstAtMs = now
        lastAtMs = now
      }
      done()
    })
  },
})
server.on('error', () => undefined)

process.on('message', (message: { type: string }) => {
  if (message.type === 'report') {
    const report: SinkReport = { unique: seen.size, duplicates, firstAtMs, lastAtMs }
    process.send?.({ type: 'report', report })
  } else if (message.type === 'reset') {
    seen.clear()
    duplicates = 0
    firstAtMs = 0
    lastAtMs = 0
  }
})

server.listen(0, '127.0.0.1', () => {
  const net = (server as unknown as { server: import('node:net').Server }).server
  process.send?.({ port: (net.address() as AddressInfo).port })
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
