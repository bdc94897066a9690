import { type RawBuilder, sql } from 'kysely'
import { chunksOf } from '../../chunks.js'
import type { Database } from '../../db/database.js'
import { matchesSearch } from '../forms/responses/search.js'
import { MemoryBudget } from '../listing.js'
import { StoredFiguresSum } from './figures.js'
import { dayOf } from './summary.js'

// Responses counted one by one (an id list, the partial minutes at a window's edges) are read as
// their own figures (response_figures), never as whole items, and within the process's memory
// budget for stored data (CANVASS_LIST_MEMORY, src/domain/listing.ts): concurrent requests wait for
// room rather than grow memory (issue 25). A scan is read a page of rows at a time; figures up to
// INLINE_BYTES come in that page, larger ones are loaded after it in batches of the budget's size.

/** Bytes of stored figures held at once by every reader of a process; more wait (src/domain/listing.ts). */
export type InsightsMemory = Pick<MemoryBudget, 'limit' | 'batchBytes' | 'take' | 'give'>

/** For a process with one reader (the CLI): nothing to share, batches of the listing's default size. */
export const soleReaderMemory = (): InsightsMemory =>
  new MemoryBudget(Number.POSITIVE_INFINITY, 16 * 1024 * 1024)

const SCAN_PAGE_ROWS = 250
const INLINE_BYTES = 2048
// Figures once read are counted at three times their stored size: the driver's copy, the string
// and what parsing it makes.
const HELD_FACTOR = 3
/** The most one page of a scan holds: its rows' figures, each at most INLINE_BYTES. */
export const SCAN_PAGE_BYTES = HELD_FACTOR * SCAN_PAGE_ROWS * INLINE_BYTES

/** Responses of a form to count one by one: those named (then within since/until), or those in [from, to]. */
export interface Scan {
  ids?: string[] | undefined
  /** Only responses whose text matches this LIKE pattern (src/domain/forms/responses/search.ts). */
  search?: string | undefined
  from?: number | undefined
  to?: number | undefined
}

/** One row of an insights read: a stored bucket, or a scanned response (level `scan`). */
export interface InsightRow {
  level: string
  bucket: number
  responses: number
  /** A bucket's figures ('' for a day only counted); a response's own when at most INLINE_BYTES, else null. */
  figures: string | null
  /** A scanned response's: the stored size of its figures (null when it has none yet) and its id. */
  bytes: number | null
  id: string | null
  /** Which scan a scanned response belongs to; -1 for buckets. */
  part: number
}

/** Columns of bucket rows, for a union with scans' pages. */
export const bucketExtras = sql`cast(null as integer) as bytes, cast(null as text) as id, -1 as part`

/** A select of one page of a scan (the first, or the one after `after`), in (submitted_at, id) order. */
export function scanPage(
  formId: string,
  scan: Scan,
  part: number,
  after?: { at: number; id: string },
): RawBuilder<InsightRow> {
  // Named responses are found by id, then checked to be the form's: SQLite, without statistics,
  // would rather walk every response of the form by its index, so that one is not offered.
  const where = scan.ids
    ? [sql`r.id in (${sql.join(scan.ids)})`, sql`r.form_id || '' = ${formId}`]
    : [sql`r.form_id = ${formId}`]
  if (scan.search !== undefined) where.push(matchesSearch('r.id', formId, scan.search))
  if (scan.from !== undefined) where.push(sql`r.submitted_at >= ${scan.from}`)
  if (scan.to !== undefined) where.push(sql`r.submitted_at <= ${scan.to}`)
  if (after) {
    where.push(sql`(r.submitted_at > ${after.at} or (r.submitted_at = ${after.at} and r.id > ${after.id}))`)
  }
  // A subquery: a member of a union cannot have an order and a limit of its own.
  return sql<InsightRow>`select * from (select 'scan' as level, r.submitted_at as bucket, 1 as responses,
      case when octet_length(f.figures) <= ${sql.lit(INLINE_BYTES)} then f.figures end as figures,
      octet_length(f.figures) as bytes, r.id as id, ${sql.lit(part)} as part
    from responses r left join response_figures f on f.response_id = r.id
    where ${sql.join(where, sql` and `)}
    order by r.submitted_at, r.id limit ${sql.lit(SCAN_PAGE_ROWS)}) as page`
}

/** Runs a read of pages (and buckets) whose scanned rows hold at most `pages` x SCAN_PAGE_BYTES. */
export async function withinBudget<T>(
  memory: InsightsMemory,
  pages: number,
  read: () => Promise<T>,
): Promise<T> {
  const bytes = Math.min(pages * SCAN_PAGE_BYTES, memory.limit)
  if (bytes === 0) return read()
  await memory.take(bytes)
  try {
    return await read()
  } finally {
    memory.give(bytes)
  }
}

/** What an insights read adds up: stored figures, responses per UTC day, and responses still to load. */
export class InsightsTally {
  readonly sum = new StoredFiguresSum()
  readonly days = new Map<number, number>()
  /** Scanned responses whose figures are over INLINE_BYTES: loaded by loadLarge. */
  private readonly large: { id: string; bytes: number }[] = []
  /** A response without figures of its own was met (stored before they were kept). */
  missingFigures = false

  /** Adds rows of buckets and scanned responses; returns the last scanned row of each part whose page was full. */
  add(rows: readonly InsightRow[]): Map<number, { at: number; id: string }> {
    const pageRows = new Map<number, number>()
    const last = new Map<number, { at: number; id: string }>()
    for (const row of rows) {
      if (row.level !== 'scan') {
        if (row.level !== 'all') this.countDay(Number(row.bucket), Number(row.responses))
        if (row.figures) this.sum.add(row.figures)
        continue
      }
      pageRows.set(row.part, (pageRows.get(row.part) ?? 0) + 1)
      last.set(row.part, { at: Number(row.bucket), id: row.id as string })
      if (row.figures !== null) this.addResponse(Number(row.bucket), row.figures)
      else if (row.bytes !== null)
        this.large.push({ id: row.id as string, bytes: HELD_FACTOR * Number(row.bytes) })
      else this.missingFigures = true
    }
    for (const [part, count] of pageRows) if (count < SCAN_PAGE_ROWS) last.delete(part)
    return last
  }

  /** Loads the large figures met so far, a batch of at most the budget's batch size at a time. */
  async loadLarge(database: Database, memory: InsightsMemory, formId: string): Promise<void> {
    const large = this.large.splice(0)
    for (const batch of chunksOf(large, {
      count: SCAN_PAGE_ROWS,
      bytes: memory.batchBytes,
      size: (row) => row.bytes,
    })) {
      const bytes = Math.min(
        batch.reduce((sum, row) => sum + row.bytes, 0),
        memory.limit,
      )
      await memory.take(bytes)
      try {
        // A response deleted since it was found is not counted.
        const rows = await database.db
          .selectFrom('responses')
          .innerJoin('response_figures', 'response_figures.response_id', 'responses.id')
          .select(['responses.submitted_at', 'response_figures.figures'])
          .where('responses.form_id', '=', formId)
          .where(
            'responses.id',
            'in',
            batch.map((row) => row.id),
          )
          .execute()
        for (const row of rows) this.addResponse(Number(row.submitted_at), row.figures)
      } finally {
        memory.give(bytes)
      }
    }
  }

  private addResponse(submittedAt: number, figures: string): void {
    this.sum.add(figures)
    this.countDay(submittedAt, 1)
  }

  private countDay(at: number, responses: number): void {
    const day = dayOf(at)
    this.days.set(day, (this.days.get(day) ?? 0) + responses)
  }
}
