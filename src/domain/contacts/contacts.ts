import { sql } from 'kysely'
import { chunksOf } from '../../chunks.js'
import { type Clock, formatTimestamp } from '../../clock.js'
import type { Database, Db } from '../../db/database.js'
import { jsonRecords } from '../../db/fragments.js'
import type { ContactsTable } from '../../db/tables/contacts.js'
import { newIds } from '../../ids.js'
import { type Page, pageRows } from '../listing.js'
import type { ValidContact } from './validation.js'

// Contacts on lists. An address is on a list at most once: the UNIQUE (list_id, email_key)
// index decides, so concurrent adds can never duplicate one, and an address already there is
// skipped rather than refused.

/** A stored contact, exactly as the bulk add returns it (docs/api.md#bulk-add): `data` is JSON text. */
export interface ContactView {
  id: string
  name: string
  email: string
  list_id: string
  data: string
  created_at: string
  updated_at: string
}

const contactColumns = ['id', 'name', 'email', 'list_id', 'data', 'created_at', 'updated_at'] as const

type ContactRow = Pick<ContactsTable, (typeof contactColumns)[number]>

export function contactView(row: ContactRow): ContactView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    list_id: row.list_id,
    data: row.data,
    created_at: formatTimestamp(Number(row.created_at)),
    updated_at: formatTimestamp(Number(row.updated_at)),
  }
}

// Rows go to the database as one JSON parameter, expanded by the database itself (jsonRecords).
const ROWS_PER_INSERT = 1000

const rowColumns = {
  id: 'text',
  email: 'text',
  email_key: 'text',
  name: 'text',
  data: 'text',
  created_at: 'bigint',
} as const

function insertStatement(db: Db, listId: string, rowsJson: string) {
  // "where true": SQLite needs it to parse an upsert after a SELECT.
  return sql<{ id: string }>`
    insert into contacts (id, list_id, email, email_key, name, data, created_at, updated_at)
    select r.id, ${listId}, r.email, r.email_key, r.name, r.data, r.created_at, r.created_at
    from ${jsonRecords(db, rowsJson, rowColumns)} where true
    on conflict (list_id, email_key) do nothing returning id`
}

/**
 * Locks the list row for the rest of the transaction (PostgreSQL: concurrent adds to one list
 * queue here rather than meeting on the unique index in different orders). False when the list
 * is not the workspace's.
 */
export async function lockContactList(trx: Db, workspaceId: string, listId: string): Promise<boolean> {
  const list = await trx
    .updateTable('contact_lists')
    .set({ updated_at: sql`updated_at` })
    .where('id', '=', listId)
    .where('workspace_id', '=', workspaceId)
    .returning('id')
    .executeTakeFirst()
  return list !== undefined
}

/**
 * The workspace's contact with its list locked for the rest of the transaction (the list row first,
 * as in addContactsToList: one lock order everywhere); undefined when it is not the workspace's.
 */
export async function lockedContact(
  trx: Db,
  workspaceId: string,
  contactId: string,
): Promise<{ id: string; list_id: string } | undefined> {
  const contact = await trx
    .selectFrom('contacts')
    .innerJoin('contact_lists', 'contact_lists.id', 'contacts.list_id')
    .select(['contacts.id', 'contacts.list_id'])
    .where('contacts.id', '=', contactId)
    .where('contact_lists.workspace_id', '=', workspaceId)
    .executeTakeFirst()
  if (contact) await lockContactList(trx, workspaceId, contact.list_id)
  return contact
}

/**
 * Inserts the contacts into a locked list, skipping addresses already on it, and keeps
 * contact_count. Returns the added ones in request order.
 */
export async function insertContacts(
  trx: Db,
  clock: Clock,
  listId: string,
  contacts: readonly ValidContact[],
): Promise<ContactView[]> {
  // Each row its own strictly increasing timestamp, in request order.
  const ids = newIds('ct', contacts.length)
  const rows = contacts.map((contact, index) => ({
    id: ids[index] as string,
    email: contact.email,
    email_key: contact.emailKey,
    name: contact.name,
    data: JSON.stringify(contact.data),
    created_at: clock.nowMicros(),
  }))
  // Sorted by key, so that two transactions touching the same addresses take them in one order.
  const sorted = [...rows].sort((a, b) =>
    a.email_key < b.email_key ? -1 : a.email_key > b.email_key ? 1 : 0,
  )
  const added = new Set<string>()
  for (const chunk of chunksOf(sorted, { count: ROWS_PER_INSERT })) {
    const inserted = await insertStatement(trx, listId, JSON.stringify(chunk)).execute(trx)
    for (const row of inserted.rows) added.add(row.id)
  }
  if (added.size > 0) {
    await trx
      .updateTable('contact_lists')
      .set({ contact_count: sql`contact_count + ${added.size}`, updated_at: clock.nowMicros() })
      .where('id', '=', listId)
      .execute()
  }
  const result: ContactView[] = []
  for (const row of rows) {
    if (!added.has(row.id)) continue
    const stamp = formatTimestamp(row.created_at)
    result.push({
      id: row.id,
      name: row.name,
      email: row.email,
      list_id: listId,
      data: row.data,
      created_at: stamp,
      updated_at: stamp,
    })
  }
  return result
}

export async function findContact(
  db: Db,
  workspaceId: string,
  contactId: string,
): Promise<ContactView | undefined> {
  const row = await db
    .selectFrom('contacts')
    .innerJoin('contact_lists', 'contact_lists.id', 'contacts.list_id')
    .select([
      'contacts.id',
      'contacts.name',
      'contacts.email',
      'contacts.list_id',
      'contacts.data',
      'contacts.created_at',
      'contacts.updated_at',
    ])
    .where('contacts.id', '=', contactId)
    .where('contact_lists.workspace_id', '=', workspaceId)
    .executeTakeFirst()
  return row ? contactView(row) : undefined
}

/**
 * Deletes a contact and every stored idempotent answer that still carries its data, so the
 * person's data is really gone. A retry of such a request is then executed afresh.
 */
export async function deleteContact(
  database: Database,
  clock: Clock,
  workspaceId: string,
  contactId: string,
): Promise<boolean> {
  return database.transaction(async (trx) => {
    const contact = await lockedContact(trx, workspaceId, contactId)
    if (!contact) return false
    const deleted = await trx.deleteFrom('contacts').where('id', '=', contact.id).executeTakeFirst()
    // A concurrent delete got there first: for this caller the contact does not exist.
    if (Number(deleted.numDeletedRows) === 0) return false
    await trx
      .updateTable('contact_lists')
      .set({ contact_count: sql`contact_count - 1`, updated_at: clock.nowMicros() })
      .where('id', '=', contact.list_id)
      .execute()
    await trx
      .deleteFrom('contact_idempotency_keys')
      .where('list_id', '=', contact.list_id)
      .where('response_body', 'like', `%"${contact.id}"%`)
      .execute()
    return true
  })
}

/** A page of a list's contacts as ids and stored sizes (read without loading the data), for batching. */
export async function planContactsOfList(
  db: Db,
  listId: string,
  page: Page,
): Promise<{ id: string; bytes: number }[]> {
  return db
    .selectFrom('contacts')
    .select(['id', sql<number>`octet_length(name) + octet_length(email) + octet_length(data)`.as('bytes')])
    .where('list_id', '=', listId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .$call((query) => pageRows(query, page))
    .execute()
}

/** Contacts of a list by id, oldest first (then by id), as a page lists them. */
export async function loadContactsOfList(db: Db, listId: string, ids: string[]): Promise<ContactView[]> {
  const rows = await db
    .selectFrom('contacts')
    .select(contactColumns)
    .where('list_id', '=', listId)
    .where('id', 'in', ids)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute()
  return rows.map(contactView)
}
