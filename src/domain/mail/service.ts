import type { Clock } from '../../clock.js'
import type { Database } from '../../db/database.js'
import type { RecipientStatus } from '../../db/tables/mail.js'
import { formInWorkspace } from '../forms/forms.js'
import type { MemoryBudget, Page } from '../listing.js'
import type { DeliverySignal } from '../webhooks/signal.js'
import {
  cancelInvitation,
  findInvitation,
  invitationInWorkspace,
  listInvitations,
} from './invitation-views.js'
import { createInvitation, type InvitationInput, type InvitationSettings } from './invitations.js'
import type { MailComposer } from './outbox.js'
import { listRecipients, recipientsCsv } from './recipients.js'
import { findUnsubscribeTarget, unsubscribe } from './unsubscribes.js'
import { findMail, listMails, type MailFilter } from './views.js'

// Invitations of a form, their recipients and the unsubscribe page, closed over the database (see
// forms/service.ts). `undefined` answers "no such form (or invitation) in this workspace".
export function invitationsService(
  database: Database,
  clock: Clock,
  signal: DeliverySignal,
  config: InvitationSettings,
) {
  const { db } = database
  const exists = (workspaceId: string, formId: string, invitationId: string) =>
    invitationInWorkspace(db, workspaceId, formId, invitationId)
  return {
    create: (workspaceId: string, formId: string, input: InvitationInput) =>
      createInvitation(database, clock, signal, config, workspaceId, formId, input),
    find: (workspaceId: string, formId: string, invitationId: string) =>
      findInvitation(db, clock, workspaceId, formId, invitationId),
    /** A page of the form's invitations, newest first; undefined when the form is unknown. */
    async list(workspaceId: string, formId: string, page: Page) {
      if (!(await formInWorkspace(db, workspaceId, formId))) return undefined
      return listInvitations(db, clock, formId, page)
    },
    cancel: (workspaceId: string, formId: string, invitationId: string) =>
      cancelInvitation(database, clock, workspaceId, formId, invitationId),
    /** A page of an invitation's recipients by address; undefined when the invitation is unknown. */
    async recipients(
      workspaceId: string,
      formId: string,
      invitationId: string,
      page: Page,
      status?: RecipientStatus,
    ) {
      if (!(await exists(workspaceId, formId, invitationId))) return undefined
      return listRecipients(db, config, invitationId, page, status)
    },
    /** recipients.csv as a Listing of lines after `head`; undefined when the invitation is unknown. */
    async recipientsCsv(workspaceId: string, formId: string, invitationId: string, budget: MemoryBudget) {
      if (!(await exists(workspaceId, formId, invitationId))) return undefined
      return recipientsCsv(db, config, budget, invitationId)
    },
    /** What the unsubscribe page of a token shows; undefined for a token that names no recipient. */
    unsubscribeTarget: (token: string) => findUnsubscribeTarget(db, token),
    unsubscribe: (token: string) => unsubscribe(database, clock, token),
  }
}

export type InvitationsService = ReturnType<typeof invitationsService>

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
