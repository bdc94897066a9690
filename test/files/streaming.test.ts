import { randomUUID } from 'node:crypto'
import { readFile, rm } from 'node:fs/promises'
import type { IncomingMessage } from 'node:http'
import { connect } from 'node:net'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedPath } from '../../src/domain/files/links.js'
import { UPLOAD_BUFFER } from '../../src/domain/files/upload.js'
import { DISCARD_MAX_BYTES } from '../../src/http/oversized.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { sleep, waitUntil } from '../support/wait.js'
import {
  filesUnder,
  generatedUpload,
  multipart,
  type Part,
  peakRss,
  postUpload,
  sha256OfFile,
} from './support.js'

// docs/api.md#file-uploads over a real socket, as a client on the network meets it: hostile file
// names stored and served safely, an uploaded page that can never render, a client that stalls or
// never stops sending, and many large uploads at once, each streamed to disk in flat memory.
// The app runs in this process: its memory is this process's (process.memoryUsage().rss).

const MiB = 1024 * 1024
let ctx: TestContext
/** The same server with CANVASS_UPLOAD_IDLE_SECONDS=1, for the clients that stall. */
let stalling: TestContext
let base: string
let stallingPort: number

const form = {
  title: 'Evidence',
  questions: [
    { id: 'doc', title: 'Any document', type: 'file_upload' },
    { id: 'small', title: 'A small file', type: 'file_upload', properties: { max_size: MiB } },
    { id: 'tiny', title: 'A tiny file', type: 'file_upload', properties: { max_size: 1000 } },
  ],
  hidden: [],
  settings: { public: true },
}

const listen = async (context: TestContext) =>
  new URL(await context.app.listen({ port: 0, host: '127.0.0.1' })).port

beforeAll(async () => {
  ctx = await createTestContext({ publicRateLimit: 0 })
  stalling = await createTestContext({ publicRateLimit: 0, uploadIdleSeconds: 1 })
  base = `http://127.0.0.1:${await listen(ctx)}`
  stallingPort = Number(await listen(stalling))
})

afterAll(async () => {
  for (const context of [ctx, stalling]) {
    await context?.close()
    if (context) await rm(context.config.filesDir, { recursive: true, force: true })
  }
})

async function createForm(context = ctx): Promise<string> {
  const response = await context.request({ method: 'POST', url: '/v1/forms', payload: form })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id
}

const uploadUrl = (formId: string, question = 'doc', at = base) =>
  `${at}/v1/public/forms/${formId}/files?question=${question}`

/** A public upload of these parts over HTTP, without a token. */
async function uploadParts(formId: string, parts: Part[], question = 'doc') {
  const { body, contentType } = multipart(parts)
  const response = await fetch(uploadUrl(formId, question), {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: new Uint8Array(body),
  })
  return { status: response.status, json: await response.json() }
}

const download = (id: string) =>
  fetch(`${base}/v1/files/${id}`, { headers: { authorization: `Bearer ${ctx.token}` } })

/** Files left under the form's directory (temporary `.part` files included). */
const leftIn = (context: TestContext, formId: string) => filesUnder(join(context.config.filesDir, formId))

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const unsafeCharacter = /[/\\\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/

/** What a download's Content-Disposition offers as its name: the ASCII fallback and the UTF-8 name. */
function offeredNames(disposition: string) {
  const ascii = /; filename="([^"]*)"/.exec(disposition)?.[1]
  const encoded = /; filename\*=UTF-8''([^;\s]*)/.exec(disposition)?.[1]
  return { ascii, utf8: encoded === undefined ? undefined : decodeURIComponent(encoded) }
}

describe('hostile file names', () => {
  const hostile = [
    { given: '../../etc/passwd', stored: 'passwd' },
    { given: '../../etc/passwd', stored: 'passwd', raw: true },
    { given: '..\\..\\boot.ini', stored: 'boot.ini' },
    { given: 'evil\u0000.txt', stored: 'evil.txt' },
    { given: `${'a'.repeat(996)}.pdf`, stored: `${'a'.repeat(251)}.pdf` },
    { given: 'invoice\u202Efdp.exe', stored: 'invoicefdp.exe' },
    { given: '\u202E\u0007', stored: 'file' },
    // A part with an empty name is a file only when it says it is bytes (busboy: a field otherwise).
    { given: '', stored: 'file', raw: true, type: 'application/octet-stream' },
  ]

  it('are stored safe, the bytes only under <filesDir>/<form>/<file id>, and offered safe', async () => {
    const formId = await createForm()
    const before = await filesUnder(ctx.config.filesDir)
    const stored: { id: string; bytes: Buffer }[] = []
    for (const [n, name] of hostile.entries()) {
      const bytes = Buffer.from(`hostile name ${n} ${randomUUID()}\n`)
      const file = { filename: name.given, type: name.type ?? 'text/plain', bytes, encoded: !name.raw }
      const uploaded = await uploadParts(formId, [{ name: 'file', file }])
      expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(201)
      const { id, name: kept, size } = uploaded.json
      expect({ kept, size }).toEqual({ kept: name.stored, size: bytes.length })
      expect(kept).not.toMatch(unsafeCharacter)
      expect([...kept].length).toBeLessThanOrEqual(255)
      stored.push({ id, bytes })

      const served = await download(id)
      expect(served.status).toBe(200)
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true)
      const disposition = served.headers.get('content-disposition') ?? ''
      expect(disposition).toMatch(/^attachment; /)
      const offered = offeredNames(disposition)
      expect(offered).toEqual({ ascii: name.stored, utf8: name.stored })
    }
    // Every byte lies under its id, in its form's directory, and nowhere else under filesDir...
    const after = await filesUnder(ctx.config.filesDir)
    expect(after).toEqual([...before, ...stored.map(({ id }) => join(formId, id))].sort())
    for (const { id, bytes } of stored)
      expect((await readFile(join(ctx.config.filesDir, formId, id))).equals(bytes)).toBe(true)
    // ...nor where a name would lead if it were taken for a path.
    for (const { given } of hostile.filter(({ given }) => /[/\\]/.test(given))) {
      for (const from of [ctx.config.filesDir, join(ctx.config.filesDir, formId), process.cwd()]) {
        const reached = await readFile(resolve(from, given.replaceAll('\\', '/'))).catch(() =>
          Buffer.alloc(0),
        )
        for (const { bytes } of stored) expect(reached.includes(bytes)).toBe(false)
      }
    }
  })
})

describe('an uploaded page', () => {
  it('is served as bytes to download, never as a page, with a token or a signed link', async () => {
    const formId = await createForm()
    const page = Buffer.from('<!doctype html><title>x</title><script>alert(1)</script>\n')
    const uploaded = await uploadParts(formId, [
      { name: 'file', file: { filename: 'page.html', type: 'text/html', bytes: page } },
    ])
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(201)
    const { id } = uploaded.json
    const row = await ctx.database.db
      .selectFrom('files')
      .select(['id', 'secret'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    const signed = `${base}${signedPath(row, Math.floor(Date.now() / 1000) + 3600)}`
    for (const served of [await download(id), await fetch(signed)]) {
      expect(served.status).toBe(200)
      expect(served.headers.get('content-disposition')).toBe(
        `attachment; filename="page.html"; filename*=UTF-8''page.html`,
      )
      expect(served.headers.get('content-type')).toBe('application/octet-stream')
      expect(served.headers.get('x-content-type-options')).toBe('nosniff')
      expect(served.headers.get('content-security-policy')).toMatch(/(^|;\s*)sandbox(;|$)/)
      expect(Buffer.from(await served.arrayBuffer()).equals(page)).toBe(true)
    }
    const forged = signed.slice(0, -1) + (signed.endsWith('A') ? 'B' : 'A')
    expect((await fetch(forged)).status).toBe(404)
    expect((await fetch(`${base}/v1/files/${id}`)).status).toBe(401)
  })
})

interface HandWritten {
  /** The file's size; `partial` bytes of the body are sent, then nothing. */
  size: number
  partial: number
  question?: string
  /** The Content-Length the head declares: the body's own unless given. */
  declared?: number
}

/** A public upload written by hand on a socket of its own; `closed` settles once it is closed. */
function handWrittenUpload(
  formId: string,
  port: number,
  { size, partial, question = 'doc', declared }: HandWritten,
) {
  const bytes = Buffer.alloc(size, 7)
  const { body, contentType } = multipart([
    { name: 'file', file: { filename: 'slow.bin', type: 'application/octet-stream', bytes } },
  ])
  const socket = connect(port, '127.0.0.1')
  socket.on('error', () => undefined)
  const answer: Buffer[] = []
  socket.on('data', (chunk: Buffer) => answer.push(chunk))
  let stalledAt = Date.now()
  const closed = new Promise<{ afterMs: number; answer: string }>((done) =>
    socket.on('close', () =>
      done({ afterMs: Date.now() - stalledAt, answer: Buffer.concat(answer).toString() }),
    ),
  )
  const head =
    `POST /v1/public/forms/${formId}/files?question=${question} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
    `Content-Type: ${contentType}\r\nContent-Length: ${declared ?? body.length}\r\n\r\n`
  socket.write(Buffer.concat([Buffer.from(head), body.subarray(0, partial)]), () => {
    stalledAt = Date.now()
  })
  return { socket, closed }
}

describe('a client that stalls or hangs up', () => {
  it('is dropped once it sends nothing for CANVASS_UPLOAD_IDLE_SECONDS, leaving nothing behind', async () => {
    const formId = await createForm(stalling)
    const at = `http://127.0.0.1:${stallingPort}`
    // Stalled in the middle of the file: its temporary file has been written to.
    const stalled = [1, 2, 3].map(() =>
      handWrittenUpload(formId, stallingPort, { size: MiB, partial: 300_000 }),
    )
    // Meanwhile the server answers everyone else.
    expect((await fetch(`${at}/healthz`)).status).toBe(200)
    const other = await postUpload(uploadUrl(formId, 'doc', at), generatedUpload(2 * MiB))
    expect(other.status, other.body).toBe(201)
    for (const { closed } of stalled) {
      const { afterMs, answer } = await closed
      // Dropped by the server (idle 1 s), without an answer; generous for a busy machine.
      expect(afterMs).toBeLessThan(15_000)
      expect(answer).toBe('')
    }
    const kept = JSON.parse(other.body).id
    await waitUntil(async () => (await leftIn(stalling, formId)).length <= 1, 10_000).catch(() => undefined)
    expect(await leftIn(stalling, formId)).toEqual([kept])
    const rows = await stalling.database.db
      .selectFrom('files')
      .select('id')
      .where('form_id', '=', formId)
      .execute()
    expect(rows.map((row) => row.id)).toEqual([kept])
  }, 60_000)

  it('is dropped once it has taken longer than its size at 16 KiB/s, however steadily it trickles', async () => {
    const formId = await createForm(stalling)
    // A byte every 300 ms: never idle for the 1 s allowed, and never done. The question takes 1000
    // bytes: with the 64 KiB around it, 4 s at 16 KiB/s, after twice the idle time, 6 s in all.
    const trickle = handWrittenUpload(formId, stallingPort, { size: 900, partial: 400, question: 'tiny' })
    const started = Date.now()
    const dripping = setInterval(() => trickle.socket.write('x'), 300)
    try {
      const { answer } = await trickle.closed
      const tookMs = Date.now() - started
      expect(answer).toBe('')
      expect(tookMs).toBeGreaterThan(5_000)
      expect(tookMs).toBeLessThan(40_000)
    } finally {
      clearInterval(dripping)
    }
    await waitUntil(async () => (await leftIn(stalling, formId)).length === 0, 10_000).catch(() => undefined)
    expect(await leftIn(stalling, formId)).toEqual([])
  }, 60_000)

  it('is dropped at the same deadline when it trickles on after its body was refused', async () => {
    const formId = await createForm(stalling)
    const socket = connect(stallingPort, '127.0.0.1')
    socket.on('error', () => undefined)
    const answer: Buffer[] = []
    socket.on('data', (chunk: Buffer) => answer.push(chunk))
    const closed = new Promise<void>((done) => socket.on('close', () => done()))
    // Two files where one is taken: refused (400) at the second, the body declared far longer.
    const boundary = 'trickle'
    const part = (name: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n0123456789\r\n`
    socket.write(
      `POST /v1/public/forms/${formId}/files?question=tiny HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 60000\r\n\r\n` +
        part('one.bin') +
        part('two.bin'),
    )
    const started = Date.now()
    const dripping = setInterval(() => socket.write('x'), 300)
    try {
      await closed
      expect(Buffer.concat(answer).toString()).toMatch(/^HTTP\/1\.1 400 /)
      expect(Date.now() - started).toBeLessThan(40_000)
    } finally {
      clearInterval(dripping)
    }
  }, 60_000)

  it('leaves nothing behind when it hangs up in the middle of its file', async () => {
    const formId = await createForm(stalling)
    const gone = handWrittenUpload(formId, stallingPort, { size: MiB, partial: 300_000 })
    await waitUntil(async () => (await leftIn(stalling, formId)).length > 0, 10_000)
    gone.socket.destroy()
    await gone.closed
    await waitUntil(async () => (await leftIn(stalling, formId)).length === 0, 10_000).catch(() => undefined)
    expect(await leftIn(stalling, formId)).toEqual([])
  }, 60_000)

  it('holds up no other large body while it stalls (a public upload takes no body memory)', async () => {
    // The default idle time (30 s): a client stalled 3 MiB into a 3.5 MiB upload.
    const formId = await createForm()
    const stalled = handWrittenUpload(formId, Number(new URL(base).port), {
      size: 3.5 * MiB,
      partial: 3 * MiB,
    })
    await sleep(500)
    const started = Date.now()
    const other = await postUpload(uploadUrl(formId), generatedUpload(2 * MiB))
    expect(other.status, other.body).toBe(201)
    expect(Date.now() - started).toBeLessThan(15_000)
    stalled.socket.destroy()
  }, 60_000)
})

describe('a huge upload', () => {
  it('is refused once it passes max_size, chunked without a length, in flat memory', async () => {
    const formId = await createForm()
    // A body that ends within the bytes the server drops after a refusal gets its 413 in full.
    const warm = await postUpload(uploadUrl(formId, 'small'), generatedUpload(4 * MiB), true)
    expect(warm.status, warm.body).toBe(413)
    expect(JSON.parse(warm.body).code).toBe('payload_too_large')
    const baseline = process.memoryUsage().rss
    let serverRead = Number.NaN
    ctx.app.server.once('request', (request: IncomingMessage) => {
      request.socket.once('close', () => {
        serverRead = request.socket.bytesRead
      })
    })
    const upload = generatedUpload(2 * 1024 ** 3)
    const { value: outcome, peak } = await peakRss(() => postUpload(uploadUrl(formId, 'small'), upload, true))
    // 413, the connection closed; a client still writing 2 GB may only see it close.
    if (outcome.status !== undefined) {
      expect(outcome.status).toBe(413)
      expect(JSON.parse(outcome.body).code).toBe('payload_too_large')
    } else expect(outcome.error).toMatch(/ECONNRESET|EPIPE/)
    // The server read max_size and the multipart envelope, then dropped at most DISCARD_MAX_BYTES
    // (src/http/oversized.ts) for the client's sake; the client wrote what the loopback's kernel
    // buffers hold besides (up to 32 MiB received and 4 MiB sent here).
    await waitUntil(() => !Number.isNaN(serverRead), 10_000)
    expect(serverRead).toBeGreaterThan(MiB)
    // The limit, what oversized.ts drops after a refusal, and the upload's buffers in flight (UPLOAD_BUFFER, five stages).
    expect(serverRead).toBeLessThan(MiB + DISCARD_MAX_BYTES + 2 * MiB + 5 * UPLOAD_BUFFER)
    expect(upload.sent()).toBeLessThan(serverRead + 40 * MiB)
    expect(peak - baseline).toBeLessThan(50 * MiB)
    await waitUntil(async () => (await leftIn(ctx, formId)).length === 0, 10_000).catch(() => undefined)
    expect(await leftIn(ctx, formId)).toEqual([])
  }, 120_000)

  it('is refused before its body is read when its declared length is over max_size', async () => {
    const formId = await createForm()
    // 2 GB declared, headers only: the answer comes at once, and the connection closes.
    const upload = handWrittenUpload(formId, Number(new URL(base).port), {
      size: 1000,
      partial: 0,
      question: 'small',
      declared: 2 * 1024 ** 3,
    })
    const { afterMs, answer } = await upload.closed
    expect(answer).toMatch(/^HTTP\/1\.1 413 /)
    expect(answer).toMatch(/\r\nconnection: close\r\n/i)
    expect(answer).toContain('"code":"payload_too_large"')
    expect(afterMs).toBeLessThan(15_000)
    expect(await leftIn(ctx, formId)).toEqual([])
  })
})

describe('many large uploads at once', () => {
  it('are each stored whole, byte for byte, in flat memory', async () => {
    const formId = await createForm()
    const size = 10_000_000
    const warm = await postUpload(uploadUrl(formId), generatedUpload(size))
    expect(warm.status, warm.body).toBe(201)
    const baseline = process.memoryUsage().rss
    const uploads = Array.from({ length: 20 }, (_, n) => generatedUpload(size, `part-${n}.bin`))
    const { value: outcomes, peak } = await peakRss(() =>
      Promise.all(uploads.map((upload) => postUpload(uploadUrl(formId), upload))),
    )
    for (const [n, outcome] of outcomes.entries()) {
      expect(outcome.status, outcome.body).toBe(201)
      const file = JSON.parse(outcome.body)
      expect(file).toMatchObject({ name: `part-${n}.bin`, size })
      const upload = uploads[n] as (typeof uploads)[number]
      expect(await sha256OfFile(join(ctx.config.filesDir, formId, file.id))).toBe(upload.sha256())
    }
    // 200 MB went through; far less than that was ever held (client and server both in this
    // process, each upload's pipe holding up to ~2.5 MiB: UPLOAD_BUFFER; Node 24 holds more than 20).
    expect(peak - baseline).toBeLessThan(160 * MiB)
    expect(await leftIn(ctx, formId)).toHaveLength(21)
  }, 180_000)
})
