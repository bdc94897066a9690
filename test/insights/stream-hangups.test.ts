import { connect, type Socket } from 'node:net'
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

const STREAMS_PER_TOKEN = 2

/** Counts the app's queries; holds the result of the n-th one from when it is armed until released. */
class QueryGate implements KyselyPlugin {
  count = 0
  private countdown = 0
  private reached: (() => void) | undefined
  private resume: (() => void) | undefined

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.count++
    if (this.countdown > 0 && --this.countdown === 0) {
      this.reached?.()
      await new Promise<void>((resume) => {
        this.resume = resume
      })
    }
    return args.result
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
    this.resume?.()
    this.resume = undefined
  }
}

const gate = new QueryGate()
let testDatabase: TestDatabase
let database: Database
let appContext: AppContext
let app: App
let port: number
let token: string
let formId: string
let resumeFrom: string

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  const config = testConfig(testDatabase.config, {
    streamsPerToken: STREAMS_PER_TOKEN,
    streamHeartbeatSeconds: 1,
  })
  database = openDatabase(config.database)
  await migrateToLatest(database)
  const workspaceId = await ensureWorkspace(database.db, 'main')
  token = (await createToken(database.db, { workspaceId, name: 'hang-ups' })).token
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
function streamRequest(headers: Record<string, string>): { socket: Socket; status: Promise<number> } {
  const socket = connect(port, '127.0.0.1')
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`)
  socket.write(
    `GET /v1/forms/${formId}/responses/stream?last_event_id=${resumeFrom} HTTP/1.1\r\n` +
      `Host: 127.0.0.1:${port}\r\nConnection: close\r\n${lines.join('')}\r\n`,
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
  return { socket, status }
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
