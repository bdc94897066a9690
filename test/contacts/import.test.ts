import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../support/databases.js'
import { lastLine, runCanvass, startServe } from '../support/process.js'

// `canvass contacts import` end to end: the built CLI against a real `canvass serve` process.
// The server allows 600 contacts a request while the CLI sends 1000: full batches are refused
// without naming rows and must be split, losing nothing.

let database: TestDatabase
let server: Awaited<ReturnType<typeof startServe>>
let token: string
let dir: string

beforeAll(async () => {
  database = await createTestDatabase()
  const created = await runCanvass(['token', 'create', '--name', 'import'], { DATABASE_URL: database.url })
  expect(created.code, created.output).toBe(0)
  token = lastLine(created.output)
  server = await startServe({ DATABASE_URL: database.url, CANVASS_BULK_MAX: '600' })
  dir = mkdtempSync(join(tmpdir(), 'canvass-import-'))
}, 60_000)

afterAll(async () => {
  await server?.stop()
  await database?.drop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  const json: any = await response.json()
  return { status: response.status, body: json }
}

async function newList(): Promise<string> {
  const created = await api('POST', '/v1/contact-lists', { name: 'import' })
  expect(created.status).toBe(201)
  return created.body.id
}

async function allContacts(listId: string): Promise<{ email: string; name: string; data: string }[]> {
  const items = []
  for (let page = 1; ; page++) {
    const { body } = await api('GET', `/v1/contact-lists/${listId}/contacts?page=${page}&page_size=1000`)
    items.push(...body.items)
    if (body.items.length < 1000) return items
  }
}

function importFile(file: string, listId: string, extra: Record<string, string> = {}) {
  return runCanvass(['contacts', 'import', file, '--list', listId], {
    CANVASS_URL: server.baseUrl,
    CANVASS_TOKEN: token,
    ...extra,
  })
}

describe('contacts import', () => {
  it('imports 2,500 rows in batches, reports bad rows by line, and adds nothing twice', async () => {
    const listId = await newList()
    const lines = ['Name,Email,City,Phone']
    const expected: string[] = []
    for (let i = 0; i < 2500; i++) {
      const line = i + 2
      if (i === 10) lines.push(`Bad ${i},not-an-address,Berlin,1`)
      else if (i === 1500) lines.push(`Ragged ${i},ragged@example.com`)
      else if (i === 2000) lines.push(`Dup ${i},PERSON.5@example.com,Paris,`)
      else if (i === 2100) lines.push(`Long ${i},person.long@example.com,${'x'.repeat(2049)},`)
      else {
        lines.push(`"Person, ${i}",person.${i}@example.com,${i % 2 ? 'Berlin' : ''},+49${i}`)
        expected.push(`person.${i}@example.com`)
      }
      expect(lines.length).toBe(line)
    }
    const file = join(dir, 'people.csv')
    writeFileSync(file, `${lines.join('\n')}\n`)

    const run = await importFile(file, listId)
    expect(run.code, run.output).toBe(1)
    expect(run.output).toContain('2500 rows read')
    expect(run.output).toContain('added: 2496')
    expect(run.output).toContain('skipped, already on the list: 0')
    expect(run.output).toContain('skipped, repeating an earlier row of the file: 1')
    expect(run.output).toContain('rejected: 3')
    expect(run.output).toContain('line 12: rejected, email: must be an e-mail address')
    expect(run.output).toContain('line 1502: rejected, has 2 fields; the header has 4')
    expect(run.output).toContain('line 2002: skipped, PERSON.5@example.com repeats line 7')
    expect(run.output).toMatch(/line 2102: rejected, data City: must be at most 2048 characters/)

    const stored = await allContacts(listId)
    expect(stored.map((c) => c.email)).toEqual(expected)
    const third = stored[1] as { name: string; data: string }
    expect(third.name).toBe('Person, 1')
    expect(JSON.parse(third.data)).toEqual({ City: 'Berlin', Phone: '+491' })
    expect(JSON.parse((stored[0] as { data: string }).data)).toEqual({ Phone: '+490' })
    expect((await api('GET', `/v1/contact-lists/${listId}`)).body.contact_count).toBe(2496)

    // A second run adds nothing and says so.
    const again = await importFile(file, listId)
    expect(again.output).toContain('added: 0')
    expect(again.output).toContain('skipped, already on the list: 2496')
    expect((await allContacts(listId)).length).toBe(2496)
  }, 60_000)

  it('retries a 503 and a 429 (honouring Retry-After) and a lost answer, adding nothing twice', async () => {
    const listId = await newList()
    const file = join(dir, 'flaky.csv')
    const rows = Array.from({ length: 500 }, (_, i) => `flaky${i}@example.com,Flaky ${i}`)
    writeFileSync(file, `email,name\n${rows.join('\n')}\n`)
    // A proxy on 127.0.0.1: the first bulk request gets a 503, the second a 429 asking for one
    // second, the third reaches the server but its answer is lost (connection cut); the rest pass.
    const seen: { key: string | undefined; at: number }[] = []
    const proxy = createServer(async (request, response) => {
      const chunks: Buffer[] = []
      for await (const chunk of request) chunks.push(chunk as Buffer)
      const attempt = seen.push({ key: request.headers['idempotency-key'] as string, at: Date.now() })
      if (attempt === 1) return void response.writeHead(503).end()
      if (attempt === 2) return void response.writeHead(429, { 'retry-after': '1' }).end()
      const forwarded = await fetch(`${server.baseUrl}${request.url}`, {
        method: request.method ?? 'POST',
        headers: request.headers as Record<string, string>,
        body: Buffer.concat(chunks),
      })
      const text = await forwarded.text()
      if (attempt === 3) return void response.socket?.destroy()
      response.writeHead(forwarded.status, { 'content-type': 'application/json' }).end(text)
    })
    await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done))
    try {
      const run = await importFile(file, listId, {
        CANVASS_URL: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
      })
      expect(run.code, run.output).toBe(0)
      expect(run.output).toContain('added: 500')
      expect(seen[2]!.at - seen[1]!.at, 'waited for Retry-After').toBeGreaterThanOrEqual(950)
      // Every retry of the one batch carries its Idempotency-Key: the stored answer is replayed.
      expect(seen).toHaveLength(4)
      expect(new Set(seen.map((attempt) => attempt.key)).size).toBe(1)
      const stored = await allContacts(listId)
      expect(stored).toHaveLength(500)
      expect(new Set(stored.map((contact) => contact.email)).size).toBe(500)
    } finally {
      await new Promise((done) => proxy.close(done))
    }
  })

  it('a clean file exits 0', async () => {
    const listId = await newList()
    const file = join(dir, 'clean.csv')
    writeFileSync(file, 'email,name\r\nx@example.com,X\r\ny@example.com,"Y ""quoted"""\r\n')
    const run = await importFile(file, listId)
    expect(run.code, run.output).toBe(0)
    expect(run.output).toContain('added: 2')
    expect((await allContacts(listId)).map((c) => c.name)).toEqual(['X', 'Y "quoted"'])
  })

  it('reads files saved with `;` or tabs and a byte order mark, as spreadsheets save them', async () => {
    const listId = await newList()
    const semicolons = join(dir, 'semicolons.csv')
    // Excel in a German locale: a BOM, `;` between fields, a comma inside a field, the header capitalised.
    writeFileSync(semicolons, '\uFEFFName;Email;City\r\nMüller, Anna;anna@example.com;Köln\r\n')
    const tabs = join(dir, 'tabs.tsv')
    writeFileSync(tabs, 'email\tname\nben@example.com\tBen; Jr.\n')
    for (const file of [semicolons, tabs]) {
      const run = await importFile(file, listId)
      expect(run.code, run.output).toBe(0)
      expect(run.output).toContain('added: 1')
    }
    const contacts = await allContacts(listId)
    expect(contacts.map((c) => [c.email, c.name, c.data])).toEqual([
      ['anna@example.com', 'Müller, Anna', '{"City":"Köln"}'],
      ['ben@example.com', 'Ben; Jr.', '{}'],
    ])
  })

  it('reports a malformed file with line numbers, imports its good rows and does not crash', async () => {
    const listId = await newList()
    const file = join(dir, 'malformed.csv')
    writeFileSync(
      file,
      [
        'name,email',
        'Good,good1@example.com',
        'Too,many,fields@example.com',
        'Stray,stray"quote@example.com',
        '"Multi',
        'line",multi@example.com',
        'Good,good2@example.com',
        'Open,"unclosed@example.com',
        'Lost,lost@example.com',
        '',
      ].join('\n'),
    )
    const run = await importFile(file, listId)
    expect(run.code, run.output).toBe(1)
    expect(run.output).not.toMatch(/TypeError|at .*\.js:\d+/)
    expect(run.output).toContain('line 3: rejected, has 3 fields; the header has 2')
    expect(run.output).toContain('line 4: rejected, email: must be an e-mail address')
    expect(run.output).toMatch(/line 8: rejected, malformed CSV: Quote Not Closed/)
    expect((await allContacts(listId)).map((c) => c.email)).toEqual([
      'good1@example.com',
      'multi@example.com',
      'good2@example.com',
    ])
  })

  // Five CLI runs: 11 s on a busy 2-core machine.
  it('stops with a clear message for an unknown list, a bad token, a missing file or a bad header', {
    timeout: 60_000,
  }, async () => {
    const file = join(dir, 'one.csv')
    writeFileSync(file, 'name,email\nA,a@example.com\n')
    const unknown = await importFile(file, 'cl_nothere')
    expect(unknown.code).toBe(1)
    expect(unknown.output).toContain(
      'import stopped: the server answered 404: contact list cl_nothere does not exist',
    )
    const listId = await newList()
    const badToken = await runCanvass(
      ['contacts', 'import', file, '--list', listId, '--token', 'cvs_wrong'],
      {
        CANVASS_URL: server.baseUrl,
      },
    )
    expect(badToken.code).toBe(1)
    expect(badToken.output).toContain('the server answered 401')
    const missing = await importFile(join(dir, 'missing.csv'), listId)
    expect(missing.code).toBe(1)
    expect(missing.output).toContain('cannot read')
    const noEmail = join(dir, 'noemail.csv')
    writeFileSync(noEmail, 'name,mail\nA,a@example.com\n')
    const header = await importFile(noEmail, listId)
    expect(header.code).toBe(1)
    expect(header.output).toContain('the header has no "email" column')
    const badId = await importFile(file, 'not a list id!')
    expect(badId.code).toBe(1)
    expect(badId.output).toContain('is not a list id')
    const noToken = await runCanvass(['contacts', 'import', file, '--list', listId], {
      CANVASS_URL: server.baseUrl,
    })
    expect(noToken.code).toBe(2)
    expect((await allContacts(listId)).length).toBe(0)
  })
})
