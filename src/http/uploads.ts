import type { IncomingMessage } from 'node:http'
import type { Readable } from 'node:stream'
import busboy from 'busboy'
import { UPLOAD_BUFFER } from '../domain/files/upload.js'
import { ApiError } from './errors.js'

// Reading a multipart/form-data body (busboy) as it arrives: fields as URLSearchParams, each file
// handed to `onFile` as a stream to write where it belongs, never held in memory. The whole body is
// bounded (`maxBytes`: a client cannot make Canvass read without end), and a body that sends
// nothing for `idleMs` is dropped (a slow client holds nothing for long: slowloris). Its text
// fields, the only part held in memory, are bounded on their own (`fieldBytes`); a body refused
// after some of its files were written has them discarded: a failed request keeps nothing.

export interface FilePart {
  field: string
  name: string | undefined
  claimedType: string | undefined
  stream: Readable
}

export interface MultipartOptions {
  /** Bytes the whole body may have; more refuses it (413) and closes the connection. */
  maxBytes: number
  /** Files one body may carry. */
  maxFiles: number
  idleMs: number
  /** Bytes the text fields (names and values) may have together; more refuses the body (413). */
  fieldBytes: number
  /** Writes one file; answers what stands for it among the fields (its id), or undefined for none. */
  onFile(part: FilePart): Promise<string | undefined>
  /** Removes the files `onFile` answered for, once the body is refused (what is not a file id, it ignores). */
  discard(ids: string[]): Promise<void>
}

/**
 * The slowest an upload may go on average, in bytes a second: a body that could still be sending
 * after twice the idle time and its `maxBytes` at this rate is dropped, however steadily it
 * trickles (16 KiB/s: a 10 MB file in 11 minutes, slower than any phone's upload).
 */
const MIN_BYTES_PER_SECOND = 16 * 1024
const FIELD_BYTES = 64 * 1024
const FIELDS_MAX = 2000

export const tooLarge = (maxBytes: number) =>
  new ApiError('payload_too_large', `the body is larger than ${maxBytes} bytes`, undefined, {
    connection: 'close',
  })

/** The fields of a multipart body, each file among them by what `onFile` answered for it. */
export function readMultipart(request: IncomingMessage, options: MultipartOptions): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: request.headers,
        defParamCharset: 'utf8',
        highWaterMark: UPLOAD_BUFFER,
        fileHwm: UPLOAD_BUFFER,
        limits: {
          files: options.maxFiles,
          fields: FIELDS_MAX,
          fieldSize: Math.min(FIELD_BYTES, options.fieldBytes),
          parts: FIELDS_MAX + options.maxFiles,
        },
      })
    } catch {
      reject(new ApiError('validation_failed', 'the body is not multipart/form-data with a boundary'))
      return
    }
    const fields = new URLSearchParams()
    const writes: Promise<void>[] = []
    /** The ids `onFile` answered, and whether they are to be discarded (the body was refused). */
    const written: string[] = []
    let refused = false
    let received = 0
    let fieldBytes = 0
    let settled = false
    const fail = (error: unknown) => {
      if (settled) return
      settled = true
      refused = true
      // Files written so far go; one whose write ends after this goes as it ends (below).
      void options.discard(written.splice(0)).catch(() => {})
      clearTimeout(idle)
      request.unpipe(parser)
      parser.removeAllListeners()
      // Whatever is still arriving is not parsed: the answer says why. Node reads and drops the rest
      // of the body after the answer, until the deadline below (which a refusal leaves running).
      parser.on('error', () => {})
      // A file still being written ends here, with an error: its write stops and keeps nothing.
      parser.destroy(error instanceof Error ? error : new Error(String(error)))
      reject(error)
    }
    let idle = setTimeout(() => onIdle(), options.idleMs)
    const onIdle = () => {
      fail(new ApiError('validation_failed', `the upload sent nothing for ${options.idleMs / 1000} seconds`))
      request.destroy()
    }
    // At most what a timer can wait (~24.8 days): a longer one would fire at once.
    const allowedMs = Math.min(
      2 * options.idleMs + Math.ceil((options.maxBytes / MIN_BYTES_PER_SECOND) * 1000),
      2 ** 31 - 1,
    )
    const deadline = setTimeout(() => {
      fail(
        new ApiError(
          'validation_failed',
          `the upload took longer than ${Math.ceil(allowedMs / 1000)} seconds`,
        ),
      )
      request.destroy()
    }, allowedMs)
    request.once('close', () => clearTimeout(deadline))
    request.on('data', (chunk: Buffer) => {
      received += chunk.length
      clearTimeout(idle)
      idle = setTimeout(onIdle, options.idleMs)
      if (received > options.maxBytes) fail(tooLarge(options.maxBytes))
    })
    request.on('aborted', () => fail(new ApiError('validation_failed', 'the client hung up')))
    parser.on('field', (name, value, info) => {
      fieldBytes += Buffer.byteLength(name) + Buffer.byteLength(value)
      if (info.valueTruncated) fail(new ApiError('payload_too_large', `the field ${name} is too long`))
      else if (fieldBytes > options.fieldBytes)
        fail(new ApiError('payload_too_large', `the fields are larger than ${options.fieldBytes} bytes`))
      else fields.append(name, value)
    })
    parser.on('file', (field, stream, info) => {
      // A file control left empty posts a part without a name and without bytes.
      const part = { field, name: info.filename, claimedType: info.mimeType, stream }
      writes.push(
        options.onFile(part).then(
          (id) => {
            if (id === undefined) return
            if (refused) void options.discard([id]).catch(() => {})
            else {
              written.push(id)
              fields.append(field, id)
            }
          },
          (error: unknown) => {
            stream.resume()
            fail(error)
          },
        ),
      )
    })
    parser.on('filesLimit', () =>
      fail(new ApiError('validation_failed', `at most ${options.maxFiles} files may be sent at once`)),
    )
    parser.on('fieldsLimit', () => fail(new ApiError('payload_too_large', 'the body has too many fields')))
    parser.on('partsLimit', () => fail(new ApiError('payload_too_large', 'the body has too many parts')))
    parser.on('error', (error: Error) =>
      fail(
        new ApiError('validation_failed', `the body is not readable multipart/form-data: ${error.message}`),
      ),
    )
    parser.on('close', () => {
      Promise.all(writes).then(() => {
        if (settled) return
        settled = true
        clearTimeout(idle)
        clearTimeout(deadline)
        resolve(fields)
      }, fail)
    })
    request.pipe(parser)
  })
}
