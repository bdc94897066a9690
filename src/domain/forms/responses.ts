import { CompiledQuery, PostgresAdapter, sql } from 'kysely'
import { formatTimestamp, nowMicros } from '../../clock.js'
import { chunksOf, INSERT_BYTES, INSERT_ROWS } from '../../db/chunks.js'
import { type Database, type Db, dialectOf, preparedRowReader, type Transaction } from '../../db/database.js'
import type { FormsTable } from '../../db/tables/forms.js'
import { type IdPool, newId } from '../../ids.js'
import { type DomainError, validationFailed } from '../errors.js'
import { figuresOfResponses, forgetInsights, recordInsights } from '../insights/store.js'
import { enqueueFormResponseEvents } from '../webhooks/outbox.js'
import type { DeliverySignal } from '../webhooks/signal.js'
import { buildResponseItem, type ResponseItem, type Submission } from './answers.js'
import type { FormDefinition } from './definition.js'
import { completeSettings, NotAcceptingError, publicAcceptance } from './settings.js'

// Storage laid out for the listing (docs/architecture.md#storage). A response never changes after
// submission, so its listed item is serialised once, at write time (item_json), and a page is
// a join of stored texts. Each response has a gap-free position `seq` in its form (1, 2, ...),
// assigned under the form row's lock together with a strictly increasing submitted_at, so
// "newest first, ties by id" is simply ORDER BY seq DESC and page p is an index range on
// (form_id, seq): as fast on page 3,000 as on page 1, where OFFSET would walk every row before it.

export interface StoredResponse {
  item: ResponseItem
  json: string
}

// At most 100 definitions of at most 64 KB each are kept: a bounded few MB.
const DEFINITIONS_KEPT = 100
const DEFINITION_KEPT_MAX_LENGTH = 65_536

/** Parsed form definitions by their JSON text; read-only, shared by the submissions that use them. */
export type DefinitionMemo = Map<string, FormDefinition>

// Parsing a definition (~2 KB) cost ~30 µs of CPU, ~8 % of a submission's, on every submission
// (`npm run bench -- --only submit`). The text is still read under the form's lock, so an edit
// is seen by the next submission; only its parse is reused. Each service keeps one memo.

export interface StoreOptions {
  /** A respondent's submission: refused (NotAcceptingError) unless the form accepts public answers. */
  public?: boolean
  /** Parsed definitions kept between calls. */
  definitions?: DefinitionMemo
  /** Where the ids of responses and their events come from (newId without one). */
  ids?: IdPool
}

function parseDefinition(text: string, memo: DefinitionMemo): FormDefinition {
  let definition = memo.get(text)
  if (!definition) {
    definition = JSON.parse(text) as FormDefinition
    if (text.length > DEFINITION_KEPT_MAX_LENGTH) return definition
    if (memo.size >= DEFINITIONS_KEPT) memo.clear()
    memo.set(text, definition)
  }
  return definition
}

/** What became of one submission: stored, or refused on its own (the others stored regardless). */
export type SubmissionOutcome = { stored: StoredResponse } | { refused: DomainError | NotAcceptingError }

/** Thrown by storeResponses when every submission was refused, so the transaction keeps nothing. */
export class NothingStored extends Error {
  constructor(readonly outcomes: SubmissionOutcome[]) {
    super('every submission was refused')
  }
}

/**
 * Stores submissions to one form inside the caller's transaction: locks the form row (the
 * UPDATE does, on both databases), checks each submission against the definition read under
 * that lock, and writes the valid ones, in order, with their webhook events and insights. A
 * submission that is invalid (or, public, arrives when the form no longer accepts answers) is
 * refused alone; when all are, it throws NothingStored (storeInTransaction turns it into their
 * outcomes). Every path that stores responses (the API through its batches, seed-demo) comes
 * through here. Undefined when the form is not in the workspace.
 */
export async function storeResponses(
  trx: Transaction,
  signal: DeliverySignal,
  workspaceId: string,
  formId: string,
  submissions: readonly Submission[],
  options: StoreOptions = {},
): Promise<SubmissionOutcome[] | undefined> {
  const count = submissions.length
  const now = nowMicros()
  // Raw SQL rather than the query builder on this hot path: building and compiling an UPDATE
  // cost more CPU than SQLite takes to run it (`npm run bench -- --only submit`).
  // submitted_at = max(now, previous + 1 µs): strictly increasing within the form, so the order
  // by seq is also the order by submitted_at. Positions are claimed for every submission; those
  // of refused ones are given back below, so seq stays gap-free.
  const { rows } = await sql<
    Pick<FormsTable, 'definition' | 'last_seq' | 'last_submitted_at' | 'max_item_bytes'>
  >`
    update forms set last_seq = last_seq + ${count},
      last_submitted_at = case when last_submitted_at >= ${now}
        then last_submitted_at + ${count} else ${now + count - 1} end
    where id = ${formId} and workspace_id = ${workspaceId}
    returning definition, last_seq, last_submitted_at, max_item_bytes`.execute(trx)
  const form = rows[0]
  if (!form) return undefined
  const definition = options.definitions
    ? parseDefinition(form.definition, options.definitions)
    : (JSON.parse(form.definition) as FormDefinition)
  const firstSeq = Number(form.last_seq) - count + 1
  const firstAt = Number(form.last_submitted_at) - count + 1
  const settings = options.public ? completeSettings(definition.settings) : undefined

  const outcomes: SubmissionOutcome[] = []
  const stored: StoredResponse[] = []
  for (const submission of submissions) {
    if (settings) {
      // Checked under the row lock, against the count before this one: concurrent public
      // submissions cannot overshoot max_responses (last_seq is the count), on any number of processes.
      const acceptance = publicAcceptance(settings, firstSeq - 1 + stored.length, now)
      if (acceptance !== 'accepting') {
        outcomes.push({ refused: new NotAcceptingError(acceptance) })
        continue
      }
    }
    const id = options.ids ? options.ids.next('rsp') : newId('rsp')
    const built = buildResponseItem(definition, submission, id, formatTimestamp(firstAt + stored.length))
    if (built.errors.length > 0) {
      outcomes.push({ refused: validationFailed(built.errors) })
      continue
    }
    // Serialised only once every value is known to be valid (and so of bounded depth).
    const response = { item: built.item, json: JSON.stringify(built.item) }
    stored.push(response)
    outcomes.push({ stored: response })
  }
  // A refusal changes nothing: with none stored, the transaction is rolled back.
  if (stored.length === 0) throw new NothingStored(outcomes)
  const refused = count - stored.length
  if (refused > 0) {
    // Both columns were advanced by `count`: taking `refused` back leaves them where storing only
    // the accepted ones would have (max(now, previous + 1 µs) for the first, then one µs apart).
    await sql`update forms set last_seq = last_seq - ${refused},
      last_submitted_at = last_submitted_at - ${refused} where id = ${formId}`.execute(trx)
  }

  // Kept for the listing, which reads a page in one go only when every item of the form is small.
  let largest = 0
  for (const response of stored) largest = Math.max(largest, Buffer.byteLength(response.json))
  if (largest > Number(form.max_item_bytes)) {
    await trx.updateTable('forms').set({ max_item_bytes: largest }).where('id', '=', formId).execute()
  }
  const indexed = stored.map((response, index) => ({ response, index }))
  for (const rows of chunksOf(indexed, INSERT_ROWS, INSERT_BYTES, ({ response }) => response.json.length)) {
    const values = rows.map(
      ({ response, index }) =>
        sql`(${response.item.id}, ${formId}, ${firstSeq + index}, ${firstAt + index}, ${response.json})`,
    )
    await sql`insert into responses (id, form_id, seq, submitted_at, item_json) values ${sql.join(values)}`.execute(
      trx,
    )
  }
  await enqueueFormResponseEvents(
    trx,
    signal,
    { workspaceId, formId, itemJsons: stored.map((response) => response.json) },
    options.ids,
  )
  await recordInsights(trx, formId, stored)
  return outcomes
}

/** storeResponses in a transaction of its own, which keeps nothing when every submission is refused. */
export async function storeInTransaction(
  database: Database,
  signal: DeliverySignal,
  workspaceId: string,
  formId: string,
  submissions: readonly Submission[],
  options: StoreOptions = {},
): Promise<SubmissionOutcome[] | undefined> {
  try {
    return await database.transaction((trx) =>
      storeResponses(trx, signal, workspaceId, formId, submissions, options),
    )
  } catch (error) {
    if (error instanceof NothingStored) return error.outcomes
    throw error
  }
}

/** One submission in its own transaction; throws its refusal. Undefined when the form is not in the workspace. */
export async function submitResponse(
  database: Database,
  signal: DeliverySignal,
  workspaceId: string,
  formId: string,
  submission: Submission,
  options: StoreOptions = {},
): Promise<StoredResponse | undefined> {
  const outcomes = await storeInTransaction(database, signal, workspaceId, formId, [submission], options)
  const outcome = outcomes?.[0]
  if (outcome === undefined) return undefined
  if ('refused' in outcome) throw outcome.refused
  return outcome.stored
}

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

function itemColumn(db: Db) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<ItemJson>`item_json`.as('item_json')
    : sql<ItemJson>`cast(item_json as blob)`.as('item_json')
}

/**
 * The memory a stored item of `bytes` holds while it is loaded, for the list-memory budget. On
 * SQLite twice its bytes: SQLite assembles a large value from its overflow pages into one block,
 * then better-sqlite3 copies it into a Buffer (the large-pages bench: 560-570 MB counting it once,
 * 446-456 twice). On PostgreSQL three times: `pg` receives the row into a buffer that grows by
 * doubling (up to twice the row), then decodes it to a string (646 MB counting it once, 431-433
 * three times).
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
 * reading the items as one value rather than 1,000 rows halves the read (100 pages of 1.7 KB
 * items, ~330 -> ~170 ms in-process) and leaves one object to collect instead of a thousand. On
 * PostgreSQL the same aggregate cost the server more than sending the rows (list-page 0.75 ->
 * 0.59 of its floor, the server's CPU shared with Canvass's): there the rows are read, one more
 * than the page size to know whether another page follows.
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

/**
 * Deletes responses of a form by id (unknown ids are ignored) and closes the gap in positions:
 * the later responses of that form move down, so pages stay index ranges. Returns false when
 * the form is not in the workspace.
 */
export async function deleteResponses(
  database: Database,
  workspaceId: string,
  formId: string,
  ids: string[],
): Promise<boolean> {
  return database.transaction(async (trx) => {
    // Takes the form row's lock first, as submissions do, so positions cannot race.
    const form = await trx
      .updateTable('forms')
      .set({ last_seq: sql`last_seq` })
      .where('id', '=', formId)
      .where('workspace_id', '=', workspaceId)
      .returning('last_seq')
      .executeTakeFirst()
    if (!form) return false
    if (ids.length === 0) return true
    // Read first: a response's own figures are deleted with it.
    const figures = await figuresOfResponses(trx, formId, ids)
    const deleted = await trx
      .deleteFrom('responses')
      .where('form_id', '=', formId)
      .where('id', 'in', ids)
      .returning('seq')
      .execute()
    if (deleted.length === 0) return true
    await forgetInsights(trx, formId, figures)
    const firstGap = Math.min(...deleted.map((row) => Number(row.seq)))
    // Two steps, because the unique (form_id, seq) index is checked row by row: move the later
    // rows out of the way (negative), then number them densely after the first gap.
    await sql`update responses set seq = -seq where form_id = ${formId} and seq > ${firstGap}`.execute(trx)
    await sql`update responses set seq = renumbered.seq
      from (select id, row_number() over (order by seq desc) + ${firstGap - 1} as seq
            from responses where form_id = ${formId} and seq < 0) as renumbered
      where responses.id = renumbered.id`.execute(trx)
    await trx
      .updateTable('forms')
      .set({ last_seq: sql`last_seq - ${deleted.length}` })
      .where('id', '=', formId)
      .execute()
    return true
  })
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
): AsyncGenerator<ItemJson[]> {
  let cursor: number | undefined
  for (;;) {
    let query = db
      .selectFrom('responses')
      .select([itemColumn(db), 'submitted_at'])
      .where('form_id', '=', formId)
    if (filter.since !== undefined) query = query.where('submitted_at', '>=', filter.since)
    if (filter.until !== undefined) query = query.where('submitted_at', '<=', filter.until)
    if (filter.ids !== undefined) {
      if (filter.ids.length === 0) return
      query = query.where('id', 'in', filter.ids)
    }
    if (cursor !== undefined) query = query.where('submitted_at', filter.order === 'desc' ? '<' : '>', cursor)
    const rows = await query.orderBy('submitted_at', filter.order).limit(batchRows).execute()
    if (rows.length === 0) return
    yield rows.map((row) => row.item_json)
    if (rows.length < batchRows) return
    cursor = Number(rows[rows.length - 1]?.submitted_at)
  }
}
