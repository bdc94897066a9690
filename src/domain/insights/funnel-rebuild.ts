import type { Db } from '../../db/database.js'
import { draftProgress } from '../../shared/flow/progress.js'
import type { FormDefinition } from '../../shared/forms/definition.js'
import { draftAnswersOf } from '../forms/drafts/store.js'
import {
  applyFunnelChanges,
  FunnelChanges,
  type FunnelEntry,
  insertFunnelEntries,
  keysOf,
} from './funnel-store.js'

// Rebuilding the drafts' part of a form's funnel (rebuild.ts calls it, in its transaction; the
// responses submitted in one go are counted by their own figures, which it rebuilds): drafts stored
// before the funnel was kept get their entries, worked out from their answers through the form as
// it is now, then the counts are summed again from every entry. Read in batches of rows, so memory
// does not grow with the number of drafts.

const BATCH_ROWS = 1000

export async function rebuildFunnel(trx: Db, formId: string, definition: FormDefinition): Promise<void> {
  await enterDrafts(trx, formId, definition)
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
