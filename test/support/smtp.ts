import type { AddressInfo, Socket } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server'
import { waitUntil } from './wait.js'

// The one mail server of the tests: a real SMTP server on 127.0.0.1 (the `smtp-server` package),
// over TCP, reading what arrives with `mailparser`. `behave` decides each step's answer, so a test
// can make it answer 4xx or 5xx, drop the connection or stall. Never a mock transport.

export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  to: string[]
  from: string
  /** The raw message as it arrived. */
  raw: string
  parsed: ParsedMail
  at: number
}

/** What the server does at one step: accept, refuse with a code, hang up, or never answer. */
export type Behaviour = 'accept' | { code: number; message?: string } | 'drop' | 'stall'

export interface SmtpBehaviour {
  /** At RCPT TO of `address` (the n-th RCPT TO seen, from 0). */
  rcpt?(address: string, index: number): Behaviour
  /** At the end of DATA of the n-th message (from 0). */
  data?(index: number, raw: string): Behaviour
}

export interface SmtpServer {
  /** smtp://127.0.0.1:<port>, for CANVASS_SMTP_URL. */
  url: string
  port: number
  /** Mails accepted, in order. */
  mails: ReceivedMail[]
  /** Every RCPT TO seen, accepted or not. */
  rcpts: string[]
  behave: SmtpBehaviour
  /** Waits until predicate holds over the mails accepted, or fails after timeoutMs. */
  waitFor(predicate: (mails: ReceivedMail[]) => boolean, timeoutMs?: number): Promise<void>
  close(): Promise<void>
}

function refusal(code: number, message?: string): Error & { responseCode: number } {
  return Object.assign(new Error(message ?? `refused with ${code}`), { responseCode: code })
}

export async function startSmtpServer(behave: SmtpBehaviour = {}): Promise<SmtpServer> {
  const sockets = new Set<Socket>()
  let messages = 0
  const result = { mails: [] as ReceivedMail[], rcpts: [] as string[], behave } as SmtpServer

  /** Carries out a behaviour; `done` is the step's callback. */
  const act = (behaviour: Behaviour, session: SMTPServerSession, done: (error?: Error | null) => void) => {
    if (behaviour === 'accept') return done()
    if (behaviour === 'stall') return // never answers: the client's timeout ends it
    if (behaviour === 'drop') {
      for (const socket of sockets) if (socket.remotePort === session.remotePort) socket.destroy()
      return
    }
    done(refusal(behaviour.code, behaviour.message))
  }

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Many connections at once from a pooled transport; no delay on a bad command.
    maxClients: 1000,
    onConnect(_session: SMTPServerSession, done) {
      done()
    },
    onRcptTo(address: SMTPServerAddress, session, done) {
      const index = result.rcpts.length
      result.rcpts.push(address.address)
      act(result.behave.rcpt?.(address.address, index) ?? 'accept', session, done)
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const index = messages++
        const behaviour = result.behave.data?.(index, raw) ?? 'accept'
        if (behaviour !== 'accept') return act(behaviour, session, done)
        simpleParser(raw).then(
          (parsed) => {
            result.mails.push({
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              raw,
              parsed,
              at: Date.now(),
            })
            done()
          },
          (error: Error) => done(error),
        )
      })
    },
  })
  server.on('error', () => undefined)
  // smtp-server keeps its net.Server as .server; its sockets are needed to drop a connection.
  const net = (server as unknown as { server: import('node:net').Server }).server
  net.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  const { port } = net.address() as AddressInfo
  result.port = port
  result.url = `smtp://127.0.0.1:${port}`
  result.waitFor = (predicate, timeoutMs = 15_000) => waitUntil(() => predicate(result.mails), timeoutMs)
  result.close = async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise<void>((closed) => server.close(() => closed()))
  }
  return result
}
