import { sql } from 'kysely'
import type { Database } from '../../../db/database.js'
import { forgetFunnelResponses } from '../../insights/funnel-store.js'
import { figuresOfResponses, forgetInsights } from '../../insights/store.js'

/**
 * Deletes responses of a form by id (unknown ids are ignored) and closes the gap in positions:
 * the later responses of that form move down, so pages stay index ranges. Returns false when
 * the form is not in the workspace.
 */
export async function deleteResponses(
  database: Database,
  workspaceId: string,
  formId: string,
  ids: string[],
): Promise<boolean> {
  return (await deleteResponsesCounted(database, workspaceId, formId, ids)) !== undefined
}

/** deleteResponses, answering how many it deleted (undefined when the form is not in the workspace). */
export async function deleteResponsesCounted(
  database: Database,
  workspaceId: string,
  formId: string,
  ids: string[],
): Promise<number | undefined> {
  return database.transaction(async (trx) => {
    // Takes the form row's lock first, as submissions do, so positions cannot race.
    const form = await trx
      .updateTable('forms')
      .set({ last_seq: sql`last_seq` })
      .where('id', '=', formId)
      .where('workspace_id', '=', workspaceId)
      .returning('last_seq')
      .executeTakeFirst()
    if (!form) return undefined
    if (ids.length === 0) return 0
    // Read first: a response's own figures are deleted with it.
    const figures = await figuresOfResponses(trx, formId, ids)
    const deleted = await trx
      .deleteFrom('responses')
      .where('form_id', '=', formId)
      .where('id', 'in', ids)
      .returning('seq')
      .execute()
    if (deleted.length === 0) return 0
    await forgetInsights(trx, formId, figures)
    await forgetFunnelResponses(trx, formId, ids)
    const firstGap = Math.min(...deleted.map((row) => Number(row.seq)))
    // Two steps, because the unique (form_id, seq) index is checked row by row: move the later
    // rows out of the way (negative), then number them densely after the first gap.
    await sql`update responses set seq = -seq where form_id = ${formId} and seq > ${firstGap}`.execute(trx)
    await sql`update responses set seq = renumbered.seq
      from (select id, row_number() over (order by seq desc) + ${firstGap - 1} as seq
            from responses where form_id = ${formId} and seq < 0) as renumbered
      where responses.id = renumbered.id`.execute(trx)
    await trx
      .updateTable('forms')
      .set({
        last_seq: sql`last_seq - ${deleted.length}`,
        last_response_at: sql`coalesce((select max(submitted_at) from responses where form_id = ${formId}), 0)`,
      })
      .where('id', '=', formId)
      .execute()
    return deleted.length
  })
}
