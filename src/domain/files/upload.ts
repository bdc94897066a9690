import { createWriteStream } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { finished, PassThrough, type Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { fileTypeFromBuffer } from 'file-type'
import type { Clock } from '../../clock.js'
import type { Database } from '../../db/database.js'
import { newId } from '../../ids.js'
import { acceptedTypes, typeAccepted, type UploadedFile } from '../../shared/forms/files.js'
import type { Question } from '../../shared/forms/kinds.js'
import { safeFileName } from './names.js'
import { newFileSecret, uploadedFile } from './records.js'

// One uploaded file written to CANVASS_FILES_DIR/<form id>/<file id> as it arrives: counted while
// it streams, so a file over its limit is refused once the limit is passed, not once it has all
// come (memory stays a few buffers per upload, UPLOAD_BUFFER); its type read from its first bytes,
// never from the name or the type the client claimed; kept under a temporary name until it is
// known good.

/**
 * What each stage of an upload's pipe holds before it stops the one before it: above a socket
 * read (64 KiB), so reads are not stopped and started one by one and go to disk several at a time
 * (server CPU a 10 MB file 30 -> 21 ms against Node's 16 KiB; bench/results/NOTES.md,
 * 2026-11-28). Five stages: at most ~2.5 MiB an upload in flight.
 */
export const UPLOAD_BUFFER = 512 * 1024
/** Bytes enough for every signature file-type reads. */
const HEAD_BYTES = 4100
/** Text a client says it sends, kept as its type when the bytes are text (they cannot be told apart). */
const textTypes = /^(text\/[a-z0-9.+-]+|application\/json)$/

export type UploadRefusal = 'too_large' | 'type_not_accepted' | 'empty' | 'too_many_pending'

export class UploadRefused extends Error {
  constructor(
    readonly reason: UploadRefusal,
    detail: string,
  ) {
    super(detail)
  }
}

export interface UploadTarget {
  formId: string
  question: Question
  /** The name the client gave; made safe before it is kept. */
  name: string | undefined
  /** The type the client claimed: kept only for text, whose bytes cannot say which text it is. */
  claimedType: string | undefined
  /** Bytes the file may have: the question's max_size within CANVASS_UPLOAD_MAX. */
  limit: number
}

/** The directory a form's files are kept in; form ids are URL-safe, so never a path of their own. */
export const formDirectory = (root: string, formId: string) => join(resolve(root), formId)

/** Counts what passes and keeps the first bytes; errors once more than `limit` bytes came. */
function measured(limit: number) {
  let size = 0
  const head: Buffer[] = []
  let headBytes = 0
  const stream = new Transform({
    highWaterMark: UPLOAD_BUFFER,
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length
      if (size > limit) {
        done(new UploadRefused('too_large', `the file is larger than ${limit} bytes, this question's limit`))
        return
      }
      if (headBytes < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - headBytes))
        headBytes += Math.min(chunk.length, HEAD_BYTES - headBytes)
      }
      done(null, chunk)
    },
  })
  return { stream, size: () => size, head: () => Buffer.concat(head) }
}

/**
 * The types of the old Office files (.doc, .xls, .ppt, .msg, .vsd): one container (Compound File
 * Binary) whose first bytes do not say which, so file-type answers `application/x-cfb`. A claim of
 * one of them is kept for such bytes: it is the same family, sent as a download like any other.
 */
const compoundFileTypes = new Set([
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.ms-outlook',
  'application/vnd.visio',
])

/** The type the bytes show: a known signature, else text (UTF-8 without NUL), else octet-stream. */
async function sniffedType(head: Buffer, claimed: string | undefined): Promise<string> {
  const given = (claimed ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  const known = await fileTypeFromBuffer(head)
  if (known?.mime === 'application/x-cfb' && compoundFileTypes.has(given)) return given
  if (known) return known.mime
  // A multi-byte character cut at the end of the head is not a fault of the text.
  const text =
    !head.includes(0) &&
    new TextDecoder('utf-8', { fatal: false }).decode(head).slice(0, -1).indexOf('\ufffd') < 0
  if (!text) return 'application/octet-stream'
  return textTypes.test(given) ? given : 'text/plain'
}

/**
 * Writes `source` as a new file of the question and records it. Throws UploadRefused (nothing
 * kept) when it is empty, too large or of a type the question does not accept; any other failure
 * (the client hung up) keeps nothing either.
 */
export async function storeUpload(
  database: Database,
  clock: Clock,
  root: string,
  base: string,
  target: UploadTarget,
  source: Readable,
): Promise<UploadedFile> {
  const id = newId('file')
  const directory = formDirectory(root, target.formId)
  await mkdir(directory, { recursive: true })
  const partial = join(directory, `.${id}.part`)
  const counter = measured(target.limit)
  try {
    // Through a pipe, so a refusal stops the writing but not the source: the rest of the file is
    // read and dropped, and a multipart body goes on to its next part (busboy stalls on a destroyed file).
    const through = source.pipe(new PassThrough({ highWaterMark: UPLOAD_BUFFER }))
    // A pipe passes on no failure: a body that ends before its file does (a hang-up, a stall) must
    // fail the write, or the temporary file stays, open, for ever.
    finished(source, (error) => {
      if (error) through.destroy(error)
    })
    await pipeline(
      through,
      counter.stream,
      createWriteStream(partial, { flags: 'wx', highWaterMark: UPLOAD_BUFFER }),
    )
    if (counter.size() === 0) throw new UploadRefused('empty', 'the file is empty')
    const type = await sniffedType(counter.head(), target.claimedType)
    if (!typeAccepted(target.question, type))
      throw new UploadRefused(
        'type_not_accepted',
        `the file's content is ${type}, which this question does not accept (it accepts ${acceptedTypes(target.question).join(', ')})`,
      )
    const row = {
      id,
      form_id: target.formId,
      question_id: target.question.id,
      response_id: null,
      name: safeFileName(target.name),
      size: counter.size(),
      type,
      secret: newFileSecret(),
      created_at: clock.nowMicros(),
    }
    // The row first: a tidy that finds the bytes without it only ever sees the temporary name.
    await database.db.insertInto('files').values(row).execute()
    await rename(partial, join(directory, id))
    return uploadedFile(row, base)
  } catch (error) {
    source.resume()
    await rm(partial, { force: true })
    throw error
  }
}
