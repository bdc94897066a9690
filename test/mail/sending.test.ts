import { pino } from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Config } from '../../src/config.js'
import type { WorkerOptions } from '../../src/delivery/worker.js'
import { startServer } from '../../src/server.js'
import { TestClock } from '../support/clock.js'
import { createTestContext, type TestContext, testConfig } from '../support/context.js'
import { createTestDatabase, testBackend } from '../support/databases.js'
import { type ReceivedMail, type SmtpServer, startSmtpServer } from '../support/smtp.js'
import {
  createRecipient,
  type Json,
  mailOf,
  PAST_RETRY_MS,
  queueInvitationMail,
  queueTestMail,
  recipientRow,
  sendingSettings,
  testComposer,
  waitForMail,
} from './support.js'

// Sending the outbox over SMTP to a real server on 127.0.0.1 (test/support/smtp.ts), as a user of
// the outbox sees it: what arrives, and what GET /v1/mail/{id} says. Retry delays are passed by
// moving the test clock, never by sleeping.

const clock = new TestClock()
let smtp: SmtpServer
let ctx: TestContext

beforeAll(async () => {
  smtp = await startSmtpServer()
  ctx = await createTestContext(sendingSettings(smtp.url), { clock, mailComposer: testComposer })
})
afterAll(async () => {
  await ctx?.close()
  await smtp?.close()
})
beforeEach(() => {
  smtp.behave = {}
})

type Options = Parameters<TestContext['startWorker']>[0]

/** Runs `fn` with a worker of the context, stopped once it is done. */
async function withWorker<T>(fn: () => Promise<T>, options: Options = {}): Promise<T> {
  const worker = ctx.startWorker(options)
  try {
    return await fn()
  } finally {
    await worker.stop()
  }
}

async function messageIdOf(mailId: string): Promise<string> {
  const row = await ctx.database.db
    .selectFrom('mails')
    .select('message_id')
    .where('id', '=', mailId)
    .executeTakeFirstOrThrow()
  return row.message_id
}

const arrived = (messageId: string): ReceivedMail[] =>
  smtp.mails.filter((mail) => mail.parsed.messageId === messageId)

/** The value of a header line of a raw message (unfolded). */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? ''
  return head
    .split(/\r?\n/)
    .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    ?.slice(name.length + 1)
    .trim()
}

const addresses = (field: unknown): string[] =>
  (Array.isArray(field) ? field : [field]).flatMap((group: Json) =>
    (group?.value ?? []).map((entry: Json) => entry.address),
  )

describe(`sending mail on ${testBackend}`, () => {
  it('sends a queued mail with its From, To, Subject, Message-ID, Date, parts and extra headers', async () => {
    const id = await queueTestMail(ctx, {
      to: 'grace@example.com',
      subject: 'Résumé of today’s responses',
      body: {
        text: 'Three responses came in.\nSee the dashboard.',
        html: '<p>Three responses came in.</p><p>See <b>the dashboard</b>.</p>',
        headers: {
          'List-Unsubscribe': '<https://forms.example.com/u/abcdefghijklmnopqrstuv>',
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      },
    })
    const messageId = await messageIdOf(id)
    expect(messageId).toMatch(new RegExp(`^<${id}@example\\.com>$`))
    const sent = await withWorker(async () => {
      await smtp.waitFor(() => arrived(messageId).length > 0)
      return waitForMail(ctx, id, (mail) => mail.status === 'sent')
    })
    const [mail] = arrived(messageId) as [ReceivedMail]
    expect(mail.to).toEqual(['grace@example.com'])
    expect(mail.from).toBe('surveys@example.com')
    expect(mail.parsed.from?.value).toEqual([{ address: 'surveys@example.com', name: 'Surveys' }])
    expect(addresses(mail.parsed.to)).toEqual(['grace@example.com'])
    expect(mail.parsed.subject).toBe('Résumé of today’s responses')
    expect(mail.parsed.text?.trim()).toBe('Three responses came in.\nSee the dashboard.')
    expect(mail.parsed.html).toContain('<p>See <b>the dashboard</b>.</p>')
    expect(Math.abs((mail.parsed.date?.getTime() ?? 0) - clock.now())).toBeLessThan(60_000)
    expect(header(mail.raw, 'List-Unsubscribe')).toBe('<https://forms.example.com/u/abcdefghijklmnopqrstuv>')
    expect(header(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')

    expect(sent).toMatchObject({ id, to: 'grace@example.com', status: 'sent', attempts: 1, last_error: null })
    expect(sent.sent_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/)
    expect(sent.text).toBe('Three responses came in.\nSee the dashboard.')
    expect(sent.attempts_log).toEqual([
      {
        number: 1,
        attempted_at: expect.any(String),
        duration_ms: expect.any(Number),
        reply_code: 250,
        error: null,
      },
    ])
  })

  it('retries a 4xx reply on the retry schedule with the same Message-ID, then sends it', async () => {
    const id = await queueTestMail(ctx, { to: 'retry@example.com' })
    const messageId = await messageIdOf(id)
    const tries: string[] = []
    smtp.behave = {
      data: (_index, raw) => {
        if (!raw.includes(messageId)) return 'accept'
        tries.push(raw)
        return tries.length === 1 ? { code: 451, message: '4.3.0 Try again later' } : 'accept'
      },
    }
    const sent = await withWorker(async () => {
      const first = await waitForMail(ctx, id, (mail) => mail.attempts === 1)
      expect(first).toMatchObject({ status: 'queued', sent_at: null })
      expect(first.last_error).toContain('451 4.3.0 Try again later')
      clock.advance(PAST_RETRY_MS)
      return waitForMail(ctx, id, (mail) => mail.status === 'sent')
    })
    expect(sent.attempts).toBe(2)
    expect(sent.last_error).toBeNull()
    expect(tries.map((raw) => header(raw, 'Message-ID'))).toEqual([messageId, messageId])
    expect(arrived(messageId)).toHaveLength(1)
    expect(sent.attempts_log.map((attempt: Json) => [attempt.number, attempt.reply_code])).toEqual([
      [1, 451],
      [2, 250],
    ])
    expect(sent.attempts_log[0].error).toContain('451')
  })

  it('fails a mail at once on a 5xx reply, with the reply as its last error', async () => {
    const id = await queueTestMail(ctx, { to: 'spam@example.com' })
    const messageId = await messageIdOf(id)
    smtp.behave = {
      data: (_index, raw) =>
        raw.includes(messageId) ? { code: 554, message: '5.7.1 Message rejected as spam' } : 'accept',
    }
    await withWorker(async () => {
      const failed = await waitForMail(ctx, id, (mail) => mail.status === 'failed')
      expect(failed.attempts).toBe(1)
      expect(failed.last_error).toContain('554 5.7.1 Message rejected as spam')
      expect(failed.attempts_log[0].reply_code).toBe(554)
      // Past the retry delay, a later mail is sent and this one is not tried again.
      clock.advance(PAST_RETRY_MS)
      const later = await queueTestMail(ctx, { to: 'later@example.com' })
      await waitForMail(ctx, later, (mail) => mail.status === 'sent')
    })
    expect((await mailOf(ctx, id)).attempts).toBe(1)
    expect(arrived(messageId)).toHaveLength(0)
  })

  it('marks a mail and its recipient bounced on a 5xx to RCPT TO', async () => {
    const recipient = await createRecipient(ctx, { email: 'nobody@example.com' })
    const id = await queueInvitationMail(ctx, recipient)
    smtp.behave = {
      rcpt: (address) =>
        address === 'nobody@example.com' ? { code: 550, message: '5.1.1 No such user' } : 'accept',
    }
    const bounced = await withWorker(() => waitForMail(ctx, id, (mail) => mail.status === 'bounced'))
    expect(bounced.attempts).toBe(1)
    expect(bounced.last_error).toContain('550 5.1.1 No such user')
    expect(bounced.last_error).toContain('RCPT TO')
    const row = await recipientRow(ctx, recipient.id)
    expect(row.status).toBe('bounced')
    expect(row.last_mail_at).toBeNull()
  })

  it('fails a mail once the retry schedule is spent, and its recipient with it', async () => {
    const recipient = await createRecipient(ctx, { email: 'busy@example.com' })
    const id = await queueInvitationMail(ctx, recipient)
    smtp.behave = {
      rcpt: (address) =>
        address === 'busy@example.com' ? { code: 452, message: '4.2.2 Mailbox full' } : 'accept',
    }
    const failed = await withWorker(async () => {
      // The schedule has two delays: three attempts in all.
      for (const attempts of [1, 2]) {
        await waitForMail(ctx, id, (mail) => mail.attempts === attempts && mail.status === 'queued')
        clock.advance(PAST_RETRY_MS)
      }
      return waitForMail(ctx, id, (mail) => mail.status === 'failed')
    })
    expect(failed.attempts).toBe(3)
    expect(failed.last_error).toContain('452 4.2.2 Mailbox full')
    expect((await recipientRow(ctx, recipient.id)).status).toBe('failed')
  })

  it('retries a mail whose connection was dropped', async () => {
    const id = await queueTestMail(ctx, { to: 'dropped@example.com' })
    let dropped = 0
    smtp.behave = {
      rcpt: (address) => (address === 'dropped@example.com' && dropped++ === 0 ? 'drop' : 'accept'),
    }
    const sent = await withWorker(async () => {
      const first = await waitForMail(ctx, id, (mail) => mail.attempts === 1)
      expect(first.status).toBe('queued')
      expect(first.attempts_log[0].reply_code).toBeNull()
      expect(first.last_error).toMatch(/connection/i)
      clock.advance(PAST_RETRY_MS)
      return waitForMail(ctx, id, (mail) => mail.status === 'sent')
    })
    expect(sent.attempts).toBe(2)
  })

  it('ends an attempt on a server that stops answering, and retries it', async () => {
    const id = await queueTestMail(ctx, { to: 'stalled@example.com' })
    let stalled = 0
    smtp.behave = {
      rcpt: (address) => (address === 'stalled@example.com' && stalled++ === 0 ? 'stall' : 'accept'),
    }
    const options: Partial<WorkerOptions> = { smtpTimeouts: { socketMs: 1500 } }
    const sent = await withWorker(async () => {
      const first = await waitForMail(ctx, id, (mail) => mail.attempts === 1)
      expect(first.status).toBe('queued')
      expect(first.last_error).toBe('the SMTP server did not answer in time')
      expect(first.attempts_log[0].reply_code).toBeNull()
      // Further attempts answer at once; a busy machine may still need more than one.
      return waitForMail(ctx, id, (mail) => {
        if (mail.status !== 'sent') clock.advance(PAST_RETRY_MS)
        return mail.status === 'sent'
      })
    }, options)
    expect(sent.attempts).toBeGreaterThanOrEqual(2)
  })

  it('composes a mail queued without a body when it is sent, and marks its recipient sent', async () => {
    const recipient = await createRecipient(ctx, { name: 'Ada Lovelace' })
    const completed = await createRecipient(ctx, { name: 'Done Already', status: 'completed' })
    const id = await queueInvitationMail(ctx, recipient)
    const other = await queueInvitationMail(ctx, completed)
    const messageId = await messageIdOf(id)
    await withWorker(async () => {
      await waitForMail(ctx, id, (mail) => mail.status === 'sent')
      await waitForMail(ctx, other, (mail) => mail.status === 'sent')
    })
    const [mail] = arrived(messageId) as [ReceivedMail]
    expect(mail.parsed.text).toContain(
      `Hello Ada Lovelace, please answer: https://forms.example.com/i/${recipient.token}`,
    )
    expect(header(mail.raw, 'List-Unsubscribe')).toBe(`<https://forms.example.com/u/${recipient.token}>`)
    const row = await recipientRow(ctx, recipient.id)
    expect(row.status).toBe('sent')
    expect(Number(row.last_mail_at)).toBeGreaterThan(0)
    // A recipient further along stays so.
    const done = await recipientRow(ctx, completed.id)
    expect(done.status).toBe('completed')
    expect(Number(done.last_mail_at)).toBeGreaterThan(0)
  })

  it('fails a mail that cannot be composed, saying why', async () => {
    const noComposer = await queueInvitationMail(ctx, await createRecipient(ctx))
    await withWorker(() => waitForMail(ctx, noComposer, (mail) => mail.status === 'failed'), {
      mailComposer: undefined,
    })
    const gone = await queueInvitationMail(ctx, await createRecipient(ctx))
    await withWorker(() => waitForMail(ctx, gone, (mail) => mail.status === 'failed'), {
      mailComposer: async () => undefined,
    })
    const [first, second] = [await mailOf(ctx, noComposer), await mailOf(ctx, gone)]
    expect(first.last_error).toBe(
      'invitation mails are composed when sent, and this worker has no composer for them',
    )
    expect(second.last_error).toMatch(/can no longer be composed/)
    // Nothing was sent: no attempt.
    expect([first.attempts, second.attempts]).toEqual([0, 0])
  })

  it('never lets CR or LF in a subject, an address or a header open a header of its own', async () => {
    const id = await queueTestMail(ctx, {
      to: 'ada@example.com',
      subject: 'Hello\r\nBcc: eve@example.com\r\n\r\nInjected body',
      body: {
        text: 'Body',
        html: '<p>Body</p>',
        headers: { 'X-Campaign': 'spring\r\nBcc: eve@example.com' },
      },
    })
    const sneaky = await queueTestMail(ctx, { to: 'ada@example.com\r\nBcc: eve@example.com' })
    const messageId = await messageIdOf(id)
    await withWorker(async () => {
      await waitForMail(ctx, id, (mail) => mail.status === 'sent')
      await waitForMail(ctx, sneaky, (mail) => mail.status !== 'queued')
    })
    const [mail] = arrived(messageId) as [ReceivedMail]
    expect(mail.parsed.subject).toBe('Hello Bcc: eve@example.com Injected body')
    expect(header(mail.raw, 'Bcc')).toBeUndefined()
    expect(header(mail.raw, 'X-Campaign')).toBe('spring Bcc: eve@example.com')
    expect(mail.parsed.text?.trim()).toBe('Body')
    expect(smtp.rcpts).not.toContain('eve@example.com')
    const refused = await mailOf(ctx, sneaky)
    expect(refused.status).toBe('failed')
    expect(refused.last_error).toMatch(/not one valid address/)
  })

  it('sends a mail a crashed worker held: at once on SQLite, once its lease ends on PostgreSQL', async () => {
    const id = await queueTestMail(ctx, { to: 'leased@example.com' })
    const lease = clock.nowMicros() + 3600 * 1_000_000
    await ctx.database.db.updateTable('mails').set({ lease_expires_at: lease }).where('id', '=', id).execute()
    await withWorker(async () => {
      if (ctx.database.capabilities.sharedByProcesses) {
        // Another process may hold it: only once its lease ends is it due again.
        const later = await queueTestMail(ctx, { to: 'later@example.com' })
        await waitForMail(ctx, later, (mail) => mail.status === 'sent')
        expect((await mailOf(ctx, id)).status).toBe('queued')
        clock.advance(3600 * 1000 + 1000)
      }
      await waitForMail(ctx, id, (mail) => mail.status === 'sent')
    })
    expect((await mailOf(ctx, id)).attempts).toBe(1)
  })
})

describe(`mail without CANVASS_PUBLIC_URL on ${testBackend}`, () => {
  it('refuses to send, in one line naming the setting', async () => {
    const bare = await createTestContext(sendingSettings(smtp.url, { publicUrl: undefined }))
    try {
      const id = await queueTestMail(bare, { to: 'no-public-url@example.com' })
      const worker = bare.startWorker()
      const failed = await waitForMail(bare, id, (mail) => mail.status === 'failed')
      await worker.stop()
      expect(failed.last_error).toMatch(/^CANVASS_PUBLIC_URL is not set: .*set CANVASS_PUBLIC_URL/)
      expect(failed.last_error).not.toMatch(/[\r\n]/)
      expect(failed.attempts).toBe(0)
      expect(smtp.rcpts).not.toContain('no-public-url@example.com')
    } finally {
      await bare.close()
    }
  })

  it('is said by one warning line when canvass serve starts, and only then', async () => {
    const lines: string[] = []
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) })
    const start = async (overrides: Partial<Config>) => {
      const database = await createTestDatabase()
      try {
        const config = testConfig(database.config, { port: 0, logLevel: 'warn', ...overrides })
        const server = await startServer(config, { logger, announce: () => undefined })
        await server.close()
      } finally {
        await database.drop()
      }
    }
    await start(sendingSettings(smtp.url, { publicUrl: undefined }))
    const warned = lines.map((line) => JSON.parse(line)).filter((line) => /CANVASS_PUBLIC_URL/.test(line.msg))
    expect(warned).toHaveLength(1)
    expect(warned[0].level).toBe(40)
    lines.length = 0
    await start(sendingSettings(smtp.url))
    await start({})
    expect(lines.filter((line) => /CANVASS_PUBLIC_URL/.test(line))).toEqual([])
  })
})
