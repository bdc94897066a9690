import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { type ClientRequest, get, type IncomingMessage } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { processClock } from '../../src/clock.js'
import { openDatabase } from '../../src/db/database.js'
import { migrateToLatest } from '../../src/db/migrate.js'
import { createForm } from '../../src/domain/forms/forms.js'
import { submitResponse } from '../../src/domain/forms/responses/store.js'
import { createToken, ensureWorkspace } from '../../src/domain/tokens.js'
import { DeliverySignal } from '../../src/domain/webhooks/signal.js'
import { createTestDatabase, type TestDatabase } from '../support/databases.js'
import { startServe } from '../support/process.js'
import { sleep, waitUntil } from '../support/wait.js'

// Issue 25, item 2 (streams): a response stream that resumes from an old Last-Event-ID reads what
// it missed within CANVASS_LIST_MEMORY, as pages do, and holds no more while its client does not
// read. The audit's case: 100 responses of ~3.9 MB, three streams resuming from the first whose
// clients never read. `canvass serve` must peak under 512 MB (VmHWM), keep answering, and a client
// that reads must still get every event, in order.

const PEAK_RSS_BOUND_MB = 512
const RESPONSES = 100
const STALLED = 3
const QUESTIONS = 400

let database: TestDatabase
let server: Awaited<ReturnType<typeof startServe>>
let token: string
let formId: string
const responseIds: string[] = []
const requests: ClientRequest[] = []

const questions = Array.from({ length: QUESTIONS }, (_, n) => ({
  id: `q${n}`,
  title: `Question ${n}`,
  type: 'long_text' as const,
  properties: { max_length: 10000 },
}))

/** 400 answers of 9,700 characters: ~3.9 MB stored. */
function largeSubmission() {
  const text = randomBytes(4850).toString('hex')
  return { answers: Object.fromEntries(questions.map((question) => [question.id, text])) }
}

async function seed(config: TestDatabase['config']): Promise<void> {
  const seeding = openDatabase(config)
  try {
    await migrateToLatest(seeding)
    const workspaceId = await ensureWorkspace(seeding.db, processClock, 'main')
    token = (await createToken(seeding.db, processClock, { workspaceId, name: 'stream-memory' })).token
    formId = (await createForm(seeding.db, processClock, workspaceId, { title: 'Large answers', questions }))
      .id
    for (let n = 0; n < RESPONSES; n++) {
      const stored = await submitResponse(
        seeding,
        processClock,
        new DeliverySignal(),
        workspaceId,
        formId,
        largeSubmission(),
      )
      responseIds.push(stored?.item.id as string)
    }
  } finally {
    await seeding.close()
  }
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]) / 1024
}

/** Opens a stream resuming after the first response; resolves once its head is in (the body unread). */
function openResumed(): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = get(
      `${server.baseUrl}/v1/forms/${formId}/responses/stream`,
      { agent: false, headers: { authorization: `Bearer ${token}`, 'last-event-id': responseIds[0] } },
      resolve,
    )
    request.once('error', reject)
    requests.push(request)
  })
}

/**
 * Reads a stream until `count` events have come, holding one event at most: each event's data is
 * parsed and its id checked against the event's. Returns the ids in order.
 */
function readEvents(stream: IncomingMessage, count: number): Promise<string[]> {
  const ids: string[] = []
  let line: Buffer[] = []
  let eventId = ''
  return new Promise((resolve, reject) => {
    stream.on('data', (chunk: Buffer) => {
      let from = 0
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, from)) {
        line.push(chunk.subarray(from, at))
        const text = Buffer.concat(line)
        line = []
        from = at + 1
        if (text.subarray(0, 4).toString() === 'id: ') eventId = text.subarray(4).toString()
        if (text.subarray(0, 6).toString() === 'data: ') {
          const item = JSON.parse(text.subarray(6).toString()) as { id: string }
          if (item.id !== eventId) reject(new Error(`event ${eventId} carries ${item.id}`))
          ids.push(item.id)
          if (ids.length === count) resolve(ids)
        }
      }
      if (from < chunk.length) line.push(chunk.subarray(from))
    })
    stream.once('close', () => reject(new Error(`closed after ${ids.length} events`)))
  })
}

beforeAll(async () => {
  database = await createTestDatabase()
  const started = performance.now()
  await seed(database.config)
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  server = await startServe({ DATABASE_URL: database.url })
}, 300_000)

afterAll(async () => {
  for (const request of requests) request.destroy()
  await server?.stop()
  await database?.drop()
}, 120_000)

describe('response streams that resume from an old Last-Event-ID (issue 25)', () => {
  it('hold no more than the memory budget while their clients do not read', async () => {
    const pid = server.child.pid as number
    const stalled = await Promise.all(Array.from({ length: STALLED }, () => openResumed()))
    // Never read: their bodies stay paused, so the socket's buffers fill and the server's writes wait.
    for (const stream of stalled) expect(stream.statusCode).toBe(200)
    // Time for the stalled streams to read all they will.
    await sleep(3000)
    expect(server.child.exitCode).toBeNull()

    const health = await fetch(`${server.baseUrl}/healthz`)
    expect(health.status).toBe(200)
    const page = await fetch(`${server.baseUrl}/v1/forms/${formId}/responses?page_size=3`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(page.status).toBe(200)
    expect(((await page.json()) as { items: unknown[] }).items).toHaveLength(3)

    const reader = await openResumed()
    expect(reader.statusCode).toBe(200)
    const ids = await readEvents(reader, RESPONSES - 1)
    expect(ids).toEqual(responseIds.slice(1))

    await waitUntil(async () => (await fetch(`${server.baseUrl}/healthz`)).status === 200)
    expect(server.child.exitCode).toBeNull()
    const peak = peakRssMb(pid)
    console.log(`canvass serve peak RSS with ${STALLED} stalled resumed streams: ${peak.toFixed(0)} MB`)
    expect(peak).toBeLessThan(PEAK_RSS_BOUND_MB)
  }, 240_000)
})
