import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { CanvassError, createCanvass } from '@canvass/client'
import { parse } from 'csv-parse'
import { listIdPattern, type ValidContact, validateContact } from '../domain/contacts/validation.js'
import type { FieldError } from '../domain/errors.js'
import { type Separator, sniffSeparator } from '../shared/csv-separator.js'

// `canvass contacts import`: streams a CSV through POST /v1/contacts/bulk in batches, sent by
// @canvass/client (retries, Idempotency-Key). Rows are checked with the server's own rules
// first, so one bad row never sinks a batch of good ones; if the server still refuses a batch,
// the rows it names (or, failing that, halves of the batch) are set aside and the rest is sent again.

export interface ImportOptions {
  file: string
  listId: string
  baseUrl: string
  token: string
  batchSize?: number
  /** Called as the file is read, with the bytes read so far. */
  onProgress?: (bytes: number) => void
}

export interface RowProblem {
  line: number
  reason: string
}

export interface ImportSummary {
  /** Data rows read (the header not counted). */
  rows: number
  added: number
  /** Rows whose address was already on the list. */
  alreadyPresent: number
  /** Later rows repeating an address of an earlier row of the file: skipped, the first one wins. */
  duplicates: { line: number; firstLine: number; email: string }[]
  rejected: RowProblem[]
  /** Set when the import stopped early (unknown list, bad token, unreachable server, bad header). */
  fatal?: string
}

interface Row {
  line: number
  contact: ValidContact
}

class FatalImportError extends Error {}

const RETRIES = 5

export async function importContacts(options: ImportOptions): Promise<ImportSummary> {
  const summary: ImportSummary = { rows: 0, added: 0, alreadyPresent: 0, duplicates: [], rejected: [] }
  if (!listIdPattern.test(options.listId)) {
    return { ...summary, fatal: `"${options.listId}" is not a list id (1..64 of A-Z a-z 0-9 _ -)` }
  }
  const batchSize = options.batchSize ?? 1000
  const seen = new Map<string, number>()
  let batch: Row[] = []
  let header: Header | undefined
  // The last line the parser has read a record up to; kept by the parser itself (on_record),
  // so it matches the 'skip' events it emits, which run ahead of the loop below.
  let parsedLine = 0

  let delimiter: Separator
  try {
    delimiter = await separatorOf(options.file)
  } catch (error) {
    return { ...summary, fatal: `cannot read ${options.file}: ${(error as Error).message}` }
  }
  const file = createReadStream(options.file)
  const parser = file.pipe(
    parse({
      info: true,
      bom: true,
      delimiter,
      skip_empty_lines: true,
      // Stray quotes inside a field are kept as text (the row's own checks then judge it);
      // an unclosed quote or a ragged row is reported with its line.
      relax_quotes: true,
      relax_column_count: true,
      skip_records_with_error: true,
      on_record: (record, context) => {
        parsedLine = context.lines
        return record
      },
    }),
  )
  // pipe() does not pass on read errors (a missing file): the loop below sees them through the parser.
  file.on('error', (error) => parser.destroy(error))
  parser.on('skip', (error: Error & { lines?: number }) => {
    summary.rejected.push({ line: parsedLine + 1, reason: `malformed CSV: ${error.message}` })
  })
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[]
      info: { lines: number; bytes: number }
    }>) {
      const line = info.lines - newlinesIn(record)
      if (!header) {
        header = readHeader(record)
        continue
      }
      summary.rows++
      const row = toRow(header, record, line, summary)
      if (row) {
        const firstLine = seen.get(row.contact.emailKey)
        if (firstLine !== undefined) {
          summary.duplicates.push({ line, firstLine, email: row.contact.email })
        } else {
          seen.set(row.contact.emailKey, line)
          batch.push(row)
        }
      }
      if (batch.length >= batchSize) {
        options.onProgress?.(info.bytes)
        await sendBatch(options, batch, summary)
        batch = []
      }
    }
    if (!header) throw new FatalImportError('the file is empty: a header row (name, email, ...) is needed')
    if (batch.length > 0) await sendBatch(options, batch, summary)
  } catch (error) {
    if (error instanceof FatalImportError) summary.fatal = error.message
    else if (isFileError(error)) summary.fatal = `cannot read ${options.file}: ${(error as Error).message}`
    else throw error
  }
  summary.rejected.sort((a, b) => a.line - b.line)
  return summary
}

/** The file's separator, told from its first 64 KiB (the header line), as the dashboard tells it. */
async function separatorOf(path: string): Promise<Separator> {
  const handle = await open(path)
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0)
    return sniffSeparator(buffer.subarray(0, bytesRead).toString('utf8'))
  } finally {
    await handle.close()
  }
}

interface Header {
  width: number
  email: number
  name: number | undefined
  data: { index: number; key: string }[]
}

function readHeader(record: string[]): Header {
  const names = record.map((name) => name.trim())
  const lower = names.map((name) => name.toLowerCase())
  const duplicate = lower.find((name, index) => lower.indexOf(name) !== index)
  if (duplicate !== undefined) throw new FatalImportError(`the header names the column "${duplicate}" twice`)
  const email = lower.indexOf('email')
  if (email < 0) throw new FatalImportError('the header has no "email" column')
  const name = lower.indexOf('name')
  const data = names
    .map((key, index) => ({ key, index }))
    .filter(({ index }) => index !== email && index !== name)
  const bad = data.find(({ key }) => key === '' || key.length > 64 || key === '__proto__')
  if (bad) throw new FatalImportError(`header column ${bad.index + 1} ("${bad.key}") cannot be a data key`)
  return { width: names.length, email, name: name < 0 ? undefined : name, data }
}

function toRow(header: Header, record: string[], line: number, summary: ImportSummary): Row | undefined {
  if (record.length !== header.width) {
    summary.rejected.push({ line, reason: `has ${record.length} fields; the header has ${header.width}` })
    return undefined
  }
  const data: Record<string, string> = {}
  // Empty cells are left out of data: a CSV cannot tell "empty" from "unknown".
  for (const { index, key } of header.data) if (record[index] !== '') data[key] = record[index] as string
  const input = {
    email: record[header.email],
    ...(header.name === undefined ? {} : { name: record[header.name] }),
    data,
  }
  const errors: FieldError[] = []
  const contact = validateContact(input, '', errors)
  if (!contact) {
    summary.rejected.push({ line, reason: describeErrors(errors) })
    return undefined
  }
  return { line, contact }
}

function describeErrors(errors: FieldError[]): string {
  return errors
    .map((error) => `${error.path.replace(/^\//, '').replace('/', ' ')}: ${error.message}`)
    .join('; ')
}

/** Sends rows, setting aside whatever the server refuses; never loses a good row. */
async function sendBatch(options: ImportOptions, rows: Row[], summary: ImportSummary): Promise<void> {
  let pending = rows
  while (pending.length > 0) {
    const answer = await post(options, pending)
    if (answer.status === 201) {
      const listed = (answer.body as { added_contacts?: unknown } | undefined)?.added_contacts
      if (!Array.isArray(listed)) {
        throw new FatalImportError(
          `${new URL(options.baseUrl).origin} is not a Canvass server: its answer has no added_contacts; check --url or CANVASS_URL`,
        )
      }
      const added = listed.length
      summary.added += added
      summary.alreadyPresent += pending.length - added
      return
    }
    if (answer.status !== 400 && answer.status !== 413) {
      throw new FatalImportError(`the server answered ${answer.status}: ${detailOf(answer.body)}`)
    }
    const problems = (answer.body as { errors?: FieldError[] } | undefined)?.errors ?? []
    // A problem outside the contacts (the list id, say) is no row's fault: splitting cannot help.
    const general = problems.find((problem) => !problem.path.startsWith('/contacts'))
    if (answer.status === 400 && general) {
      throw new FatalImportError(`the server refused the request: ${general.path}: ${general.message}`)
    }
    const named = rowErrors(problems, pending.length)
    if (answer.status === 400 && named.size > 0) {
      for (const [index, reasons] of named) {
        summary.rejected.push({ line: (pending[index] as Row).line, reason: reasons.join('; ') })
      }
      pending = pending.filter((_, index) => !named.has(index))
      continue
    }
    if (pending.length === 1) {
      summary.rejected.push({ line: (pending[0] as Row).line, reason: detailOf(answer.body) })
      return
    }
    // Refused without naming rows: find the bad ones by halves.
    const middle = Math.ceil(pending.length / 2)
    await sendBatch(options, pending.slice(0, middle), summary)
    pending = pending.slice(middle)
  }
}

function rowErrors(errors: FieldError[], count: number): Map<number, string[]> {
  const named = new Map<number, string[]>()
  for (const error of errors) {
    const match = /^\/contacts\/(\d+)(?:\/(.*))?$/.exec(error.path)
    const index = match ? Number(match[1]) : -1
    if (index < 0 || index >= count) return new Map()
    const reasons = named.get(index) ?? []
    reasons.push(`${match?.[2] ? `${match[2]}: ` : ''}${error.message} (server)`)
    named.set(index, reasons)
  }
  return named
}

async function post(options: ImportOptions, rows: Row[]): Promise<{ status: number; body: unknown }> {
  const origin = new URL(options.baseUrl).origin
  const client = createCanvass({
    baseUrl: options.baseUrl,
    token: options.token,
    retry: { attempts: RETRIES, baseDelayMs: 500 },
    // Canvass answers every request with JSON; anything else is another server (a 5xx or 429 may
    // come from a proxy in front of it, and is retried).
    fetch: async (request) => {
      const response = await fetch(request)
      const type = response.headers.get('content-type') ?? ''
      if (
        !/^application\/(problem\+)?json\b/.test(type) &&
        response.status < 500 &&
        response.status !== 429
      ) {
        throw new FatalImportError(
          `${origin} is not a Canvass server: it answered ${response.status} with ${type.split(';')[0] || 'no content type'}; check --url or CANVASS_URL`,
        )
      }
      return response
    },
  })
  const contacts = rows.map(({ contact }) => ({
    name: contact.name,
    email: contact.email,
    data: contact.data,
  }))
  try {
    // The client sends one Idempotency-Key for every attempt: a retry after a lost answer
    // cannot add anything twice.
    return { status: 201, body: await client.contacts.addBulk(options.listId, contacts) }
  } catch (error) {
    const cause = error instanceof CanvassError ? error.cause : error
    if (cause instanceof FatalImportError) throw cause
    if (!(error instanceof CanvassError)) throw error
    if (error.code === 'network_error') throw new FatalImportError(`cannot reach ${origin}: ${error.detail}`)
    return { status: error.status, body: { detail: error.detail, errors: error.errors } }
  }
}

function detailOf(body: unknown): string {
  const detail = (body as { detail?: unknown } | undefined)?.detail
  return typeof detail === 'string' ? detail : JSON.stringify(body)
}

function newlinesIn(record: string[]): number {
  let count = 0
  for (const field of record)
    for (let i = field.indexOf('\n'); i >= 0; i = field.indexOf('\n', i + 1)) count++
  return count
}

function isFileError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' && ['ENOENT', 'EACCES', 'EISDIR'].includes(code)
}
