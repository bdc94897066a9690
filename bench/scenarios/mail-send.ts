import type { ChildProcess } from 'node:child_process'
import { processClock } from '../../src/clock.js'
import { parseDatabaseUrl } from '../../src/config.js'
import { openDatabase } from '../../src/db/database.js'
import { queueMails } from '../../src/domain/mail/outbox.js'
import { DeliverySignal } from '../../src/domain/webhooks/signal.js'
import { startCanvass } from '../lib/canvass.js'
import type { ThrowawayDatabase } from '../lib/database.js'
import { BENCH_FROM, benchMail } from '../lib/mail.js'
import { forkTs, forkWorker, stopChild } from '../lib/processes.js'
import { check } from '../lib/report.js'
import type { SinkReport } from '../lib/smtp-sink.js'
import type { Scenario } from './scenario.js'

// mail-send: mails a second through Canvass's outbox (queued in one transaction, sent by the
// worker of `canvass serve` over its pooled SMTP transport, each recorded with its attempt) to a
// local SMTP server (`smtp-server`, in its own process), against a bare nodemailer loop sending the
// same number of like mails to the same server over as many connections, in the same run. Each
// side's rate is from the server's first receipt to its last, so neither pays for starting up or
// for Canvass's poll. CANVASS_MAIL_RATE is off.

const CONNECTIONS = 5

interface Sink {
  url: string
  report(): Promise<SinkReport>
  reset(): void
  waitFor(count: number, timeoutMs: number): Promise<SinkReport>
  stop(): Promise<void>
}

async function startSink(): Promise<Sink> {
  const { child, port } = await forkTs('bench/lib/smtp-sink.ts', {})
  const report = () =>
    new Promise<SinkReport>((done) => {
      const onMessage = (message: { type: string; report: SinkReport }) => {
        if (message.type !== 'report') return
        ;(child as ChildProcess).off('message', onMessage)
        done(message.report)
      }
      child.on('message', onMessage)
      child.send({ type: 'report' })
    })
  return {
    url: `smtp://127.0.0.1:${port}`,
    report,
    reset: () => child.send({ type: 'reset' }),
    async waitFor(count, timeoutMs) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const last = await report()
        if (last.unique >= count || Date.now() > deadline) return last
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    stop: () => stopChild(child),
  }
}

/** Queues `count` mails in Canvass's outbox, as the code that causes mail does: one transaction. */
async function queueBenchMails(database: ThrowawayDatabase, smtpUrl: string, round: number, count: number) {
  const db = openDatabase(parseDatabaseUrl(database.url))
  try {
    await db.transaction((trx) =>
      queueMails(
        trx,
        processClock,
        new DeliverySignal(),
        { smtpUrl, mailFrom: BENCH_FROM },
        Array.from({ length: count }, (_, index) => {
          const mail = benchMail(index)
          return {
            workspaceId: `ws_bench${round}`,
            kind: 'notification' as const,
            to: mail.to,
            subject: mail.subject,
            body: { text: mail.text, html: mail.html, headers: mail.headers },
          }
        }),
      ),
    )
  } finally {
    await db.close()
  }
}

const rateOf = (report: SinkReport) =>
  report.unique > 1 ? (report.unique - 1) / ((report.lastAtMs - report.firstAtMs) / 1000) : Number.NaN

export const mailSend: Scenario = {
  name: 'mail-send',
  databases: ['sqlite', 'postgres'],
  floor: 'a bare nodemailer loop to the same SMTP server, same run',
  async run(context) {
    const count = context.quick ? 1000 : 3000
    const rounds = context.quick ? 2 : 4
    const timeoutMs = context.quick ? 60_000 : 180_000
    const database = await context.freshDatabase('mail')
    const sink = await startSink()
    const floor = await forkWorker<
      { url: string; connections: number; count: number },
      { sent: number; failed: number }
    >('bench/floors/mail-send.ts')
    const canvass = await startCanvass(database, {
      CANVASS_SMTP_URL: sink.url,
      CANVASS_MAIL_FROM: BENCH_FROM,
      CANVASS_MAIL_RATE: '0',
      CANVASS_PUBLIC_URL: 'https://forms.example.com',
    })
    const canvassRates: number[] = []
    const floorRates: number[] = []
    let duplicates = 0
    let failed = 0
    try {
      const viaCanvass = async (round: number) => {
        sink.reset()
        await queueBenchMails(database, sink.url, round, count)
        const sent = await sink.waitFor(count, timeoutMs)
        if (sent.unique < count) throw new Error(`Canvass sent ${sent.unique} of ${count} mails in time`)
        canvassRates.push(rateOf(sent))
        duplicates += sent.duplicates
      }
      const viaNodemailer = async () => {
        sink.reset()
        const result = await floor.call({ url: sink.url, connections: CONNECTIONS, count })
        failed += result.failed
        floorRates.push(rateOf(await sink.report()))
      }
      // A B, then B A: neither side always runs first.
      for (let round = 0; round < rounds; round++) {
        if (round % 2 === 0) {
          await viaCanvass(round)
          await viaNodemailer()
        } else {
          await viaNodemailer()
          await viaCanvass(round)
        }
        context.log(
          `  round ${round + 1}: Canvass ${canvassRates.at(-1)?.toFixed(0)} mails/s, nodemailer ${floorRates.at(-1)?.toFixed(0)} mails/s`,
        )
      }
      const best = (rates: number[]) => Math.max(...rates)
      return {
        checks: [check('mails/s', best(canvassRates), best(floorRates), { op: '>=', value: 0.8 })],
        peakRssMb: canvass.peakRssMb(),
        details: {
          mails_per_round: count,
          smtp_connections: CONNECTIONS,
          canvass_mails_per_s: canvassRates.map((rate) => Math.round(rate)).join(' '),
          nodemailer_mails_per_s: floorRates.map((rate) => Math.round(rate)).join(' '),
          duplicate_mails: duplicates,
          floor_failed: failed,
        },
      }
    } finally {
      await canvass.stop()
      await floor.stop()
      await sink.stop()
    }
  },
}
