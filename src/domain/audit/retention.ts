import { DUTY_BATCH, type Duty } from '../duties.js'

// Audit events are kept CANVASS_AUDIT_DAYS (default 365); the delivery worker deletes older ones,
// a bounded batch a run (src/domain/duties.ts), oldest first, through the index on `at`.

const DAY_MICROS = 86_400_000_000

/** Deletes up to DUTY_BATCH events older than the retention; how many it deleted. */
export const pruneAuditEvents: Duty = async (database, clock, _signal, config) => {
  const before = clock.nowMicros() - config.auditDays * DAY_MICROS
  const result = await database.db
    .deleteFrom('audit_events')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('audit_events')
        .select('id')
        .where('at', '<', before)
        .orderBy('at', 'asc')
        .limit(DUTY_BATCH),
    )
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** What the delivery worker does for the audit log: retention. */
export const auditDuties: Duty[] = [pruneAuditEvents]
