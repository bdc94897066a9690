import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase, testBackend } from '../support/databases.js'
import { lastLine, runCanvass, startServe } from '../support/process.js'
import { problemDefect } from './support/problem.js'
import { SecretWatch } from './support/secrets.js'

// Hostile bytes on the wire, below what app.inject can send: malformed request lines and
// headers, conflicting lengths (request smuggling), oversized headers, pipelining, slow and
// abandoned requests, sent to a real `canvass serve` on loopback. No answer is a 5xx, the
// process stays up, and a good request on a fresh connection is still answered.

let database: TestDatabase
let server: Awaited<ReturnType<typeof startServe>> | undefined
let token = ''
let port = 0
const watch = new SecretWatch()

beforeAll(async () => {
  database = await createTestDatabase()
  const env = { DATABASE_URL: database.url }
  const created = await runCanvass(['token', 'create', '--name', 'wire'], env)
  token = watch.secret(lastLine(created.output))
  server = await startServe(env)
  port = Number(new URL(server.baseUrl).port)
})

afterAll(async () => {
  await server?.stop()
  await database?.drop()
})

/** Sends raw bytes, returns everything the server wrote before closing or going quiet. */
function raw(bytes: string | Buffer, quietMs = 400): Promise<string> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1')
    let text = ''
    let timer: NodeJS.Timeout
    const finish = () => {
      clearTimeout(timer)
      socket.destroy()
      done(text)
    }
    const arm = () => {
      clearTimeout(timer)
      timer = setTimeout(finish, quietMs)
    }
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1')
      arm()
    })
    socket.on('close', finish)
    socket.on('error', finish)
    socket.on('connect', () => {
      socket.write(bytes)
      arm()
    })
  })
}

/** The first response in raw HTTP/1.1 text, as problemDefect reads it. */
function firstResponse(text: string) {
  const end = text.indexOf('\r\n\r\n')
  const head = text.slice(0, end === -1 ? text.length : end).split('\r\n')
  const statusCode = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head[0] ?? '')?.[1])
  const headers: Record<string, string> = {}
  for (const line of head.slice(1)) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim()
  }
  const length = Number(headers['content-length'] ?? 0)
  const body = Buffer.from(text.slice(end + 4), 'latin1')
    .subarray(0, length)
    .toString('utf8')
  return { statusCode, headers, body }
}

const statuses = (text: string) =>
  [...text.matchAll(/HTTP\/1\.[01] (\d{3})/g)].map((match) => Number(match[1]))

const auth = () => `Authorization: Bearer ${token}\r\n`

const cases: [string, () => string][] = [
  ['garbage request line', () => 'HELLO\r\n\r\n'],
  ['HTTP/0.9 style', () => 'GET /v1/forms\r\n\r\n'],
  ['unknown version', () => 'GET /v1/forms HTTP/9.9\r\nHost: x\r\n\r\n'],
  ['no host', () => `GET /v1/forms HTTP/1.1\r\n${auth()}\r\n`],
  ['absolute-form target', () => `GET http://127.0.0.1/v1/forms HTTP/1.1\r\nHost: x\r\n${auth()}\r\n`],
  ['asterisk target', () => 'OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n'],
  ['CONNECT', () => 'CONNECT 127.0.0.1:5432 HTTP/1.1\r\nHost: 127.0.0.1:5432\r\n\r\n'],
  ['TRACE', () => `TRACE /v1/forms HTTP/1.1\r\nHost: x\r\n${auth()}\r\n`],
  ['lowercase method', () => `get /v1/forms HTTP/1.1\r\nHost: x\r\n${auth()}\r\n`],
  ['space in target', () => `GET /v1/fo rms HTTP/1.1\r\nHost: x\r\n${auth()}\r\n`],
  ['raw UTF-8 in target', () => `GET /v1/forms/\u00e9\u00e9 HTTP/1.1\r\nHost: x\r\n${auth()}\r\n`],
  ['bad percent in target', () => `GET /v1/forms/%zz%ED%A0%80 HTTP/1.1\r\nHost: x\r\n${auth()}\r\n`],
  ['NUL in header', () => `GET /v1/forms HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n${auth()}\r\n`],
  ['header without colon', () => `GET /v1/forms HTTP/1.1\r\nHost: x\r\nBroken header\r\n${auth()}\r\n`],
  ['obsolete line folding', () => `GET /v1/forms HTTP/1.1\r\nHost: x\r\nX-A: a\r\n  b\r\n${auth()}\r\n`],
  ['bare LF line endings', () => `GET /v1/forms HTTP/1.1\nHost: x\n${auth().trim()}\n\n`],
  [
    '64 KiB header',
    () => `GET /v1/forms HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(65_536)}\r\n${auth()}\r\n`,
  ],
  [
    '200 KiB header (over the 128 KiB limit)',
    () => `GET /v1/forms HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(200 * 1024)}\r\n${auth()}\r\n`,
  ],
  ['2,000 headers', () => `GET /v1/forms HTTP/1.1\r\nHost: x\r\n${'X-A: 1\r\n'.repeat(2000)}${auth()}\r\n`],
  [
    'Content-Length and Transfer-Encoding (smuggling)',
    () =>
      `POST /v1/forms HTTP/1.1\r\nHost: x\r\n${auth()}Content-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /v1/forms HTTP/1.1\r\nHost: x\r\n\r\n`,
  ],
  [
    'two Content-Lengths',
    () =>
      `POST /v1/forms HTTP/1.1\r\nHost: x\r\n${auth()}Content-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 30\r\n\r\n{}`,
  ],
  [
    'negative Content-Length',
    () =>
      `POST /v1/forms HTTP/1.1\r\nHost: x\r\n${auth()}Content-Type: application/json\r\nContent-Length: -1\r\n\r\n{}`,
  ],
  [
    'bad chunk size',
    () =>
      `POST /v1/forms HTTP/1.1\r\nHost: x\r\n${auth()}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
  ],
  [
    'Transfer-Encoding: gzip, chunked',
    () =>
      `POST /v1/forms HTTP/1.1\r\nHost: x\r\n${auth()}Content-Type: application/json\r\nTransfer-Encoding: gzip, chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
  ],
  [
    'body shorter than its Content-Length (abandoned)',
    () =>
      `POST /v1/forms HTTP/1.1\r\nHost: x\r\n${auth()}Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"title":`,
  ],
  [
    'Expect: 100-continue with no body',
    () =>
      `POST /v1/forms HTTP/1.1\r\nHost: x\r\n${auth()}Content-Type: application/json\r\nContent-Length: 20\r\nExpect: 100-continue\r\n\r\n`,
  ],
  [
    'Content-Encoding: gzip on plain JSON',
    () =>
      `POST /v1/forms HTTP/1.1\r\nHost: x\r\n${auth()}Content-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: 2\r\n\r\n{}`,
  ],
  ['50 pipelined requests', () => `GET /v1/forms HTTP/1.1\r\nHost: x\r\n${auth()}\r\n`.repeat(50)],
  [
    'Upgrade: websocket',
    () => 'GET /v1/forms HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n',
  ],
  ['HTTP/2 preface', () => 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'],
  ['TLS hello on the plain port', () => '\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u0001\u00fc\u0003\u0003'],
]

describe(`hostile bytes on the wire (${testBackend})`, () => {
  it.each(cases)('%s: no 5xx, errors as problems, and the server keeps answering', async (_name, bytes) => {
    const answer = await raw(bytes())
    watch.record('raw answer', answer)
    for (const status of statuses(answer)) expect(status, answer.slice(0, 300)).toBeLessThan(500)
    const first = firstResponse(answer)
    if (first.statusCode >= 400) {
      expect(problemDefect(first), answer.slice(0, 400)).toBeUndefined()
    }
    const check = await fetch(`${server?.baseUrl}/v1/forms`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(check.status).toBe(200)
    watch.record('check', await check.text())
  })

  it('an HTTP/1.1 request without Host is a 400 problem naming the header; HTTP/1.0 needs none', async () => {
    const missing = firstResponse(await raw(`GET /v1/forms HTTP/1.1\r\n${auth()}\r\n`))
    expect(missing.statusCode).toBe(400)
    expect(missing.headers['content-type']).toBe('application/problem+json; charset=utf-8')
    expect(JSON.parse(missing.body)).toMatchObject({
      code: 'validation_failed',
      detail: expect.stringContaining('Host'),
    })
    const old = firstResponse(await raw(`GET /v1/forms HTTP/1.0\r\n${auth()}\r\n`))
    expect(old.statusCode).toBe(200)
  })

  it('many abandoned connections do not stop the server', async () => {
    const sockets = Array.from({ length: 200 }, () => {
      const socket = connect(port, '127.0.0.1')
      socket.on('error', () => undefined)
      socket.write('POST /v1/forms HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{')
      return socket
    })
    const check = await fetch(`${server?.baseUrl}/healthz`)
    expect(check.status).toBe(200)
    for (const socket of sockets) socket.destroy()
  })

  it('logged nothing secret and is still alive', () => {
    expect(server?.child.exitCode).toBeNull()
    watch.record('serve log', server?.output() ?? '')
    expect(watch.leaks()).toEqual([])
  })
})
