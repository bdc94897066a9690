import { stringify } from 'csv-stringify/sync'
import type { Db } from '../../db/database.js'
import { answerText } from '../../shared/forms/answer-text.js'
import type { Answer, ResponseItem } from '../../shared/forms/answers.js'
import { choiceLabels, type FormDefinition, type Question, rowLabels } from '../../shared/forms/definition.js'
import type { FileAnswer } from '../../shared/forms/files.js'
import { type Listing, loadedBytes, type MemoryBudget, readBatches, type StoredJson } from '../listing.js'
import type { ResponseFilter } from './responses/listing.js'
import { matchesSearch } from './responses/search.js'
import { type CellKind, type SheetColumn, SheetWriter } from './xlsx.js'

// Exports: every matching response as a Listing read one keyset batch at a time, as the writer
// (src/http/listings.ts) asks for more, so memory stays flat however many responses match; and
// how each is written as a line of NDJSON or CSV.

export const exportFormats = ['ndjson', 'csv', 'xlsx'] as const
export type ExportFormat = (typeof exportFormats)[number]

export const exportContentType: Record<ExportFormat, string> = {
  ndjson: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

type Column = SheetColumn

const NUMBER_KINDS = new Set(['number', 'rating', 'opinion_scale', 'nps', 'customer_sat'])

function kindOf(type: string): CellKind {
  if (NUMBER_KINDS.has(type)) return 'number'
  return type === 'date' ? 'date' : 'text'
}

const answerOf = (item: ResponseItem, question: Question): Answer | undefined =>
  item.answers.find((answer) => answer.question.id === question.id)

/**
 * A question's columns: one, by its title; a matrix one per row (`Title: Row`, its column label),
 * a ranking one per label (`Title: Label`, its rank from 1), so a spreadsheet can sort and average them.
 */
function questionColumns(question: Question, links?: FileLinks): Column[] {
  if (question.type === 'file_upload') {
    return [
      {
        header: question.title,
        kind: 'text',
        value: (item: ResponseItem) => {
          const answer = answerOf(item, question)
          const url = answer?.type === 'file' ? (answer['file'] as FileAnswer).url : undefined
          return url === undefined ? '' : (links?.link(url) ?? url)
        },
      },
    ]
  }
  if (question.type === 'matrix') {
    return rowLabels(question).map((row) => ({
      header: `${question.title}: ${row}`,
      kind: 'text' as const,
      value: (item: ResponseItem) => {
        const answer = answerOf(item, question)
        const cells = answer?.type === 'matrix' ? (answer['matrix'] as Record<string, string>) : {}
        // Own rows only: a row named toString is no cell of an answer that left it out.
        return Object.hasOwn(cells, row) ? (cells[row] as string) : ''
      },
    }))
  }
  if (question.type === 'ranking') {
    return choiceLabels(question).map((label) => ({
      header: `${question.title}: ${label}`,
      kind: 'number' as const,
      value: (item: ResponseItem) => {
        const answer = answerOf(item, question)
        const rank = answer?.type === 'ranking' ? (answer['ranking'] as string[]).indexOf(label) : -1
        return rank === -1 ? '' : String(rank + 1)
      },
    }))
  }
  return [
    {
      header: question.title,
      kind: kindOf(question.type),
      value: (item: ResponseItem) => {
        const answer = answerOf(item, question)
        return answer ? answerText(answer, 'data') : ''
      },
    },
  ]
}

/**
 * id, submitted_at, one column per question (a matrix's and a ranking's one per row or label) (by title), each hidden field, each variable; headers
 * made unique. The kind tells XLSX how to write a cell; CSV writes every one as text.
 */
export function csvColumns(definition: FormDefinition, links?: FileLinks): Column[] {
  const columns: Column[] = [
    { header: 'id', kind: 'text', value: (item) => item.id },
    { header: 'submitted_at', kind: 'timestamp', value: (item) => item.submitted_at },
    ...definition.questions.flatMap((question) => questionColumns(question, links)),
    ...definition.hidden.map((name) => ({
      header: name,
      kind: 'text' as const,
      value: (item: ResponseItem) => item.hidden.find((field) => field.name === name)?.value ?? '',
    })),
    ...definition.variables.map((variable) => ({
      header: variable.name,
      kind: 'number' as const,
      value: (item: ResponseItem) => {
        const found = item.variables.find((entry) => entry.name === variable.name)
        return found === undefined ? '' : String(found.value)
      },
    })),
  ]
  const used = new Set<string>()
  for (const column of columns) {
    let header = column.header
    for (let n = 2; used.has(header); n++) header = `${column.header} (${n})`
    used.add(header)
    column.header = header
  }
  return columns
}

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab or CR first) gets a leading
 * `'`, as OWASP advises for CSV exports of user input; numbers such as `-3` are left as they are.
 */
export function spreadsheetSafe(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) && !/^[+-]?\d+(\.\d+)?$/.test(cell) ? `'${cell}` : cell
}

/**
 * A cell as written: spreadsheet-safe, and never a raw NUL, which some programs cut a file at.
 * Nothing stores one now (storable.ts); responses stored before that rule may carry it.
 */
function csvCell(text: string): string {
  return spreadsheetSafe(text.includes('\u0000') ? text.replaceAll('\u0000', '\uFFFD') : text)
}

// At most 250 rows a batch (~400 KB of ~1.7 KB items): larger batches only add garbage (peak RSS)
// at the same speed. Fewer when the form's items are large, so a batch stays within `batchBytes`.
const EXPORT_BATCH = 250

/** Rows an export reads at a time, so that a batch of the form's largest items fits `batchBytes`. */
export function exportBatchRows(maxItemBytes: number, batchBytes: number): number {
  return Math.max(1, Math.min(EXPORT_BATCH, Math.floor(batchBytes / Math.max(1, maxItemBytes))))
}

/**
 * Every matching item, in listing order, read in keyset batches of `batchRows` on (form_id,
 * submitted_at) (unique and increasing within a form, and unchanged by deletions), so memory does
 * not grow with the number of responses. The caller checks that the form exists first.
 */
export async function* exportResponseItems(
  db: Db,
  formId: string,
  filter: ResponseFilter,
  batchRows = EXPORT_BATCH,
): AsyncGenerator<StoredJson[]> {
  let cursor: number | undefined
  for (;;) {
    // As text on both engines: the writer copies it into its pool (src/http/pooled-body.ts), while
    // a Buffer from SQLite's driver would be external memory per row, freed only under V8's
    // external memory pressure (docs/performance.md).
    let query = db.selectFrom('responses').select(['item_json', 'submitted_at']).where('form_id', '=', formId)
    if (filter.since !== undefined) query = query.where('submitted_at', '>=', filter.since)
    if (filter.until !== undefined) query = query.where('submitted_at', '<=', filter.until)
    if (filter.ids !== undefined) {
      if (filter.ids.length === 0) return
      query = query.where('id', 'in', filter.ids)
    }
    if (filter.search !== undefined) query = query.where(matchesSearch('id', formId, filter.search))
    if (cursor !== undefined) query = query.where('submitted_at', filter.order === 'desc' ? '<' : '>', cursor)
    const rows = await query.orderBy('submitted_at', filter.order).limit(batchRows).execute()
    if (rows.length === 0) return
    yield rows.map((row) => row.item_json)
    if (rows.length < batchRows) return
    cursor = Number(rows[rows.length - 1]?.submitted_at)
  }
}

/**
 * The export's items as a Listing: batches of as many rows as fit the budget's batch size at the
 * form's largest item (`maxItemBytes` stored), each batch holding that much. A conflict when that
 * item alone would hold more than the whole budget.
 */
export function exportListing(
  db: Db,
  budget: MemoryBudget,
  formId: string,
  filter: ResponseFilter,
  maxItemBytes: number,
): Listing<StoredJson> {
  const largest = loadedBytes.string(db, maxItemBytes)
  budget.refuseLarger(largest, 'the largest response of this form')
  const batchRows = exportBatchRows(largest, budget.batchBytes)
  const batches = exportResponseItems(db, formId, filter, batchRows)
  return readBatches(budget, batchRows * Math.max(1, largest), async () => {
    const next = await batches.next()
    return next.done ? undefined : next.value
  })
}

/** How an export writes: its first line (CSV's header), each item's line as texts or bytes, and what ends it (XLSX's). */
export interface ExportLines {
  head: Buffer | undefined
  /** Run on each batch before its lines are written (the file links of its items are looked up). */
  prepare?: (items: StoredJson[]) => Promise<void>
  line(item: StoredJson): (string | Uint8Array)[]
  tail?: () => Uint8Array[]
}

/**
 * A file answer's cell: a signed link that opens the file without a token (the spreadsheet's
 * reader has none), for CANVASS_FILE_LINK_HOURS. `prepare` reads the keys of a batch's files.
 */
export interface FileLinks {
  prepare(items: StoredJson[]): Promise<void>
  link(url: string): string
}
/** UTF-8's byte order mark: how Excel tells a CSV file is UTF-8 (without it, Müller shows as MÃ¼ller). */
const byteOrderMark = Buffer.from([0xef, 0xbb, 0xbf])

/**
 * NDJSON lines; CSV: its header (after the byte order mark) and one row a response; XLSX: a
 * workbook of one sheet with the CSV's columns, written row by row (xlsx.ts).
 */
export function exportLines(
  definition: FormDefinition,
  format: ExportFormat,
  links?: FileLinks,
): ExportLines {
  if (format === 'ndjson') return { head: undefined, line: (item) => [item, '\n'] }
  const columns = csvColumns(definition, links)
  const prepare = links && ((items: StoredJson[]) => links.prepare(items))
  if (format === 'xlsx') {
    const sheet = new SheetWriter(columns)
    return {
      ...(prepare ? { prepare } : {}),
      head: Buffer.concat(sheet.start()),
      line: (json) => sheet.row(JSON.parse(json.toString()) as ResponseItem),
      tail: () => sheet.end(),
    }
  }
  const header = Buffer.from(stringify([columns.map((column) => csvCell(column.header))]))
  return {
    ...(prepare ? { prepare } : {}),
    head: Buffer.concat([byteOrderMark, header]),
    line: (json) => {
      const item = JSON.parse(json.toString()) as ResponseItem
      return [stringify([columns.map((column) => csvCell(column.value(item)))])]
    },
  }
}
