import type { Selectable } from 'kysely'
import type { Db } from '../../db/database.js'
import type { AuditActorType, AuditEventsTable } from '../../db/tables/team.js'

// Reading the audit log (GET /v1/audit): a workspace's events newest first, filtered, paged by a
// position (the last event's time and id) rather than a page number, so that events added while
// someone pages do not shift the pages they have not read yet.

export const actorTypes: readonly AuditActorType[] = ['member', 'token', 'system']

export interface AuditFilter {
  /** Microseconds, inclusive. */
  since?: number | undefined
  until?: number | undefined
  /** An actor type (`member`, `token`, `system`) or an actor's id. */
  actor?: string | undefined
  action?: string | undefined
}

/** Where a page ends: the next one starts after (older than) this event. */
export interface AuditPosition {
  at: number
  id: string
}

export type AuditEventRow = Selectable<AuditEventsTable>

/** Up to `limit` events older than `after`, and whether more follow. */
export async function listAuditEvents(
  db: Db,
  workspaceId: string,
  filter: AuditFilter,
  limit: number,
  after?: AuditPosition,
): Promise<{ events: AuditEventRow[]; more: boolean }> {
  let query = db.selectFrom('audit_events').selectAll().where('workspace_id', '=', workspaceId)
  if (filter.since !== undefined) query = query.where('at', '>=', filter.since)
  if (filter.until !== undefined) query = query.where('at', '<=', filter.until)
  if (filter.actor !== undefined) {
    const actor = filter.actor
    query = (actorTypes as readonly string[]).includes(actor)
      ? query.where('actor_type', '=', actor as AuditActorType)
      : query.where('actor_id', '=', actor)
  }
  if (filter.action !== undefined) query = query.where('action', '=', filter.action)
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('at', '<', after.at), eb.and([eb('at', '=', after.at), eb('id', '<', after.id)])]),
    )
  }
  const rows = await query
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute()
  return { events: rows.slice(0, limit), more: rows.length > limit }
}
