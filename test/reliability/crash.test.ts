import { randomInt } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/db/database.js'
import { createTestDatabase, type TestDatabase, testBackend } from '../support/databases.js'
import { lastLine, runCanvass, startServe } from '../support/process.js'
import { type Receiver, startReceiver } from '../support/receiver.js'
import { Client, emails, type Outcome } from './support/client.js'
import { newWebhookSecret } from './support/fixtures.js'
import { SecretWatch } from './support/secrets.js'

// Issue 7.3: crash safety. A child `canvass serve` on a SQLite file is SIGKILLed at a random
// moment while bulk adds and submissions are in flight, and restarted, 20 times. Afterwards:
// every request answered 201 is fully present, every other one fully present or fully absent,
// the file passes PRAGMA integrity_check, and every stored response's webhook event arrives.
// The file database is what a kill can corrupt; on the postgres project this file is skipped
// (PostgreSQL under many processes is test/reliability/many-processes.test.ts).

const rounds = Number(process.env['CANVASS_CRASH_ROUNDS'] ?? 20)
const clientsPerRound = 4
const contactsPerBulk = 20

let database: TestDatabase
let receiver: Receiver
const watch = new SecretWatch()
const outcomes: Outcome[] = []
let env: Record<string, string>

beforeAll(async () => {
  if (testBackend !== 'sqlite') return
  database = await createTestDatabase('sqlite')
  receiver = await startReceiver()
  env = {
    DATABASE_URL: database.url,
    CANVASS_WEBHOOK_ALLOW_PRIVATE: '1',
    CANVASS_WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1,1,1,1,1,1',
    CANVASS_WORKER: '1',
  }
})

afterAll(async () => {
  await receiver?.close()
  await database?.drop()
})

describe.skipIf(testBackend !== 'sqlite')('crash safety of the SQLite file (sqlite project only)', () => {
  it(`survives ${rounds} SIGKILLs during bulk adds and submissions, losing and tearing nothing`, async () => {
    const created = await runCanvass(['token', 'create', '--name', 'crash'], env)
    expect(created.code, created.output).toBe(0)
    const token = watch.secret(lastLine(created.output))
    const secret = watch.secret(newWebhookSecret())
    const client = new Client(token, watch)

    let server = await startServe(env)
    const { formId, listId } = await client.setUp(server.baseUrl, receiver.url, secret)
    watch.record('serve log (set-up)', server.output())
    server.child.kill('SIGKILL')
    await server.exited

    let sequence = 0
    for (let round = 0; round < rounds; round++) {
      server = await startServe(env)
      const baseUrl = server.baseUrl
      let answered = 0
      let stop = false
      const roundClient = new Client(token, watch, clientsPerRound)
      const loops = Array.from({ length: clientsPerRound }, async (_, lane) => {
        while (!stop) {
          const label = `r${round}-l${lane}-${sequence++}`
          const outcome =
            sequence % 2 === 0
              ? await roundClient.submit(baseUrl, formId, label)
              : await roundClient.bulkAdd(baseUrl, listId, emails(label, contactsPerBulk))
          outcomes.push(outcome)
          if (outcome.status === null) return // the server is gone
          answered++
        }
      })
      // Kill only once traffic flows, then at a random moment of it.
      while (answered < 3 && server.child.exitCode === null) await new Promise((done) => setTimeout(done, 5))
      await new Promise((done) => setTimeout(done, randomInt(0, 400)))
      server.child.kill('SIGKILL')
      await server.exited
      stop = true
      await Promise.all(loops)
      await roundClient.close()
      watch.record(`serve log (round ${round})`, server.output())
    }

    server = await startServe(env)
    try {
      // Submissions: each marker at most once; every acknowledged one exactly as answered.
      const items = await client.all<{ id: string; hidden: { name: string; value: string }[] }>(
        server.baseUrl,
        `/v1/forms/${formId}/responses`,
      )
      const byMarker = new Map<string, (typeof items)[number][]>()
      for (const item of items) {
        const marker = item.hidden.find((field) => field.name === 'run')?.value ?? ''
        byMarker.set(marker, [...(byMarker.get(marker) ?? []), item])
      }
      const submissions = outcomes.filter((outcome) => outcome.kind === 'submission')
      const acknowledged = submissions.filter((outcome) => outcome.status === 201)
      for (const outcome of submissions) {
        const stored = byMarker.get(outcome.marker as string) ?? []
        expect(stored.length, `submission ${outcome.marker}`).toBeLessThanOrEqual(1)
        if (outcome.status === 201) expect(stored[0], `submission ${outcome.marker}`).toEqual(outcome.body)
      }
      expect(items.length).toBe(new Set(items.map((item) => item.id)).size)

      // Bulk adds: all of a request's contacts or none; all of every acknowledged one.
      const contacts = await client.all<{ id: string; email: string }>(
        server.baseUrl,
        `/v1/contact-lists/${listId}/contacts`,
      )
      const stored = new Map(contacts.map((contact) => [contact.email, contact.id]))
      expect(stored.size).toBe(contacts.length)
      const bulks = outcomes.filter((outcome) => outcome.kind === 'bulk')
      let torn = 0
      for (const outcome of bulks) {
        const present = (outcome.emails ?? []).filter((email) => stored.has(email)).length
        if (present !== 0 && present !== contactsPerBulk) torn++
        if (outcome.status === 201) {
          expect(present, `acknowledged bulk add ${outcome.emails?.[0]}`).toBe(contactsPerBulk)
          const added = (outcome.body as { added_contacts: { id: string; email: string }[] }).added_contacts
          for (const contact of added) expect(stored.get(contact.email)).toBe(contact.id)
        }
      }
      expect(torn, 'bulk adds stored in part').toBe(0)

      // Every stored response's event reaches the receiver, across all those kills.
      const missing = await receiver.missing(
        items.map((item) => item.id),
        90_000,
      )
      expect(missing, 'responses whose webhook event never arrived').toEqual([])

      const unanswered = outcomes.filter((outcome) => outcome.status === null).length
      console.log(
        `[crash] ${rounds} kills; ${acknowledged.length} submissions and ` +
          `${bulks.filter((o) => o.status === 201).length} bulk adds acknowledged, ${unanswered} requests cut off; ` +
          `${items.length} responses, ${contacts.length} contacts stored; ${receiver.requests.length} deliveries received`,
      )
      expect(outcomes.filter((o) => o.status !== null && o.status !== 201)).toEqual([])
    } finally {
      watch.record('serve log (final)', server.output())
      await server.stop()
      await client.close()
    }

    const file = openDatabase({ kind: 'sqlite', filename: database.url.replace(/^sqlite:/, '') })
    try {
      const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(file.db)
      expect(check.rows.map((row) => row.integrity_check)).toEqual(['ok'])
    } finally {
      await file.close()
    }
    expect(watch.leaks()).toEqual([])
  }, 420_000)
})
