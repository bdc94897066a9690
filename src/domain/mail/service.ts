import type { Database } from '../../db/database.js'
import type { MemoryBudget, Page } from '../listing.js'
import type { MailComposer } from './outbox.js'
import { findMail, listMails, type MailFilter } from './views.js'

// The outbox as the API reads it, closed over the database (see forms/service.ts). Mails queued
// without a body are composed on demand by `composer`, when this process has one.
export function mailService(database: Database, composer: MailComposer | undefined) {
  return {
    /** A page of the workspace's mails, newest first, read within `budget`. */
    page: (workspaceId: string, page: Page, filter: MailFilter, budget: MemoryBudget) =>
      listMails(database.db, budget, workspaceId, page, filter),
    find: (workspaceId: string, mailId: string) => findMail(database, composer, workspaceId, mailId),
  }
}

export type MailService = ReturnType<typeof mailService>
