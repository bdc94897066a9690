import { sql } from 'kysely'
import { chunksOf } from '../../chunks.js'
import { parseTimestamp } from '../../clock.js'
import type { Db } from '../../db/database.js'
import type { ResponseItem } from '../../shared/forms/answers.js'
import type { FormDefinition } from '../../shared/forms/definition.js'
import { type BucketKey, type BucketLevel, floorTo, levels } from './buckets.js'
import { addFigures, emptyFigures, type Figures, figuresFromJson } from './figures.js'
import { rebuildFunnel } from './funnel-rebuild.js'
import { pathOfItem } from './item-path.js'
import { keepOwnFigures, writeBuckets } from './store.js'
import { keepTextAnswers } from './text-answers.js'

// Rebuilding a form's buckets from its responses: after a migration marked it (insight_rebuilds),
// or on an operator's `canvass insights rebuild`. It runs in a write transaction (on SQLite, the
// only connection), so it cannot wait for the list-memory budget as a request does: it reads
// in batches bounded by rows and by stored bytes instead.

const REBUILD_ROWS = 1000
// Stored bytes loaded at once (each response's own figures, or the item of one stored before
// they were kept): a few times this once read and parsed, whatever the number or size of responses.
const REBUILD_BYTES = 8 * 1024 * 1024

/**
 * Recomputes every bucket of a form from its responses' own figures, inside the caller's
 * transaction, holding the form row's lock so no submission or deletion interleaves. A response
 * stored before its figures were kept gets them now, from its item. Responses are read in
 * submission order, so a day, hour or minute is complete (and written) as soon as a later one
 * begins: memory holds one bucket per level, whatever the number of responses.
 */
export async function rebuildFormInsights(trx: Db, formId: string): Promise<number> {
  const form = await trx
    .updateTable('forms')
    .set({ last_seq: sql`last_seq` })
    .where('id', '=', formId)
    .returning('definition')
    .executeTakeFirst()
  if (!form) return 0
  const definition = JSON.parse(form.definition) as FormDefinition
  await trx.deleteFrom('insight_buckets').where('form_id', '=', formId).execute()
  const total = emptyFigures()
  const open = new Map<BucketLevel, { key: BucketKey; figures: Figures }>()
  const finished: { key: BucketKey; figures: Figures }[] = []
  // (submitted_at, seq): responses stored in the same microsecond by two processes are all read,
  // whichever side of a batch's end they fall.
  let cursor = { at: -1, seq: -1 }
  let counted = 0
  for (;;) {
    const after = cursor
    const rows = await trx
      .selectFrom('responses')
      .leftJoin('response_figures', 'response_figures.response_id', 'responses.id')
      .select([
        'responses.id',
        'responses.submitted_at',
        'responses.seq',
        sql<number>`coalesce(octet_length(response_figures.figures), octet_length(responses.item_json))`.as(
          'bytes',
        ),
      ])
      .where('responses.form_id', '=', formId)
      .where('responses.submitted_at', '>=', after.at)
      .where((eb) =>
        eb.or([eb('responses.submitted_at', '>', after.at), eb('responses.seq', '>', after.seq)]),
      )
      .orderBy('responses.submitted_at', 'asc')
      .orderBy('responses.seq', 'asc')
      .limit(REBUILD_ROWS)
      .execute()
    for (const chunk of chunksOf(rows, {
      count: REBUILD_ROWS,
      bytes: REBUILD_BYTES,
      size: (row) => Number(row.bytes),
    })) {
      const figuresById = await responseFigures(
        trx,
        formId,
        definition,
        chunk.map((row) => row.id),
      )
      for (const row of chunk) {
        const figures = figuresById.get(row.id) as Figures
        const at = Number(row.submitted_at)
        addFigures(total, figures, 1)
        for (const { level, span } of levels) {
          const bucket = floorTo(at, span)
          let current = open.get(level)
          if (current?.key.bucket !== bucket) {
            if (current) finished.push(current)
            current = { key: { level, bucket }, figures: emptyFigures() }
            open.set(level, current)
          }
          addFigures(current.figures, figures, 1)
        }
        cursor = { at, seq: Number(row.seq) }
        counted++
      }
    }
    await writeBuckets(trx, formId, finished.splice(0))
    if (rows.length < REBUILD_ROWS) break
  }
  const last = [...open.values()]
  if (total.responses > 0) last.push({ key: { level: 'all', bucket: 0 }, figures: total })
  await writeBuckets(trx, formId, last)
  await rebuildFunnel(trx, formId, definition)
  await trx.deleteFrom('insight_rebuilds').where('form_id', '=', formId).execute()
  return counted
}

/**
 * The figures of responses by id; those stored without figures get them now, and their text
 * answers, from their items.
 */
async function responseFigures(
  trx: Db,
  formId: string,
  definition: FormDefinition,
  ids: string[],
): Promise<Map<string, Figures>> {
  const rows = await trx
    .selectFrom('responses')
    .leftJoin('response_figures', 'response_figures.response_id', 'responses.id')
    .select([
      'responses.id',
      'response_figures.figures',
      sql<string | null>`case when response_figures.figures is null then responses.item_json end`.as(
        'item_json',
      ),
    ])
    .where('responses.id', 'in', ids)
    .execute()
  const found = new Map<string, Figures>()
  const unkept: ResponseItem[] = []
  for (const row of rows) {
    if (row.figures !== null) found.set(row.id, figuresFromJson(row.figures))
    else unkept.push(JSON.parse(row.item_json as string) as ResponseItem)
  }
  // A response that completed a draft is in the funnel by its draft's entry, not by its figures.
  const fromDrafts = new Set(
    unkept.length === 0
      ? []
      : (
          await trx
            .selectFrom('drafts')
            .select('response_id')
            .where(
              'response_id',
              'in',
              unkept.map((item) => item.id),
            )
            .execute()
        ).map((row) => row.response_id),
  )
  const kept = await keepOwnFigures(
    trx,
    unkept.map((item) => {
      const { pages, unanswered } = pathOfItem(definition, item)
      return { item, unanswered, oneGoPages: fromDrafts.has(item.id) ? undefined : pages }
    }),
  )
  for (const [index, item] of unkept.entries()) found.set(item.id, kept[index] as Figures)
  // Stored without either (an import, a benchmark's seed): their text answers are kept too.
  await keepTextAnswers(
    trx,
    formId,
    unkept.map((item) => ({ item, submittedAt: parseTimestamp(item.submitted_at) as number })),
  )
  return found
}
