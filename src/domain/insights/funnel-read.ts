import { sql } from 'kysely'
import type { Db } from '../../db/database.js'
import { windowPieces } from './buckets.js'
import { COMPLETED_KEY, keysOf, pageKey, STARTED_KEY } from './funnel-store.js'

// The funnel of a window (docs/api.md#insights): respondents who *started* in it, counted as the
// figures are (buckets.ts): whole buckets of funnel_counts, summed by the database, and the
// entries of the window's partial minutes one by one. A window covering every start reads the
// form's total.

export interface Funnel {
  started: number
  completed: number
  pages: { id: string; reached: number }[]
}

const SCAN_ROWS = 500

/** The funnel of the entries started in [since, until] (inclusive, µs), over the given pages in order. */
export async function readFunnel(
  db: Db,
  formId: string,
  window: { since?: number | undefined; until?: number | undefined },
  pageIds: readonly string[],
): Promise<Funnel> {
  const counts = new Map<string, number>()
  const add = (key: string, count: number) => counts.set(key, (counts.get(key) ?? 0) + count)
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
  return {
    started: counts.get(STARTED_KEY) ?? 0,
    completed: counts.get(COMPLETED_KEY) ?? 0,
    pages: pageIds.map((id) => ({ id, reached: counts.get(pageKey(id)) ?? 0 })),
  }
}

/** Counts the entries started in [from, to] (a partial minute) one by one, a page at a time. */
async function scanEntries(
  db: Db,
  formId: string,
  scan: { from: number; to: number },
  add: (key: string, count: number) => void,
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
