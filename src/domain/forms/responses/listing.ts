import { sql } from 'kysely'
import type { Database, Db } from '../../../db/database.js'
import { loadedTextBytes, storedText } from '../../../db/fragments.js'
import type { JoinedPage, StoredText } from '../../../db/hot-reads.js'

// Pages of a form's responses: index ranges of the positions store.ts assigns, read from the
// stored item texts (docs/architecture.md#storage).

export interface ResponseFilter {
  /** Inclusive bounds on submission time, in microseconds. */
  since?: number | undefined
  until?: number | undefined
  ids?: string[] | undefined
  order: 'asc' | 'desc'
}

/** A stored item as read for a listing, ready to send (StoredText in src/db/hot-reads.ts). */
export type ItemJson = StoredText
export type { JoinedPage }

export function itemColumn(db: Db) {
  return storedText(db, 'item_json')
}

/** The memory a stored item of `bytes` holds while it is loaded, for the list-memory budget. */
export function loadedItemBytes(db: Db, bytes: number): number {
  return loadedTextBytes(db, bytes)
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

/** A page too large to hold at once: its rows' positions and stored sizes, in page order. */
export interface PlannedItem {
  seq: number
  bytes: number
}

/**
 * One page of listed items (item_json texts), with one more than the page size when another page
 * follows; undefined when the form is not in the workspace. Unfiltered pages of a form whose
 * items are all at most `hotItemBytes` come joined into one value (a JoinedPage). When the form
 * holds items larger than `hotItemBytes`, the page is not loaded but planned: `{plan}` lists each
 * row's position and size (read from the stored length, not the text), and loadResponseItems
 * reads it in batches.
 */
export async function listResponseItems(
  database: Database,
  workspaceId: string,
  formId: string,
  page: { page: number; page_size: number },
  filter: ResponseFilter,
  hotItemBytes: number,
): Promise<ItemJson[] | JoinedPage | { plan: PlannedItem[] } | undefined> {
  const { db } = database
  const skip = (page.page - 1) * page.page_size
  const limit = page.page_size + 1

  if (filter.ids === undefined && filter.since === undefined && filter.until === undefined) {
    // The hot path: one prepared statement, one index range; the form's workspace is checked in
    // it, and so is that every item of the form is small enough for the page to be read in one go.
    const query = { workspaceId, formId, order: filter.order, skip, pageSize: page.page_size, hotItemBytes }
    const hot = await database.reads.responsePage(query)
    if (hot) return hot
  }
  const form = await formSizes(db, workspaceId, formId)
  if (!form) return undefined
  const small = Number(form.max_item_bytes) <= hotItemBytes
  if (filter.ids !== undefined) {
    // A short list of ids: the general query; OFFSET is bounded by the list's length.
    if (filter.ids.length === 0) return []
    let query = db.selectFrom('responses').where('form_id', '=', formId).where('id', 'in', filter.ids)
    if (filter.since !== undefined) query = query.where('submitted_at', '>=', filter.since)
    if (filter.until !== undefined) query = query.where('submitted_at', '<=', filter.until)
    query = query.orderBy('seq', filter.order).limit(limit).offset(skip)
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
  ;[from, to] = filter.order === 'desc' ? [from, to - skip] : [from + skip, to]
  if (from > to) return []
  const query = db
    .selectFrom('responses')
    .where('form_id', '=', formId)
    .where('seq', '>=', from)
    .where('seq', '<=', to)
    .orderBy('seq', filter.order)
    .limit(limit)
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
): Promise<ItemJson[]> {
  const rows = await db
    .selectFrom('responses')
    .select(itemColumn(db))
    .where('form_id', '=', formId)
    .where('seq', 'in', seqs)
    .orderBy('seq', order)
    .execute()
  return rows.map((row) => row.item_json)
}
