import { sql } from 'kysely'
import { chunksOf } from '../../chunks.js'
import type { Db } from '../../db/database.js'
import { insertChunks } from '../../db/insert-limits.js'
import type { InsightLevel } from '../../db/tables/insights.js'
import { bucketsOf } from './buckets.js'

// The funnel (docs/api.md#insights): who started, which pages their paths reached, who completed.
// A response submitted in one go is counted by its own figures (figures.ts, under the form row's
// lock, with no statement of its own). Each draft is an entry (funnel_entries), counted in the
// buckets of its start (buckets.ts) in funnel_counts. A count changes by an upsert that adds to it, never by reading
// and writing it back: drafts of one form are written without the form row's lock, and on
// PostgreSQL concurrent additions to the same row simply wait for each other. Every transaction
// adds to its rows in one order (sorted), so two cannot deadlock on them.

export interface FunnelEntry {
  /** The draft's id. */
  id: string
  startedAt: number
  /** The response it completed in; null for a draft not completed. */
  responseId: string | null
  /** The pages its path reached. */
  pages: readonly string[]
}

export const STARTED_KEY = 'started'
export const COMPLETED_KEY = 'completed'
const PAGE_PREFIX = 'page:'
export const pageKey = (pageId: string) => `${PAGE_PREFIX}${pageId}`

/** The counts one entry adds to each bucket of its start. */
export function keysOf(entry: Pick<FunnelEntry, 'responseId' | 'pages'>): string[] {
  return [STARTED_KEY, ...(entry.responseId === null ? [] : [COMPLETED_KEY]), ...entry.pages.map(pageKey)]
}

interface CountChange {
  level: InsightLevel
  bucket: number
  key: string
  count: number
}

/** Additions to funnel_counts, summed per row before they are written. */
export class FunnelChanges {
  private readonly changes = new Map<string, CountChange>()

  /** Adds (sign 1) or takes away (sign -1) `keys` in every bucket of an entry started at `startedAt`. */
  add(startedAt: number, keys: readonly string[], sign: 1 | -1): void {
    for (const { level, bucket } of bucketsOf(startedAt)) {
      for (const key of keys) {
        const name = `${level}:${bucket}:${key}`
        const change = this.changes.get(name)
        if (change) change.count += sign
        else this.changes.set(name, { level, bucket, key, count: sign })
      }
    }
  }

  /** The changes that change something, in one order (level, bucket, key) for every transaction. */
  sorted(): CountChange[] {
    const order = (a: CountChange, b: CountChange) =>
      a.level < b.level
        ? -1
        : a.level > b.level
          ? 1
          : a.bucket - b.bucket || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
    return [...this.changes.values()].filter((change) => change.count !== 0).sort(order)
  }
}

const ROWS_PER_STATEMENT = 200

/** Adds the changes to the counts; rows a subtraction brought to zero are deleted. */
export async function applyFunnelChanges(trx: Db, formId: string, changes: FunnelChanges): Promise<void> {
  const sorted = changes.sorted()
  // Raw SQL on this path of every submission: building the statement with the query builder cost
  // more CPU than running it (as in responses/store.ts).
  for (const chunk of chunksOf(sorted, { count: ROWS_PER_STATEMENT })) {
    const values = chunk.map(
      (change) => sql`(${formId}, ${change.level}, ${change.bucket}, ${change.key}, ${change.count})`,
    )
    await sql`insert into funnel_counts (form_id, level, bucket, key, count) values ${sql.join(values)}
      on conflict (form_id, level, bucket, key) do update set count = funnel_counts.count + excluded.count`.execute(
      trx,
    )
  }
  const lowered = sorted.filter((change) => change.count < 0)
  for (const chunk of chunksOf(lowered, { count: ROWS_PER_STATEMENT })) {
    await trx
      .deleteFrom('funnel_counts')
      .where('form_id', '=', formId)
      .where('count', '=', 0)
      .where((eb) =>
        eb.or(
          chunk.map((change) =>
            eb.and([
              eb('level', '=', change.level),
              eb('bucket', '=', change.bucket),
              eb('key', '=', change.key),
            ]),
          ),
        ),
      )
      .execute()
  }
}

/** Counts drafts as they start. */
export async function startFunnelEntries(
  trx: Db,
  formId: string,
  entries: readonly FunnelEntry[],
): Promise<void> {
  if (entries.length === 0) return
  await insertFunnelEntries(trx, formId, entries)
  const changes = new FunnelChanges()
  for (const entry of entries) changes.add(entry.startedAt, keysOf(entry), 1)
  await applyFunnelChanges(trx, formId, changes)
}

/** Writes entries without counting them (the rebuild counts every entry afterwards). */
export async function insertFunnelEntries(
  trx: Db,
  formId: string,
  entries: readonly FunnelEntry[],
): Promise<void> {
  const rows = entries.map((entry) => ({
    id: entry.id,
    form_id: formId,
    started_at: entry.startedAt,
    response_id: entry.responseId,
    pages: JSON.stringify(entry.pages),
  }))
  for (const chunk of insertChunks(rows, (row) => row.pages.length)) {
    const values = chunk.map(
      (row) => sql`(${row.id}, ${row.form_id}, ${row.started_at}, ${row.response_id}, ${row.pages})`,
    )
    await sql`insert into funnel_entries (id, form_id, started_at, response_id, pages) values ${sql.join(values)}`.execute(
      trx,
    )
  }
}

/**
 * A draft moved on (its path now reaches `pages`) or completed (in `responseId`): its entry and the
 * counts of its start change by the difference. Called after the draft's row was written in the
 * same transaction, which holds that row: changes to one entry cannot interleave. Whether the
 * draft has an entry.
 */
export async function moveFunnelEntry(
  trx: Db,
  formId: string,
  id: string,
  next: { pages: readonly string[]; responseId?: string },
): Promise<boolean> {
  const entry = await trx
    .selectFrom('funnel_entries')
    .select(['started_at', 'response_id', 'pages'])
    .where('id', '=', id)
    .where('form_id', '=', formId)
    .executeTakeFirst()
  // A draft started before the funnel was kept: the rebuild its migration asked for counts it.
  if (!entry) return false
  const before = keysOf({ responseId: entry.response_id, pages: JSON.parse(entry.pages) as string[] })
  const responseId = next.responseId ?? entry.response_id
  const after = keysOf({ responseId, pages: next.pages })
  // Most changes answer questions of the page the draft is on: nothing to count.
  if (after.length === before.length && after.every((key, index) => key === before[index])) return true
  const changes = new FunnelChanges()
  const startedAt = Number(entry.started_at)
  changes.add(
    startedAt,
    after.filter((key) => !before.includes(key)),
    1,
  )
  changes.add(
    startedAt,
    before.filter((key) => !after.includes(key)),
    -1,
  )
  await trx
    .updateTable('funnel_entries')
    .set({ pages: JSON.stringify(next.pages), response_id: responseId })
    .where('id', '=', id)
    .execute()
  await applyFunnelChanges(trx, formId, changes)
  return true
}

/**
 * Deleted responses leave the funnel altogether, as if their respondents had never come: not
 * started, no page reached, not completed (docs/api.md#insights). Called by deleteResponses: the
 * entries of the drafts they completed go here; those sent in one go leave with their figures.
 */
export async function forgetFunnelResponses(trx: Db, formId: string, responseIds: readonly string[]) {
  const changes = new FunnelChanges()
  for (const chunk of chunksOf(responseIds, { count: 500 })) {
    const gone = await trx
      .deleteFrom('funnel_entries')
      .where('form_id', '=', formId)
      .where('response_id', 'in', chunk)
      .returning(['started_at', 'response_id', 'pages'])
      .execute()
    for (const row of gone) {
      const keys = keysOf({ responseId: row.response_id, pages: JSON.parse(row.pages) as string[] })
      changes.add(Number(row.started_at), keys, -1)
    }
  }
  await applyFunnelChanges(trx, formId, changes)
}
