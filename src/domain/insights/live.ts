import { sql } from 'kysely'
import type { Database } from '../../db/database.js'
import { loadResponseItems, planColumns } from '../forms/responses/listing.js'
import type { StoredJson } from '../listing.js'
import { RESPONSES_CHANNEL } from './store.js'

// Live results: tells the streams of this process that a form they follow may have new
// responses, whichever process stored them. On PostgreSQL the transaction that stores a response
// notifies (store.ts), and one dedicated LISTEN connection per process hears it; after each
// (re)connection every stream catches up, so nothing sent while it was down is lost. SQLite has no
// notifications: while streams are open, the newest submission time of their forms is polled.
// A wake-up only says "look": streams read what is new themselves, by submission time, so a
// missed or repeated wake-up loses or repeats nothing.

const POLL_MS = 300

export interface LiveFeed {
  /** Calls wake whenever the form may have new responses, until the returned function is called. */
  follow(formId: string, wake: () => void): () => void
  /** The form's newest submission time ("now", for a stream that does not resume). */
  newest(workspaceId: string, formId: string): Promise<number | undefined>
  /** The submission time of a response of the form, to resume after it. */
  positionOf(formId: string, responseId: string): Promise<number | undefined>
  /**
   * Up to `limit` responses of the form submitted after `after`, oldest first, with their stored
   * sizes. The listing's shortcut (src/domain/forms/responses.ts): when every item of the form is
   * at most `smallItemBytes`, their texts come in the same query; otherwise a stream loads them in
   * batches within its memory budget.
   */
  after(formId: string, after: number, limit: number, smallItemBytes: number): Promise<NewResponses>
  /** The listed items (JSON text) of planned responses still there, in submission order. */
  load(formId: string, seqs: number[]): Promise<StoredJson[]>
  close(): Promise<void>
}

export interface NewResponses {
  rows: PlannedResponse[]
  /** The size of the form's largest item, read with the rows (undefined when none came). */
  maxItemBytes: number | undefined
}

export interface PlannedResponse {
  id: string
  seq: number
  /** Submission time: the stream's cursor. */
  at: number
  /** Bytes of its stored item. */
  bytes: number
  /** Its item, when the form's are all small enough to come with the plan. */
  json?: string | undefined
}

export function liveFeed(database: Database): LiveFeed {
  const { db } = database
  const followers = new Map<string, Set<() => void>>()
  const wakeForm = (formId: string) => {
    for (const wake of followers.get(formId) ?? []) wake()
  }
  const wakeAll = () => {
    for (const formId of followers.keys()) wakeForm(formId)
  }
  let stopListening: (() => Promise<void>) | undefined
  let poller: NodeJS.Timeout | undefined
  const seen = new Map<string, number>()

  const poll = async () => {
    const ids = [...followers.keys()]
    if (ids.length === 0) return
    const rows = await db
      .selectFrom('forms')
      .select(['id', 'last_submitted_at'])
      .where('id', 'in', ids)
      .execute()
      .catch(() => [])
    for (const row of rows) {
      const newest = Number(row.last_submitted_at)
      if (seen.get(row.id) !== newest) {
        seen.set(row.id, newest)
        wakeForm(row.id)
      }
    }
  }

  const start = () => {
    if (database.listen) {
      stopListening ??= database.listen(RESPONSES_CHANNEL, wakeForm, wakeAll)
    } else if (!poller) {
      poller = setInterval(() => void poll(), POLL_MS)
      poller.unref()
    }
  }
  const stopPolling = () => {
    if (poller && followers.size === 0) {
      clearInterval(poller)
      poller = undefined
      seen.clear()
    }
  }

  return {
    follow(formId, wake) {
      let set = followers.get(formId)
      if (!set) {
        set = new Set()
        followers.set(formId, set)
      }
      set.add(wake)
      start()
      return () => {
        set.delete(wake)
        if (set.size === 0) followers.delete(formId)
        stopPolling()
      }
    },
    async newest(workspaceId, formId) {
      const row = await db
        .selectFrom('forms')
        .select('last_submitted_at')
        .where('id', '=', formId)
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst()
      return row && Number(row.last_submitted_at)
    },
    async positionOf(formId, responseId) {
      const row = await db
        .selectFrom('responses')
        .select('submitted_at')
        .where('id', '=', responseId)
        .where('form_id', '=', formId)
        .executeTakeFirst()
      return row && Number(row.submitted_at)
    },
    async after(formId, after, limit, smallItemBytes) {
      const formMax = sql<number>`(select max_item_bytes from forms where id = ${formId})`
      const rows = await db
        .selectFrom('responses')
        .select([
          'id',
          'submitted_at',
          ...planColumns,
          sql<string | null>`case when ${formMax} <= ${smallItemBytes} then item_json end`.as('item_json'),
          formMax.as('max_item_bytes'),
        ])
        .where('form_id', '=', formId)
        .where('submitted_at', '>', after)
        .orderBy('submitted_at', 'asc')
        .limit(limit)
        .execute()
      return {
        rows: rows.map((row) => ({
          id: row.id,
          seq: Number(row.seq),
          at: Number(row.submitted_at),
          bytes: Number(row.bytes),
          ...(row.item_json === null ? {} : { json: row.item_json }),
        })),
        maxItemBytes: rows[0] && Number(rows[0].max_item_bytes),
      }
    },
    load(formId, seqs) {
      return loadResponseItems(db, formId, seqs, 'asc')
    },
    async close() {
      followers.clear()
      stopPolling()
      await stopListening?.()
    },
  }
}
