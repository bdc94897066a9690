import { sql } from 'kysely'
import { type Clock, parseTimestamp } from '../../clock.js'
import type { Database, Transaction } from '../../db/database.js'
import { jsonRecords } from '../../db/fragments.js'
import { IdPool, newIds } from '../../ids.js'
import {
  parseTemplate,
  renderSubject,
  type TemplatePart,
  templateErrors,
} from '../../shared/mail/templates.js'
import { lockContactList } from '../contacts/contacts.js'
import { conflict, type FieldError, notFound, validationFailed } from '../errors.js'
import type { DeliverySignal } from '../webhooks/signal.js'
import { findInvitation, type InvitationView } from './invitation-views.js'
import { type MailSettings, mailLinkProblem, type NewMail, queueMails } from './outbox.js'
import { DAY_MICROS, type LinkSettings, newRecipientTokens, personalLink } from './recipients.js'

// Creating an invitation (docs/api.md#invitations): in one transaction, the invitation, one
// recipient per contact on the list at that moment (a snapshot of its address, name and data, and a
// personal link of its own), and one invitation mail each, due at `send_at`. A contact that already
// holds a link to the form (from an earlier invitation) is skipped; an address unsubscribed from the
// workspace is recorded as an `unsubscribed` recipient and gets no mail. Rows go in runs of 1000,
// each one statement (jsonRecords): 10,000 contacts are a few dozen statements.

export interface InvitationInput {
  list_id: string
  subject: string
  message: string
  /** ISO 8601; default now. */
  send_at?: string
  reminders?: { count: number; every_days: number }
}

export type InvitationSettings = MailSettings & LinkSettings

export const REMINDERS_MAX = 5
export const EVERY_DAYS_MAX = 30
/** Reminder spacing shown for an invitation created without reminders. */
const DEFAULT_EVERY_DAYS = 7
/** `send_at` at most this far ahead. */
const SEND_AHEAD_MICROS = 366 * DAY_MICROS
const CONTACTS_PER_RUN = 1000

interface ValidInvitation {
  listId: string
  subject: string
  message: string
  sendAt: number
  reminderCount: number
  everyDays: number
}

function validInvitation(input: InvitationInput, now: number): ValidInvitation {
  const errors: FieldError[] = templateErrors(input.subject, input.message)
  let sendAt = now
  if (input.send_at !== undefined) {
    const parsed = parseTimestamp(input.send_at)
    if (parsed === undefined)
      errors.push({
        path: '/send_at',
        message: 'must be an ISO 8601 timestamp (e.g. 2026-12-01T09:00:00Z) or Unix seconds',
      })
    else if (parsed > now + SEND_AHEAD_MICROS)
      errors.push({ path: '/send_at', message: 'must be at most a year from now' })
    else sendAt = Math.max(parsed, now)
  }
  const reminders = input.reminders ?? { count: 0, every_days: DEFAULT_EVERY_DAYS }
  if (!Number.isInteger(reminders.count) || reminders.count < 0 || reminders.count > REMINDERS_MAX)
    errors.push({ path: '/reminders/count', message: `must be a whole number from 0 to ${REMINDERS_MAX}` })
  if (
    !Number.isInteger(reminders.every_days) ||
    reminders.every_days < 1 ||
    reminders.every_days > EVERY_DAYS_MAX
  )
    errors.push({
      path: '/reminders/every_days',
      message: `must be a whole number from 1 to ${EVERY_DAYS_MAX}`,
    })
  if (errors.length > 0) throw validationFailed(errors)
  return {
    listId: input.list_id,
    subject: input.subject,
    message: input.message,
    sendAt,
    reminderCount: reminders.count,
    everyDays: reminders.every_days,
  }
}

/** A contact on the list not yet holding a link to the form. */
interface Candidate {
  id: string
  email: string
  email_key: string
  name: string
  data: string | null
  unsubscribed: number
}

const recipientColumns = {
  id: 'text',
  contact_id: 'text',
  token: 'text',
  status: 'text',
  next_reminder_at: 'bigint',
} as const

interface Run {
  trx: Transaction
  workspaceId: string
  formId: string
  formTitle: string
  invitationId: string
  invitation: ValidInvitation
  subject: TemplatePart[]
  now: number
}

/** The next run of the list's contacts after `after` (by address), with data only when the subject names some. */
async function candidates(run: Run, after: string, withData: boolean): Promise<Candidate[]> {
  return run.trx
    .selectFrom('contacts as c')
    .leftJoin('unsubscribes as u', (join) =>
      join.on('u.workspace_id', '=', run.workspaceId).onRef('u.email_key', '=', 'c.email_key'),
    )
    .select((eb) => [
      'c.id',
      'c.email',
      'c.email_key',
      'c.name',
      withData ? 'c.data' : sql<null>`null`.as('data'),
      eb.case().when('u.email_key', 'is not', null).then(1).else(0).end().as('unsubscribed'),
    ])
    .where('c.list_id', '=', run.invitation.listId)
    .where('c.email_key', '>', after)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('invitation_recipients as r')
            .select('r.id')
            .where('r.form_id', '=', run.formId)
            .whereRef('r.contact_id', '=', 'c.id'),
        ),
      ),
    )
    .orderBy('c.email_key')
    .limit(CONTACTS_PER_RUN)
    .execute()
}

/** Inserts a run's recipients (a concurrent invitation's are skipped) and returns their mails. */
async function inviteRun(
  run: Run,
  contacts: Candidate[],
  config: InvitationSettings,
  ids: IdPool,
): Promise<NewMail[]> {
  const { trx, invitation } = run
  const tokens = newRecipientTokens(contacts.length)
  const firstReminder =
    invitation.reminderCount > 0 ? invitation.sendAt + invitation.everyDays * DAY_MICROS : null
  const rows = contacts.map((contact, index) => ({
    // Ids that begin with the time: rows written together land in the same index pages.
    id: ids.next('rcp'),
    contact_id: contact.id,
    token: tokens[index] as string,
    status: Number(contact.unsubscribed) === 1 ? 'unsubscribed' : 'queued',
    next_reminder_at: Number(contact.unsubscribed) === 1 ? null : firstReminder,
  }))
  // "where true": SQLite needs it to parse an upsert after a SELECT.
  const inserted = await sql<{ id: string }>`
    insert into invitation_recipients
      (id, invitation_id, form_id, contact_id, email, email_key, name, data_json, token, status,
       reminders_sent, next_reminder_at, created_at)
    select r.id, ${run.invitationId}, ${run.formId}, c.id, c.email, c.email_key, c.name, c.data, r.token,
      r.status, 0, r.next_reminder_at, cast(${run.now} as bigint)
    from ${jsonRecords(trx, JSON.stringify(rows), recipientColumns)}
    join contacts c on c.id = r.contact_id
    where true
    on conflict (form_id, contact_id) do nothing
    returning id`.execute(trx)
  const added = new Set(inserted.rows.map((row) => row.id))
  const mails: NewMail[] = []
  contacts.forEach((contact, index) => {
    const row = rows[index]
    if (!row || !added.has(row.id) || row.status !== 'queued') return
    const values = {
      name: contact.name,
      link: personalLink(config, row.token),
      formTitle: run.formTitle,
      data: contact.data === null ? {} : (JSON.parse(contact.data) as Record<string, string>),
    }
    mails.push({
      workspaceId: run.workspaceId,
      kind: 'invitation',
      to: contact.email,
      subject: renderSubject(run.subject, values),
      formId: run.formId,
      invitationId: run.invitationId,
      recipientId: row.id,
      sendAt: invitation.sendAt,
    })
  })
  return mails
}

/** Creates the invitation; undefined when the form is not the workspace's (a 404 for the list throws). */
export async function createInvitation(
  database: Database,
  clock: Clock,
  signal: DeliverySignal,
  config: InvitationSettings,
  workspaceId: string,
  formId: string,
  input: InvitationInput,
): Promise<InvitationView | undefined> {
  const invitation = validInvitation(input, clock.nowMicros())
  const problem = mailLinkProblem(config)
  if (problem) throw conflict(problem)
  const subject = parseTemplate(invitation.subject).parts
  const withData = subject.some((part) => 'contact' in part)
  const invitationId = await database.transaction(async (trx) => {
    const form = await trx
      .selectFrom('forms')
      .select('title')
      .where('id', '=', formId)
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst()
    if (!form) return undefined
    if (!(await lockContactList(trx, workspaceId, invitation.listId)))
      throw notFound('contact list', invitation.listId)
    const now = clock.nowMicros()
    const id = newIds('inv', 1)[0] as string
    await trx
      .insertInto('invitations')
      .values({
        id,
        workspace_id: workspaceId,
        form_id: formId,
        list_id: invitation.listId,
        subject: invitation.subject,
        message: invitation.message,
        send_at: invitation.sendAt,
        reminder_count: invitation.reminderCount,
        reminder_every_days: invitation.everyDays,
        status: 'scheduled',
        created_at: now,
        updated_at: now,
      })
      .execute()
    const run: Run = {
      trx,
      workspaceId,
      formId,
      formTitle: form.title,
      invitationId: id,
      invitation,
      subject,
      now,
    }
    const ids = new IdPool(() => clock.now())
    const mails: NewMail[] = []
    for (let after = ''; ; ) {
      const contacts = await candidates(run, after, withData)
      if (contacts.length === 0) break
      mails.push(...(await inviteRun(run, contacts, config, ids)))
      after = (contacts[contacts.length - 1] as Candidate).email_key
      if (contacts.length < CONTACTS_PER_RUN) break
    }
    await queueMails(trx, clock, signal, config, mails, ids)
    return id
  })
  return invitationId === undefined
    ? undefined
    : findInvitation(database.db, clock, workspaceId, formId, invitationId)
}
