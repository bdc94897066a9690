import { sql } from 'kysely'
import type { Database, Db } from '../../../db/database.js'
import { storedText } from '../../../db/fragments.js'
import {
  type Listing,
  loadedBytes,
  type MemoryBudget,
  type Page,
  pageRows,
  plannedPage,
  readPage,
  rowsBefore,
  rowsRead,
  type StoredJson,
  smallItemBytes,
} from '../../listing.js'
import { matchesSearch } from './search.js'

// Pages of a form's responses: index ranges of the positions store.ts assigns, read from the
// stored item texts (docs/architecture.md#storage).

export interface ResponseFilter {
  /** Inclusive bounds on submission time, in microseconds. */
  since?: number | undefined
  until?: number | undefined
  ids?: string[] | undefined
  /** Only responses whose text contains this: a LIKE pattern from searchPattern (search.ts). */
  search?: string | undefined
  order: 'asc' | 'desc'
}

export function itemColumn(db: Db) {
  return storedText(db, 'item_json')
}

/** The form's response count (positions) and the size of its largest item; undefined when not the workspace's. */
export async function formSizes(db: Db, workspaceId: string, formId: string) {
  return db
    .selectFrom('forms')
    .select(['last_seq', 'max_item_bytes'])
    .where('id', '=', formId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst()
}

/** The position of the first response at or after `at` ('>='), or the last at or before it ('<='). */
async function edgeSeq(db: Db, formId: string, side: '>=' | '<=', at: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('responses')
    .select('seq')
    .where('form_id', '=', formId)
    .where('submitted_at', side, at)
    .orderBy('submitted_at', side === '>=' ? 'asc' : 'desc')
    .limit(1)
    .executeTakeFirst()
  return row === undefined ? undefined : Number(row.seq)
}

/** A row of a page too large to read in one query: its position and stored size. */
export interface PlannedItem {
  seq: number
  bytes: number
}

/**
 * One page of a form's listed items (item_json texts) as a Listing; undefined when the form is not
 * in the workspace. When no item of the form is larger than `smallItemBytes` (src/domain/listing.ts),
 * the page is read in one query (unfiltered: joined into one value, which the writer sends as one
 * item), its bytes taken from the budget before the read. Else it is planned, each row's position
 * and size read from the stored length, not the text, and read in batches.
 */
export async function listResponses(
  database: Database,
  budget: MemoryBudget,
  workspaceId: string,
  formId: string,
  page: Page,
  filter: ResponseFilter,
): Promise<Listing<StoredJson> | undefined> {
  const { db } = database
  const loaded = (bytes: number) => loadedBytes.text(db, bytes)
  const hotItemBytes = smallItemBytes(budget, rowsRead(page), loaded)
  // Taken before the query: what loading a page of such items holds at most (the database's copy,
  // then the driver's); what they hold once read is kept until they are written.
  const reserved = loaded(rowsRead(page)) * hotItemBytes
  const found = await budget.holding(reserved, () =>
    readSmall(database, workspaceId, formId, page, filter, hotItemBytes),
  )
  if (found === undefined || 'plan' in found) {
    budget.give(reserved)
    if (found === undefined) return undefined
    const order = filter.order
    const seqs = (rows: PlannedItem[]) => rows.map((row) => Number(row.seq))
    return plannedPage(
      budget,
      page,
      found.plan,
      loaded,
      (rows) => loadResponseItems(db, formId, seqs(rows), order),
      () => 'a response on this page',
    )
  }
  const items = 'joined' in found ? [found.joined] : found
  const held = Math.min(
    reserved,
    items.reduce((sum, item) => sum + loaded(item.length), 0),
  )
  budget.give(reserved - held)
  if ('joined' in found) return { more: found.more, batches: [{ items, held }] }
  return readPage(page, items, held)
}

/**
 * The page's items (one more when another page follows, or joined into one value) when every item
 * of the form is at most `hotItemBytes`; else its plan. Undefined when the form is not the workspace's.
 */
async function readSmall(
  database: Database,
  workspaceId: string,
  formId: string,
  page: Page,
  filter: ResponseFilter,
  hotItemBytes: number,
): Promise<StoredJson[] | { joined: StoredJson; more: boolean } | { plan: PlannedItem[] } | undefined> {
  const { db } = database
  const unfiltered = filter.since === undefined && filter.until === undefined
  if (unfiltered && filter.ids === undefined && filter.search === undefined) {
    // The hot path: one prepared statement, one index range; the form's workspace is checked in
    // it, and so is that every item of the form is small enough for the page to be read in one go.
    const hot = await database.reads.responsePage({
      workspaceId,
      formId,
      order: filter.order,
      ...page,
      hotItemBytes,
    })
    if (hot) return Array.isArray(hot) ? hot : { joined: hot.items, more: hot.more }
  }
  const form = await formSizes(db, workspaceId, formId)
  if (!form) return undefined
  const small = Number(form.max_item_bytes) <= hotItemBytes
  if (filter.ids !== undefined || filter.search !== undefined) {
    // A short list of ids, or a search: the general query. OFFSET is bounded by the list's length;
    // a search reads every matching text of the form whatever the page, so pages stay exact.
    if (filter.ids?.length === 0) return []
    let query = db.selectFrom('responses').where('form_id', '=', formId)
    if (filter.ids !== undefined) query = query.where('id', 'in', filter.ids)
    if (filter.search !== undefined) query = query.where(matchesSearch('id', formId, filter.search))
    if (filter.since !== undefined) query = query.where('submitted_at', '>=', filter.since)
    if (filter.until !== undefined) query = query.where('submitted_at', '<=', filter.until)
    query = pageRows(query.orderBy('seq', filter.order), page)
    if (small) return (await query.select(itemColumn(db)).execute()).map((row) => row.item_json)
    return { plan: await query.select(planColumns).execute() }
  }
  let from = 1
  let to = Number(form.last_seq)
  if (filter.since !== undefined || filter.until !== undefined) {
    // A time window is a seq window (submitted_at grows with seq): two index look-ups, then a range.
    const low = filter.since === undefined ? 1 : await edgeSeq(db, formId, '>=', filter.since)
    const high =
      filter.until === undefined ? Number(form.last_seq) : await edgeSeq(db, formId, '<=', filter.until)
    if (low === undefined || high === undefined) return []
    from = Number(low)
    to = Number(high)
  }
  // Page p of a range of positions starts (p - 1) * page_size positions in: no OFFSET to walk.
  const skip = rowsBefore(page)
  ;[from, to] = filter.order === 'desc' ? [from, to - skip] : [from + skip, to]
  if (from > to) return []
  const query = db
    .selectFrom('responses')
    .where('form_id', '=', formId)
    .where('seq', '>=', from)
    .where('seq', '<=', to)
    .orderBy('seq', filter.order)
    .limit(rowsRead(page))
  if (small) return (await query.select(itemColumn(db)).execute()).map((row) => row.item_json)
  return { plan: await query.select(planColumns).execute() }
}

// The stored length, read without loading the text (SQLite: from the record header; PostgreSQL:
// from the TOAST pointer).
export const planColumns = ['seq', sql<number>`octet_length(item_json)`.as('bytes')] as const

/** Items of a planned page by position, in the page's order. */
export async function loadResponseItems(
  db: Db,
  formId: string,
  seqs: number[],
  order: 'asc' | 'desc',
): Promise<StoredJson[]> {
  const rows = await db
    .selectFrom('responses')
    .select(itemColumn(db))
    .where('form_id', '=', formId)
    .where('seq', 'in', seqs)
    .orderBy('seq', order)
    .execute()
  return rows.map((row) => row.item_json)
}
