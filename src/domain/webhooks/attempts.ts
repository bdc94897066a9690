import { sql } from 'kysely'
import { formatTimestamp } from '../../clock.js'
import type { Db } from '../../db/database.js'

// The attempt log: one row per attempt of a delivery, written with the outcome it records, and
// the retention that keeps deliveries (and so their attempts) from growing without end.

export interface AttemptRecord {
  /** When the attempt started, in microseconds. */
  attemptedAt: number
  durationMs: number
  statusCode: number | null
  error: string | null
  responseExcerpt: string | null
}

export interface AttemptView {
  attempted_at: string
  duration_ms: number
  status_code: number | null
  error: string | null
  response_excerpt: string | null
}

/** Writes attempts numbered after the attempt counts they brought their deliveries to. */
export async function insertAttempts(
  trx: Db,
  attempts: { deliveryId: string; number: number; attempt: AttemptRecord }[],
): Promise<void> {
  if (attempts.length === 0) return
  // Raw SQL: written with every recorded success, where the query builder cost more than the insert.
  const rows = attempts.map(
    ({ deliveryId, number, attempt }) =>
      sql`(${deliveryId}, ${number}, ${attempt.attemptedAt}, ${attempt.durationMs}, ${attempt.statusCode}, ${attempt.error}, ${attempt.responseExcerpt})`,
  )
  await sql`insert into webhook_delivery_attempts (delivery_id, number, attempted_at, duration_ms,
      status_code, error, response_excerpt)
    values ${sql.join(rows)}`.execute(trx)
}

/** Every attempt of a delivery, oldest first. */
export async function attemptLog(db: Db, deliveryId: string): Promise<AttemptView[]> {
  const rows = await db
    .selectFrom('webhook_delivery_attempts')
    .selectAll()
    .where('delivery_id', '=', deliveryId)
    .orderBy('number', 'asc')
    .execute()
  return rows.map((row) => ({
    attempted_at: formatTimestamp(Number(row.attempted_at)),
    duration_ms: Number(row.duration_ms),
    status_code: row.status_code === null ? null : Number(row.status_code),
    error: row.error,
    response_excerpt: row.response_excerpt,
  }))
}

/**
 * Deletes up to `limit` finished deliveries created before `before` (microseconds), their attempts
 * with them (cascade), and says how many went. Small batches keep each write short: on SQLite it
 * holds the one connection that submissions need too.
 */
export async function pruneFinishedDeliveries(db: Db, before: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('webhook_deliveries')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('webhook_deliveries')
        .select('id')
        // A literal, so the partial index of finished deliveries applies (as `isPending` does).
        .where(sql<boolean>`status <> 'pending'`)
        .where('created_at', '<', before)
        .orderBy('created_at', 'asc')
        .limit(limit),
    )
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
