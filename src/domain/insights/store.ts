import { sql } from 'kysely'
import { parseTimestamp } from '../../clock.js'
import { type Db, dialectOf } from '../../db/database.js'
import type { ResponseItem } from '../forms/answers.js'
import {
  type BucketKey,
  type BucketLevel,
  bucketsOf,
  childLevel,
  floorTo,
  levelSpan,
  levels,
  MINUTE,
} from './buckets.js'
import {
  addFigures,
  emptyFigures,
  type Figures,
  figuresFromJson,
  figuresOfItem,
  figuresToJson,
} from './figures.js'

// The figures kept up to date inside the transaction that stores or deletes responses, so they
// can never disagree with the responses, even after a crash. Both callers hold the form row's
// lock (responses.ts takes it first), so the read-modify-write of a bucket cannot race another.

/** Channel on which PostgreSQL tells every process that a form has new responses (live.ts). */
export const RESPONSES_CHANNEL = 'canvass_responses'

const KEYS_PER_STATEMENT = 200

const keyOf = (key: BucketKey): string => `${key.level}:${key.bucket}`

/** Counts newly stored responses (called by storeResponses, in its transaction). */
export async function recordInsights(
  trx: Db,
  formId: string,
  stored: readonly { item: ResponseItem }[],
): Promise<void> {
  const deltas = new Map<string, { key: BucketKey; figures: Figures }>()
  for (const { item } of stored) {
    addToBuckets(deltas, parseTimestamp(item.submitted_at) as number, figuresOfItem(item))
  }
  await applyDeltas(trx, formId, deltas, 1)
  // Delivered to the listeners when (and only if) the transaction commits.
  if (dialectOf(trx) === 'postgres') await sql`select pg_notify(${RESPONSES_CHANNEL}, ${formId})`.execute(trx)
}

/** Subtracts deleted responses (called by deleteResponses, in its transaction, with the deleted rows). */
export async function forgetInsights(
  trx: Db,
  formId: string,
  deleted: readonly { submitted_at: number; item_json: string }[],
): Promise<void> {
  const deltas = new Map<string, { key: BucketKey; figures: Figures }>()
  for (const row of deleted) {
    addToBuckets(deltas, Number(row.submitted_at), figuresOfItem(JSON.parse(row.item_json) as ResponseItem))
  }
  const stale = await applyDeltas(trx, formId, deltas, -1)
  await repairExtremes(trx, formId, stale)
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
  for (let start = 0; start < all.length; start += KEYS_PER_STATEMENT) {
    const chunk = all.slice(start, start + KEYS_PER_STATEMENT)
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

async function writeBuckets(
  trx: Db,
  formId: string,
  buckets: readonly { key: BucketKey; figures: Figures }[],
): Promise<void> {
  for (let start = 0; start < buckets.length; start += KEYS_PER_STATEMENT) {
    const rows = buckets.slice(start, start + KEYS_PER_STATEMENT).map(({ key, figures }) => ({
      form_id: formId,
      level: key.level,
      bucket: key.bucket,
      responses: figures.responses,
      figures: figuresToJson(figures),
    }))
    if (rows.length === 0) continue
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

async function childFigures(trx: Db, formId: string, key: BucketKey): Promise<Figures[]> {
  const child = childLevel(key.level)
  if (child === 'responses') {
    const rows = await trx
      .selectFrom('responses')
      .select('item_json')
      .where('form_id', '=', formId)
      .where('submitted_at', '>=', key.bucket)
      .where('submitted_at', '<', key.bucket + MINUTE)
      .execute()
    return rows.map((row) => figuresOfItem(JSON.parse(row.item_json) as ResponseItem))
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

const REBUILD_BATCH = 1000

/**
 * Recomputes every bucket of a form from its responses, inside the caller's transaction, holding
 * the form row's lock so no submission or deletion interleaves. Responses are read in submission
 * order, so a day, hour or minute is complete (and written) as soon as a later one begins:
 * memory holds one bucket per level, whatever the number of responses.
 */
export async function rebuildFormInsights(trx: Db, formId: string): Promise<number> {
  await trx.updateTable('forms').set({ last_seq: sql`last_seq` }).where('id', '=', formId).execute()
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
      .select(['submitted_at', 'seq', 'item_json'])
      .where('form_id', '=', formId)
      .where('submitted_at', '>=', after.at)
      .where((eb) => eb.or([eb('submitted_at', '>', after.at), eb('seq', '>', after.seq)]))
      .orderBy('submitted_at', 'asc')
      .orderBy('seq', 'asc')
      .limit(REBUILD_BATCH)
      .execute()
    for (const row of rows) {
      const at = Number(row.submitted_at)
      const figures = figuresOfItem(JSON.parse(row.item_json) as ResponseItem)
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
    await writeBuckets(trx, formId, finished.splice(0))
    if (rows.length < REBUILD_BATCH) break
  }
  const last = [...open.values()]
  if (total.responses > 0) last.push({ key: { level: 'all', bucket: 0 }, figures: total })
  await writeBuckets(trx, formId, last)
  await trx.deleteFrom('insight_rebuilds').where('form_id', '=', formId).execute()
  return counted
}
