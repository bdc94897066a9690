import { CompiledQuery, sql } from 'kysely'
import { formatTimestamp, nowMicros } from '../../clock.js'
import { type Database, type Db, preparedColumnReader, type Transaction } from '../../db/database.js'
import type { FormsTable } from '../../db/tables/forms.js'
import { type IdPool, newId } from '../../ids.js'
import { type FieldError, validationFailed } from '../errors.js'
import { enqueueFormResponseEvent } from '../webhooks/outbox.js'
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

const INSERT_CHUNK = 500
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

/**
 * Stores submissions to one form inside the caller's transaction: locks the form row (the
 * UPDATE does, on both databases), checks each submission against the definition read under
 * that lock, and writes each response with its webhook event. Every path that stores responses
 * (the API, seed-demo) comes through here. `definitions` keeps parsed definitions between calls.
 */
export async function storeResponses(
  trx: Transaction,
  signal: DeliverySignal,
  workspaceId: string,
  formId: string,
  submissions: Submission[],
  options: StoreOptions = {},
): Promise<StoredResponse[] | undefined> {
  const count = submissions.length
  const now = nowMicros()
  // Raw SQL rather than the query builder on this hot path: building and compiling an UPDATE
  // cost more CPU than SQLite takes to run it (`npm run bench -- --only submit`).
  // submitted_at = max(now, previous + 1 µs): strictly increasing within the form, so the order
  // by seq is also the order by submitted_at.
  const { rows } = await sql<Pick<FormsTable, 'definition' | 'last_seq' | 'last_submitted_at'>>`
    update forms set last_seq = last_seq + ${count},
      last_submitted_at = case when last_submitted_at >= ${now}
        then last_submitted_at + ${count} else ${now + count - 1} end
    where id = ${formId} and workspace_id = ${workspaceId}
    returning definition, last_seq, last_submitted_at`.execute(trx)
  const form = rows[0]
  if (!form) return undefined
  const definition = options.definitions
    ? parseDefinition(form.definition, options.definitions)
    : (JSON.parse(form.definition) as FormDefinition)
  const firstSeq = Number(form.last_seq) - count + 1
  const firstAt = Number(form.last_submitted_at) - count + 1
  if (options.public) {
    // Checked under the row lock, against the count before these: concurrent public submissions
    // cannot overshoot max_responses (last_seq is the count), on any number of processes.
    const acceptance = publicAcceptance(completeSettings(definition.settings), firstSeq - 1, now)
    if (acceptance !== 'accepting') throw new NotAcceptingError(acceptance)
  }

  const stored: StoredResponse[] = []
  const errors: FieldError[] = []
  submissions.forEach((submission, index) => {
    const id = options.ids ? options.ids.next('rsp') : newId('rsp')
    const built = buildResponseItem(definition, submission, id, formatTimestamp(firstAt + index))
    const prefix = count > 1 ? `/${index}` : ''
    for (const error of built.errors) errors.push({ path: `${prefix}${error.path}`, message: error.message })
    stored.push({ item: built.item, json: '' })
  })
  if (errors.length > 0) throw validationFailed(errors)
  // Serialised only once every value is known to be valid (and so of bounded depth).
  for (const response of stored) response.json = JSON.stringify(response.item)

  for (let start = 0; start < count; start += INSERT_CHUNK) {
    const rows = stored
      .slice(start, start + INSERT_CHUNK)
      .map(
        (response, offset) =>
          sql`(${response.item.id}, ${formId}, ${firstSeq + start + offset}, ${firstAt + start + offset}, ${response.json})`,
      )
    await sql`insert into responses (id, form_id, seq, submitted_at, item_json) values ${sql.join(rows)}`.execute(
      trx,
    )
  }
  for (const response of stored) {
    await enqueueFormResponseEvent(trx, signal, { workspaceId, formId, itemJson: response.json }, options.ids)
  }
  return stored
}

export async function submitResponse(
  database: Database,
  signal: DeliverySignal,
  workspaceId: string,
  formId: string,
  submission: Submission,
  options: StoreOptions = {},
): Promise<StoredResponse | undefined> {
  const stored = await database.transaction((trx) =>
    storeResponses(trx, signal, workspaceId, formId, [submission], options),
  )
  return stored?.[0]
}

export interface ResponseFilter {
  /** Inclusive bounds on submission time, in microseconds. */
  since?: number | undefined
  until?: number | undefined
  ids?: string[] | undefined
  order: 'asc' | 'desc'
}

async function formExists(db: Db, workspaceId: string, formId: string): Promise<boolean> {
  const row = await db
    .selectFrom('forms')
    .select('id')
    .where('id', '=', formId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * One page of listed items (item_json texts), with one more than the page size when another page
 * follows; undefined when the form is not in the workspace.
 */
export async function listResponseItems(
  db: Db,
  workspaceId: string,
  formId: string,
  page: { page: number; page_size: number },
  filter: ResponseFilter,
): Promise<string[] | undefined> {
  const skip = (page.page - 1) * page.page_size
  const limit = page.page_size + 1
  let rows: { item_json: string }[]

  if (filter.ids !== undefined) {
    // A short list of ids: the general query; OFFSET is bounded by the list's length.
    if (!(await formExists(db, workspaceId, formId))) return undefined
    if (filter.ids.length === 0) return []
    let query = db
      .selectFrom('responses')
      .select('item_json')
      .where('form_id', '=', formId)
      .where('id', 'in', filter.ids)
    if (filter.since !== undefined) query = query.where('submitted_at', '>=', filter.since)
    if (filter.until !== undefined) query = query.where('submitted_at', '<=', filter.until)
    rows = await query.orderBy('seq', filter.order).limit(limit).offset(skip).execute()
  } else if (filter.since !== undefined || filter.until !== undefined) {
    // A time window is a seq window (submitted_at grows with seq): two index look-ups, then a range.
    const form = await db
      .selectFrom('forms')
      .select('last_seq')
      .where('id', '=', formId)
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst()
    if (!form) return undefined
    const low =
      filter.since === undefined
        ? 1
        : (
            await db
              .selectFrom('responses')
              .select('seq')
              .where('form_id', '=', formId)
              .where('submitted_at', '>=', filter.since)
              .orderBy('submitted_at', 'asc')
              .limit(1)
              .executeTakeFirst()
          )?.seq
    const high =
      filter.until === undefined
        ? Number(form.last_seq)
        : (
            await db
              .selectFrom('responses')
              .select('seq')
              .where('form_id', '=', formId)
              .where('submitted_at', '<=', filter.until)
              .orderBy('submitted_at', 'desc')
              .limit(1)
              .executeTakeFirst()
          )?.seq
    if (low === undefined || high === undefined || Number(low) > Number(high)) return []
    const [from, to] =
      filter.order === 'desc' ? [Number(low), Number(high) - skip] : [Number(low) + skip, Number(high)]
    if (from > to) return []
    rows = await db
      .selectFrom('responses')
      .select('item_json')
      .where('form_id', '=', formId)
      .where('seq', '>=', from)
      .where('seq', '<=', to)
      .orderBy('seq', filter.order)
      .limit(limit)
      .execute()
  } else {
    // The hot path: one statement, one index range; the form's workspace is checked in it.
    const items = await pageByPosition(db, workspaceId, formId, skip, limit, filter.order)
    if (items.length === 0 && !(await formExists(db, workspaceId, formId))) return undefined
    return items
  }
  if (rows.length === 0 && !(await formExists(db, workspaceId, formId))) return undefined
  return rows.map((row) => row.item_json)
}

function pageByPositionQuery(
  db: Db,
  workspaceId: string,
  formId: string,
  skip: number,
  limit: number,
  order: 'asc' | 'desc',
) {
  const base = db.selectFrom('responses').select('item_json').where('form_id', '=', formId)
  return order === 'desc'
    ? base
        .where(
          'seq',
          '<=',
          sql<number>`(select last_seq from forms where id = ${formId} and workspace_id = ${workspaceId}) - ${skip}`,
        )
        .orderBy('seq', 'desc')
        .limit(limit)
    : base
        .where('seq', '>', sql<number>`${skip}`)
        .where(
          sql<boolean>`exists (select 1 from forms where id = ${formId} and workspace_id = ${workspaceId})`,
        )
        .orderBy('seq', 'asc')
        .limit(limit)
}

// The listing's statement, compiled once per database and order: building, compiling and
// preparing the query costs about as much as running it, so the hot path only binds parameters
// (a prepared statement on SQLite's read-only connection, a named statement on PostgreSQL).
interface ListingStatements {
  text: Record<'asc' | 'desc', string>
  prepared: Partial<Record<'asc' | 'desc', (...params: unknown[]) => unknown[] | Promise<unknown[]>>>
}
const listingStatements = new WeakMap<Db, ListingStatements>()

async function pageByPosition(
  db: Db,
  workspaceId: string,
  formId: string,
  skip: number,
  limit: number,
  order: 'asc' | 'desc',
): Promise<string[]> {
  let statements = listingStatements.get(db)
  if (!statements) {
    const text = {
      asc: pageByPositionQuery(db, '', '', 0, 0, 'asc').compile().sql,
      desc: pageByPositionQuery(db, '', '', 0, 0, 'desc').compile().sql,
    }
    const asc = preparedColumnReader(db, text.asc)
    const desc = preparedColumnReader(db, text.desc)
    statements = { text, prepared: asc && desc ? { asc, desc } : {} }
    listingStatements.set(db, statements)
  }
  // Parameters in the order the query above binds them.
  const parameters =
    order === 'desc' ? [formId, formId, workspaceId, skip, limit] : [formId, skip, formId, workspaceId, limit]
  const prepared = statements.prepared[order]
  if (prepared) return (await prepared(...parameters)) as string[]
  const result = await db.executeQuery<{ item_json: string }>(
    CompiledQuery.raw(statements.text[order], parameters),
  )
  return result.rows.map((row) => row.item_json)
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
    const deleted = await trx
      .deleteFrom('responses')
      .where('form_id', '=', formId)
      .where('id', 'in', ids)
      .returning('seq')
      .execute()
    if (deleted.length === 0) return true
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

// 250 rows (~400 KB of items) a batch: larger batches only add garbage (peak RSS) at the same speed.
const EXPORT_BATCH = 250

/**
 * Every matching item, in listing order, read in keyset batches on (form_id, submitted_at)
 * (unique and increasing within a form, and unchanged by deletions), so memory does not grow with
 * the number of responses. The caller checks that the form exists first.
 */
export async function* exportResponseItems(
  db: Db,
  formId: string,
  filter: ResponseFilter,
): AsyncGenerator<string[]> {
  let cursor: number | undefined
  for (;;) {
    let query = db.selectFrom('responses').select(['item_json', 'submitted_at']).where('form_id', '=', formId)
    if (filter.since !== undefined) query = query.where('submitted_at', '>=', filter.since)
    if (filter.until !== undefined) query = query.where('submitted_at', '<=', filter.until)
    if (filter.ids !== undefined) {
      if (filter.ids.length === 0) return
      query = query.where('id', 'in', filter.ids)
    }
    if (cursor !== undefined) query = query.where('submitted_at', filter.order === 'desc' ? '<' : '>', cursor)
    const rows = await query.orderBy('submitted_at', filter.order).limit(EXPORT_BATCH).execute()
    if (rows.length === 0) return
    yield rows.map((row) => row.item_json)
    if (rows.length < EXPORT_BATCH) return
    cursor = Number(rows[rows.length - 1]?.submitted_at)
  }
}
