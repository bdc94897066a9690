import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase, postgresUrl, type TestDatabase, testBackend } from '../support/databases.js'
import { lastLine, runCanvass, spawnCanvass, startServe } from '../support/process.js'

// What a person sees when starting Canvass goes wrong, and the command line's small comforts:
// one line saying what is wrong and what to do, a non-zero exit, no stack trace.

let database: TestDatabase
let env: Record<string, string>
let dir: string
const cleanups: (() => Promise<void>)[] = []

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'canvass-friendly-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))
beforeEach(async () => {
  database = await createTestDatabase()
  env = { DATABASE_URL: database.url }
})
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  await database.drop()
})

/** The failure a person reads: exactly one line on stderr+stdout, no stack frames. */
function expectOneLineFailure(result: { code: number | null; output: string }, ...parts: string[]) {
  expect(result.code, result.output).toBe(1)
  const lines = result.output.trim().split('\n')
  const failure = lines.filter((line) => line.startsWith('canvass: '))
  expect(failure, result.output).toHaveLength(1)
  for (const part of parts) expect(failure[0]).toContain(part)
  expect(result.output).not.toMatch(/^\s+at /m)
}

async function listenOn(server: Server): Promise<number> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  cleanups.push(() => new Promise((done) => server.close(() => done())))
  return (server.address() as AddressInfo).port
}

describe('start-up failures', () => {
  it('a port in use: says so and how to pick another, exit 1', async () => {
    const port = await listenOn(createServer())
    const result = await runCanvass(['serve'], { ...env, PORT: String(port), HOST: '127.0.0.1' })
    expectOneLineFailure(result, `cannot listen on 127.0.0.1:${port}`, 'already in use', '--port')
  })

  it('a port in use on a fresh database: no token is made, the next start that listens prints it', async () => {
    const port = await listenOn(createServer())
    const failed = await runCanvass(['serve'], { ...env, PORT: String(port), HOST: '127.0.0.1' })
    expectOneLineFailure(failed, 'already in use')
    expect(failed.output).not.toContain('cvs_')
    expect(failed.output).not.toContain('shown only this once')

    const server = await startServe(env)
    cleanups.push(() => server.stop())
    const token = server.output().match(/^(cvs_[A-Za-z0-9_-]+)$/m)?.[1]
    expect(token, server.output()).toBeDefined()
    const lists = await fetch(`${server.baseUrl}/v1/contact-lists`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(lists.status).toBe(200)
  })

  it('prints where it runs, in one line, after the first token and the owner’s setup link', async () => {
    const server = await startServe(env)
    cleanups.push(() => server.stop())
    const human = server
      .output()
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('{'))
    expect(human).toEqual([
      'Canvass created the workspace "default" and its first API token (all scopes).',
      'Keep it now: it is shown only this once.',
      expect.stringMatching(/^cvs_/),
      'Create the owner (e-mail and password) with this one-time link, valid 24 hours:',
      expect.stringMatching(new RegExp(`^${server.baseUrl}/app/setup\\?code=cvc_[A-Za-z0-9_-]{43}$`)),
      `Canvass is running: dashboard ${server.baseUrl}/app, API ${server.baseUrl}/v1`,
    ])
  })

  it('shows the stack trace only at LOG_LEVEL=debug', async () => {
    const port = await listenOn(createServer())
    const result = await runCanvass(['serve', '--port', String(port)], { ...env, LOG_LEVEL: 'debug' })
    expect(result.code).toBe(1)
    expect(result.output).toContain('already in use')
    expect(result.output).toMatch(/EADDRINUSE/)
    expect(result.output).toMatch(/^\s+at /m)
  })

  it('Redis unreachable: names CANVASS_REDIS_URL and the address, exit 1', async () => {
    const probe = createServer()
    await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done))
    const port = (probe.address() as AddressInfo).port
    await new Promise((done) => probe.close(done))
    const result = await runCanvass(['serve'], {
      ...env,
      PORT: '0',
      CANVASS_REDIS_URL: `redis://127.0.0.1:${port}`,
    })
    expectOneLineFailure(result, `CANVASS_REDIS_URL: cannot reach Redis at 127.0.0.1:${port}`)
    expect(result.output).not.toContain('ioredis')
  })

  it.runIf(testBackend === 'postgres')('PostgreSQL unreachable: names the address, exit 1', async () => {
    // A port nothing listens on: taken, then released.
    const probe = createServer()
    await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done))
    const port = (probe.address() as AddressInfo).port
    await new Promise((done) => probe.close(done))
    const result = await runCanvass(['serve'], {
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/canvass`,
      PORT: '0',
    })
    expectOneLineFailure(result, `cannot reach PostgreSQL at 127.0.0.1:${port}`, 'DATABASE_URL')
  })

  it.runIf(testBackend === 'postgres')(
    'a missing database: says how to create it, and migrate --create-database does',
    async () => {
      const name = `canvass_missing_${randomBytes(5).toString('hex')}`
      const url = new URL(postgresUrl)
      url.pathname = `/${name}`
      url.search = ''
      cleanups.push(async () => {
        const admin = new pg.Client({ connectionString: postgresUrl })
        await admin.connect()
        await admin.query(`drop database if exists ${name} with (force)`)
        await admin.end()
      })
      const missing = await runCanvass(['serve'], { DATABASE_URL: url.toString(), PORT: '0' })
      expectOneLineFailure(
        missing,
        `the database "${name}" does not exist`,
        'canvass migrate --create-database',
      )

      const created = await runCanvass(['migrate', '--create-database'], { DATABASE_URL: url.toString() })
      expect(created.code, created.output).toBe(0)
      expect(created.output).toContain(`created the database ${name}`)
      expect(created.output).toContain('001_foundation')
      const again = await runCanvass(['migrate', '--create-database'], { DATABASE_URL: url.toString() })
      expect(again.code, again.output).toBe(0)
      expect(again.output).not.toContain('created the database')
      expect(again.output).toContain('up to date')

      const server = await startServe({ DATABASE_URL: url.toString() })
      cleanups.push(() => server.stop())
      expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200)
    },
  )

  it.runIf(testBackend === 'sqlite')('a SQLite path it cannot write: names the file, exit 1', async () => {
    const blocker = join(dir, 'a-file')
    writeFileSync(blocker, 'not a directory')
    const inFile = await runCanvass(['serve'], {
      DATABASE_URL: `sqlite:${blocker}/canvass.sqlite`,
      PORT: '0',
    })
    expectOneLineFailure(inFile, `cannot open the SQLite database ${blocker}/canvass.sqlite`, 'DATABASE_URL')
    // A directory where the file should be.
    const aDirectory = await runCanvass(['serve'], { DATABASE_URL: `sqlite:${dir}`, PORT: '0' })
    expectOneLineFailure(aDirectory, `cannot open the SQLite database ${dir}`)
  })
})

describe('the command line', () => {
  it('--version prints the version', async () => {
    const result = await runCanvass(['--version'], {})
    expect(result.code).toBe(0)
    expect(result.output.trim()).toMatch(/^\d+\.\d+\.\d+/)
  })

  it('serve --port and --host choose where it listens', async () => {
    const probe = createServer()
    await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done))
    const port = (probe.address() as AddressInfo).port
    await new Promise((done) => probe.close(done))
    const server = await startServe({ ...env, PORT: '1', HOST: '0.0.0.0' }, [
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
    ])
    cleanups.push(() => server.stop())
    expect(server.baseUrl).toBe(`http://127.0.0.1:${port}`)
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200)

    const bad = await runCanvass(['serve', '--port', 'eighty'], env)
    expect(bad.code).not.toBe(0)
    expect(bad.output).toContain('must be a port number, 0 to 65535')
  })

  it('insights --since and --until take a date (the whole day, UTC)', async () => {
    const seeded = await runCanvass(['seed-demo', '--responses', '3'], env)
    expect(seeded.code, seeded.output).toBe(0)
    const formId = lastLine(seeded.output)
    const today = new Date().toISOString().slice(0, 10)
    const todays = await runCanvass(['insights', formId, '--since', today, '--until', today], env)
    expect(todays.code, todays.output).toBe(0)
    expect(todays.output).toContain(`form ${formId}: 3 responses`)
    // The funnel: three started, each reached the one page and completed.
    expect(todays.output).toMatch(/funnel \(respondents by when they started\)\n\s+started\s+3\s+100\.0 %/)
    expect(todays.output).toMatch(/completed\s+3\s+100\.0 %/)
    const before = await runCanvass(['insights', formId, '--until', '2000-01-01'], env)
    expect(before.output).toContain(`form ${formId}: 0 responses`)
  })

  it('a mistake on the command line is one line and the usage, not the whole help', async () => {
    const bad = await runCanvass(['insights', 'frm_x', '--since', 'yesterday'], env)
    expect(bad.code).toBe(1)
    expect(bad.output.trim().split('\n')).toEqual([
      "canvass: option '--since <time>' argument 'yesterday' is invalid. must be a date (2026-11-25, the whole day in UTC), an ISO 8601 time (2026-11-25T09:00:00Z) or Unix seconds",
      'usage: canvass insights [options] <form_id>  (canvass insights --help for more)',
    ])
    const noDay = await runCanvass(['insights', 'frm_x', '--until', '2026-02-30'], env)
    expect(noDay.code).toBe(1)
    expect(noDay.output).toContain("argument '2026-02-30' is invalid")
    const unknown = await runCanvass(['token', 'create', '--bogus'], env)
    expect(unknown.output.trim().split('\n')).toEqual([
      "canvass: unknown option '--bogus'",
      'usage: canvass token create [options]  (canvass token create --help for more)',
    ])
  })

  it('a bad CANVASS_PUBLIC_URL is named; a good one is where the start-up line points', async () => {
    const bad = await runCanvass(['serve'], { ...env, PORT: '0', CANVASS_PUBLIC_URL: 'forms.example.com' })
    expectOneLineFailure(bad, 'CANVASS_PUBLIC_URL: must be the absolute http:// or https:// address')
    const server = spawnCanvass(['serve'], {
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
      CANVASS_PUBLIC_URL: 'https://forms.example.com/',
    })
    cleanups.push(async () => {
      server.child.kill('SIGTERM')
      await server.exited
    })
    await server.waitFor(
      /^Canvass is running: dashboard https:\/\/forms\.example\.com\/app, API https:\/\/forms\.example\.com\/v1$/m,
    )
  })

  it('a bad HOST is named as HOST, and --host the same way', async () => {
    for (const host of ['0.0.0.0:3000', 'http://127.0.0.1']) {
      const result = await runCanvass(['serve'], { ...env, PORT: '0', HOST: host })
      expectOneLineFailure(result, 'HOST: must be an address or host name to listen on', `"${host}"`)
    }
    const option = await runCanvass(['serve', '--host', '127.0.0.1:80'], env)
    expect(option.code).toBe(1)
    expect(option.output).toContain("option '--host <address>' argument '127.0.0.1:80' is invalid")
  })

  it('token list has a header row, and --json gives the same tokens as JSON', async () => {
    const created = await runCanvass(['token', 'create', '--workspace', 'acme', '--name', 'ci'], env)
    const token = lastLine(created.output)
    const table = await runCanvass(['token', 'list'], env)
    expect(table.code).toBe(0)
    const [header, row] = table.output.trim().split('\n')
    expect(header?.split(/ +/)).toEqual(['ID', 'WORKSPACE', 'NAME', 'CREATED', 'STATE', 'SCOPES'])
    expect(row).toMatch(/^tok_\S+ +acme +ci +\d{4}-\S+Z +active +forms:read,/)

    const json = await runCanvass(['token', 'list', '--json'], env)
    expect(json.code).toBe(0)
    expect(json.output).not.toContain(token)
    const listed = JSON.parse(json.output) as { id: string; workspace: string; revoked_at: null }[]
    expect(listed).toEqual([
      {
        id: expect.stringMatching(/^tok_/),
        workspace: 'acme',
        name: 'ci',
        created_at: expect.stringMatching(/Z$/),
        revoked_at: null,
        scopes: expect.arrayContaining(['contacts:write']),
      },
    ])
  })

  it('contacts import refuses a --url that is not one, without a crash', async () => {
    const file = join(dir, 'people.csv')
    writeFileSync(file, 'email\na@example.com\n')
    const result = await runCanvass(
      ['contacts', 'import', file, '--list', 'cl_x', '--token', 'cvs_x', '--url', 'notaurl'],
      {},
    )
    expect(result.code).not.toBe(0)
    expect(result.output).toContain('"notaurl" is not a URL')
    expect(result.output).not.toContain('TypeError')
    const fromEnv = await runCanvass(['contacts', 'import', file, '--list', 'cl_x', '--token', 'cvs_x'], {
      CANVASS_URL: 'ftp://127.0.0.1/',
    })
    expect(fromEnv.code).toBe(2)
    expect(fromEnv.output).toContain('CANVASS_URL: "ftp://127.0.0.1/" must start with http:// or https://')
  })

  it('contacts import names a server that is not Canvass as such', async () => {
    const port = await listenOn(
      createServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>It works!</body></html>')
      }),
    )
    const file = join(dir, 'people.csv')
    writeFileSync(file, 'email\na@example.com\n')
    const result = await runCanvass(
      ['contacts', 'import', file, '--list', 'cl_x', '--token', 'cvs_x', '--url', `http://127.0.0.1:${port}`],
      {},
    )
    expect(result.code).toBe(1)
    expect(result.output).toContain(
      `http://127.0.0.1:${port} is not a Canvass server: it answered 200 with text/html; check --url or CANVASS_URL`,
    )
  })
})
