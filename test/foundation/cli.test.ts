import { request as httpRequest } from 'node:http'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../support/databases.js'
import { lastLine, runCanvass, startServe } from '../support/process.js'

// The command line and the server process end to end: tokens, first start, shutdown, logs.
// A test here starts up to six processes; each takes 4-8 s to start on a busy 2-core machine.
const processes = { timeout: 90_000 }

let database: TestDatabase
let env: Record<string, string>
const stops: (() => Promise<void>)[] = []

beforeEach(async () => {
  database = await createTestDatabase()
  env = { DATABASE_URL: database.url }
})
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop()
  await database.drop()
})

async function serve(extra: Record<string, string> = {}) {
  const server = await startServe({ ...env, ...extra })
  stops.push(() => server.stop())
  return server
}

const listLists = (baseUrl: string, token: string) =>
  fetch(`${baseUrl}/v1/contact-lists`, { headers: { authorization: `Bearer ${token}` } })

describe('canvass token', processes, () => {
  it('creates a token that works, lists it without its value, and revokes it', async () => {
    const created = await runCanvass(['token', 'create', '--workspace', 'acme', '--name', 'ci'], env)
    expect(created.code).toBe(0)
    const token = lastLine(created.output)
    expect(token).toMatch(/^cvs_[A-Za-z0-9_-]{43,}$/)

    const server = await serve()
    expect((await listLists(server.baseUrl, token)).status).toBe(200)

    const listed = await runCanvass(['token', 'list'], env)
    expect(listed.code).toBe(0)
    expect(listed.output).toContain('acme')
    expect(listed.output).not.toContain(token)
    const tokenId = listed.output.match(/^(tok_\S+) +acme +ci +/m)?.[1]
    expect(tokenId).toBeDefined()

    const revoked = await runCanvass(['token', 'revoke', tokenId as string], env)
    expect(revoked.code).toBe(0)
    expect((await runCanvass(['token', 'list'], env)).output).toMatch(new RegExp(`${tokenId}.*revoked`))

    // The server caches look-ups briefly; a revoked token must stop working within 5 seconds.
    const deadline = Date.now() + 5000
    let status = 200
    while (Date.now() < deadline && status !== 401) {
      status = (await listLists(server.baseUrl, token)).status
      if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 200))
    }
    expect(status).toBe(401)
  })

  it('limits a token to the scopes it was given', async () => {
    const created = await runCanvass(['token', 'create', '--scopes', 'forms:read,responses:read'], env)
    const token = lastLine(created.output)
    const server = await serve()
    const response = await listLists(server.baseUrl, token)
    expect(response.status).toBe(403)
    expect(((await response.json()) as { code: string }).code).toBe('forbidden')
  })

  it('refuses unknown scopes and unknown token ids', async () => {
    const bad = await runCanvass(['token', 'create', '--scopes', 'forms:read,everything'], env)
    expect(bad.code).not.toBe(0)
    expect(bad.output).toContain('everything')
    const missing = await runCanvass(['token', 'revoke', 'tok_nope'], env)
    expect(missing.code).toBe(1)
    expect(missing.output).toContain('no token with id tok_nope')
  })
})

describe('canvass serve', processes, () => {
  it('on a first start creates workspace default with one token, printed once', async () => {
    const first = await serve()
    const token = first.output().match(/^(cvs_[A-Za-z0-9_-]+)$/m)?.[1]
    expect(token).toBeDefined()
    expect((await listLists(first.baseUrl, token as string)).status).toBe(200)
    await first.stop()

    const second = await serve()
    expect(second.output()).not.toMatch(/^cvs_/m)
    expect((await listLists(second.baseUrl, token as string)).status).toBe(200)
    const listed = await runCanvass(['token', 'list'], env)
    expect(listed.output.match(/ default +/g)).toHaveLength(1)
  })

  it('never writes a token into its logs', async () => {
    const server = await serve()
    const token = server.output().match(/^(cvs_[A-Za-z0-9_-]+)$/m)?.[1] as string
    await listLists(server.baseUrl, token)
    await listLists(server.baseUrl, `${token}x`)
    await server.stop()
    const logLines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
    expect(logLines.length).toBeGreaterThan(2)
    expect(logLines.join('\n')).not.toContain(token)
    const requestLines = logLines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'request')
    expect(requestLines).toHaveLength(2)
    expect(requestLines[0]).toEqual(expect.objectContaining({ reqId: expect.any(String), status: 200 }))
  })

  it('finishes a request in flight when it receives SIGTERM, then exits 0', async () => {
    const server = await serve()
    const token = server.output().match(/^(cvs_[A-Za-z0-9_-]+)$/m)?.[1] as string
    const body = JSON.stringify({ name: 'created while shutting down' })
    const url = new URL(`${server.baseUrl}/v1/contact-lists`)

    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        url,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = ''
          res.on('data', (chunk) => {
            text += chunk
          })
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
        },
      )
      req.on('error', reject)
      // Half the body now, SIGTERM while the request is in flight, the rest afterwards.
      req.write(body.slice(0, 10))
      setTimeout(() => {
        server.child.kill('SIGTERM')
        setTimeout(() => req.end(body.slice(10)), 500)
      }, 200)
    })

    const { status, body: text } = await answer
    expect(status).toBe(201)
    expect(JSON.parse(text).name).toBe('created while shutting down')
    expect(await server.exited).toEqual({ code: 0, signal: null })
  })

  it('stops at start-up with a message naming a bad setting', async () => {
    const result = await runCanvass(['serve'], { ...env, CANVASS_RATE_LIMIT: 'lots' })
    expect(result.code).toBe(1)
    expect(result.output).toContain('CANVASS_RATE_LIMIT')
  })
})

describe('canvass migrate', () => {
  it('brings an empty database up to date, then finds nothing to do', async () => {
    const first = await runCanvass(['migrate'], env)
    expect(first.code).toBe(0)
    expect(first.output).toContain('001_foundation')
    const second = await runCanvass(['migrate'], env)
    expect(second.code).toBe(0)
    expect(second.output).toContain('up to date')
  })
})
