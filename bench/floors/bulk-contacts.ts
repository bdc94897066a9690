import { randomBytes } from 'node:crypto'
import Sqlite from 'better-sqlite3'
import pg from 'pg'
import type { ThrowawayDatabase } from '../lib/database.js'
import type { Span } from '../lib/load.js'

// Floor of bulk-contacts, in-process: the same rows Canvass stores for a bulk add of 1000 new
// contacts (contacts, one row each, unique on (list_id, email_key), and the list's count), written
// in one transaction per 1000. SQLite: one prepared INSERT per row. PostgreSQL: one prepared
// INSERT of the whole batch from arrays (1000 round trips would measure the socket, not the floor).

export interface ContactInput {
  name: string
  email: string
  data: Record<string, string>
}

interface ContactRow {
  id: string
  list_id: string
  email: string
  email_key: string
  name: string
  data: string
  created_at: number
  updated_at: number
}

export interface FloorResult {
  stored: number
  contactsPerSecond: number
}

const nowMicros = () => Math.round((performance.timeOrigin + performance.now()) * 1000)

function rowsOf(listId: string, contacts: ContactInput[]): ContactRow[] {
  const now = nowMicros()
  // One call to the random source for the whole batch, as Canvass does.
  const random = randomBytes(16 * contacts.length)
  return contacts.map((contact, index) => {
    const email = contact.email.trim()
    return {
      id: `ct_${random.subarray(16 * index, 16 * index + 16).toString('base64url')}`,
      list_id: listId,
      email,
      email_key: email.toLowerCase(),
      name: contact.name,
      data: JSON.stringify(contact.data),
      created_at: now + index,
      updated_at: now + index,
    }
  })
}

/** Whether a floor run goes on: within its seconds, or short of its count of batches (one a request). */
const going = (span: Span, started: number, batches: number): boolean =>
  'seconds' in span ? performance.now() - started < span.seconds * 1000 : batches < span.amount

/** Inserts batches from nextBatch for the span; returns contacts stored, and per second. */
export async function bulkContactsFloor(
  database: ThrowawayDatabase,
  listId: string,
  span: Span,
  nextBatch: () => ContactInput[],
): Promise<FloorResult> {
  return database.kind === 'sqlite'
    ? sqliteFloor(database.filename, listId, span, nextBatch)
    : postgresFloor(database.connectionString, listId, span, nextBatch)
}

async function sqliteFloor(
  file: string,
  listId: string,
  span: Span,
  nextBatch: () => ContactInput[],
): Promise<FloorResult> {
  const db = new Sqlite(file)
  db.pragma('busy_timeout = 5000')
  db.pragma('synchronous = NORMAL')
  const insert = db.prepare(
    `insert into contacts (id, list_id, email, email_key, name, data, created_at, updated_at)
     values (@id, @list_id, @email, @email_key, @name, @data, @created_at, @updated_at)
     on conflict (list_id, email_key) do nothing`,
  )
  const count = db.prepare(
    'update contact_lists set contact_count = contact_count + @added, updated_at = @now where id = @list',
  )
  const store = db.transaction((rows: ContactRow[]) => {
    let added = 0
    for (const row of rows) added += insert.run(row).changes
    count.run({ added, now: nowMicros(), list: listId })
  })
  try {
    let stored = 0
    const started = performance.now()
    for (let batches = 0; going(span, started, batches); batches++) {
      const rows = rowsOf(listId, nextBatch())
      store.immediate(rows)
      stored += rows.length
      // Yield now and then, as a server would between requests.
      await new Promise((resolve) => setImmediate(resolve))
    }
    return { stored, contactsPerSecond: stored / ((performance.now() - started) / 1000) }
  } finally {
    db.close()
  }
}

async function postgresFloor(
  connectionString: string,
  listId: string,
  span: Span,
  nextBatch: () => ContactInput[],
): Promise<FloorResult> {
  const client = new pg.Client({ connectionString })
  await client.connect()
  const columns = ['id', 'list_id', 'email', 'email_key', 'name', 'data', 'created_at', 'updated_at'] as const
  const insert = `insert into contacts (${columns.join(', ')})
    select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::bigint[])
    on conflict (list_id, email_key) do nothing`
  try {
    let stored = 0
    const started = performance.now()
    for (let batches = 0; going(span, started, batches); batches++) {
      const rows = rowsOf(listId, nextBatch())
      await client.query('begin')
      const result = await client.query({
        name: 'insert_contacts',
        text: insert,
        values: columns.map((column) => rows.map((row) => row[column])),
      })
      await client.query({
        name: 'count_contacts',
        text: 'update contact_lists set contact_count = contact_count + $1, updated_at = $2 where id = $3',
        values: [result.rowCount ?? 0, nowMicros(), listId],
      })
      await client.query('commit')
      stored += rows.length
    }
    return { stored, contactsPerSecond: stored / ((performance.now() - started) / 1000) }
  } finally {
    await client.end()
  }
}
