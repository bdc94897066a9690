import { createTransport } from 'nodemailer'
import type { NodemailerError } from 'nodemailer/lib/errors'
import type { MailResult } from '../domain/mail/leases.js'
import { oneLine } from '../domain/mail/outbox.js'

// The mail worker's SMTP client: one pooled nodemailer transport built from CANVASS_SMTP_URL
// (`smtp://` upgrades with STARTTLS when the server offers it, `smtps://` is TLS from the start),
// with timeouts that end an attempt on a server that stops answering. Its answer says what the
// attempt means for the mail: accepted, worth another try, or refused for good.

export interface SmtpTimeouts {
  /** To open the TCP (and TLS) connection. */
  connectMs: number
  /** For the server's greeting once connected. */
  greetingMs: number
  /** Of silence at any later step (a reply to a command, the end of DATA). */
  socketMs: number
}

export const defaultSmtpTimeouts: SmtpTimeouts = { connectMs: 10_000, greetingMs: 10_000, socketMs: 30_000 }

/**
 * The longest an attempt can take when it may wait for `ahead` other mails on its connection
 * first (the pool's queue holds what its connections cannot take yet).
 */
export function attemptBoundMs(timeouts: SmtpTimeouts, ahead: number): number {
  // Connect, greeting, then EHLO, STARTTLS, EHLO, AUTH, MAIL FROM, RCPT TO, DATA, the message.
  return (ahead + 1) * (timeouts.connectMs + timeouts.greetingMs + 8 * timeouts.socketMs)
}

export interface OutgoingMail {
  from: string
  to: string
  subject: string
  /** `<id@domain>`, the same on every attempt. */
  messageId: string
  date: Date
  text: string
  html: string
  headers: Record<string, string>
}

export interface SmtpAnswer {
  result: MailResult
  replyCode: number | null
  /** One line; null when accepted. */
  error: string | null
}

export interface SmtpSender {
  send(mail: OutgoingMail): Promise<SmtpAnswer>
  close(): void
}

// The steps of a session that concern the mail itself: a permanent refusal at one of them is the
// mail's (failed, or bounced at RCPT TO). A 5xx elsewhere (the greeting, EHLO, AUTH) is the
// server's or its settings', and is retried like a connection failure.
const mailCommands = new Set(['MAIL FROM', 'RCPT TO', 'DATA'])

// Headers only Canvass sets: a composer's extra headers may not replace them.
const reservedHeaders = new Set([
  'from',
  'to',
  'cc',
  'bcc',
  'subject',
  'message-id',
  'date',
  'sender',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
])
const headerName = /^[A-Za-z][A-Za-z0-9-]{0,75}$/

const ERROR_CHARACTERS = 500

export function smtpSender(
  url: string,
  options: { connections: number; timeouts: SmtpTimeouts },
): SmtpSender {
  const parsed = new URL(url)
  const secure = parsed.protocol === 'smtps:'
  const transport = createTransport({
    pool: true,
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    ...(parsed.username
      ? { auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } }
      : {}),
    maxConnections: options.connections,
    // A connection closed mid-mail ends the attempt: the outbox retries it on its own schedule.
    maxRequeues: 0,
    connectionTimeout: options.timeouts.connectMs,
    greetingTimeout: options.timeouts.greetingMs,
    socketTimeout: options.timeouts.socketMs,
    disableFileAccess: true,
    disableUrlAccess: true,
    logger: false,
  })
  return {
    async send(mail) {
      try {
        const info = await transport.sendMail({
          from: mail.from,
          to: oneLine(mail.to),
          subject: oneLine(mail.subject),
          messageId: mail.messageId,
          date: mail.date,
          text: mail.text,
          html: mail.html,
          headers: extraHeaders(mail.headers),
        })
        return { result: 'sent', replyCode: replyCodeOf(info.response), error: null }
      } catch (error) {
        return answerOf(error as NodemailerError)
      }
    },
    close() {
      transport.close()
    },
  }
}

function extraHeaders(headers: Record<string, string>): Record<string, string> {
  const safe: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (headerName.test(name) && !reservedHeaders.has(name.toLowerCase())) safe[name] = oneLine(String(value))
  }
  return safe
}

const replyCodeOf = (response: unknown): number | null => {
  const code = typeof response === 'string' ? /^\d{3}/.exec(response)?.[0] : undefined
  return code === undefined ? null : Number(code)
}

/** What a failed send means for the mail, and its reason in one line. */
export function answerOf(error: NodemailerError): SmtpAnswer {
  const code = typeof error.responseCode === 'number' ? error.responseCode : null
  const command = error.command ?? ''
  const permanent = code !== null && code >= 500 && error.permanent !== false && mailCommands.has(command)
  // Refused before anything was sent: an address or message no server would take.
  const invalid =
    code === null && command === 'API' && (error.code === 'EENVELOPE' || error.code === 'EMESSAGE')
  const result = permanent ? (command === 'RCPT TO' ? 'bounced' : 'failed') : invalid ? 'failed' : 'retry'
  return { result, replyCode: code, error: describe(error, code, command) }
}

function describe(error: NodemailerError, code: number | null, command: string): string {
  let text: string
  if (code !== null) text = `${error.response ?? code} (at ${command || 'connection'})`
  else if (error.code === 'ETIMEDOUT') text = 'the SMTP server did not answer in time'
  else if (error.code === 'ECONNECTION' || error.code === 'ESOCKET')
    text = `the connection to the SMTP server failed: ${originalMessage(error)}`
  else text = error.message
  return oneLine(text).slice(0, ERROR_CHARACTERS)
}

// The pool's own words for a connection closed mid-mail speak of requeues, which Canvass turns off.
const originalMessage = (error: NodemailerError): string =>
  /maximum number of retries/i.test(error.message)
    ? 'it was closed before the mail was accepted'
    : error.message
