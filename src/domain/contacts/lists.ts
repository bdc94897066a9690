import { type Clock, formatTimestamp } from '../../clock.js'
import type { Database, Db } from '../../db/database.js'
import type { ContactListsTable } from '../../db/tables/contacts.js'
import { newId } from '../../ids.js'
import { type Page, pageRows } from '../listing.js'

// Contact lists of a workspace. Every look-up is by (workspace, id): another workspace's list
// is indistinguishable from one that does not exist.

export interface ContactListView {
  id: string
  name: string
  contact_count: number
  created_at: string
  updated_at: string
}

type ListRow = Pick<ContactListsTable, 'id' | 'name' | 'contact_count' | 'created_at' | 'updated_at'>

const listColumns = ['id', 'name', 'contact_count', 'created_at', 'updated_at'] as const

export function contactListView(row: ListRow): ContactListView {
  return {
    id: row.id,
    name: row.name,
    contact_count: Number(row.contact_count),
    created_at: formatTimestamp(Number(row.created_at)),
    updated_at: formatTimestamp(Number(row.updated_at)),
  }
}

export async function createContactList(
  db: Db,
  clock: Clock,
  workspaceId: string,
  name: string,
): Promise<ContactListView> {
  const now = clock.nowMicros()
  const row = {
    id: newId('cl'),
    workspace_id: workspaceId,
    name,
    contact_count: 0,
    created_at: now,
    updated_at: now,
  }
  await db.insertInto('contact_lists').values(row).execute()
  return contactListView(row)
}

export async function findContactList(
  db: Db,
  workspaceId: string,
  listId: string,
): Promise<ContactListView | undefined> {
  const row = await db
    .selectFrom('contact_lists')
    .select(listColumns)
    .where('id', '=', listId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst()
  return row ? contactListView(row) : undefined
}

/** One page of lists, oldest first, with one row more than the page when another page follows. */
export async function listContactLists(db: Db, workspaceId: string, page: Page): Promise<ContactListView[]> {
  const rows = await db
    .selectFrom('contact_lists')
    .select(listColumns)
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .$call((query) => pageRows(query, page))
    .execute()
  return rows.map(contactListView)
}

/** Deletes the list; its contacts and stored idempotent answers go by ON DELETE CASCADE. */
export async function deleteContactList(
  database: Database,
  workspaceId: string,
  listId: string,
): Promise<boolean> {
  const result = await database.transaction((trx) =>
    trx
      .deleteFrom('contact_lists')
      .where('id', '=', listId)
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst(),
  )
  return Number(result.numDeletedRows) > 0
}
