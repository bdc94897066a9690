import type { Clock } from '../../clock.js'
import { type Database, isUniqueViolation } from '../../db/database.js'
import { type ContactView, contactView, lockedContact } from './contacts.js'
import { type ContactListView, contactListView } from './lists.js'
import type { ValidContact } from './validation.js'

// Changes to one list or one contact, as the dashboard makes them (issue 27, item 17).

/** Renames the list; undefined when it is not the workspace's. */
export async function renameContactList(
  database: Database,
  clock: Clock,
  workspaceId: string,
  listId: string,
  name: string,
): Promise<ContactListView | undefined> {
  const row = await database.db
    .updateTable('contact_lists')
    .set({ name, updated_at: clock.nowMicros() })
    .where('id', '=', listId)
    .where('workspace_id', '=', workspaceId)
    .returning(['id', 'name', 'contact_count', 'created_at', 'updated_at'])
    .executeTakeFirst()
  return row ? contactListView(row) : undefined
}

/**
 * Replaces a contact's name, address and data. `taken` when another contact of its list has the
 * address; undefined when the contact is not the workspace's. Stored idempotent answers that carry
 * the old data go, as on delete, so a replay cannot show it again.
 */
export async function replaceContact(
  database: Database,
  clock: Clock,
  workspaceId: string,
  contactId: string,
  contact: ValidContact,
): Promise<ContactView | 'taken' | undefined> {
  try {
    return await database.transaction(async (trx) => {
      const found = await lockedContact(trx, workspaceId, contactId)
      if (!found) return undefined
      const row = await trx
        .updateTable('contacts')
        .set({
          name: contact.name,
          email: contact.email,
          email_key: contact.emailKey,
          data: JSON.stringify(contact.data),
          updated_at: clock.nowMicros(),
        })
        .where('id', '=', found.id)
        .returning(['id', 'name', 'email', 'list_id', 'data', 'created_at', 'updated_at'])
        .executeTakeFirst()
      if (!row) return undefined
      await trx
        .deleteFrom('contact_idempotency_keys')
        .where('list_id', '=', found.list_id)
        .where('response_body', 'like', `%"${found.id}"%`)
        .execute()
      return contactView(row)
    })
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken'
    throw error
  }
}
