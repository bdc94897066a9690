import { connect, type Socket } from 'node:net'
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { processClock } from '../../src/clock.js'
import { type AppContext, contextOf } from '../../src/context.js'
import { type Database, openDatabase } from '../../src/db/database.js'
import { migrateToLatest } from '../../src/db/migrate.js'
import { createToken, ensureWorkspace } from '../../src/domain/tokens.js'
import { type App, buildApp } from '../../src/http/app.js'
import { testConfig } from '../support/context.js'
import { createTestDatabase, type TestDatabase } from '../support/databases.js'
import { sleep, waitUntil } from '../support/wait.js'

// Issue 25, item 3: a client that hangs up while a stream request awaits (its credentials' look-up,
// the form's, the resume position's) must not keep the stream's slot, heartbeat or follower. Each
// query of the app's database can be held at will (a Kysely plugin on the database the app is
// built on), so the test hangs up at every await point in turn, on both databases.
// Review of issue 25: the same for a stream queued behind another on a pipelined connection (Node
// never closes a response that never got its socket), and what a slow database or a wake-up costs.

const STREAMS_PER_TOKEN = 2
/** The smallest CANVASS_LIST_MEMORY: one large item's batch holds about half of it, or more. */
const LIST_MEMORY = 1024 * 1024

/**
 * Counts the app's queries and keeps their SQL; holds the result of the n-th one from when it is
 * armed until released, or of every one matching a pattern.
 */
class QueryGate implements KyselyPlugin {
  count = 0
  readonly statements: string[] = []
  /** Queries started that `holdMatching` holds (on SQLite, later ones wait for the connection). */
  matched = 0
  private readonly sqlOf = new WeakMap<QueryId, string>()
  private countdown = 0
  private matching: RegExp | undefined
  private reached: (() => void) | undefined
  private readonly resumes: (() => void)[] = []

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const { sql } = database.db.getExecutor().compileQuery(args.node, args.queryId)
    this.statements.push(sql)
    this.sqlOf.set(args.queryId, sql)
    if (this.matching?.test(sql)) this.matched++
    return args.node
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.count++
    const nth = this.countdown > 0 && --this.countdown === 0
    const matches = this.matching?.test(this.sqlOf.get(args.queryId) ?? '') ?? false
    if (nth || matches) {
      if (nth) this.reached?.()
      await new Promise<void>((resume) => {
        this.resumes.push(resume)
      })
    }
    return args.result
  }

  /** Holds every query whose SQL matches, until released. */
  holdMatching(pattern: RegExp): void {
    this.matching = pattern
    this.matched = 0
  }

  /** Holds the n-th query from now; resolves once it is held. */
  holdAt(n: number): Promise<void> {
    this.countdown = n
    return new Promise((reached) => {
      this.reached = reached
    })
  }

  release(): void {
    this.countdown = 0
    this.matching = undefined
    for (const resume of this.resumes.splice(0)) resume()
  }
}

const gate = new QueryGate()
let testDatabase: TestDatabase
let database: Database
let appContext: AppContext
let app: App
let port: number
let token: string
let workspaceId: string
let formId: string
let resumeFrom: string
/** A form of three responses of ~250 KB: each is a batch of its own, holding half the budget or more. */
let largeFormId: string
let largeIds: string[]

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  const config = testConfig(testDatabase.config, {
    streamsPerToken: STREAMS_PER_TOKEN,
    streamHeartbeatSeconds: 1,
    listMemory: LIST_MEMORY,
  })
  database = openDatabase(config.database)
  await migrateToLatest(database)
  workspaceId = await ensureWorkspace(database.db, processClock, 'main')
  token = (await createToken(database.db, processClock, { workspaceId, name: 'hang-ups' })).token
  appContext = contextOf(config, { ...database, db: database.db.withPlugin(gate) }, pino({ level: 'silent' }))
  app = await buildApp(appContext)
  port = Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port)
  const form = await app.inject({
    method: 'POST',
    url: '/v1/forms',
    headers: { authorization: `Bearer ${token}` },
    payload: { title: 'Hang-ups', questions: [{ id: 'n', title: 'NPS', type: 'nps' }] },
  })
  formId = form.json().id
  const submitted = await app.inject({
    method: 'POST',
    url: `/v1/forms/${formId}/responses`,
    headers: { authorization: `Bearer ${token}` },
    payload: { answers: { n: 7 } },
  })
  resumeFrom = submitted.json().id
  const questions = Array.from({ length: 100 }, (_, n) => ({
    id: `q${n}`,
    title: `Question ${n}`,
    type: 'long_text',
    properties: { max_length: 10000 },
  }))
  const large = await app.inject({
    method: 'POST',
    url: '/v1/forms',
    headers: { authorization: `Bearer ${token}` },
    payload: { title: 'Large answers', questions },
  })
  largeFormId = large.json().id
  largeIds = []
  for (let n = 0; n < 3; n++) {
    const answers = Object.fromEntries(questions.map((question) => [question.id, 'x'.repeat(2500)]))
    const stored = await app.inject({
      method: 'POST',
      url: `/v1/forms/${largeFormId}/responses`,
      headers: { authorization: `Bearer ${token}` },
      payload: { answers },
    })
    expect(stored.statusCode).toBe(201)
    largeIds.push(stored.json().id)
  }
})

afterAll(async () => {
  gate.release()
  const closing = app?.close()
  app?.server.closeAllConnections()
  await closing
  await appContext?.close()
  await testDatabase?.drop()
})

/** A new dashboard session of the token: the first query of a request made with it is its look-up. */
async function signIn(): Promise<string> {
  const host = '127.0.0.1:3000'
  const response = await app.inject({
    method: 'POST',
    url: '/v1/session',
    headers: { host, origin: `http://${host}`, 'x-canvass-csrf': '1' },
    payload: { token },
  })
  expect(response.statusCode).toBe(201)
  return /^(canvass_session=[^;]+)/.exec(String(response.headers['set-cookie']))?.[1] as string
}

/** A stream request on a socket of its own; `status` resolves once the answer's head arrives. */
function streamRequest(
  headers: Record<string, string>,
  path = `/v1/forms/${formId}/responses/stream?last_event_id=${resumeFrom}`,
): { socket: Socket; status: Promise<number>; text: () => string } {
  const socket = connect(port, '127.0.0.1')
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`)
  socket.write(
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n${lines.join('')}\r\n`,
  )
  let head = ''
  const status = new Promise<number>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1')
      const match = /^HTTP\/1\.1 (\d{3})/.exec(head)
      if (match) resolve(Number(match[1]))
    })
    socket.on('error', () => undefined)
    socket.on('close', () => reject(new Error('closed before an answer')))
  })
  status.catch(() => undefined)
  return { socket, status, text: () => head }
}

function openConnections(): Promise<number> {
  return new Promise((resolve, reject) =>
    app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  )
}

/**
 * Holds the request's n-th query, hangs up while it is held, and lets it go once the server has
 * seen the connection close. False when the answer came before the n-th query was reached: the
 * handler has no await left before it.
 */
async function hangUpAt(n: number): Promise<boolean> {
  const cookie = await signIn()
  const held = gate.holdAt(n)
  const request = streamRequest({ cookie })
  const first = await Promise.race([held.then(() => 'held'), request.status.then(() => 'answered')])
  request.socket.destroy()
  await waitUntil(async () => (await openConnections()) === 0)
  gate.release()
  return first === 'held'
}

describe('a stream request whose client hangs up at any await (issue 25)', () => {
  it('gives back its slot, heartbeat and follower', async () => {
    let hangUps = 0
    const points: number[] = []
    for (let round = 0; round < 4; round++) {
      for (let n = 1; await hangUpAt(n); n++) {
        hangUps++
        if (round === 0) points.push(n)
      }
    }
    // The session's look-up, the form's newest submission and the resume position, at least.
    console.log(`hung up ${hangUps} times, at queries ${points.join(', ')} of a request`)
    expect(points.length).toBeGreaterThanOrEqual(3)
    expect(hangUps).toBeGreaterThanOrEqual(12)
    // Time for the requests let go of above to run to their end.
    await sleep(500)

    // The token still holds every one of its places, time and again.
    for (let time = 0; time < 10; time++) {
      const streams = Array.from({ length: STREAMS_PER_TOKEN }, () =>
        streamRequest({ authorization: `Bearer ${token}` }),
      )
      const statuses = await Promise.all(streams.map((stream) => stream.status))
      expect(statuses).toEqual(Array(STREAMS_PER_TOKEN).fill(200))
      const extra = streamRequest({ authorization: `Bearer ${token}` })
      expect(await extra.status).toBe(429)
      for (const stream of [...streams, extra]) stream.socket.destroy()
      await waitUntil(async () => (await openConnections()) === 0)
    }

    // No heartbeat or follower is left: with no stream open, the app does not touch the database
    // (a heartbeat reads every second; a follower on SQLite polls every 0.3 s).
    await sleep(300)
    const queries = gate.count
    await sleep(2500)
    expect(gate.count - queries).toBe(0)
  }, 120_000)
})

/**
 * Two stream requests of the large form on one connection, back to back (HTTP/1.1 pipelining):
 * the second resumes after its first response, so it reads what it missed into an answer queued
 * behind the first, which never gets a socket. `status` is the first answer's.
 */
function pipelinedStreams(bearer: string): { socket: Socket; status: Promise<number> } {
  const socket = connect(port, '127.0.0.1')
  const request = (extra: string) =>
    `GET /v1/forms/${largeFormId}/responses/stream HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
    `Authorization: Bearer ${bearer}\r\n${extra}\r\n`
  socket.write(request('') + request(`Last-Event-ID: ${largeIds[0]}\r\n`))
  let head = ''
  const status = new Promise<number>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1')
      const match = /^HTTP\/1\.1 (\d{3})/.exec(head)
      if (match) resolve(Number(match[1]))
    })
    socket.on('error', () => undefined)
    socket.on('close', () => reject(new Error('closed before an answer')))
  })
  status.catch(() => undefined)
  return { socket, status }
}

/** A page of the large form's three responses: it needs about half the budget at a time, or more. */
async function largePage(): Promise<number | undefined> {
  const page = app
    .inject({
      method: 'GET',
      url: `/v1/forms/${largeFormId}/responses?page_size=3`,
      headers: { authorization: `Bearer ${token}` },
    })
    .then((response) => response.statusCode)
  return Promise.race([page, sleep(10_000).then(() => undefined)])
}

describe('a stream queued behind another on a pipelined connection (review of issue 25)', () => {
  it('gives back its slot, timers and memory when the client hangs up', async () => {
    const reader = (
      await createToken(database.db, processClock, {
        workspaceId,
        name: 'pipelining',
        scopes: ['responses:read'],
      })
    ).token
    for (let round = 0; round < 3; round++) {
      const { socket, status } = pipelinedStreams(reader)
      expect(await status).toBe(200)
      // Time for the second to open and start writing what it missed, which waits for room.
      await sleep(1000)
      socket.destroy()
      await waitUntil(async () => (await openConnections()) === 0)
    }
    // Its places: both open, the next is 429.
    const streams = Array.from({ length: STREAMS_PER_TOKEN }, () =>
      streamRequest({ authorization: `Bearer ${reader}` }),
    )
    expect(await Promise.all(streams.map((stream) => stream.status))).toEqual(
      Array(STREAMS_PER_TOKEN).fill(200),
    )
    const extra = streamRequest({ authorization: `Bearer ${reader}` })
    expect(await extra.status).toBe(429)
    for (const stream of [...streams, extra]) stream.socket.destroy()
    await waitUntil(async () => (await openConnections()) === 0)
    // The budget is whole: a page that needs most of it answers.
    expect(await largePage()).toBe(200)
  }, 60_000)
})

describe('caller checks on a slow database (review of issue 25)', () => {
  it('start no new check while one is pending', async () => {
    const checked = (
      await createToken(database.db, processClock, {
        workspaceId,
        name: 'slow checks',
        scopes: ['responses:read'],
      })
    ).token
    const stream = streamRequest({ authorization: `Bearer ${checked}` })
    expect(await stream.status).toBe(200)
    // Every look-up of a token waits: the checks at 2, 4 and 6 s find the first still pending.
    gate.holdMatching(/from "api_tokens"/)
    await sleep(6500)
    const pending = gate.matched
    gate.release()
    stream.socket.destroy()
    await waitUntil(async () => (await openConnections()) === 0)
    expect(pending).toBe(1)
  }, 30_000)
})

/** The stream's batch load: items by position, after a plan. */
const loadsBySeq = /from "responses".*"seq" in \(/s

describe('a wake-up of a stream (review of issue 25)', () => {
  it('reads the new responses of a form of small items in the query that finds them', async () => {
    const headers = { authorization: `Bearer ${token}` }
    const form = await app.inject({
      method: 'POST',
      url: '/v1/forms',
      headers,
      payload: {
        title: 'Small',
        questions: [
          { id: 'n', title: 'NPS', type: 'nps' },
          {
            id: 'story',
            title: 'Story',
            type: 'long_text',
            required: false,
            properties: { max_length: 10000 },
          },
        ],
      },
    })
    const smallFormId = form.json().id
    const stream = streamRequest(headers, `/v1/forms/${smallFormId}/responses/stream`)
    expect(await stream.status).toBe(200)
    const from = gate.statements.length
    for (let n = 0; n < 5; n++) {
      const stored = await app.inject({
        method: 'POST',
        url: `/v1/forms/${smallFormId}/responses`,
        headers,
        payload: { answers: { n } },
      })
      expect(stored.statusCode).toBe(201)
      await waitUntil(() => stream.text().split('event: response').length === n + 2)
    }
    const statements = gate.statements.slice(from)
    // Each wake-up read the responses (the plan query); none loaded them again by position.
    expect(statements.filter((sql) => /from "responses"/.test(sql)).length).toBeGreaterThanOrEqual(5)
    expect(statements.filter((sql) => loadsBySeq.test(sql))).toEqual([])

    // Once the form holds an item over the bound (here ~5 KB), reads are planned and loaded in
    // batches, and every response still comes once, in order.
    const ids: string[] = []
    for (const story of ['x'.repeat(9000), 'short']) {
      const stored = await app.inject({
        method: 'POST',
        url: `/v1/forms/${smallFormId}/responses`,
        headers,
        payload: { answers: { n: 1, story } },
      })
      expect(stored.statusCode).toBe(201)
      ids.push(stored.json().id)
      await waitUntil(() => stream.text().split('event: response').length === 5 + ids.length + 1)
    }
    expect(gate.statements.slice(from).filter((sql) => loadsBySeq.test(sql)).length).toBeGreaterThan(0)
    expect([...stream.text().matchAll(/^id: (\S+)$/gm)].slice(5).map((match) => match[1])).toEqual(ids)
    stream.socket.destroy()
    await waitUntil(async () => (await openConnections()) === 0)
  }, 30_000)
})
