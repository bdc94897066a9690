import { sql } from 'kysely'
import { chunksOf } from '../../chunks.js'
import type { Db } from '../../db/database.js'
import { draftProgress } from '../../shared/flow/progress.js'
import type { ResponseItem } from '../../shared/forms/answers.js'
import type { FormDefinition } from '../../shared/forms/definition.js'
import { draftAnswersOf } from '../forms/drafts/store.js'
import {
  applyFunnelChanges,
  FunnelChanges,
  type FunnelEntry,
  insertFunnelEntries,
  keysOf,
} from './funnel-store.js'
import { pathOfItem } from './item-path.js'

// Rebuilding a form's funnel (rebuild.ts calls it, in its transaction): drafts and responses
// stored before the funnel was kept get their entries, worked out from their answers through the
// form as it is now, then the counts are summed again from every entry. Read in batches bounded by
// rows (and, for items, by bytes), so memory does not grow with the number of entries.

const BATCH_ROWS = 1000
const BATCH_BYTES = 8 * 1024 * 1024

export async function rebuildFunnel(trx: Db, formId: string, definition: FormDefinition): Promise<void> {
  await enterDrafts(trx, formId, definition)
  await enterResponses(trx, formId, definition)
  await trx.deleteFrom('funnel_counts').where('form_id', '=', formId).execute()
  let after = { at: -1, id: '' }
  for (;;) {
    const cursor = after
    const rows = await trx
      .selectFrom('funnel_entries')
      .select(['id', 'started_at', 'response_id', 'pages'])
      .where('form_id', '=', formId)
      .where((eb) =>
        eb.or([
          eb('started_at', '>', cursor.at),
          eb.and([eb('started_at', '=', cursor.at), eb('id', '>', cursor.id)]),
        ]),
      )
      .orderBy('started_at')
      .orderBy('id')
      .limit(BATCH_ROWS)
      .execute()
    const changes = new FunnelChanges()
    for (const row of rows) {
      const keys = keysOf({ responseId: row.response_id, pages: JSON.parse(row.pages) as string[] })
      changes.add(Number(row.started_at), keys, 1)
    }
    await applyFunnelChanges(trx, formId, changes)
    const last = rows.at(-1)
    if (rows.length < BATCH_ROWS || !last) return
    after = { at: Number(last.started_at), id: last.id }
  }
}

/**
 * Drafts without an entry: an open one has reached the pages of its progress; a completed one,
 * those of its path, unless its response was deleted since (then it has left the funnel).
 */
async function enterDrafts(trx: Db, formId: string, definition: FormDefinition): Promise<void> {
  // In (started_at, id) order, each batch after the last: the drafts given entries are not met again.
  let after = { at: -1, id: '' }
  for (;;) {
    const cursor = after
    const rows = await trx
      .selectFrom('drafts as d')
      .leftJoin('funnel_entries as e', 'e.id', 'd.id')
      .leftJoin('responses as r', 'r.id', 'd.response_id')
      .select(['d.id', 'd.started_at', 'd.answers_json', 'd.hidden_json', 'd.response_id'])
      .where('d.form_id', '=', formId)
      .where((eb) =>
        eb.or([
          eb('d.started_at', '>', cursor.at),
          eb.and([eb('d.started_at', '=', cursor.at), eb('d.id', '>', cursor.id)]),
        ]),
      )
      .where('e.id', 'is', null)
      .where((eb) => eb.or([eb('d.response_id', 'is', null), eb('r.id', 'is not', null)]))
      .orderBy('d.started_at')
      .orderBy('d.id')
      .limit(BATCH_ROWS)
      .execute()
    const entries: FunnelEntry[] = rows.map((row) => {
      // A completed draft's answers were complete: its progress is its whole path.
      const { pages } = draftProgress(definition, draftAnswersOf(row))
      return { id: row.id, startedAt: Number(row.started_at), responseId: row.response_id, pages }
    })
    await insertFunnelEntries(trx, formId, entries)
    const last = rows.at(-1)
    if (rows.length < BATCH_ROWS || !last) return
    after = { at: Number(last.started_at), id: last.id }
  }
}

/** Responses without an entry (submitted in one go before the funnel was kept): started as submitted. */
async function enterResponses(trx: Db, formId: string, definition: FormDefinition): Promise<void> {
  // In position order (the form row is locked: positions do not move meanwhile).
  let after = 0
  for (;;) {
    const rows = await trx
      .selectFrom('responses as r')
      .select(['r.id', 'r.seq', sql<number>`octet_length(r.item_json)`.as('bytes')])
      .where('r.form_id', '=', formId)
      .where('r.seq', '>', after)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('funnel_entries as e').select('e.id').whereRef('e.response_id', '=', 'r.id'))),
      )
      .orderBy('r.seq')
      .limit(BATCH_ROWS)
      .execute()
    for (const chunk of chunksOf(rows, {
      count: BATCH_ROWS,
      bytes: BATCH_BYTES,
      size: (row) => Number(row.bytes),
    })) {
      const items = await trx
        .selectFrom('responses')
        .select(['id', 'submitted_at', 'item_json'])
        .where(
          'id',
          'in',
          chunk.map((row) => row.id),
        )
        .execute()
      const entries = items.map((row) => ({
        id: row.id,
        startedAt: Number(row.submitted_at),
        responseId: row.id,
        pages: pathOfItem(definition, JSON.parse(row.item_json) as ResponseItem).pages,
      }))
      await insertFunnelEntries(trx, formId, entries)
    }
    const last = rows.at(-1)
    if (rows.length < BATCH_ROWS || !last) return
    after = Number(last.seq)
  }
}
