import { sql } from 'kysely'
import type { Database } from '../../db/database.js'
import type { ResponseItem } from '../forms/answers.js'
import type { FormDefinition } from '../forms/definition.js'
import { windowPieces } from './buckets.js'
import { addFigures, type Figures, figuresOfItem, StoredFiguresSum } from './figures.js'
import { rebuildFormInsights } from './rebuild.js'
import { dayOf, type Insights, summarise } from './summary.js'

export interface InsightsWindow {
  /** Inclusive bounds on submission time, in microseconds. */
  since?: number | undefined
  until?: number | undefined
  /** Only these responses (at most 1000, so they are read one by one). */
  ids?: string[] | undefined
}

interface Row {
  level: string
  bucket: number
  responses: number
  figures: string
}

/**
 * The insights of a form over a window; undefined when the form is not in the workspace. Every
 * figure comes from one statement (one snapshot): the buckets wholly inside the window and the
 * responses of its partial minutes (buckets.ts). A window covering every response reads the
 * form's total and its days.
 */
export async function readInsights(
  database: Database,
  workspaceId: string,
  formId: string,
  window: InsightsWindow,
): Promise<Insights | undefined> {
  const { db } = database
  const form = await db
    .selectFrom('forms')
    .select([
      'definition',
      (eb) =>
        eb
          .selectFrom('insight_rebuilds')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('insight_rebuilds.form_id', '=', 'forms.id')
          .as('stale'),
    ])
    .where('id', '=', formId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst()
  if (!form) return undefined
  // Marked by the migration that introduced the figures, for forms that had responses then.
  if (Number(form.stale) > 0) await database.transaction((trx) => rebuildFormInsights(trx, formId))
  const definition = JSON.parse(form.definition) as FormDefinition

  let rows: Row[]
  if (window.ids !== undefined) {
    rows = await namedRows(database, formId, window)
  } else if (window.since === undefined && window.until === undefined) {
    rows = await wholeForm(database, formId)
  } else {
    const bounds = await sql<{ first: number | null; last: number | null }>`select
        (select submitted_at from responses where form_id = ${formId} order by submitted_at asc limit 1) as first,
        (select submitted_at from responses where form_id = ${formId} order by submitted_at desc limit 1) as last`.execute(
      db,
    )
    const first = bounds.rows[0]?.first
    const last = bounds.rows[0]?.last
    if (first == null || last == null) {
      rows = []
    } else {
      const low = Math.max(window.since ?? Number(first), Number(first))
      const high = Math.min(window.until ?? Number(last), Number(last))
      if (low > high) rows = []
      else if (low === Number(first) && high === Number(last)) rows = await wholeForm(database, formId)
      else rows = await windowRows(database, formId, low, high)
    }
  }

  const stored = new StoredFiguresSum()
  const scanned: Figures[] = []
  const days = new Map<number, number>()
  for (const row of rows) {
    const bucket = Number(row.bucket)
    if (row.level === 'all') {
      stored.add(row.figures)
      continue
    }
    const day = dayOf(bucket)
    days.set(day, (days.get(day) ?? 0) + Number(row.responses))
    if (row.level === 'scan') scanned.push(figuresOfItem(JSON.parse(row.figures) as ResponseItem))
    else if (row.figures !== '') stored.add(row.figures)
  }
  const figures = stored.figures()
  for (const one of scanned) addFigures(figures, one, 1)
  return summarise(formId, definition, figures, days)
}

/** The form's total figures and the response count of each of its days. */
async function wholeForm(database: Database, formId: string): Promise<Row[]> {
  const result = await sql<Row>`select level, bucket, responses,
      case when level = 'all' then figures else '' end as figures
    from insight_buckets where form_id = ${formId} and level in ('all', 'day')`.execute(database.db)
  return result.rows
}

async function windowRows(database: Database, formId: string, low: number, high: number): Promise<Row[]> {
  const { ranges, scans } = windowPieces(low, high)
  // One select per piece, joined by union all: each is a range of an index (the buckets' primary
  // key, responses by form and submission time). Written as one select with `or` between the
  // ranges, both databases read every bucket and every response of the form instead.
  const parts = [
    ...ranges.map(
      (range) => sql`select level, bucket, responses, figures from insight_buckets
        where form_id = ${formId} and level = ${range.level} and bucket >= ${range.from} and bucket <= ${range.to}`,
    ),
    ...scans.map(
      (scan) => sql`select 'scan' as level, submitted_at as bucket, 1 as responses, item_json as figures
        from responses where form_id = ${formId} and submitted_at >= ${scan.from} and submitted_at <= ${scan.to}`,
    ),
  ]
  if (parts.length === 0) return []
  const result = await sql<Row>`${sql.join(parts, sql` union all `)}`.execute(database.db)
  return result.rows
}

async function namedRows(database: Database, formId: string, window: InsightsWindow): Promise<Row[]> {
  if (!window.ids || window.ids.length === 0) return []
  let query = database.db
    .selectFrom('responses')
    .select(['submitted_at as bucket', 'item_json as figures'])
    .where('form_id', '=', formId)
    .where('id', 'in', window.ids)
  if (window.since !== undefined) query = query.where('submitted_at', '>=', window.since)
  if (window.until !== undefined) query = query.where('submitted_at', '<=', window.until)
  const rows = await query.execute()
  return rows.map((row) => ({
    level: 'scan',
    bucket: Number(row.bucket),
    responses: 1,
    figures: row.figures,
  }))
}
