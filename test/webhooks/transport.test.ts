import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import { createServer as createHttpsServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeliveryWorker } from '../../src/delivery/worker.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { tinyForm } from '../support/receiver.js'
import { waitUntil } from '../support/wait.js'

// TLS verification (a self-signed https receiver on 127.0.0.1), an IPv6 loopback receiver,
// disabled webhooks, and the 5-day disable.

let ctx: TestContext
let workers: DeliveryWorker[] = []
const servers: Server[] = []
let tls: { key: Buffer; cert: Buffer }

beforeAll(async () => {
  ctx = await createTestContext({ webhookRetrySchedule: [0.05], webhookTimeoutMs: 3000 })
  const dir = mkdtempSync(join(tmpdir(), 'canvass-tls-'))
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  )
  tls = { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }
  rmSync(dir, { recursive: true, force: true })
})
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()))
  for (const server of servers) {
    server.closeAllConnections()
    await new Promise((done) => server.close(done))
  }
  await ctx?.close()
})

function startWorker() {
  const worker = ctx.startWorker({
    pollMs: 50,
  })
  workers.push(worker)
  return worker
}

async function listen(server: Server, host: string): Promise<number> {
  servers.push(server)
  await new Promise<void>((done) => server.listen(0, host, done))
  return (server.address() as AddressInfo).port
}

function counting(server: Server) {
  const seen = { count: 0 }
  server.on('request', (request, response) => {
    request.resume()
    request.on('end', () => {
      seen.count++
      response.writeHead(200).end()
    })
  })
  return seen
}

async function hookAndSubmit(url: string, body: object = {}) {
  const formId = (await ctx.request({ method: 'POST', url: '/v1/forms', payload: tinyForm })).json().id
  const put = await ctx.request({
    method: 'PUT',
    url: `/v1/forms/${formId}/webhooks/t`,
    payload: { url, ...body },
  })
  expect(put.statusCode, put.body).toBe(201)
  expect(
    (await ctx.request({ method: 'POST', url: `/v1/forms/${formId}/responses`, payload: { answers: {} } }))
      .statusCode,
  ).toBe(201)
  return formId as string
}

async function settled(formId: string) {
  let item:
    | { status: string; last_error: string | null; attempts: number; last_status_code: number | null }
    | undefined
  await waitUntil(async () => {
    const log = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/webhooks/t/deliveries` })
    item = log.json().items[0]
    return item !== undefined && item.status !== 'pending'
  })
  return item as NonNullable<typeof item>
}

describe('transport', () => {
  beforeAll(() => {
    startWorker()
  })

  it('verifies TLS certificates unless verify_ssl is false', async () => {
    const server = createHttpsServer(tls)
    const seen = counting(server as unknown as Server)
    const port = await listen(server as unknown as Server, '127.0.0.1')
    const strict = await hookAndSubmit(`https://127.0.0.1:${port}/hook`)
    const refused = await settled(strict)
    expect(refused.status).toBe('failed')
    expect(refused.last_error).toMatch(/SELF_SIGNED|CERT/i)
    expect(seen.count).toBe(0)

    const lax = await hookAndSubmit(`https://127.0.0.1:${port}/hook`, { verify_ssl: false })
    expect(await settled(lax)).toMatchObject({ status: 'succeeded', last_status_code: 200 })
    expect(seen.count).toBe(1)
  })

  it('delivers to an IPv6 loopback receiver', async () => {
    const server = createHttpServer()
    const seen = counting(server as unknown as Server)
    const port = await listen(server as unknown as Server, '::1')
    const formId = await hookAndSubmit(`http://[::1]:${port}/hook`)
    expect(await settled(formId)).toMatchObject({ status: 'succeeded' })
    expect(seen.count).toBe(1)
  })

  it('a webhook whose attempts have all failed for 5 days is disabled', async () => {
    const server = createHttpServer((request, response) => {
      request.resume()
      response.writeHead(500).end()
    })
    const port = await listen(server as unknown as Server, '127.0.0.1')
    const sixDaysAgo = (Date.now() - 6 * 24 * 3600 * 1000) * 1000
    const formId = (await ctx.request({ method: 'POST', url: '/v1/forms', payload: tinyForm })).json().id
    await ctx.request({
      method: 'PUT',
      url: `/v1/forms/${formId}/webhooks/t`,
      payload: { url: `http://127.0.0.1:${port}/hook` },
    })
    await ctx.database.db
      .updateTable('webhooks')
      .set({ failing_since: sixDaysAgo })
      .where('form_id', '=', formId)
      .execute()
    await ctx.request({ method: 'POST', url: `/v1/forms/${formId}/responses`, payload: { answers: {} } })
    await waitUntil(async () => {
      const read = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/webhooks/t` })
      return read.json().webhook.enabled === false
    })
    // Enabling it again starts a fresh record.
    await ctx.request({ method: 'PUT', url: `/v1/forms/${formId}/webhooks/t`, payload: { enabled: true } })
    const row = await ctx.database.db
      .selectFrom('webhooks')
      .select('failing_since')
      .where('form_id', '=', formId)
      .executeTakeFirst()
    expect(row?.failing_since).toBeNull()
  })
})

describe('disabled webhooks', () => {
  it('a delivery queued before its webhook was disabled fails without an attempt; test pings still go', async () => {
    await Promise.all(workers.map((worker) => worker.stop()))
    workers = []
    const server = createHttpServer()
    const seen = counting(server as unknown as Server)
    const port = await listen(server as unknown as Server, '127.0.0.1')
    const formId = await hookAndSubmit(`http://127.0.0.1:${port}/hook`)
    await ctx.request({ method: 'PUT', url: `/v1/forms/${formId}/webhooks/t`, payload: { enabled: false } })
    startWorker()
    expect(await settled(formId)).toMatchObject({
      status: 'failed',
      attempts: 0,
      last_error: 'the webhook is disabled',
    })
    expect(seen.count).toBe(0)
    expect(
      (await ctx.request({ method: 'POST', url: `/v1/forms/${formId}/webhooks/t/test` })).statusCode,
    ).toBe(202)
    await waitUntil(() => seen.count === 1)
  })
})
