import { sql } from 'kysely'
import type { Database } from '../../db/database.js'
import { planOf } from '../../shared/flow/plan.js'
import type { FormDefinition } from '../../shared/forms/definition.js'
import { type WindowPieces, windowPieces } from './buckets.js'
import { funnelOf, readDraftsFunnel } from './funnel-read.js'
import { rebuildFormInsights } from './rebuild.js'
import {
  bucketExtras,
  type InsightRow,
  type InsightsMemory,
  InsightsTally,
  type Scan,
  scanPage,
  withinBudget,
} from './scan.js'
import { type Insights, summarise } from './summary.js'

export interface InsightsWindow {
  /** Inclusive bounds on submission time, in microseconds. */
  since?: number | undefined
  until?: number | undefined
  /** Only these responses (at most 1000), counted one by one. */
  ids?: string[] | undefined
  /** Only responses whose text matches this LIKE pattern (src/domain/forms/responses/search.ts), counted one by one. */
  search?: string | undefined
}

/**
 * The insights of a form over a window; undefined when the form is not in the workspace. The
 * figures come from one statement (one snapshot) for nearly every window: the buckets wholly
 * inside it and the responses of its partial minutes (buckets.ts), read as their own figures
 * within `memory` (scan.ts). A window covering every response reads the form's total and its days.
 * The funnel: the figures' responses submitted in one go, and drafts read alike (funnel-read.ts).
 */
export async function readInsights(
  database: Database,
  memory: InsightsMemory,
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
  let tally = await tallyWindow(database, memory, formId, window)
  if (tally.missingFigures) {
    // A response stored without its own figures (by an older version still running after the
    // migration that added them, say): the rebuild fills them in.
    await database.transaction((trx) => rebuildFormInsights(trx, formId))
    tally = await tallyWindow(database, memory, formId, window)
  }
  const figures = tally.sum.figures()
  const pageIds = planOf(definition).pages.map((page) => page.id)
  const funnel = funnelOf(await readDraftsFunnel(database.db, formId, window), figures, pageIds)
  return summarise(formId, definition, figures, tally.days, funnel)
}

/** Adds up the buckets and the responses counted one by one that make up a window. */
async function tallyWindow(
  database: Database,
  memory: InsightsMemory,
  formId: string,
  window: InsightsWindow,
): Promise<InsightsTally> {
  const tally = new InsightsTally()
  const pieces = await piecesOf(database, formId, window)
  if (pieces === 'whole') {
    tally.add(await wholeForm(database, formId))
    return tally
  }
  const { ranges, scans } = pieces
  // The first page of every scan in the same statement as the buckets: one snapshot, and for
  // nearly every window, one statement.
  const parts = [
    ...ranges.map((range) => bucketRange(formId, range)),
    ...scans.map((scan, part) => scanPage(formId, scan, part)),
  ]
  if (parts.length === 0) return tally
  const pending = await withinBudget(memory, scans.length, async () => {
    const result = await sql<InsightRow>`${sql.join(parts, sql` union all `)}`.execute(database.db)
    return [...tally.add(result.rows)]
  })
  await tally.loadLarge(database, memory, formId)
  // Scans of more than a page (a minute of many responses, a long id list) go on page by page.
  for (let next = pending.shift(); next !== undefined; next = pending.shift()) {
    const [part, after] = next
    const full = await withinBudget(memory, 1, async () => {
      const result = await scanPage(formId, scans[part] as Scan, part, after).execute(database.db)
      return [...tally.add(result.rows)]
    })
    pending.push(...full)
    await tally.loadLarge(database, memory, formId)
  }
  return tally
}

/**
 * A window as the whole form (its total and days), or as whole buckets (coarsest first) and
 * responses to count one by one: the named ones, or those of the window's partial minutes.
 */
async function piecesOf(
  database: Database,
  formId: string,
  window: InsightsWindow,
): Promise<'whole' | { ranges: WindowPieces['ranges']; scans: Scan[] }> {
  const none = { ranges: [], scans: [] }
  if (window.ids !== undefined || window.search !== undefined) {
    if (window.ids?.length === 0) return none
    const scan = { ids: window.ids, search: window.search, from: window.since, to: window.until }
    return { ranges: [], scans: [scan] }
  }
  if (window.since === undefined && window.until === undefined) return 'whole'
  const bounds = await sql<{ first: number | null; last: number | null }>`select
      (select submitted_at from responses where form_id = ${formId} order by submitted_at asc limit 1) as first,
      (select submitted_at from responses where form_id = ${formId} order by submitted_at desc limit 1) as last`.execute(
    database.db,
  )
  const first = bounds.rows[0]?.first
  const last = bounds.rows[0]?.last
  if (first == null || last == null) return none
  const low = Math.max(window.since ?? Number(first), Number(first))
  const high = Math.min(window.until ?? Number(last), Number(last))
  if (low > high) return none
  if (low === Number(first) && high === Number(last)) return 'whole'
  const { ranges, scans } = windowPieces(low, high)
  return { ranges, scans }
}

/** The buckets of one level starting in [from, to]: a range of the buckets' primary key. */
function bucketRange(formId: string, range: WindowPieces['ranges'][number]) {
  return sql<InsightRow>`select level, bucket, responses, figures, ${bucketExtras} from insight_buckets
    where form_id = ${formId} and level = ${range.level} and bucket >= ${range.from} and bucket <= ${range.to}`
}

/** The form's total figures and the response count of each of its days. */
async function wholeForm(database: Database, formId: string): Promise<InsightRow[]> {
  const result = await sql<InsightRow>`select level, bucket, responses,
      case when level = 'all' then figures else '' end as figures, ${bucketExtras}
    from insight_buckets where form_id = ${formId} and level in ('all', 'day')`.execute(database.db)
  return result.rows
}
