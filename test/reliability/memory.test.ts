import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { Agent, request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { processClock } from '../../src/clock.js'
import { openDatabase } from '../../src/db/database.js'
import { migrateToLatest } from '../../src/db/migrate.js'
import { addContactsToList } from '../../src/domain/contacts/bulk.js'
import { createContactList } from '../../src/domain/contacts/lists.js'
import { validateBulkRequest } from '../../src/domain/contacts/validation.js'
import { createForm } from '../../src/domain/forms/forms.js'
import { submitResponse } from '../../src/domain/forms/responses/store.js'
import { createToken, ensureWorkspace } from '../../src/domain/tokens.js'
import { DeliverySignal } from '../../src/domain/webhooks/signal.js'
import { createTestDatabase, type TestDatabase } from '../support/databases.js'
import { startServe } from '../support/process.js'

// Issue 11: memory is bounded whatever the data. The bound: a `canvass serve` process peaks under
// 512 MB RSS (VmHWM) while it answers. The database holds a form of 400 long-text questions with
// 140 responses of ~3.9 MB (a full page is ~550 MB, more than a V8 string can hold) and a list of
// 1000 contacts with ~200 KB of data each (a page is ~200 MB), written before the server starts.
// Eight full pages of responses and four of contacts at once, then three exports: every answer is
// complete and valid, and the process stays up within the bound. A second server then takes
// eight ~3.9 MB submissions at a time, within the same bound.

const PEAK_RSS_BOUND_MB = 512
const RESPONSES = 140
const CONCURRENT_SUBMISSIONS = 8
const QUESTIONS = 400
const CONTACTS = 1000

let database: TestDatabase
let server: Awaited<ReturnType<typeof startServe>>
let token: string
let formId: string
let listId: string
const agent = new Agent({ connections: 64 })

const questions = Array.from({ length: QUESTIONS }, (_, n) => ({
  id: `q${n}`,
  title: `Question ${n}`,
  type: 'long_text' as const,
  properties: { max_length: 10000 },
}))

/** 400 answers of 9,700 characters: as a request body ~3.9 MB, under the 4 MiB limit. */
function largeSubmission() {
  const text = randomBytes(4850).toString('hex')
  return { answers: Object.fromEntries(questions.map((question) => [question.id, text])) }
}

/**
 * Reads a page without holding it whole: splits `{"page":..,"items":[ item, item ]}` at its
 * items, parses each one, and checks what surrounds them. Returns the parsed items' ids.
 */
async function readPage(path: string): Promise<{ status: number; ids: string[]; problem?: unknown }> {
  const response = await request(`${server.baseUrl}${path}`, {
    dispatcher: agent,
    headers: { authorization: `Bearer ${token}` },
  })
  if (response.statusCode !== 200) {
    const problem = JSON.parse(await response.body.text())
    return { status: response.statusCode, ids: [], problem }
  }
  const ids: string[] = []
  let head = ''
  let last = ''
  let depth = 0
  let inString = false
  let escaped = false
  let item: Buffer[] = []
  let itemStart = -1
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    if (head.length < 64) head += chunk.subarray(0, 64).toString('latin1')
    last = (last + chunk.subarray(-2).toString('latin1')).slice(-2)
    for (let at = 0; at < chunk.length; at++) {
      const byte = chunk[at] as number
      if (inString) {
        if (escaped) escaped = false
        else if (byte === 0x5c) escaped = true
        else if (byte === 0x22) inString = false
        else {
          // Skip to the next quote or backslash: most of an item is one long string.
          const quote = chunk.indexOf(0x22, at)
          const slash = chunk.indexOf(0x5c, at)
          const stop = Math.min(quote === -1 ? chunk.length : quote, slash === -1 ? chunk.length : slash)
          at = stop - 1
        }
        continue
      }
      if (byte === 0x22) inString = true
      else if (byte === 0x7b || byte === 0x5b) {
        depth++
        if (depth === 3 && byte === 0x7b) itemStart = at
      } else if (byte === 0x7d || byte === 0x5d) {
        depth--
        if (depth === 2 && itemStart !== -1) {
          item.push(chunk.subarray(itemStart, at + 1))
          ids.push((JSON.parse(Buffer.concat(item).toString()) as { id: string }).id)
          item = []
          itemStart = -1
        }
      }
    }
    if (itemStart !== -1) {
      item.push(chunk.subarray(itemStart))
      itemStart = 0
    }
  }
  expect(depth).toBe(0)
  expect(head).toMatch(/^\{"page":"1","page_size":"\d+","items":\[/)
  expect(last).toBe(']}')
  return { status: 200, ids }
}

async function readExport(path: string): Promise<number> {
  const response = await request(`${server.baseUrl}${path}`, {
    dispatcher: agent,
    headers: { authorization: `Bearer ${token}` },
  })
  expect(response.statusCode).toBe(200)
  let lines = 0
  let line: Buffer[] = []
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    let from = 0
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, from)) {
      line.push(chunk.subarray(from, at))
      expect(typeof JSON.parse(Buffer.concat(line).toString()).id).toBe('string')
      lines++
      line = []
      from = at + 1
    }
    if (from < chunk.length) line.push(chunk.subarray(from))
  }
  expect(line).toEqual([])
  return lines
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]) / 1024
}

/** The form and the contact list, written straight into the database through the domain functions. */
async function seed(config: TestDatabase['config']): Promise<void> {
  const database = openDatabase(config)
  try {
    await migrateToLatest(database)
    const workspaceId = await ensureWorkspace(database.db, processClock, 'main')
    token = (await createToken(database.db, processClock, { workspaceId, name: 'memory' })).token
    formId = (await createForm(database.db, processClock, workspaceId, { title: 'Large answers', questions }))
      .id
    for (let n = 0; n < RESPONSES; n++) {
      await submitResponse(
        database,
        processClock,
        new DeliverySignal(),
        workspaceId,
        formId,
        largeSubmission(),
      )
    }
    listId = (await createContactList(database.db, processClock, workspaceId, 'Large data')).id
    // 100 values of 2048 characters a contact: ~200 KB.
    for (let start = 0; start < CONTACTS; start += 50) {
      const contacts = Array.from({ length: 50 }, (_, n) => ({
        email: `person-${start + n}@example.com`,
        data: Object.fromEntries(
          Array.from({ length: 100 }, (_, k) => [`key${k}`, randomBytes(1024).toString('hex')]),
        ),
      }))
      const valid = validateBulkRequest({ list_id: listId, contacts }, CONTACTS)
      if (!valid.value) throw new Error(JSON.stringify(valid.errors))
      await addContactsToList(database, processClock, workspaceId, valid.value)
    }
  } finally {
    await database.close()
  }
}

beforeAll(async () => {
  database = await createTestDatabase()
  // Seeded before the server starts, so that its peak RSS is that of the reads alone.
  const started = performance.now()
  await seed(database.config)
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  server = await startServe({ DATABASE_URL: database.url })
}, 600_000)

afterAll(async () => {
  await agent.destroy()
  await server?.stop()
  await database?.drop()
}, 120_000)

describe('memory is bounded whatever the stored data (issue 11)', () => {
  it('answers 8 concurrent full pages of ~4 MB responses, exports and large contacts within the RSS bound', async () => {
    const pid = server.child.pid as number
    const pages = await Promise.all([
      ...Array.from({ length: 4 }, () => readPage(`/v1/forms/${formId}/responses?page_size=1000`)),
      ...Array.from({ length: 4 }, () => readPage(`/v1/forms/${formId}/responses?page_size=120`)),
      ...Array.from({ length: 4 }, () => readPage(`/v1/contact-lists/${listId}/contacts?page_size=1000`)),
    ])
    for (const [index, page] of pages.entries()) {
      expect(page.status, JSON.stringify(page.problem)).toBe(200)
      const expected = index < 4 ? RESPONSES : index < 8 ? 120 : CONTACTS
      expect(page.ids).toHaveLength(expected)
      expect(new Set(page.ids).size).toBe(expected)
    }
    const exports = await Promise.all(
      Array.from({ length: 3 }, () => readExport(`/v1/forms/${formId}/responses/export?format=ndjson`)),
    )
    expect(exports).toEqual(Array(3).fill(RESPONSES))

    expect(server.child.exitCode).toBeNull()
    expect((await request(`${server.baseUrl}/healthz`, { dispatcher: agent })).statusCode).toBe(200)
    const peak = peakRssMb(pid)
    console.log(`canvass serve peak RSS: ${peak.toFixed(0)} MB (bound ${PEAK_RSS_BOUND_MB} MB)`)
    expect(peak).toBeLessThan(PEAK_RSS_BOUND_MB)
    // ~6 GB read and parsed by this process: 4 minutes on a 2-core machine busy with other tests.
  }, 900_000)

  it('takes 8 concurrent ~3.9 MB submissions at a time within the RSS bound', async () => {
    const writer = await startServe({ DATABASE_URL: database.url })
    try {
      const bodies = Array.from({ length: CONCURRENT_SUBMISSIONS }, () => JSON.stringify(largeSubmission()))
      for (let round = 0; round < 3; round++) {
        const statuses = await Promise.all(
          bodies.map(async (body) => {
            const response = await request(`${writer.baseUrl}/v1/forms/${formId}/responses`, {
              method: 'POST',
              dispatcher: agent,
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body,
            })
            await response.body.text()
            return response.statusCode
          }),
        )
        expect(statuses).toEqual(Array(CONCURRENT_SUBMISSIONS).fill(201))
      }
      expect(writer.child.exitCode).toBeNull()
      const peak = peakRssMb(writer.child.pid as number)
      console.log(`canvass serve peak RSS while taking submissions: ${peak.toFixed(0)} MB`)
      expect(peak).toBeLessThan(PEAK_RSS_BOUND_MB)
    } finally {
      await writer.stop()
    }
  }, 600_000)
})
