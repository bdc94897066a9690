import { randomBytes } from 'node:crypto'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { tinyForm } from '../forms/fixtures.js'
import { createTestDatabase, type TestDatabase } from '../support/databases.js'
import { lastLine, runCanvass, startServe } from '../support/process.js'

// Rate limits over several processes (docs/api.md#respondent-limits): with CANVASS_REDIS_URL (Redis on
// 127.0.0.1:6379) two `canvass serve` processes share one count; without it each counts alone.
// The form's max_responses holds across both too. Uses dist/: run `npm run build` first.

const redisUrl = process.env['CANVASS_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379'
const started: { stop(): Promise<void> }[] = []
const databases: TestDatabase[] = []

afterEach(async () => {
  for (const server of started.splice(0)) await server.stop()
})
afterAll(async () => {
  for (const database of databases) await database.drop()
})

async function twoServers(extra: Record<string, string>) {
  const database = await createTestDatabase()
  databases.push(database)
  const env = { DATABASE_URL: database.url, LOG_LEVEL: 'warn', CANVASS_WORKER: '0', ...extra }
  const created = await runCanvass(['token', 'create', '--name', 'limits'], env)
  expect(created.code, created.output).toBe(0)
  const token = lastLine(created.output)
  const servers = [
    await startServe({ ...env, LOG_LEVEL: 'info' }),
    await startServe({ ...env, LOG_LEVEL: 'info' }),
  ]
  started.push(...servers)
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const response = await fetch(`${servers[0]?.baseUrl}/v1/forms`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...tinyForm, settings: { public: true, max_responses: 20 } }),
  })
  const formId = (await response.json()).id as string
  return { urls: servers.map((server) => server.baseUrl), token, formId, headers }
}

const uniquePrefix = () => `canvass-test-${randomBytes(6).toString('hex')}:`

async function publicSubmissions(urls: string[], formId: string, count: number): Promise<number[]> {
  const statuses: number[] = []
  for (let index = 0; index < count; index++) {
    const response = await fetch(`${urls[index % urls.length]}/v1/public/forms/${formId}/responses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ answers: { n: 1 } }),
    })
    statuses.push(response.status)
  }
  return statuses
}

// Each test starts two servers: 12-15 s on a busy 2-core machine (load 11).
describe('limits across processes', { timeout: 60_000 }, () => {
  it('share the public limit through Redis over two servers', async () => {
    const { urls, formId } = await twoServers({
      CANVASS_REDIS_URL: redisUrl,
      CANVASS_REDIS_PREFIX: uniquePrefix(),
      // What is shared is tested here, not how long Redis may take (redis-outage.test.ts): ten
      // requests at once on a busy machine can wait past the default 100 ms, then count per process.
      CANVASS_REDIS_TIMEOUT_MS: '10000',
      CANVASS_PUBLIC_RATE_LIMIT: '4',
      CANVASS_RATE_LIMIT: '1000',
    })
    expect(await publicSubmissions(urls, formId, 6)).toEqual([201, 201, 201, 201, 429, 429])
  })

  it('share the token limit through Redis', async () => {
    const { urls, headers } = await twoServers({
      CANVASS_REDIS_URL: redisUrl,
      CANVASS_REDIS_PREFIX: uniquePrefix(),
      // What is shared is tested here, not how long Redis may take (redis-outage.test.ts): ten
      // requests at once on a busy machine can wait past the default 100 ms, then count per process.
      CANVASS_REDIS_TIMEOUT_MS: '10000',
      CANVASS_RATE_LIMIT: '3',
    })
    // The window is two seconds and allows twice the rate: 6 requests over both servers. A fresh
    // window first, past the one the form's creation opened; then the 10 requests at once, so that
    // they fall in one window however slowly a busy machine answers them one by one. Counted per
    // process, each server would let all 5 of its own through.
    await new Promise((done) => setTimeout(done, 2100))
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        fetch(`${urls[index % 2]}/v1/forms`, { headers }).then((response) => response.status),
      ),
    )
    expect(statuses.filter((status) => status === 200)).toHaveLength(6)
    expect(statuses.filter((status) => status === 429)).toHaveLength(4)
  })

  it('count per process without Redis', async () => {
    const { urls, formId } = await twoServers({ CANVASS_PUBLIC_RATE_LIMIT: '4' })
    expect(await publicSubmissions(urls, formId, 8)).toEqual(Array(8).fill(201))
  })

  it('never store more than max_responses over two servers at once', async () => {
    const { urls, formId, headers } = await twoServers({ CANVASS_PUBLIC_RATE_LIMIT: '0' })
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        fetch(`${urls[index % 2]}/v1/public/forms/${formId}/responses`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ answers: { n: index % 11 } }),
        }).then((response) => response.status),
      ),
    )
    expect(statuses.filter((status) => status === 201)).toHaveLength(20)
    expect(statuses.filter((status) => status === 410)).toHaveLength(20)
    const form = await (await fetch(`${urls[1]}/v1/forms/${formId}`, { headers })).json()
    expect(form.response_count).toBe(20)
  })
})
