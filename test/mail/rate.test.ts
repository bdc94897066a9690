import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppContext, createAppContext } from '../../src/context.js'
import { type DeliveryWorker, runDeliveryWorker } from '../../src/delivery/worker.js'
import { TestClock } from '../support/clock.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'
import { type SmtpServer, startSmtpServer } from '../support/smtp.js'
import { waitUntil } from '../support/wait.js'
import { queueTestMail, sendingSettings } from './support.js'

// CANVASS_MAIL_RATE is the deployment's, not a process's: two app contexts on one database (two
// processes, as far as the database can tell) share one count a minute. Mails over the rate wait
// for the next minute; none is dropped. The clock stands still but where the test moves it, so
// every mail's sent_at says in which minute it went.

const RATE = 3
const MINUTE_MICROS = 60_000_000
const clock = new TestClock({ stopped: true })
let smtp: SmtpServer
let first: TestContext
let second: AppContext

beforeAll(async () => {
  smtp = await startSmtpServer()
  first = await createTestContext(sendingSettings(smtp.url, { mailRate: RATE }), { clock })
  // The same database and settings, its own connections: another process.
  second = await createAppContext(first.config, { clock, logger: pino({ level: 'silent' }) })
})
afterAll(async () => {
  await second?.close()
  await first?.close()
  await smtp?.close()
})

function secondWorker(): DeliveryWorker {
  return runDeliveryWorker({
    config: second.config,
    database: second.database,
    logger: second.logger,
    signal: second.deliverySignal,
    metrics: second.deliveryMetrics,
    resolver: second.resolver,
    clock,
    // Room for every mail left in one claim: its one claim of the minute sees them all.
    smtpConnections: 5,
  })
}

const mailsOf = (ids: string[]) =>
  first.database.db
    .selectFrom('mails')
    .select(['id', 'status', 'sent_at', 'next_attempt_at', 'attempts'])
    .where('id', 'in', ids)
    .execute()

describe(`CANVASS_MAIL_RATE on ${testBackend}`, () => {
  it('is one count a minute for every process on the database; mails over it wait, none is dropped', async () => {
    const minute = Math.floor(clock.now() / 60_000)
    const nextMinute = (minute + 1) * MINUTE_MICROS
    const ids: string[] = []
    for (let index = 0; index < 8; index++)
      ids.push(await queueTestMail(first, { to: `rate${index}@example.com` }))

    // The first process sends the minute's three (claiming two at a time: some are left unclaimed).
    const one = first.startWorker({ smtpConnections: 1 })
    await waitUntil(async () => (await mailsOf(ids)).filter((mail) => mail.status === 'sent').length === RATE)
    await one.stop()

    // The second process, in the same minute, sends nothing: every mail left waits for the next.
    const two = secondWorker()
    await waitUntil(async () =>
      (await mailsOf(ids))
        .filter((mail) => mail.status === 'queued')
        .every((mail) => Number(mail.next_attempt_at) === nextMinute),
    )
    expect((await mailsOf(ids)).filter((mail) => mail.status === 'sent')).toHaveLength(RATE)
    expect(smtp.mails).toHaveLength(RATE)

    // Next minute: three more, whichever process sends them; then the last two.
    const again = first.startWorker({ smtpConnections: 1 })
    clock.advance(60_000)
    await waitUntil(
      async () => (await mailsOf(ids)).filter((mail) => mail.status === 'sent').length === 2 * RATE,
    )
    clock.advance(60_000)
    await waitUntil(async () => (await mailsOf(ids)).every((mail) => mail.status === 'sent'))
    await again.stop()
    await two.stop()

    const mails = await mailsOf(ids)
    const perMinute = [0, 1, 2].map(
      (offset) =>
        mails.filter((mail) => Math.floor(Number(mail.sent_at) / MINUTE_MICROS) === minute + offset).length,
    )
    expect(perMinute).toEqual([3, 3, 2])
    // Waiting for the rate is not an attempt.
    expect(mails.every((mail) => Number(mail.attempts) === 1)).toBe(true)
    const received = smtp.mails.flatMap((mail) => mail.to)
    expect(received.sort()).toEqual(ids.map((_id, index) => `rate${index}@example.com`).sort())
  })
})
