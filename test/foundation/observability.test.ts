import type { AddressInfo } from 'node:net'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, configFromEnv } from '../../src/config.js'
import { serveWorkerMetrics } from '../../src/metrics-server.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { answer, type Receiver, startReceiver, tinyForm } from '../support/receiver.js'
import { waitUntil } from '../support/wait.js'

// What an operator sees: failed delivery attempts in the log (never the secret or the body),
// product counters on /metrics, and /metrics behind CANVASS_METRICS_TOKEN when it is set.

const metricsToken = 'metrics-token-0123456789abcdef'
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'

let ctx: TestContext
let receiver: Receiver
const logLines: Record<string, unknown>[] = []

beforeAll(async () => {
  const logger = pino(
    { level: 'warn' },
    { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) },
  )
  ctx = await createTestContext(
    { metricsToken, webhookRetrySchedule: [0.05, 60], webhookTimeoutMs: 3000 },
    { logger },
  )
  receiver = await startReceiver(answer(503))
})
afterAll(async () => {
  await receiver?.close()
  await ctx?.close()
})

const metrics = (authorization?: string) =>
  ctx.request({
    method: 'GET',
    url: '/metrics',
    token: null,
    ...(authorization ? { headers: { authorization } } : {}),
  })

async function counter(name: string): Promise<number> {
  const text = (await metrics(`Bearer ${metricsToken}`)).body
  const line = text.split('\n').find((row) => row.startsWith(`${name} `))
  return line === undefined ? Number.NaN : Number(line.split(' ')[1])
}

describe('failed delivery attempts', () => {
  it('are logged at warn with webhook tag, form, delivery, attempt and status, never secret or body', async () => {
    const formId = (await ctx.request({ method: 'POST', url: '/v1/forms', payload: tinyForm })).json().id
    const put = await ctx.request({
      method: 'PUT',
      url: `/v1/forms/${formId}/webhooks/crm`,
      payload: { url: receiver.url, secret },
    })
    expect(put.statusCode, put.body).toBe(201)
    const worker = ctx.startWorker({ pollMs: 50 })
    const submitted = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${formId}/responses`,
      payload: { answers: { n: 7 }, hidden: { k: 'private-answer-text' } },
    })
    expect(submitted.statusCode).toBe(201)
    const failures = () => logLines.filter((line) => line['msg'] === 'webhook delivery attempt failed')
    await waitUntil(() => failures().length >= 2)
    await worker.stop()

    const [first, second] = failures()
    expect(first).toMatchObject({
      level: 40,
      webhook: 'crm',
      form: formId,
      delivery: expect.stringMatching(/^dlv_/),
      attempt: 1,
      status: 503,
      error: 'HTTP 503',
      result: 'retrying',
    })
    expect(second).toMatchObject({ attempt: 2, delivery: first?.['delivery'] })
    const logged = JSON.stringify(logLines)
    expect(logged).not.toContain(secret)
    expect(logged).not.toContain('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')
    expect(logged).not.toContain('private-answer-text')
  })
})

describe('/metrics', () => {
  it('with CANVASS_METRICS_TOKEN set: 401 without it or with another, 200 with it', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${metricsToken}`]) {
      const refused = await metrics(authorization)
      expect(refused.statusCode, authorization).toBe(401)
      expect(refused.headers['content-type']).toBe('application/problem+json; charset=utf-8')
      expect(refused.headers['www-authenticate']).toBe('Bearer realm="canvass-metrics"')
      expect(refused.json()).toMatchObject({
        code: 'unauthorized',
        detail: 'GET /metrics needs the metrics token: send Authorization: Bearer <CANVASS_METRICS_TOKEN>',
      })
      expect(refused.body).not.toContain('canvass_http_requests_total')
    }
    // An API token is not the metrics token.
    expect((await metrics(`Bearer ${ctx.token}`)).statusCode).toBe(401)
    const allowed = await metrics(`Bearer ${metricsToken}`)
    expect(allowed.statusCode).toBe(200)
    expect(allowed.body).toContain('canvass_http_requests_total')
  })

  it('counts responses stored and contacts added (not repeats, not replays)', async () => {
    const responsesBefore = await counter('canvass_responses_stored_total')
    const contactsBefore = await counter('canvass_contacts_added_total')
    const formId = (await ctx.request({ method: 'POST', url: '/v1/forms', payload: tinyForm })).json().id
    for (const n of [1, 2]) {
      const posted = await ctx.request({
        method: 'POST',
        url: `/v1/forms/${formId}/responses`,
        payload: { answers: { n } },
      })
      expect(posted.statusCode).toBe(201)
    }
    const refused = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${formId}/responses`,
      payload: { answers: { n: 99 } },
    })
    expect(refused.statusCode).toBe(400)
    expect(await counter('canvass_responses_stored_total')).toBe(responsesBefore + 2)

    const listId = (
      await ctx.request({ method: 'POST', url: '/v1/contact-lists', payload: { name: 'L' } })
    ).json().id
    const bulk = (emails: string[], key?: string) =>
      ctx.request({
        method: 'POST',
        url: '/v1/contacts/bulk',
        payload: { list_id: listId, contacts: emails.map((email) => ({ email })) },
        ...(key ? { headers: { 'idempotency-key': key } } : {}),
      })
    expect((await bulk(['a@example.com', 'b@example.com'])).statusCode).toBe(201)
    // b is already on the list; c is new.
    expect((await bulk(['b@example.com', 'c@example.com'], 'k1')).statusCode).toBe(201)
    const replay = await bulk(['b@example.com', 'c@example.com'], 'k1')
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(await counter('canvass_contacts_added_total')).toBe(contactsBefore + 3)
    // Ready for the public form pages: the counter is there, with its kind label.
    expect((await metrics(`Bearer ${metricsToken}`)).body).toContain(
      '# TYPE canvass_public_submissions_refused_total counter',
    )
  })

  it("a worker's --metrics-port asks for the same token", async () => {
    const server = await serveWorkerMetrics(ctx.appContext, '127.0.0.1', 0)
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`
      const refused = await fetch(url)
      expect(refused.status).toBe(401)
      expect(((await refused.json()) as { detail: string }).detail).toContain('CANVASS_METRICS_TOKEN')
      const allowed = await fetch(url, { headers: { authorization: `Bearer ${metricsToken}` } })
      expect(allowed.status).toBe(200)
      expect(await allowed.text()).toContain('canvass_webhook_delivery_attempts_total')
    } finally {
      server.closeAllConnections()
      await new Promise((done) => server.close(done))
    }
  })

  it('CANVASS_METRICS_TOKEN must be long enough to be a secret', () => {
    expect(() => configFromEnv({ CANVASS_METRICS_TOKEN: 'short' })).toThrow(ConfigError)
    expect(() => configFromEnv({ CANVASS_METRICS_TOKEN: 'short' })).toThrow(/CANVASS_METRICS_TOKEN/)
    expect(configFromEnv({ CANVASS_METRICS_TOKEN: metricsToken }).metricsToken).toBe(metricsToken)
    expect(configFromEnv({}).metricsToken).toBeUndefined()
  })
})
