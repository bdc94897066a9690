import { CompiledQuery, PostgresAdapter, sql } from 'kysely'
import { type Db, dialectOf, preparedRowReader } from '../../../db/database.js'

// Pages of a form's responses: index ranges of the positions store.ts assigns, read from the
// stored item texts (docs/architecture.md#storage).

export interface ResponseFilter {
  /** Inclusive bounds on submission time, in microseconds. */
  since?: number | undefined
  until?: number | undefined
  ids?: string[] | undefined
  order: 'asc' | 'desc'
}

/**
 * A stored item as read for a listing: on SQLite the bytes of its UTF-8 text, read as a blob
 * (Buffers are written to the socket as they are: no decoding, joining or encoding again, and
 * they live outside V8's heap, where a few-MB string would wait for a full collection); on
 * PostgreSQL the text.
 */
export type ItemJson = string | Buffer

export function itemColumn(db: Db) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<ItemJson>`item_json`.as('item_json')
    : sql<ItemJson>`cast(item_json as blob)`.as('item_json')
}

/**
 * The memory a stored item of `bytes` holds while it is loaded, for the list-memory budget. On
 * SQLite twice its bytes: SQLite assembles a large value from its overflow pages into one block,
 * then better-sqlite3 copies it into a Buffer. On PostgreSQL three times: `pg` receives the row
 * into a buffer that grows by doubling (up to twice the row), then decodes it to a string. Counted
 * once, the large-pages bench went past the 512 MB bound (docs/performance.md).
 */
export function loadedItemBytes(db: Db, bytes: number): number {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 3 * bytes : 2 * bytes
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
  db: Db,
  workspaceId: string,
  formId: string,
  page: { page: number; page_size: number },
  filter: ResponseFilter,
  hotItemBytes: number,
): Promise<ItemJson[] | JoinedPage | { plan: PlannedItem[] } | undefined> {
  const skip = (page.page - 1) * page.page_size
  const limit = page.page_size + 1

  if (filter.ids === undefined && filter.since === undefined && filter.until === undefined) {
    // The hot path: one statement, one index range; the form's workspace is checked in it, and so
    // is that every item of the form is small enough for the page to be read in one go.
    const args = { workspaceId, formId, skip, pageSize: page.page_size, limit, hotItemBytes }
    const hot = await hotPage(db, args, filter.order)
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

/**
 * A page read whole by the hot path: its items joined by commas, as one value (on SQLite its
 * bytes), so that nothing is joined or encoded again to send it.
 */
export interface JoinedPage {
  items: ItemJson
  /** Whether another page follows. */
  more: boolean
}

/**
 * The hot path's page: the items of one index range of positions. On SQLite they come aggregated
 * into one value by the database, their positions alongside, with the form's count of positions:
 * reading the items as one value rather than 1,000 rows halves the read and leaves one object to
 * collect instead of a thousand. On PostgreSQL the same aggregate cost the server more than
 * sending the rows (its CPU is shared with Canvass's; docs/performance.md, page-walk): there the
 * rows are read, one more than the page size to know whether another page follows.
 *
 * The aggregate has no ORDER BY of its own: SQLite would sort the items again (slower than
 * reading them as rows), and it aggregates a sorted subquery in its order, without promising it.
 * So the positions are aggregated in the same pass and the caller checks them: a page out of
 * order is read again as rows.
 */
function hotPageQuery(db: Db, args: ListingArgs, order: 'asc' | 'desc', joined: boolean) {
  const { workspaceId, formId, skip, pageSize, limit, hotItemBytes } = args
  const form = sql`select last_seq from forms where id = ${formId} and workspace_id = ${workspaceId} and max_item_bytes <= ${hotItemBytes}`
  // Joined, the page is its own items (whether more follow is read off last_seq); as rows, one more.
  const take = joined ? pageSize : limit
  const base = joined
    ? db.selectFrom('responses').select(['seq', 'item_json']).where('form_id', '=', formId)
    : db.selectFrom('responses').select(itemColumn(db)).where('form_id', '=', formId)
  const page =
    order === 'desc'
      ? base.where('seq', '<=', sql<number>`(${form}) - ${skip}`).orderBy('seq', 'desc').limit(take)
      : base
          .where('seq', '>', sql<number>`${skip}`)
          .where(sql<boolean>`exists (${form})`)
          .orderBy('seq', 'asc')
          .limit(take)
  if (!joined) return page
  return db
    .selectFrom(page.as('page'))
    .select([
      sql<ItemJson>`cast(group_concat(item_json, ',') as blob)`.as('items'),
      sql<string>`group_concat(seq, ',')`.as('positions'),
      sql<number>`(${form})`.as('last_seq'),
    ])
}

// The listing's statements, compiled once per database and order: building, compiling and
// preparing the query costs about as much as running it, so the hot path only binds parameters
// (a prepared statement on SQLite's read-only connection, a named statement on PostgreSQL).
// The order in which a statement binds its arguments is read off the compiled query itself
// (compiled with a distinct sentinel per argument), so an edit to the query cannot mis-bind.
interface ListingArgs {
  workspaceId: string
  formId: string
  skip: number
  pageSize: number
  limit: number
  hotItemBytes: number
}
const listingSentinels: ListingArgs = {
  workspaceId: '\u0000workspace',
  formId: '\u0000form',
  skip: -1_000_001,
  pageSize: -1_000_002,
  limit: -1_000_003,
  hotItemBytes: -1_000_004,
}

interface ListingStatement {
  text: string
  bindOrder: (keyof ListingArgs)[]
  prepared: ((...params: unknown[]) => unknown[][] | Promise<unknown[][]>) | undefined
}
const listingStatements = new WeakMap<Db, Record<'asc' | 'desc', ListingStatement>>()

function compileListing(db: Db, order: 'asc' | 'desc'): ListingStatement {
  const compiled = hotPageQuery(db, listingSentinels, order, dialectOf(db) === 'sqlite').compile()
  const names = Object.keys(listingSentinels) as (keyof ListingArgs)[]
  const bindOrder = compiled.parameters.map((value) => {
    const name = names.find((candidate) => listingSentinels[candidate] === value)
    if (!name)
      throw new Error(`the listing query binds a value that is none of its arguments: ${String(value)}`)
    return name
  })
  return { text: compiled.sql, bindOrder, prepared: preparedRowReader(db, compiled.sql) }
}

/**
 * The hot path's page (see hotPageQuery), or undefined when it does not apply (form not in the
 * workspace, an item over `hotItemBytes`, an empty page) or its items came out of order: the
 * caller reads it the general way then.
 */
async function hotPage(
  db: Db,
  args: ListingArgs,
  order: 'asc' | 'desc',
): Promise<JoinedPage | ItemJson[] | undefined> {
  let statements = listingStatements.get(db)
  if (!statements) {
    statements = { asc: compileListing(db, 'asc'), desc: compileListing(db, 'desc') }
    listingStatements.set(db, statements)
  }
  const statement = statements[order]
  const parameters = statement.bindOrder.map((name) => args[name])
  const rows = statement.prepared
    ? await statement.prepared(...parameters)
    : (
        await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(statement.text, parameters))
      ).rows.map((row) => Object.values(row))
  if (dialectOf(db) !== 'sqlite') {
    return rows.length > 0 ? rows.map((row) => row[0] as ItemJson) : undefined
  }
  const [items, positions, lastSeq] = rows[0] ?? []
  if (items === null || items === undefined || typeof positions !== 'string') return undefined
  const last = Number(lastSeq)
  const first = order === 'desc' ? last - args.skip : args.skip + 1
  const end = pageEnd(positions, first, order === 'desc' ? -1 : 1)
  if (end === undefined) return undefined
  return { items: items as ItemJson, more: order === 'desc' ? end > 1 : end < last }
}

/**
 * The last position of a page whose aggregated `positions` ("7,6,5") are `first` and the ones
 * after it, one `step` at a time (positions are gap-free); undefined when they are not.
 */
export function pageEnd(positions: string, first: number, step: 1 | -1): number | undefined {
  const seqs = positions.split(',')
  for (const [index, seq] of seqs.entries()) if (Number(seq) !== first + index * step) return undefined
  return first + (seqs.length - 1) * step
}
