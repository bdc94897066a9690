import { randomInt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/db/database.js'
import { createTestDatabase, type TestDatabase, testBackend } from '../support/databases.js'
import { lastLine, runCanvass, startServe } from '../support/process.js'
import { type SmtpServer, startSmtpServer } from '../support/smtp.js'

// Issue 29: crash safety of the mail outbox. A child `canvass serve` sends an invitation of 10,000
// contacts to a real SMTP server on 127.0.0.1 and is SIGKILLed three times while sending, then
// restarted. Afterwards every contact has received the invitation; mails arrived twice only where
// the server had accepted them and the killed process had not yet recorded them sent (counted at
// each kill from the database, and reported); and the invitation's counts equal what arrived. On
// SQLite a starting worker takes back the leases a killed one held, so what was in flight is sent
// again at once; on PostgreSQL a lease is only taken back once it runs out (other live processes
// may hold leases there), which the in-process tests cover with a moved clock (sending.test.ts),
// so this file runs on the sqlite project only, as the webhooks' crash test does.

const CONTACTS = 10_000
const KILLS = 3

let database: TestDatabase
let smtp: SmtpServer
let env: Record<string, string>

beforeAll(async () => {
  if (testBackend !== 'sqlite') return
  database = await createTestDatabase('sqlite')
  smtp = await startSmtpServer()
  env = {
    DATABASE_URL: database.url,
    CANVASS_SMTP_URL: smtp.url,
    CANVASS_MAIL_FROM: 'Surveys <surveys@example.com>',
    CANVASS_PUBLIC_URL: 'https://forms.example.com',
    CANVASS_MAIL_RATE: '0',
    CANVASS_WORKER: '1',
  }
})

afterAll(async () => {
  await smtp?.close()
  await database?.drop()
})

async function api(baseUrl: string, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const json = await response.json()
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`)
  return json
}

/** Mails the SMTP server accepted whose row still is not `sent`: sent again after the kill. */
async function acceptedNotRecorded(messageIds: Set<string>): Promise<number> {
  const file = openDatabase({ kind: 'sqlite', filename: database.url.replace(/^sqlite:/, '') })
  try {
    const rows = await file.db.selectFrom('mails').select(['message_id', 'status']).execute()
    return rows.filter((row) => row.status !== 'sent' && messageIds.has(row.message_id)).length
  } finally {
    await file.close()
  }
}

describe.skipIf(testBackend !== 'sqlite')('crash safety of the mail outbox (sqlite project only)', () => {
  it(`sends an invitation of ${CONTACTS.toLocaleString('en')} contacts through ${KILLS} SIGKILLs, each at most once more than in flight`, async () => {
    const created = await runCanvass(['token', 'create', '--name', 'crash'], env)
    expect(created.code, created.output).toBe(0)
    const token = lastLine(created.output)

    let server = await startServe(env)
    const form = await api(server.baseUrl, token, 'POST', '/v1/forms', {
      title: 'Crash survey',
      questions: [{ id: 'q1', title: 'How was it?', type: 'short_text' }],
    })
    const list = await api(server.baseUrl, token, 'POST', '/v1/contact-lists', { name: 'Everyone' })
    for (let start = 0; start < CONTACTS; start += 1000) {
      const contacts = Array.from({ length: 1000 }, (_, n) => ({
        email: `person-${start + n}@example.com`,
        name: `Person ${start + n}`,
      }))
      await api(server.baseUrl, token, 'POST', '/v1/contacts/bulk', { list_id: list.id, contacts })
    }
    const invitation = await api(server.baseUrl, token, 'POST', `/v1/forms/${form.id}/invitations`, {
      list_id: list.id,
      subject: 'Your opinion, {{name}}',
      message: 'Hello {{name}}, please answer: {{link}}',
    })

    const inFlight: number[] = []
    for (let kill = 0; kill < KILLS; kill++) {
      // Kill at a random moment while mails flow: after some more have arrived.
      const target = smtp.mails.length + randomInt(300, 1500)
      await smtp.waitFor((mails) => mails.length >= Math.min(target, CONTACTS - 500), 120_000)
      server.child.kill('SIGKILL')
      await server.exited
      const received = new Set(smtp.mails.map((mail) => mail.parsed.messageId as string))
      inFlight.push(await acceptedNotRecorded(received))
      server = await startServe(env)
    }

    try {
      const addresses = () => new Set(smtp.mails.map((mail) => mail.to[0]))
      await smtp.waitFor(() => addresses().size === CONTACTS, 180_000)
      const read = await api(
        server.baseUrl,
        token,
        'GET',
        `/v1/forms/${form.id}/invitations/${invitation.id}`,
      )
      // Every recipient got it; what arrived twice is at most what was in flight at the kills.
      const byMessage = new Set(smtp.mails.map((mail) => mail.parsed.messageId))
      const duplicates = smtp.mails.length - byMessage.size
      console.log(
        `[mail crash] ${KILLS} kills; in flight at each (accepted, not recorded): ${inFlight.join(', ')}; ` +
          `${smtp.mails.length} mails received for ${addresses().size} recipients, ${duplicates} duplicates`,
      )
      expect(byMessage.size).toBe(CONTACTS)
      expect(duplicates).toBeLessThanOrEqual(inFlight.reduce((sum, n) => sum + n, 0))
      // Each duplicate is the same mail again (its Message-ID), never a second invitation.
      expect(new Set(smtp.mails.map((mail) => `${mail.to[0]} ${mail.parsed.messageId}`)).size).toBe(CONTACTS)
      await expect
        .poll(
          async () =>
            (await api(server.baseUrl, token, 'GET', `/v1/forms/${form.id}/invitations/${invitation.id}`))
              .counts,
          { timeout: 30_000 },
        )
        .toMatchObject({ recipients: CONTACTS, sent: CONTACTS, failed: 0, bounced: 0 })
      expect(read.counts.recipients).toBe(CONTACTS)
    } finally {
      await server.stop()
    }
  }, 600_000)
})
