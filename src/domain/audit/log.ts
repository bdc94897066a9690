import type { Logger } from 'pino'
import type { Clock } from '../../clock.js'
import type { Db } from '../../db/database.js'
import type { HotWrites } from '../../db/hot-writes.js'
import type { AuditActorType } from '../../db/tables/team.js'
import { IdPool } from '../../ids.js'
import { storableText } from '../../shared/storable.js'
import type { Actor } from '../principal.js'
import { type AuditEventRow, type AuditFilter, type AuditPosition, listAuditEvents } from './listing.js'

// The audit log (docs/api.md#audit-log): who did what to which thing, from where and when. Rows are
// only ever added here and deleted by retention (CANVASS_AUDIT_DAYS); no API changes them.
//
// What the API's hook records for every call (src/http/audit.ts) is queued and written in one
// statement every AUDIT_FLUSH_MS: an INSERT per request would cost the hottest reads (a page of
// responses) a large share of their time. A crash loses what was queued and not yet written.

export interface AuditEvent {
  workspaceId: string
  /** The caller; undefined for Canvass itself (the worker, a migration, the first start). */
  actor?: Actor | { type: AuditActorType; id: string | null; name: string | null }
  /** E.g. `createForm` (the operation's id) or `session.sign_in_failed`. */
  action: string
  target?: { type: string; id: string | null } | null
  address?: string | null
  details?: Record<string, unknown>
}

/** An event as the hot write takes it: a JSON array in AUDIT_EVENT_COLUMNS order. */
type AuditRowJson = string

/** How long a queued event waits at most before it is written. */
export const AUDIT_FLUSH_MS = 200
/** Queued events written at once, without waiting for the timer, when this many are waiting. */
const AUDIT_BATCH = 500
/** Past this many unwritten events (the database failing for long), new ones are dropped, and logged. */
const AUDIT_MAX_PENDING = 20_000

/**
 * Every string storable (storable.ts): a row that PostgreSQL refused would hold back every event
 * queued after it. Details may carry what a provider or a client sent.
 */
const storable = (_key: string, value: unknown) => (typeof value === 'string' ? storableText(value) : value)

function rowOf(event: AuditEvent, id: string, at: number): AuditRowJson {
  return JSON.stringify(
    [
      id,
      event.workspaceId,
      at,
      event.actor?.type ?? 'system',
      event.actor?.id ?? null,
      event.actor?.name ?? null,
      event.action,
      event.target?.type ?? null,
      event.target?.id ?? null,
      event.address ?? null,
      event.details === undefined ? null : JSON.stringify(event.details, storable),
    ],
    storable,
  )
}

async function insertRows(database: { writes: HotWrites }, rows: readonly AuditRowJson[]): Promise<void> {
  for (let start = 0; start < rows.length; start += AUDIT_BATCH) {
    await database.writes.addAuditEvents(`[${rows.slice(start, start + AUDIT_BATCH).join(',')}]`)
  }
}

export interface AuditService {
  /** Writes the events now (a route that records itself, e.g. a sign-in). */
  record(...events: AuditEvent[]): Promise<void>
  /** Stamps the event now and writes it within AUDIT_FLUSH_MS, with the others queued meanwhile. */
  queue(event: AuditEvent): void
  /** Writes every event queued so far (before the log is read, and on close). */
  flush(): Promise<void>
  /** A workspace's events newest first, this process's queued ones included; whether more follow. */
  list(
    workspaceId: string,
    filter: AuditFilter,
    limit: number,
    after?: AuditPosition,
  ): Promise<{ events: AuditEventRow[]; more: boolean }>
}

/** Events queued by this process, written together; a failed write is tried again with the next. */
class AuditQueue {
  private rows: AuditRowJson[] = []
  private timer: NodeJS.Timeout | undefined
  private writing: Promise<void> = Promise.resolve()

  constructor(
    private readonly database: { writes: HotWrites },
    private readonly logger: Logger | undefined,
  ) {}

  add(row: AuditRowJson): void {
    if (this.rows.length >= AUDIT_MAX_PENDING) {
      this.logger?.error('audit events cannot be written: one was dropped')
      return
    }
    this.rows.push(row)
    if (this.rows.length >= AUDIT_BATCH) void this.flush()
    else this.timer ??= setTimeout(() => void this.flush(), AUDIT_FLUSH_MS).unref()
  }

  flush(): Promise<void> {
    clearTimeout(this.timer)
    this.timer = undefined
    const rows = this.rows
    if (rows.length === 0) return this.writing
    this.rows = []
    // One write at a time, in the order queued; a write never rejects.
    this.writing = this.writing.then(() => this.write(rows))
    return this.writing
  }

  private async write(rows: AuditRowJson[]): Promise<void> {
    try {
      await insertRows(this.database, rows)
    } catch (error) {
      this.logger?.warn({ err: error, events: rows.length }, 'writing audit events failed; retrying')
      this.rows = [...rows, ...this.rows].slice(0, AUDIT_MAX_PENDING)
      this.timer ??= setTimeout(() => void this.flush(), AUDIT_FLUSH_MS * 5).unref()
    }
  }
}

export function auditService(
  database: { db: Db; writes: HotWrites },
  clock: Clock,
  logger?: Logger,
): AuditService {
  const queue = new AuditQueue(database, logger)
  // Ids that begin with their time: each batch appends to the primary key's index.
  const ids = new IdPool(() => clock.now())
  return {
    async record(...events) {
      const at = clock.nowMicros()
      await insertRows(
        database,
        events.map((event) => rowOf(event, ids.next('aud'), at)),
      )
    },
    queue: (event) => queue.add(rowOf(event, ids.next('aud'), clock.nowMicros())),
    flush: () => queue.flush(),
    async list(workspaceId, filter, limit, after) {
      await queue.flush()
      return listAuditEvents(database.db, workspaceId, filter, limit, after)
    },
  }
}
