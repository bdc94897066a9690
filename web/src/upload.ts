import { EMAIL_RULE, emailProblem } from '../../src/shared/strings'
import { type Api, ApiError } from './api'
import { parseCsv, sniffSeparator } from './csv'

// A CSV of contacts added through the bulk API in batches of 1000 (docs/api.md#bulk-add). The
// API is all or nothing per request, so a batch refused for some rows is sent again without
// them; each request carries its own Idempotency-Key, so a retry after a lost answer adds nothing twice.

export const BATCH = 1000

export interface RowError {
  /** The line of the CSV file (the header is line 1). */
  line: number
  email: string
  message: string
}

export interface UploadResult {
  added: number
  total: number
  errors: RowError[]
}

interface Row {
  line: number
  contact: { email: string; name?: string; data?: Record<string, string> }
}

const separatorNames = { ',': 'commas', ';': 'semicolons', '\t': 'tabs' }

/** Why an address is refused, naming the rule: the server's own check (src/shared/strings.ts). */
export function emailMessage(email: string): string | undefined {
  const problem = emailProblem(email.trim())
  if (!problem || email.trim() === '') return problem
  return `${problem}. ${EMAIL_RULE}.`
}

export function rowsOfCsv(text: string): { rows: Row[]; problem?: string } {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const separator = sniffSeparator(input)
  const [header, ...lines] = parseCsv(input, separator)
  if (!header) return { rows: [], problem: 'the file is empty' }
  const names = header.map((name) => name.trim().toLowerCase())
  const emailAt = names.indexOf('email')
  if (emailAt < 0) {
    const found = header.map((name) => `“${name.trim()}”`).join(', ')
    return {
      rows: [],
      problem:
        `no column of the first line is named “email” (in any case); read as separated by ` +
        `${separatorNames[separator]}, its columns are ${found}`,
    }
  }
  const nameAt = names.indexOf('name')
  const rows = lines.map((cells, index) => {
    const data: Record<string, string> = {}
    header.forEach((column, at) => {
      if (at !== emailAt && at !== nameAt && cells[at] !== undefined && cells[at] !== '')
        data[column.trim()] = cells[at]
    })
    return {
      line: index + 2,
      contact: {
        email: cells[emailAt] ?? '',
        ...(nameAt >= 0 && cells[nameAt] ? { name: cells[nameAt] } : {}),
        ...(Object.keys(data).length > 0 ? { data } : {}),
      },
    }
  })
  return { rows }
}

export async function uploadContacts(
  api: Api,
  listId: string,
  rows: Row[],
  onProgress: (done: number) => void,
): Promise<UploadResult> {
  const errors: RowError[] = []
  // The same address twice in one request refuses both; anywhere in the file, the first is kept.
  const firstLine = new Map<string, number>()
  const unique = rows.filter((row) => {
    // Refused here by the server's own rule, so the message can say which rule it is.
    const problem = emailMessage(row.contact.email)
    if (problem) {
      errors.push({ line: row.line, email: row.contact.email, message: `email ${problem}` })
      return false
    }
    const key = row.contact.email.trim().toLowerCase()
    const first = firstLine.get(key)
    if (key === '' || first === undefined) {
      firstLine.set(key, row.line)
      return true
    }
    errors.push({ line: row.line, email: row.contact.email, message: `repeats the e-mail of line ${first}` })
    return false
  })
  let added = 0
  for (let start = 0; start < unique.length; start += BATCH) {
    let batch = unique.slice(start, start + BATCH)
    while (batch.length > 0) {
      // One key per body sent: a retry of the same body is answered, not added, a second time.
      const key = crypto.randomUUID()
      try {
        const contacts = batch.map((row) => row.contact)
        const answer = await sendWithRetries(() => api.contacts.bulkAdd(listId, contacts, key), 3)
        added += answer.added_contacts.length
        break
      } catch (problem) {
        const bad =
          problem instanceof ApiError && problem.status === 400 ? badRows(problem, batch) : new Map()
        // A refusal that names no row cannot be worked around by leaving rows out.
        if (bad.size === 0) throw problem
        for (const [index, message] of bad) {
          const row = batch[index] as Row
          errors.push({ line: row.line, email: row.contact.email, message })
        }
        batch = batch.filter((_, index) => !bad.has(index))
      }
    }
    onProgress(Math.min(rows.length, rows.length - unique.length + start + BATCH))
  }
  errors.sort((a, b) => a.line - b.line)
  return { added, total: rows.length, errors }
}

/** Rows of the batch named by the problem's errors (`/contacts/3/email`), with their messages. */
function badRows(problem: ApiError, batch: Row[]): Map<number, string> {
  const bad = new Map<number, string>()
  for (const error of problem.errors) {
    // The first of two copies is named too ("is repeated at ..."); only the later one is left out.
    if (error.message.startsWith('is repeated at ')) continue
    const match = /^\/contacts\/(\d+)(\/.*)?$/.exec(error.path)
    const index = match ? Number(match[1]) : -1
    if (index < 0 || index >= batch.length) continue
    const field = match?.[2]?.slice(1) ?? ''
    const message = field ? `${field} ${error.message}` : error.message
    bad.set(index, bad.has(index) ? `${bad.get(index)}; ${message}` : message)
  }
  return bad
}

/** Retries what may not have reached the server (no answer, 429, 503) with the same request. */
async function sendWithRetries<T>(send: () => Promise<T>, retries: number): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send()
    } catch (problem) {
      const transient = problem instanceof ApiError && [0, 429, 503].includes(problem.status)
      if (!transient || attempt >= retries) throw problem
      await new Promise((done) => setTimeout(done, 1000 * 2 ** attempt))
    }
  }
}
