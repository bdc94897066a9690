import { sql } from 'kysely'
import type { AuditEventsTable } from '../../src/db/tables/team.js'
import type { TestContext } from '../support/context.js'

// Reading the audit log straight from the database, after this process's queued events are
// written: what the recording tests compare with what they did.

export type StoredEvent = Omit<AuditEventsTable, 'details'> & { details: Record<string, unknown> | null }

/** The workspace's events, newest first, `action` only when given. */
export async function storedEvents(
  ctx: TestContext,
  options: { workspaceId?: string; action?: string } = {},
): Promise<StoredEvent[]> {
  await ctx.appContext.audit.flush()
  let query = ctx.database.db
    .selectFrom('audit_events')
    .selectAll()
    .where('workspace_id', '=', options.workspaceId ?? ctx.workspaceId)
  if (options.action) query = query.where('action', '=', options.action)
  const rows = await query.orderBy('at', 'desc').orderBy('id', 'desc').execute()
  return rows.map((row) => ({ ...row, details: row.details === null ? null : JSON.parse(row.details) }))
}

export async function countEvents(ctx: TestContext): Promise<number> {
  await ctx.appContext.audit.flush()
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from audit_events`.execute(
    ctx.database.db,
  )
  return Number(rows[0]?.n ?? 0)
}
