import { randomBytes } from 'node:crypto'

// Multipart bodies as a browser or an API client sends them, for the upload tests.

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
  file?: { filename: string; type: string; bytes: Buffer }
}

/** A multipart/form-data body of these parts, and its content type. */
export function multipart(parts: Part[], boundary = `----canvass${randomBytes(8).toString('hex')}`) {
  const chunks: Buffer[] = []
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`))
    if (part.file) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.file.filename}"\r\nContent-Type: ${part.file.type}\r\n\r\n`,
        ),
        part.file.bytes,
        Buffer.from('\r\n'),
      )
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value ?? ''}\r\n`))
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** The body of one file in the part `file`. */
export const fileBody = (filename: string, type: string, bytes: Buffer) =>
  multipart([{ name: 'file', file: { filename, type, bytes } }])
