import type { Logger } from 'pino'
import type { Clock } from '../clock.js'
import type { Config } from '../config.js'
import type { Database } from '../db/database.js'
import {
  type ClaimedMail,
  claimDueMails,
  deferMails,
  type MailAttempt,
  recordMailFailure,
  recordMailsSent,
  refuseMail,
  releaseAllMailLeases,
} from '../domain/mail/leases.js'
import {
  type MailBody,
  type MailComposer,
  mailLinkProblem,
  oneLine,
  storedBody,
} from '../domain/mail/outbox.js'
import { minuteOf, minuteStartMicros, minuteStartMs, takeSends } from '../domain/mail/rate.js'
import { isUnsubscribed } from '../domain/mail/unsubscribes.js'
import type { Channel } from './channel.js'
import { SuccessBatch } from './pacing.js'
import { attemptBoundMs, type OutgoingMail, type SmtpSender, type SmtpTimeouts, smtpSender } from './smtp.js'

// The mail channel of the delivery worker (worker.ts): the outbox's queued mails, sent over SMTP
// (smtp.ts) with the same claim, send, record and schedule as webhook deliveries. A mail queued
// without a body (an invitation's) is composed when sent by the composer the worker was given.
// CANVASS_MAIL_RATE is taken from the deployment's count for the minute after each claim: mails
// claimed past it are given back, due the next minute, and this worker claims none until then.

export interface MailChannelOptions {
  config: Config
  database: Database
  clock: Clock
  logger: Logger
  /** Composes mails queued without a body; without one such mails fail, saying so. */
  composer: MailComposer | undefined
  /** SMTP connections at once (MAILS_A_CONNECTION mails in flight for each). */
  connections: number
  timeouts: SmtpTimeouts
}

interface ReadyMail {
  outgoing: OutgoingMail
}

// One bare address, `local@domain`: nothing a mail client could read as a name, a list or a group.
const oneAddress = /^[^\s@<>()[\]",;:\\]{1,64}@[^\s@<>()[\]",;:\\]{1,253}$/

// Mails in flight for each SMTP connection: those a connection cannot take yet wait in the pool's
// queue, so it sends the next one the moment it is done, however long a claim or a record takes
// (on PostgreSQL each is a commit). Fewer left the connections idle between mails (`npm run bench
// -- --only mail-send`).
const MAILS_A_CONNECTION = 4
// A lease outlives one attempt (its bound) with room to write the result.
const LEASE_MARGIN_MS = 5000

export class MailChannel implements Channel<ClaimedMail, ReadyMail, MailAttempt> {
  readonly name = 'mails'
  // Successes are recorded in batches (a few milliseconds apart): meanwhile the next mails go out.
  readonly releasesSlotWhenAnswered = true
  readonly concurrency: number
  readonly claimBatch: number
  readonly #options: MailChannelOptions
  readonly #leaseMicros: number
  readonly #sender: SmtpSender
  readonly #sent: SuccessBatch<{ claim: ClaimedMail; attempt: MailAttempt }, 'sent' | 'lost'>
  /** The minute's sends are spent: no claim before then (the clock's milliseconds). */
  #rateWaitUntil = 0

  constructor(smtpUrl: string, options: MailChannelOptions) {
    const { database, clock } = options
    this.#options = options
    this.concurrency = MAILS_A_CONNECTION * options.connections
    this.claimBatch = Math.max(1, Math.floor(this.concurrency / 4))
    this.#leaseMicros = (attemptBoundMs(options.timeouts, MAILS_A_CONNECTION - 1) + LEASE_MARGIN_MS) * 1000
    this.#sender = smtpSender(smtpUrl, { connections: options.connections, timeouts: options.timeouts })
    this.#sent = new SuccessBatch((batch) => recordMailsSent(database, clock, batch), 'lost')
  }

  voidLeases(): Promise<void> {
    return releaseAllMailLeases(this.#options.database.db)
  }

  /** Leases up to `free` due mails, within the minute's sends when CANVASS_MAIL_RATE is set. */
  async claim(free: number): Promise<ClaimedMail[]> {
    const { database, clock, config } = this.#options
    if (clock.now() < this.#rateWaitUntil) return []
    const claims = await claimDueMails(database, clock, free, this.#leaseMicros)
    if (config.mailRate === 0 || claims.length === 0) return claims
    const minute = minuteOf(clock)
    let taken: number
    try {
      taken = await takeSends(database.db, minute, config.mailRate, claims.length)
    } catch (error) {
      // Given back due now: a failed count must not keep them leased for a whole attempt's bound.
      await deferMails(database.db, claims, clock.nowMicros()).catch(() => undefined)
      throw error
    }
    if (taken < claims.length) {
      await deferMails(database.db, claims.slice(taken), minuteStartMicros(minute + 1))
      this.#rateWaitUntil = minuteStartMs(minute + 1)
    }
    return claims.slice(0, taken)
  }

  /** The mail as it goes out: its stored body, or one composed now; undefined when it cannot go (failed). */
  async prepare(claimed: ClaimedMail): Promise<ReadyMail | undefined> {
    const { config, clock } = this.#options
    const { mail } = claimed
    const problem = mailLinkProblem(config)
    if (problem) return this.#refuse(claimed, problem)
    if (!oneAddress.test(mail.to_address)) return this.#refuse(claimed, 'its To is not one valid address')
    let body: MailBody | string
    try {
      body = await this.#bodyOf(claimed)
    } catch (error) {
      // A passing fault (the database, say): tried again on the retry schedule.
      const reason = `composing the mail failed: ${error instanceof Error ? error.message : String(error)}`
      await this.#record(claimed, {
        result: 'retry',
        attemptedAt: clock.nowMicros(),
        durationMs: 0,
        replyCode: null,
        error: oneLine(reason).slice(0, 500),
      })
      return undefined
    }
    if (typeof body === 'string') return this.#refuse(claimed, body)
    return {
      outgoing: {
        from: config.mailFrom,
        to: mail.to_address,
        subject: mail.subject,
        messageId: mail.message_id,
        date: new Date(clock.now()),
        text: body.text,
        html: body.html,
        headers: body.headers ?? {},
      },
    }
  }

  /** The body to send, or why there is none. */
  async #bodyOf({ mail }: ClaimedMail): Promise<MailBody | string> {
    // An address that unsubscribed is never mailed again by the workspace; the team's own
    // notifications go to addresses the team chose (docs/api.md#unsubscribing).
    if (
      mail.kind !== 'notification' &&
      (await isUnsubscribed(this.#options.database.db, mail.workspace_id, mail.to_address))
    )
      return 'not sent: the address has unsubscribed from this workspace'
    if (mail.body_json !== null) return storedBody(mail) ?? 'the stored body of the mail is not valid'
    const { composer, database } = this.#options
    if (!composer)
      return `${mail.kind} mails are composed when sent, and this worker has no composer for them`
    return (
      (await composer(database, mail)) ??
      'the mail can no longer be composed: what it was written from (its invitation or recipient) is gone'
    )
  }

  /** One SMTP transaction: From, To, Subject, the stable Message-ID, Date, text and HTML parts. */
  async send({ outgoing }: ReadyMail): Promise<MailAttempt> {
    const { clock } = this.#options
    const attemptedAt = clock.nowMicros()
    const started = clock.now()
    const answer = await this.#sender.send(outgoing)
    return { ...answer, attemptedAt, durationMs: Math.max(0, Math.round(clock.now() - started)) }
  }

  async record(claimed: ClaimedMail, _ready: ReadyMail, attempt: MailAttempt): Promise<void> {
    await this.#record(claimed, attempt)
  }

  async #record(claimed: ClaimedMail, attempt: MailAttempt): Promise<void> {
    const { database, clock, config, logger } = this.#options
    const result =
      attempt.result === 'sent'
        ? await this.#sent.record({ claim: claimed, attempt })
        : await recordMailFailure(database, clock, claimed, attempt, config.webhookRetrySchedule)
    if (attempt.result === 'sent') return
    // Never the address or the body: what an operator needs to find the failing server.
    logger.warn(
      {
        mail: claimed.mail.id,
        kind: claimed.mail.kind,
        attempt: Number(claimed.mail.attempts) + 1,
        reply: attempt.replyCode,
        error: attempt.error,
        result,
      },
      'mail attempt failed',
    )
  }

  async #refuse(claimed: ClaimedMail, reason: string): Promise<undefined> {
    const { database, clock, logger } = this.#options
    const result = await refuseMail(database, clock, claimed, reason)
    logger.warn({ mail: claimed.mail.id, kind: claimed.mail.kind, reason, result }, 'mail refused')
    return undefined
  }

  async close(): Promise<void> {
    this.#sender.close()
  }
}
