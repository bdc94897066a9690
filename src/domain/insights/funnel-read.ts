import { type RawBuilder, type SqlBool, sql } from 'kysely'
import type { Db } from '../../db/database.js'
import { matchesSearch } from '../forms/responses/search.js'
import { windowPieces } from './buckets.js'
import type { Figures } from './figures.js'
import { COMPLETED_KEY, keysOf, pageKey, STARTED_KEY } from './funnel-store.js'
import type { InsightsWindow } from './read.js'

// The funnel of a window (docs/api.md#insights): respondents who *started* in it. Responses
// submitted in one go started when they were submitted: the figures of the window count them
// (figures.ts). Drafts are read here, as the figures are (buckets.ts): whole buckets of
// funnel_counts, summed by the database, and the entries of the window's partial minutes one by
// one. With an id list or a search, only the drafts whose response matches count.

export interface Funnel {
  started: number
  completed: number
  pages: { id: string; reached: number }[]
}

const SCAN_ROWS = 500

/** The funnel over the given pages, in order: the drafts' counts and the window's responses in one go. */
export function funnelOf(drafts: Map<string, number>, figures: Figures, pageIds: readonly string[]): Funnel {
  return {
    started: (drafts.get(STARTED_KEY) ?? 0) + figures.oneGo,
    completed: (drafts.get(COMPLETED_KEY) ?? 0) + figures.oneGo,
    pages: pageIds.map((id) => ({
      id,
      reached: (drafts.get(pageKey(id)) ?? 0) + (figures.pagesReached.get(id) ?? 0),
    })),
  }
}

/** The counts (funnel-store.ts keys) of the drafts started in the window. */
export async function readDraftsFunnel(
  db: Db,
  formId: string,
  window: InsightsWindow,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>()
  const add = (key: string, count: number) => counts.set(key, (counts.get(key) ?? 0) + count)
  if (window.ids !== undefined || window.search !== undefined) {
    const matching = [sql<SqlBool>`response_id is not null`]
    if (window.ids !== undefined) matching.push(sql<SqlBool>`response_id in (${sql.join(window.ids)})`)
    if (window.search !== undefined) matching.push(matchesSearch('response_id', formId, window.search))
    const scan = {
      from: window.since ?? Number.MIN_SAFE_INTEGER,
      to: window.until ?? Number.MAX_SAFE_INTEGER,
    }
    if (window.ids?.length !== 0) await scanEntries(db, formId, scan, add, sql.join(matching, sql` and `))
    return counts
  }
  const bounds = await sql<{ first: number | null; last: number | null }>`select
      (select started_at from funnel_entries where form_id = ${formId} order by started_at asc limit 1) as first,
      (select started_at from funnel_entries where form_id = ${formId} order by started_at desc limit 1) as last`.execute(
    db,
  )
  const first = bounds.rows[0]?.first
  const last = bounds.rows[0]?.last
  if (first != null && last != null) {
    const low = Math.max(window.since ?? Number(first), Number(first))
    const high = Math.min(window.until ?? Number(last), Number(last))
    if (low === Number(first) && high === Number(last)) {
      const rows = await db
        .selectFrom('funnel_counts')
        .select(['key', 'count'])
        .where('form_id', '=', formId)
        .where('level', '=', 'all')
        .execute()
      for (const row of rows) add(row.key, Number(row.count))
    } else if (low <= high) {
      const { ranges, scans } = windowPieces(low, high)
      const parts = ranges.map(
        (range) => sql<{ key: string; count: number }>`select key, sum(count) as count from funnel_counts
          where form_id = ${formId} and level = ${range.level} and bucket >= ${range.from} and bucket <= ${range.to}
          group by key`,
      )
      if (parts.length > 0) {
        const result = await sql<{
          key: string
          count: number
        }>`${sql.join(parts, sql` union all `)}`.execute(db)
        for (const row of result.rows) add(row.key, Number(row.count))
      }
      for (const scan of scans) await scanEntries(db, formId, scan, add)
    }
  }
  return counts
}

/** Counts the entries started in [from, to] (and matching `where`) one by one, a page at a time. */
async function scanEntries(
  db: Db,
  formId: string,
  scan: { from: number; to: number },
  add: (key: string, count: number) => void,
  where?: RawBuilder<SqlBool>,
): Promise<void> {
  let after: { at: number; id: string } | undefined
  for (;;) {
    const cursor = after
    const rows = await db
      .selectFrom('funnel_entries')
      .select(['id', 'started_at', 'response_id', 'pages'])
      .where('form_id', '=', formId)
      .where('started_at', '>=', scan.from)
      .where('started_at', '<=', scan.to)
      .$if(where !== undefined, (query) => query.where(where as RawBuilder<SqlBool>))
      .$if(cursor !== undefined, (query) =>
        query.where((eb) =>
          eb.or([
            eb('started_at', '>', cursor?.at as number),
            eb.and([eb('started_at', '=', cursor?.at as number), eb('id', '>', cursor?.id as string)]),
          ]),
        ),
      )
      .orderBy('started_at')
      .orderBy('id')
      .limit(SCAN_ROWS)
      .execute()
    for (const row of rows) {
      for (const key of keysOf({ responseId: row.response_id, pages: JSON.parse(row.pages) as string[] }))
        add(key, 1)
    }
    const lastRow = rows.at(-1)
    if (rows.length < SCAN_ROWS || !lastRow) return
    after = { at: Number(lastRow.started_at), id: lastRow.id }
  }
}
