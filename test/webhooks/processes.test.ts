import type { ServerResponse } from 'node:http'
import { Webhook } from 'standardwebhooks'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase, testBackend } from '../support/databases.js'
import { type CanvassProcess, lastLine, runCanvass, spawnCanvass, startServe } from '../support/process.js'
import { answer, type ReceivedRequest, type Receiver, startReceiver, tinyForm } from '../support/receiver.js'
import { waitUntil } from '../support/wait.js'

// Real processes (the built CLI): SIGKILL before delivery loses nothing; `canvass worker` stops
// cleanly; on PostgreSQL two servers and two workers share the work. Run `npm run build` first.
// Timeouts allow for a busy 2-core machine: 33-38 s per test there at load 11, 4-8 s per process start.

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
const started: { stop(): Promise<void> }[] = []
const databases: TestDatabase[] = []
const receivers: Receiver[] = []

afterEach(async () => {
  for (const process of started.splice(0)) await process.stop()
})
afterAll(async () => {
  for (const receiver of receivers) await receiver.close()
  for (const database of databases) await database.drop()
})

async function setUp(extra: Record<string, string> = {}) {
  const database = await createTestDatabase()
  databases.push(database)
  const env = {
    DATABASE_URL: database.url,
    CANVASS_WEBHOOK_ALLOW_PRIVATE: '1',
    CANVASS_WEBHOOK_RETRY_SCHEDULE: Array(12).fill('0.2').join(','),
    CANVASS_WEBHOOK_TIMEOUT_MS: '2000',
    LOG_LEVEL: 'warn',
    ...extra,
  }
  const created = await runCanvass(['token', 'create', '--name', 'hooks'], env)
  expect(created.code, created.output).toBe(0)
  return { env, token: lastLine(created.output) }
}

async function serve(env: Record<string, string>, worker: boolean) {
  const server = await startServe({ ...env, LOG_LEVEL: 'info', CANVASS_WORKER: worker ? '1' : '0' })
  started.push(server)
  return server
}

function killer(process: CanvassProcess) {
  return {
    async stop() {
      if (process.child.exitCode === null && process.child.signalCode === null) {
        process.child.kill('SIGKILL')
        await process.exited
      }
    },
  }
}

async function startWorker(env: Record<string, string>): Promise<CanvassProcess> {
  const worker = spawnCanvass(['worker'], { ...env, LOG_LEVEL: 'info' })
  started.push(killer(worker))
  await worker.waitFor(/delivery worker started/)
  return worker
}

async function receiver(respond = answer(200)): Promise<Receiver> {
  const receiving = await startReceiver(respond)
  receivers.push(receiving)
  return receiving
}

function api(baseUrl: string, token: string) {
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const text = await response.text()
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`)
    return text ? JSON.parse(text) : undefined
  }
}

async function submitMany(
  call: ReturnType<typeof api>[],
  formId: string,
  count: number,
  lanes = 8,
): Promise<string[]> {
  const ids: string[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      while (next < count) {
        const index = next++
        const send = call[lane % call.length] as ReturnType<typeof api>
        const stored = await send('POST', `/v1/forms/${formId}/responses`, {
          answers: { n: index % 11 },
          hidden: { k: String(index) },
        })
        ids.push(stored.id)
      }
    }),
  )
  return ids
}

/** Response id -> the webhook-ids its form_response event arrived with (verified signatures only). */
function arrivals(requests: ReceivedRequest[]): Map<string, Set<string>> {
  const verifier = new Webhook(secret)
  const byResponse = new Map<string, Set<string>>()
  for (const request of requests) {
    verifier.verify(request.body, request.headers as Record<string, string>)
    const event = JSON.parse(request.body)
    if (event.event_type !== 'form_response') continue
    const ids = byResponse.get(event.form_response.id) ?? new Set<string>()
    ids.add(String(request.headers['webhook-id']))
    byResponse.set(event.form_response.id, ids)
  }
  return byResponse
}

describe('delivery across processes', () => {
  it('SIGKILL after responses are stored but before delivery, then restart: every event is delivered', {
    timeout: 180_000,
  }, async () => {
    const { env, token } = await setUp()
    let failing = true
    const target = await receiver((_request, _index, response) =>
      response.writeHead(failing ? 503 : 200).end(),
    )

    // Phase 1: no worker; responses are stored, then the server dies.
    let server = await serve(env, false)
    let call = api(server.baseUrl, token)
    const form = await call('POST', '/v1/forms', tinyForm)
    await call('PUT', `/v1/forms/${form.id}/webhooks/crash`, { url: target.url, secret })
    const ids = await submitMany([call], form.id, 20, 4)
    server.child.kill('SIGKILL')
    await server.exited

    // Phase 2: a worker runs but the receiver fails; killed while attempts are under way.
    server = await serve(env, true)
    call = api(server.baseUrl, token)
    ids.push(...(await submitMany([call], form.id, 20, 4)))
    await target.waitFor((requests) => requests.length >= 25, 30_000)
    server.child.kill('SIGKILL')
    await server.exited

    // Phase 3: the receiver recovers; a restarted server delivers everything.
    failing = false
    server = await serve(env, true)
    await waitUntil(() => {
      const delivered = arrivals(target.requests)
      return ids.every((id) => delivered.has(id))
    }, 60_000)
    const delivered = arrivals(target.requests)
    for (const id of ids) expect(delivered.get(id)?.size, `webhook-ids of ${id}`).toBe(1)
  })

  it('canvass worker --metrics-port exposes its own delivery counts and the queue depth', {
    timeout: 120_000,
  }, async () => {
    const { env, token } = await setUp()
    const target = await receiver()
    const server = await serve(env, false)
    const call = api(server.baseUrl, token)
    const form = await call('POST', '/v1/forms', tinyForm)
    await call('PUT', `/v1/forms/${form.id}/webhooks/watched`, { url: target.url })
    await submitMany([call], form.id, 3, 1)
    const worker = spawnCanvass(['worker', '--metrics-port', '0'], { ...env, LOG_LEVEL: 'info' })
    started.push(killer(worker))
    const [, url] = await worker.waitFor(/"url":"(http:\/\/127\.0\.0\.1:\d+\/metrics)"/)
    await target.waitFor((requests) => requests.length >= 3)
    const sample = (text: string, name: string) =>
      Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? Number.NaN)
    await waitUntil(async () => {
      const text = await (await fetch(url as string)).text()
      return sample(text, 'canvass_webhook_deliveries_succeeded_total') === 3
    }, 10_000)
    const text = await (await fetch(url as string)).text()
    expect(sample(text, 'canvass_webhook_delivery_attempts_total')).toBe(3)
    expect(sample(text, 'canvass_webhook_queue_depth')).toBe(0)
    expect(text).toContain('canvass_webhook_delivery_duration_seconds_bucket')
    expect(text).toContain('process_resident_memory_bytes')
    const elsewhere = await fetch((url as string).replace('/metrics', '/v1/forms'))
    expect(elsewhere.status).toBe(404)
    expect(elsewhere.headers.get('content-type')).toBe('application/problem+json; charset=utf-8')
    const refused = await runCanvass(['worker', '--metrics-port', 'eighty'], env)
    expect(refused.code).not.toBe(0)
    expect(refused.output).toContain('a port number')
  })

  it('canvass worker finishes the attempt in flight on SIGTERM and exits 0', {
    timeout: 120_000,
  }, async () => {
    const { env, token } = await setUp()
    const held: ServerResponse[] = []
    const target = await receiver((_request, _index, response) => {
      held.push(response)
    })
    const server = await serve(env, false)
    const call = api(server.baseUrl, token)
    const form = await call('POST', '/v1/forms', tinyForm)
    await call('PUT', `/v1/forms/${form.id}/webhooks/term`, { url: target.url })
    const worker = await startWorker(env)
    await submitMany([call], form.id, 1, 1)
    await target.waitFor((requests) => requests.length >= 1)
    worker.child.kill('SIGTERM')
    await new Promise((done) => setTimeout(done, 200))
    expect(worker.child.exitCode, 'the worker waits for its attempt in flight').toBeNull()
    for (const response of held) response.writeHead(200).end()
    const exit = await worker.exited
    expect(exit.code).toBe(0)
    const log = await call('GET', `/v1/forms/${form.id}/webhooks/term/deliveries`)
    expect(log.items[0]).toMatchObject({ status: 'succeeded', attempts: 1, last_status_code: 200 })
  })

  describe.skipIf(testBackend !== 'postgres')(
    'scale-out (PostgreSQL only: on SQLite one process delivers)',
    () => {
      it('2 servers + 2 workers, 500 responses, 30 % failing attempts, a worker SIGKILLed midway: every event arrives; duplicates share their webhook-id', {
        timeout: 180_000,
      }, async () => {
        const { env, token } = await setUp()
        const statuses: number[] = []
        const target = await receiver((_request, index, response) => {
          statuses[index] = Math.random() < 0.3 ? 500 : 200
          response.writeHead(statuses[index]).end()
        })
        const servers = [await serve(env, false), await serve(env, false)]
        const calls = servers.map((server) => api(server.baseUrl, token))
        const first = calls[0] as ReturnType<typeof api>
        const form = await first('POST', '/v1/forms', tinyForm)
        await first('PUT', `/v1/forms/${form.id}/webhooks/scale`, { url: target.url, secret })
        const doomed = await startWorker(env)
        const survivor = await startWorker(env)
        const submitting = submitMany(calls, form.id, 500)
        await target.waitFor((requests) => requests.length >= 100, 60_000)
        doomed.child.kill('SIGKILL')
        const ids = await submitting
        expect(new Set(ids).size).toBe(500)
        await waitUntil(() => {
          const delivered = arrivals(target.requests)
          return ids.every((id) => delivered.has(id))
        }, 90_000)
        const delivered = arrivals(target.requests)
        for (const id of ids) expect(delivered.get(id)?.size, `webhook-ids of ${id}`).toBe(1)
        // Duplicates: an event accepted (2xx) more than once, e.g. sent by the killed worker and again
        // after its lease expired. Receivers deduplicate them on webhook-id (checked above).
        const accepted = new Map<string, number>()
        target.requests.forEach((request, index) => {
          if (statuses[index] !== 200) return
          const id = JSON.parse(request.body).form_response.id as string
          accepted.set(id, (accepted.get(id) ?? 0) + 1)
        })
        const duplicated = [...accepted.values()].filter((count) => count > 1).length
        console.log(
          `scale-out: ${target.requests.length} requests for 500 events, ${duplicated} accepted twice`,
        )
        expect(duplicated).toBeLessThanOrEqual(25)
        survivor.child.kill('SIGTERM')
        expect((await survivor.exited).code).toBe(0)
      })
    },
  )
})
