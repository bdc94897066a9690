import { randomInt } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase, testBackend } from '../support/databases.js'
import { type CanvassProcess, lastLine, runCanvass, spawnCanvass, startServe } from '../support/process.js'
import { type Receiver, startReceiver } from '../support/receiver.js'
import { Client, emails, type Outcome } from './support/client.js'
import { newWebhookSecret } from './support/fixtures.js'
import { SecretWatch } from './support/secrets.js'

// Issue 7.5: many processes on one PostgreSQL. Three `canvass serve` (CANVASS_WORKER=0), started
// at the same moment on an empty schema, and two `canvass worker`; clients round-robin over the
// three. Concurrent submissions and bulk adds with overlapping e-mails (in varying case);
// half-way one worker is SIGKILLed and replaced.
// Afterwards what is stored is exactly what was acknowledged, no address is on the list twice,
// and every response's webhook event has arrived. SQLite is one process by design (a file with
// one writer): on the sqlite project this file is skipped.

const submissions = 240
const bulkAdds = 120
const lanes = 12

let database: TestDatabase | undefined
let receiver: Receiver | undefined
const processes: CanvassProcess[] = []
const watch = new SecretWatch()

afterAll(async () => {
  for (const process of processes) {
    if (process.child.exitCode === null && process.child.signalCode === null) {
      process.child.kill('SIGTERM')
      await process.exited
    }
  }
  await receiver?.close()
  await database?.drop()
})

describe.skipIf(testBackend !== 'postgres')(
  'many processes on one PostgreSQL (postgres project only)',
  () => {
    it('3 servers and 2 workers store exactly what they acknowledged and deliver every event', async () => {
      database = await createTestDatabase('postgres')
      receiver = await startReceiver()
      const env = {
        DATABASE_URL: database.url,
        CANVASS_WEBHOOK_ALLOW_PRIVATE: '1',
        CANVASS_WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1,1,1,1,1,1',
        CANVASS_WORKER: '0',
      }
      const servers = await Promise.all([startServe(env), startServe(env), startServe(env)])
      processes.push(...servers)
      for (let i = 0; i < 2; i++) processes.push(spawnCanvass(['worker'], { ...env, CANVASS_WORKER: '1' }))
      const bases = servers.map((server) => server.baseUrl)

      // Exactly one of the three printed the first token (they raced on an empty database).
      const printed = servers.map((server) => /^(cvs_\S+)$/m.exec(server.output())?.[1]).filter(Boolean)
      expect(printed.length).toBe(1)
      watch.secret(printed[0] as string)
      const created = await runCanvass(['token', 'create', '--name', 'many'], env)
      const token = watch.secret(lastLine(created.output))
      const secret = watch.secret(newWebhookSecret())
      const client = new Client(token, watch, lanes * 3)
      const { formId, listId } = await client.setUp(bases[0] as string, receiver.url, secret)

      // A pool of addresses that concurrent bulk adds keep overlapping on.
      const pool = emails('shared', 200)
      const vary = (email: string) => (randomInt(2) === 0 ? email : email.toUpperCase())
      const jobs: (() => Promise<Outcome>)[] = []
      for (let i = 0; i < submissions; i++)
        jobs.push(() => client.submit(bases[i % 3] as string, formId, `many-${i}`))
      for (let i = 0; i < bulkAdds; i++) {
        const picked = new Set<string>()
        while (picked.size < 15) picked.add(pool[randomInt(pool.length)] as string)
        const batch = [...picked].map(vary).concat(emails(`own-${i}`, 5))
        jobs.push(() => client.bulkAdd(bases[(i + 1) % 3] as string, listId, batch))
      }
      jobs.sort(() => Math.random() - 0.5)
      const outcomes: Outcome[] = []
      let next = 0
      // Half-way, one worker is SIGKILLed (whatever it was delivering must still arrive) and
      // a fresh one takes its place.
      let victim: CanvassProcess | undefined
      await Promise.all(
        Array.from({ length: lanes }, async () => {
          while (next < jobs.length) {
            if (!victim && next >= jobs.length / 2) {
              victim = processes[3] as CanvassProcess
              victim.child.kill('SIGKILL')
              processes.push(spawnCanvass(['worker'], { ...env, CANVASS_WORKER: '1' }))
            }
            outcomes.push(await (jobs[next++] as () => Promise<Outcome>)())
          }
        }),
      )

      const failed = outcomes.filter((outcome) => outcome.status !== 201)
      expect(failed.map((o) => `${o.kind} ${o.status} ${o.error ?? JSON.stringify(o.body)}`)).toEqual([])

      // Responses: every acknowledged one, once, and nothing else.
      const items = await client.all<{ id: string }>(bases[1] as string, `/v1/forms/${formId}/responses`)
      const acknowledged = outcomes
        .filter((o) => o.kind === 'submission')
        .map((o) => (o.body as { id: string }).id)
      expect(items.map((item) => item.id).sort()).toEqual([...acknowledged].sort())

      // Contacts: each address once; exactly the ones the answers said were added.
      const contacts = await client.all<{ id: string; email: string }>(
        bases[2] as string,
        `/v1/contact-lists/${listId}/contacts`,
      )
      const storedEmails = contacts.map((contact) => contact.email.toLowerCase())
      expect(new Set(storedEmails).size, 'an address is on the list twice').toBe(storedEmails.length)
      const added = outcomes
        .filter((o) => o.kind === 'bulk')
        .flatMap((o) => (o.body as { added_contacts: { id: string; email: string }[] }).added_contacts)
      expect(added.map((c) => c.id).sort()).toEqual(contacts.map((c) => c.id).sort())
      const sent = new Set(
        outcomes
          .filter((o) => o.kind === 'bulk')
          .flatMap((o) => o.emails ?? [])
          .map((e) => e.toLowerCase()),
      )
      expect(new Set(storedEmails)).toEqual(sent)

      // Every response's event, delivered by one of the two workers.
      const missing = await receiver.missing(acknowledged, 90_000)
      expect(missing, 'responses whose webhook event never arrived').toEqual([])
      console.log(
        `[many-processes] ${acknowledged.length} submissions and ${bulkAdds} bulk adds through 3 servers; ` +
          `${contacts.length} contacts stored; ${receiver.requests.length} deliveries by 2 workers (one killed and replaced half-way) for ${receiver.responseIds().size} events`,
      )
      for (const process of processes.filter((p) => p !== victim)) {
        expect(process.child.exitCode, process.output().slice(-2000)).toBeNull()
        expect(process.child.signalCode).toBeNull()
      }
      await client.close()
      // The first token is printed once, at first start, by design: that line aside, no log
      // of any process may contain a token or the webhook secret.
      for (const [index, process] of processes.entries()) {
        const log = process.output().replace(/(only this once\.\n)cvs_\S+\n/, '$1[the announced token]\n')
        watch.record(`process ${index} log`, log)
      }
      expect(watch.leaks()).toEqual([])
    }, 300_000)
  },
)
