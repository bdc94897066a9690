import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase, testBackend } from '../support/databases.js'
import { type CanvassProcess, lastLine, runCanvass, startServe } from '../support/process.js'
import { type Receiver, startReceiver } from '../support/receiver.js'
import { viaHttp } from './support/client.js'
import { createFixtures, type Fixtures, validRequest } from './support/fixtures.js'
import { loadOperations } from './support/openapi.js'
import { SecretWatch } from './support/secrets.js'

// Issue 7.6: secrets. A child `canvass serve` logging at `trace` (the most it can say) is driven
// through every operation of its OpenAPI document with a good token, a scope-less one, a revoked
// one and an unknown one, sets a webhook secret and delivers a signed event. No API answer (body
// or headers), no line of its log and no webhook delivery contains any token or the secret.
// (The other files of this suite scan their own answers and logs the same way.)

let database: TestDatabase
let receiver: Receiver
let server: (CanvassProcess & { baseUrl: string; stop(): Promise<void> }) | undefined
const watch = new SecretWatch()

beforeAll(async () => {
  database = await createTestDatabase()
  receiver = await startReceiver()
})

afterAll(async () => {
  await server?.stop()
  await receiver?.close()
  await database?.drop()
})

describe(`secrets on ${testBackend}`, () => {
  it('no token and no webhook secret in any answer, log line or delivery', async () => {
    const env = {
      DATABASE_URL: database.url,
      CANVASS_WEBHOOK_ALLOW_PRIVATE: '1',
      CANVASS_WEBHOOK_RETRY_SCHEDULE: '1,1,1',
      CANVASS_WORKER: '1',
    }
    const token = async (...args: string[]) => {
      const created = await runCanvass(['token', 'create', ...args], env)
      expect(created.code, created.output).toBe(0)
      return watch.secret(lastLine(created.output))
    }
    const full = await token('--name', 'full')
    const other = await token('--workspace', 'other', '--name', 'other')
    const noScope = await token('--name', 'narrow', '--scopes', 'forms:read')
    const revoked = await token('--name', 'revoked')
    const listed = await runCanvass(['token', 'list', '--json'], env)
    const toRevoke = (JSON.parse(listed.output) as { id: string; name: string }[]).find(
      (listedToken) => listedToken.name === 'revoked',
    )
    const revocation = await runCanvass(['token', 'revoke', toRevoke?.id ?? 'missing'], env)
    expect(revocation.code, revocation.output).toBe(0)
    const unknown = watch.secret(`cvs_${randomBytes(32).toString('base64url')}`)
    watch.record('token list output', listed.output)

    server = await startServe({ ...env, LOG_LEVEL: 'trace' })
    const send = viaHttp(server.baseUrl, full, watch)
    const fixtures: Fixtures = await createFixtures(send, full)
    watch.secret(fixtures.webhookSecret)
    const operations = (await loadOperations(send)).filter((operation) => operation.scope)
    expect(operations.length).toBeGreaterThan(0)

    for (const operation of operations) {
      const request = validRequest(
        operation,
        operation.method === 'DELETE' ? await createFixtures(send, full) : fixtures,
      )
      const payload = request.body === undefined ? undefined : JSON.stringify(request.body)
      const headers: Record<string, string> =
        payload === undefined ? {} : { 'content-type': 'application/json' }
      for (const bearer of [full, other, noScope, revoked, unknown, `${full}x`]) {
        await send({
          method: request.method,
          url: request.url,
          headers,
          token: bearer,
          ...(payload ? { payload } : {}),
        })
      }
      await send({
        method: request.method,
        url: request.url,
        headers: { ...headers, authorization: `Basic ${Buffer.from(`u:${full}`).toString('base64')}` },
        token: null,
        ...(payload ? { payload } : {}),
      })
    }

    // A signed delivery to a real receiver, then the webhook and its deliveries read back.
    const secret = watch.secret(fixtures.webhookSecret)
    const form = (
      await send({
        method: 'POST',
        url: '/v1/forms',
        payload: '{"title":"S","questions":[]}',
        headers: { 'content-type': 'application/json' },
      })
    ).json()
    const put = await send({
      method: 'PUT',
      url: `/v1/forms/${form.id}/webhooks/signed`,
      payload: JSON.stringify({ url: receiver.url, secret }),
      headers: { 'content-type': 'application/json' },
    })
    expect(put.statusCode, put.body).toBe(201)
    const submitted = await send({
      method: 'POST',
      url: `/v1/forms/${form.id}/responses`,
      payload: JSON.stringify({ answers: {} }),
      headers: { 'content-type': 'application/json' },
    })
    expect(submitted.statusCode, submitted.body).toBe(201)
    expect(await receiver.missing([submitted.json().id], 30_000)).toEqual([])
    await send({ method: 'GET', url: `/v1/forms/${form.id}/webhooks/signed`, token: full })
    await send({ method: 'GET', url: `/v1/forms/${form.id}/webhooks/signed/deliveries`, token: full })
    await send({ method: 'GET', url: `/v1/forms/${fixtures.params['form_id']}/webhooks`, token: full })

    await server.stop()
    for (const { body } of receiver.requests) watch.record('webhook delivery', body)
    watch.record('serve log at trace', server.output())
    expect(server.output().length).toBeGreaterThan(0)
    expect(watch.count).toBeGreaterThan(operations.length * 7)
    expect(watch.leaks()).toEqual([])
  }, 180_000)
})
