import { createHash, randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { request } from 'node:http'
import { join, relative } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

// Multipart bodies as a browser or an API client sends them, for the upload tests; and, for the
// tests over a real socket, bodies generated as they are sent, what lies on disk, and memory.

/** A 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

/** A PNG of `size` bytes in all: a 1x1 image, then random bytes after its end. */
export function pngOf(size: number): Buffer {
  const bytes = randomBytes(Math.max(size, PNG.length))
  PNG.copy(bytes)
  return bytes
}

export interface Part {
  name: string
  value?: string
  /** `encoded`: the name as RFC 5987's `filename*`, which carries any character (a NUL, an RTL override). */
  file?: { filename: string; type: string; bytes: Buffer; encoded?: boolean }
}

const rfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/** A multipart/form-data body of these parts, and its content type. */
export function multipart(parts: Part[], boundary = `----canvass${randomBytes(8).toString('hex')}`) {
  const chunks: Buffer[] = []
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`))
    if (part.file) {
      const filename = part.file.encoded
        ? `filename*=UTF-8''${rfc5987(part.file.filename)}`
        : `filename="${part.file.filename}"`
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; ${filename}\r\nContent-Type: ${part.file.type}\r\n\r\n`,
        ),
        part.file.bytes,
        Buffer.from('\r\n'),
      )
    } else {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value ?? ''}\r\n`),
      )
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** The body of one file in the part `file`. */
export const fileBody = (filename: string, type: string, bytes: Buffer) =>
  multipart([{ name: 'file', file: { filename, type, bytes } }])

/** Every file under `root` (directories left out), as paths relative to it, hidden ones included. */
export async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort()
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256')
  await pipeline(createReadStream(path), hash)
  return hash.digest('hex')
}

/** A multipart body of one file of `size` bytes in the part `file`, made as it is read. */
export interface GeneratedUpload {
  body: Readable
  contentType: string
  /** The whole body's length, boundaries included. */
  length: number
  /** Bytes of the body read so far (handed to the socket). */
  sent(): number
  /** The sha256 of the file's bytes, once the body has all been read. */
  sha256(): string
}

const CHUNK = 64 * 1024

/** Never more than one chunk held: each is a random block stamped with its number. */
export function generatedUpload(size: number, filename = 'data.bin'): GeneratedUpload {
  const boundary = `----canvass${randomBytes(8).toString('hex')}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const block = randomBytes(CHUNK)
  const hash = createHash('sha256')
  let sent = 0
  function* chunks(): Generator<Buffer> {
    yield head
    sent += head.length
    for (let at = 0, n = 0; at < size; at += CHUNK, n++) {
      const chunk = Buffer.from(block.subarray(0, Math.min(CHUNK, size - at)))
      chunk.writeUInt32BE(n, 0)
      hash.update(chunk)
      yield chunk
      sent += chunk.length
    }
    yield tail
    sent += tail.length
  }
  return {
    body: Readable.from(chunks(), { objectMode: false, highWaterMark: CHUNK }),
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + size + tail.length,
    sent: () => sent,
    sha256: () => hash.digest('hex'),
  }
}

export interface PostOutcome {
  /** The answer's status, when one came before the connection closed. */
  status?: number
  body: string
  /** How the connection failed, when it did (ECONNRESET, EPIPE). */
  error?: string
}

/**
 * POSTs the body over a connection of its own (no keep-alive): declared with its length, or sent
 * chunked (`chunked: true`, no Content-Length). Settles on the answer or on the connection's end.
 */
export function postUpload(url: string, upload: GeneratedUpload, chunked = false): Promise<PostOutcome> {
  return new Promise((resolve) => {
    const headers = {
      'content-type': upload.contentType,
      ...(chunked ? {} : { 'content-length': String(upload.length) }),
    }
    const outgoing = request(url, { method: 'POST', agent: false, headers })
    const chunks: Buffer[] = []
    let status: number | undefined
    let settled = false
    const settle = (error?: NodeJS.ErrnoException) => {
      if (settled) return
      settled = true
      upload.body.unpipe(outgoing)
      upload.body.destroy()
      outgoing.destroy()
      const body = Buffer.concat(chunks).toString()
      resolve({
        body,
        ...(status ? { status } : {}),
        ...(error ? { error: error.code ?? error.message } : {}),
      })
    }
    outgoing.on('response', (response) => {
      status = response.statusCode
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => settle())
      response.on('error', settle)
      response.on('close', () => settle())
    })
    outgoing.on('error', settle)
    outgoing.on('close', () => setImmediate(() => settle()))
    upload.body.pipe(outgoing)
  })
}

/** The highest resident set size seen while `work` runs, sampled every 20 ms. */
export async function peakRss<T>(work: () => Promise<T>): Promise<{ value: T; peak: number }> {
  let peak = process.memoryUsage().rss
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 20)
  try {
    const value = await work()
    return { value, peak: Math.max(peak, process.memoryUsage().rss) }
  } finally {
    clearInterval(sampler)
  }
}
