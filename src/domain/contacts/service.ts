import type { Clock } from '../../clock.js'
import type { Database } from '../../db/database.js'
import type { ProductMetrics } from '../../product-metrics.js'
import { type Listing, type MemoryBudget, type Page, plannedObjects } from '../listing.js'
import { addContactsToList, type IdempotencyKey } from './bulk.js'
import {
  type ContactView,
  deleteContact,
  findContact,
  loadContactsOfList,
  planContactsOfList,
} from './contacts.js'
import { renameContactList, replaceContact } from './edit.js'
import { createContactList, deleteContactList, findContactList, listContactLists } from './lists.js'
import { responsesOfContact } from './responses.js'
import type { BulkRequest, ValidContact } from './validation.js'

// Contact lists and their contacts, closed over the database (see forms/service.ts).
export function contactsService(database: Database, clock: Clock, metrics: ProductMetrics) {
  const { db } = database
  return {
    createList: (workspaceId: string, name: string) => createContactList(db, clock, workspaceId, name),
    findList: (workspaceId: string, listId: string) => findContactList(db, workspaceId, listId),
    lists: (workspaceId: string, page: Page) => listContactLists(db, workspaceId, page),
    deleteList: (workspaceId: string, listId: string) => deleteContactList(database, workspaceId, listId),
    renameList: (workspaceId: string, listId: string, name: string) =>
      renameContactList(database, clock, workspaceId, listId, name),
    /** `taken` when another contact of its list has the address. */
    replace: (workspaceId: string, contactId: string, contact: ValidContact) =>
      replaceContact(database, clock, workspaceId, contactId, contact),
    /**
     * A page of a list's contacts, oldest first, planned by size and read in batches within
     * `budget`; undefined when the list is not in the workspace.
     */
    async contactsOfList(
      workspaceId: string,
      listId: string,
      page: Page,
      budget: MemoryBudget,
    ): Promise<Listing<ContactView> | undefined> {
      if (!(await findContactList(db, workspaceId, listId))) return undefined
      const plan = await planContactsOfList(db, listId, page)
      return plannedObjects(budget, page, plan, (ids) => loadContactsOfList(db, listId, ids))
    },
    find: (workspaceId: string, contactId: string) => findContact(db, workspaceId, contactId),
    /** The contact with the responses it gave through personal links, newest first; undefined if none. */
    async findWithResponses(workspaceId: string, contactId: string) {
      const contact = await findContact(db, workspaceId, contactId)
      return contact && { ...contact, responses: await responsesOfContact(db, contactId) }
    },
    delete: (workspaceId: string, contactId: string) =>
      deleteContact(database, clock, workspaceId, contactId),
    /** The bulk add; undefined when the list is not in the workspace. */
    async addToList(workspaceId: string, request: BulkRequest, idempotency?: IdempotencyKey) {
      const outcome = await addContactsToList(database, clock, workspaceId, request, idempotency)
      if (outcome && outcome.added > 0) metrics.contactsAdded.inc(outcome.added)
      return outcome
    },
  }
}

export type ContactsService = ReturnType<typeof contactsService>
