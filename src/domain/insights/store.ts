import { chunksOf } from '../../chunks.js'
import { parseTimestamp } from '../../clock.js'
import type { Db, Transaction } from '../../db/database.js'
import { insertChunks } from '../../db/insert-limits.js'
import type { ResponseItem } from '../../shared/forms/answers.js'
import { type BucketKey, bucketsOf, childLevel, levelSpan, levels, MINUTE } from './buckets.js'
import {
  addFigures,
  emptyFigures,
  type Figures,
  figuresFromJson,
  figuresOfItem,
  figuresToJson,
} from './figures.js'
import { moveFunnelEntry } from './funnel-store.js'
import { keepTextAnswers } from './text-answers.js'

// The figures kept up to date inside the transaction that stores or deletes responses, so they
// can never disagree with the responses, even after a crash. Both callers hold the form row's
// lock (responses/store.ts and deletion.ts take it first), so the read-modify-write of a bucket
// cannot race another.

/** Channel on which the database tells every process that a form has new responses (live.ts). */
export const RESPONSES_CHANNEL = 'canvass_responses'

const KEYS_PER_STATEMENT = 200

const keyOf = (key: BucketKey): string => `${key.level}:${key.bucket}`

/** A response as insights count it: its item and what its path decided. */
export interface CountedResponse {
  item: ResponseItem
  /** The questions on its path it left unanswered. */
  unanswered: readonly string[]
  /**
   * The pages its path visited, for a response submitted in one go: its own figures carry its
   * share of the funnel. Absent for one that completed a draft, which the draft's entry counts.
   */
  oneGoPages?: readonly string[] | undefined
}

/**
 * Counts newly stored responses (called by storeResponses, in its transaction) and keeps each
 * one's own figures beside it, for the insights that count responses one by one (scan.ts), and
 * its text answers, for a text question's latest answers (text-answers.ts). In the funnel each
 * starts and completes at once, counted by its own figures, but one that completes the draft
 * `completesDraft`, whose entry completes (funnel-store.ts).
 */
export async function recordInsights(
  trx: Transaction,
  formId: string,
  stored: readonly { item: ResponseItem; unanswered: readonly string[]; pages: readonly string[] }[],
  completesDraft?: string,
): Promise<void> {
  const items = stored.map(({ item }) => item)
  const counted = stored.map(({ item, unanswered, pages }) => ({
    item,
    unanswered,
    oneGoPages: completesDraft === undefined ? pages : undefined,
  }))
  const figures = await keepOwnFigures(trx, counted)
  const deltas = new Map<string, { key: BucketKey; figures: Figures }>()
  const timed = items.map((item) => ({ item, submittedAt: parseTimestamp(item.submitted_at) as number }))
  for (const [index, { submittedAt }] of timed.entries()) {
    addToBuckets(deltas, submittedAt, figures[index] as Figures)
  }
  await applyDeltas(trx, formId, deltas, 1)
  await keepTextAnswers(trx, formId, timed)
  const [completing] = stored
  if (completesDraft !== undefined && completing) {
    await moveFunnelEntry(trx, formId, completesDraft, {
      pages: completing.pages,
      responseId: completing.item.id,
    })
  }
  // Delivered to the listeners when (and only if) the transaction commits.
  await trx.notify(RESPONSES_CHANNEL, formId)
}

/**
 * Works out the figures of each response (named by its item's id) and keeps them beside it, in
 * response_figures: when it is stored (recordInsights), or by a rebuild for one stored before
 * they were kept (rebuild.ts). Returns them in the order of the items.
 */
export async function keepOwnFigures(trx: Db, responses: readonly CountedResponse[]): Promise<Figures[]> {
  const figures = responses.map(({ item, unanswered, oneGoPages }) =>
    figuresOfItem(item, unanswered, oneGoPages),
  )
  const rows = responses.map(({ item }, index) => ({
    response_id: item.id,
    figures: figuresToJson(figures[index] as Figures),
  }))
  for (const chunk of insertChunks(rows, (row) => row.figures.length)) {
    await trx.insertInto('response_figures').values(chunk).execute()
  }
  return figures
}

/**
 * The own figures of responses about to be deleted (null for one stored before those were kept),
 * read by deleteResponses in its transaction first: they are deleted with their responses.
 */
export async function figuresOfResponses(
  trx: Db,
  formId: string,
  ids: readonly string[],
): Promise<{ submitted_at: number; figures: string | null }[]> {
  return trx
    .selectFrom('responses')
    .leftJoin('response_figures', 'response_figures.response_id', 'responses.id')
    .select(['responses.submitted_at', 'response_figures.figures'])
    .where('responses.form_id', '=', formId)
    .where('responses.id', 'in', ids)
    .execute()
}

/**
 * Subtracts deleted responses (called by deleteResponses, in its transaction, once they are
 * deleted) by their own figures (figuresOfResponses). A response stored before those were kept
 * has none: its form is then left to the rebuild that fills them, which readers run first.
 */
export async function forgetInsights(
  trx: Db,
  formId: string,
  deleted: readonly { submitted_at: number; figures: string | null }[],
): Promise<void> {
  const deltas = new Map<string, { key: BucketKey; figures: Figures }>()
  for (const row of deleted) {
    if (row.figures === null) return markForRebuild(trx, formId)
    addToBuckets(deltas, Number(row.submitted_at), figuresFromJson(row.figures))
  }
  const stale = await applyDeltas(trx, formId, deltas, -1)
  await repairExtremes(trx, formId, stale)
}

/** Marks a form whose buckets must be rebuilt from its responses before they are read again. */
async function markForRebuild(trx: Db, formId: string): Promise<void> {
  await trx
    .insertInto('insight_rebuilds')
    .values({ form_id: formId })
    .onConflict((oc) => oc.column('form_id').doNothing())
    .execute()
}

function addToBuckets(
  deltas: Map<string, { key: BucketKey; figures: Figures }>,
  submittedAt: number,
  figures: Figures,
): void {
  for (const key of bucketsOf(submittedAt)) {
    let delta = deltas.get(keyOf(key))
    if (!delta) {
      delta = { key, figures: emptyFigures() }
      deltas.set(keyOf(key), delta)
    }
    addFigures(delta.figures, figures, 1)
  }
}

/** Stale extremes: for each bucket, the variables whose min or max must be recomputed. */
type StaleExtremes = Map<string, { key: BucketKey; names: Set<string> }>

async function applyDeltas(
  trx: Db,
  formId: string,
  deltas: Map<string, { key: BucketKey; figures: Figures }>,
  sign: 1 | -1,
): Promise<StaleExtremes> {
  const stale: StaleExtremes = new Map()
  const all = [...deltas.values()]
  for (const chunk of chunksOf(all, { count: KEYS_PER_STATEMENT })) {
    const current = await readBuckets(
      trx,
      formId,
      chunk.map((delta) => delta.key),
    )
    const upserts: { key: BucketKey; figures: Figures }[] = []
    const emptied: BucketKey[] = []
    for (const { key, figures: delta } of chunk) {
      const text = current.get(keyOf(key))
      const figures = text === undefined ? emptyFigures() : figuresFromJson(text)
      const names = addFigures(figures, delta, sign)
      if (figures.responses <= 0) emptied.push(key)
      else {
        upserts.push({ key, figures })
        if (names.size > 0) stale.set(keyOf(key), { key, names })
      }
    }
    await writeBuckets(trx, formId, upserts)
    if (emptied.length > 0) {
      await trx
        .deleteFrom('insight_buckets')
        .where('form_id', '=', formId)
        .where((eb) =>
          eb.or(emptied.map((key) => eb.and([eb('level', '=', key.level), eb('bucket', '=', key.bucket)]))),
        )
        .execute()
    }
  }
  return stale
}

async function readBuckets(trx: Db, formId: string, keys: BucketKey[]): Promise<Map<string, string>> {
  const rows = await trx
    .selectFrom('insight_buckets')
    .select(['level', 'bucket', 'figures'])
    .where('form_id', '=', formId)
    .where((eb) =>
      eb.or(keys.map((key) => eb.and([eb('level', '=', key.level), eb('bucket', '=', key.bucket)]))),
    )
    .execute()
  return new Map(rows.map((row) => [keyOf({ level: row.level, bucket: Number(row.bucket) }), row.figures]))
}

export async function writeBuckets(
  trx: Db,
  formId: string,
  buckets: readonly { key: BucketKey; figures: Figures }[],
): Promise<void> {
  for (const chunk of chunksOf(buckets, { count: KEYS_PER_STATEMENT })) {
    const rows = chunk.map(({ key, figures }) => ({
      form_id: formId,
      level: key.level,
      bucket: key.bucket,
      responses: figures.responses,
      figures: figuresToJson(figures),
    }))
    await trx
      .insertInto('insight_buckets')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['form_id', 'level', 'bucket']).doUpdateSet((eb) => ({
          responses: eb.ref('excluded.responses'),
          figures: eb.ref('excluded.figures'),
        })),
      )
      .execute()
  }
}

/**
 * After a deletion removed a variable's min or max from a bucket, the new extreme is found one
 * level down, finest first: a minute from its responses, an hour from its minutes, a day from
 * its hours, and so on up to the form from its days (buckets.ts). Only deletions pay this, and
 * only for such variables.
 */
async function repairExtremes(trx: Db, formId: string, stale: StaleExtremes): Promise<void> {
  for (const level of [...levels.map((each) => each.level).reverse(), 'all' as const]) {
    for (const { key, names } of stale.values()) {
      if (key.level !== level) continue
      const children = await childFigures(trx, formId, key)
      if (!children) return markForRebuild(trx, formId)
      const text = (await readBuckets(trx, formId, [key])).get(keyOf(key))
      if (text === undefined) continue
      const figures = figuresFromJson(text)
      for (const name of names) {
        const tally = figures.variables.get(name)
        if (!tally) continue
        const found = children.flatMap((child) => {
          const t = child.variables.get(name)
          return t ? [t] : []
        })
        if (found.length === 0) continue
        tally.min = Math.min(...found.map((t) => t.min))
        tally.max = Math.max(...found.map((t) => t.max))
      }
      await writeBuckets(trx, formId, [{ key, figures }])
    }
  }
}

/** The figures one level below a bucket; undefined when a response of it has none of its own yet. */
async function childFigures(trx: Db, formId: string, key: BucketKey): Promise<Figures[] | undefined> {
  const child = childLevel(key.level)
  if (child === 'responses') {
    const rows = await trx
      .selectFrom('responses')
      .leftJoin('response_figures', 'response_figures.response_id', 'responses.id')
      .select('response_figures.figures')
      .where('responses.form_id', '=', formId)
      .where('responses.submitted_at', '>=', key.bucket)
      .where('responses.submitted_at', '<', key.bucket + MINUTE)
      .execute()
    if (rows.some((row) => row.figures === null)) return undefined
    return rows.map((row) => figuresFromJson(row.figures as string))
  }
  let query = trx
    .selectFrom('insight_buckets')
    .select('figures')
    .where('form_id', '=', formId)
    .where('level', '=', child)
  if (key.level !== 'all') {
    query = query.where('bucket', '>=', key.bucket).where('bucket', '<', key.bucket + levelSpan[key.level])
  }
  return (await query.execute()).map((row) => figuresFromJson(row.figures))
}
