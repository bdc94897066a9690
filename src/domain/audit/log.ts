import type { Clock } from '../../clock.js'
import type { Db } from '../../db/database.js'
import type { AuditActorType } from '../../db/tables/team.js'
import { newId } from '../../ids.js'
import type { Actor } from '../principal.js'

// The audit log (docs/api.md#audit): who did what to which thing, from where and when. Rows are
// only ever added here and deleted by retention (CANVASS_AUDIT_DAYS); no API changes them.

export interface AuditEvent {
  workspaceId: string
  /** The caller; undefined for Canvass itself (the worker, a migration, the first start). */
  actor?: Actor | { type: AuditActorType; id: string | null; name: string | null }
  /** E.g. `createForm` (the operation's id) or `session.sign_in_failed`. */
  action: string
  target?: { type: string; id: string | null }
  address?: string | null
  details?: Record<string, unknown>
}

/** Adds events to the log, in one statement. */
export async function recordAudit(db: Db, clock: Clock, events: readonly AuditEvent[]): Promise<void> {
  if (events.length === 0) return
  await db
    .insertInto('audit_events')
    .values(
      events.map((event) => ({
        id: newId('aud'),
        workspace_id: event.workspaceId,
        at: clock.nowMicros(),
        actor_type: event.actor?.type ?? 'system',
        actor_id: event.actor?.id ?? null,
        actor_name: event.actor?.name ?? null,
        action: event.action,
        target_type: event.target?.type ?? null,
        target_id: event.target?.id ?? null,
        address: event.address ?? null,
        details: event.details === undefined ? null : JSON.stringify(event.details),
      })),
    )
    .execute()
}

export interface AuditService {
  record(...events: AuditEvent[]): Promise<void>
}

export function auditService(database: { db: Db }, clock: Clock): AuditService {
  return { record: (...events) => recordAudit(database.db, clock, events) }
}
