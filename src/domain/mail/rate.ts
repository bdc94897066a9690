import { sql } from 'kysely'
import type { Clock } from '../../clock.js'
import type { Db } from '../../db/database.js'

// CANVASS_MAIL_RATE: mails a minute for the whole deployment, counted in the database (mail_rate,
// one row a minute) so that every process sending to one PostgreSQL shares it. A worker takes its
// sends from the minute's count before it makes them, by a conditional upsert that never takes
// the count past the rate: two processes cannot both take the last ones.

const MINUTE_MS = 60_000

/** The minute `clock` is in (Unix minutes). */
export const minuteOf = (clock: Clock): number => Math.floor(clock.now() / MINUTE_MS)

/** When `minute` starts, in microseconds (for next_attempt_at). */
export const minuteStartMicros = (minute: number): number => minute * MINUTE_MS * 1000

/** When `minute` starts, in milliseconds (the clock's `now`). */
export const minuteStartMs = (minute: number): number => minute * MINUTE_MS

/**
 * Takes up to `wanted` sends from `minute`'s count, without taking it past `rate`; says how many it
 * took (0 when the minute is spent). A read says how many are left, then one upsert takes them
 * only if they still are; a race with another process reads again.
 */
export async function takeSends(db: Db, minute: number, rate: number, wanted: number): Promise<number> {
  for (let tries = 0; tries < 5; tries++) {
    const row = await db
      .selectFrom('mail_rate')
      .select('sent')
      .where('minute', '=', minute)
      .executeTakeFirst()
    const count = Math.min(wanted, rate - Number(row?.sent ?? 0))
    if (count <= 0) return 0
    const taken = await db
      .insertInto('mail_rate')
      .values({ minute, sent: count })
      .onConflict((conflict) =>
        conflict
          .column('minute')
          .doUpdateSet({ sent: sql<number>`mail_rate.sent + excluded.sent` })
          .where(sql<number>`mail_rate.sent + excluded.sent`, '<=', rate),
      )
      .returning('sent')
      .executeTakeFirst()
    if (taken) return count
  }
  return 0
}

/** Forgets minutes before `minute` (the worker's retention step); says how many went. */
export async function pruneSendCounts(db: Db, minute: number): Promise<number> {
  const result = await db.deleteFrom('mail_rate').where('minute', '<', minute).executeTakeFirst()
  return Number(result.numDeletedRows)
}
