import { createTransport } from 'nodemailer'
import { benchMail } from '../lib/mail.js'

// Floor of mail-send: a bare nodemailer loop, with the pooled transport settings Canvass uses (as
// many connections, no requeue), sending `count` mails like Canvass's (same From, parts and
// headers, each its own Message-ID) to the SMTP server at `url` as fast as the pool takes them. No
// database, no outbox. IPC: {url, connections, count} -> {sent, failed}.

interface Request {
  url: string
  connections: number
  count: number
}

let transport: ReturnType<typeof createTransport> | undefined
let round = 0

async function send({ url, connections, count }: Request) {
  const server = new URL(url)
  transport ??= createTransport({
    pool: true,
    host: server.hostname,
    port: Number(server.port),
    secure: false,
    maxConnections: connections,
    maxRequeues: 0,
    disableFileAccess: true,
    disableUrlAccess: true,
    logger: false,
  })
  const pool = transport
  round++
  const results = await Promise.allSettled(
    Array.from({ length: count }, (_, index) => {
      const mail = benchMail(index)
      return pool.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        messageId: `<floor-${round}-${index}@example.com>`,
        date: new Date(),
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      })
    }),
  )
  const sent = results.filter((result) => result.status === 'fulfilled').length
  return { sent, failed: results.length - sent }
}

process.on('message', (request: Request) => {
  send(request).then(
    (result) => process.send?.(result),
    (error: unknown) => process.send?.({ error: String(error) }),
  )
})
process.send?.({ ready: true })
process.on('SIGTERM', () => {
  transport?.close()
  process.exit(0)
})
