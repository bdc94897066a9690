import { type SqlBool, sql } from 'kysely'
import type { Clock } from '../../clock.js'
import type { Database, Db } from '../../db/database.js'
import type { ResponseItem } from '../../shared/forms/answers.js'
import type { FormDefinition } from '../../shared/forms/definition.js'
import { deleteContact } from '../contacts/contacts.js'
import { deleteResponsesCounted } from '../forms/responses/deletion.js'
import { searchPattern } from '../forms/responses/search.js'
import {
  addressKey,
  candidatePattern,
  draftHoldsAddress,
  isAddress,
  mentionsAddress,
  responseHoldsAddress,
} from './matching.js'

// Erasure of an address from a workspace (docs/api.md#erasure): its contacts, the responses and
// drafts linked to them or holding the address, the mails to it, and what is derived from them.
// Each step walks the rows it may delete in batches of ids (keyset on id), so memory stays flat in
// a workspace of any size; rows are looked at one at a time only when a LIKE found the address in
// them. Responses go through the deletion the API uses, which takes the form row's lock as
// submissions do, so positions, counts, insights and the funnel stay right under concurrent writes.

/** How many of each were deleted. */
export interface ErasureReceipt {
  contacts: number
  responses: number
  drafts: number
  mails: number
}

/** Told of every form whose responses erasure changed (the public reader forgets it). */
export type FormChanged = (formId: string) => void

const BATCH = 100

interface Run {
  database: Database
  clock: Clock
  workspaceId: string
  key: string
  forget: FormChanged
  receipt: ErasureReceipt
}

const like = (column: string, pattern: string) =>
  sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape ${sql.raw("'\\'")}`

const invitationsOf = (db: Db, workspaceId: string) =>
  db.selectFrom('invitations').select('id').where('workspace_id', '=', workspaceId)

const contactsOf = (db: Db, workspaceId: string, key: string) =>
  db
    .selectFrom('contacts')
    .innerJoin('contact_lists', 'contact_lists.id', 'contacts.list_id')
    .select('contacts.id')
    .where('contact_lists.workspace_id', '=', workspaceId)
    .where('contacts.email_key', '=', key)

/** Deletes an address everywhere in the workspace; `address` has been checked to be one. */
export async function eraseAddress(
  database: Database,
  clock: Clock,
  forget: FormChanged,
  workspaceId: string,
  address: string,
): Promise<ErasureReceipt> {
  const receipt = { contacts: 0, responses: 0, drafts: 0, mails: 0 }
  const run: Run = { database, clock, workspaceId, key: addressKey(address), forget, receipt }
  // Recipients first: they are found through the contacts, and deleting them stops their links.
  await eraseRecipients(run)
  for (let after = ''; ; ) {
    const forms = await database.db
      .selectFrom('forms')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute()
    for (const { id } of forms) {
      await eraseResponsesHolding(run, id)
      await eraseDraftsHolding(run, id)
    }
    const last = forms[forms.length - 1]
    if (!last) break
    after = last.id
  }
  await eraseMails(run)
  await eraseContacts(run)
  await eraseDeliveries(run)
  return receipt
}

/** Deletes responses of one form, through the API's deletion, and counts them. */
async function eraseResponses(run: Run, formId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return
  const deleted = await deleteResponsesCounted(run.database, run.workspaceId, formId, ids)
  if (!deleted) return
  run.receipt.responses += deleted
  await run.forget(formId)
}

/**
 * The invitation recipients of the address (by their own address, or their contact's): their
 * drafts and mails, then the recipients themselves, then the responses they gave. A recipient's
 * response is read as the recipient is deleted, so one stored through the link meanwhile is not
 * missed; a link whose recipient is gone stores nothing (completeRecipient).
 */
async function eraseRecipients(run: Run): Promise<void> {
  const { database, workspaceId, key } = run
  const { db } = database
  for (let after = ''; ; ) {
    const rows = await db
      .selectFrom('invitation_recipients')
      .select('id')
      .where('invitation_id', 'in', invitationsOf(db, workspaceId))
      .where((eb) =>
        eb.or([eb('email_key', '=', key), eb('contact_id', 'in', contactsOf(db, workspaceId, key))]),
      )
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute()
    const last = rows[rows.length - 1]
    if (!last) return
    after = last.id
    const ids = rows.map((row) => row.id)
    const gone = await database.transaction(async (trx) => {
      const drafts = await trx.deleteFrom('drafts').where('recipient_id', 'in', ids).executeTakeFirst()
      const mails = await trx.deleteFrom('mails').where('recipient_id', 'in', ids).executeTakeFirst()
      const recipients = await trx
        .deleteFrom('invitation_recipients')
        .where('id', 'in', ids)
        .returning(['form_id', 'response_id'])
        .execute()
      return { drafts: Number(drafts.numDeletedRows), mails: Number(mails.numDeletedRows), recipients }
    })
    run.receipt.drafts += gone.drafts
    run.receipt.mails += gone.mails
    const answered = new Map<string, string[]>()
    for (const { form_id, response_id } of gone.recipients) {
      if (response_id !== null) answered.set(form_id, [...(answered.get(form_id) ?? []), response_id])
    }
    for (const [formId, responseIds] of answered) await eraseResponses(run, formId, responseIds)
  }
}

/**
 * The form's responses carrying the address in an `email` answer or a hidden field: found in the
 * folded search text (response_search, where both are), then checked on the stored item.
 */
async function eraseResponsesHolding(run: Run, formId: string): Promise<void> {
  const { db } = run.database
  const pattern = searchPattern(run.key)
  for (let after = ''; ; ) {
    const candidates = await db
      .selectFrom('response_search')
      .select('response_id')
      .where('form_id', '=', formId)
      .where('response_id', '>', after)
      .where(sql<SqlBool>`search_text like ${pattern} escape ${sql.raw("'\\'")}`)
      .orderBy('response_id')
      .limit(BATCH)
      .execute()
    const last = candidates[candidates.length - 1]
    if (!last) return
    after = last.response_id
    const holding: string[] = []
    for (const { response_id } of candidates) {
      const row = await db
        .selectFrom('responses')
        .select('item_json')
        .where('id', '=', response_id)
        .executeTakeFirst()
      if (row && responseHoldsAddress(JSON.parse(row.item_json) as ResponseItem, run.key))
        holding.push(response_id)
    }
    await eraseResponses(run, formId, holding)
  }
}

/** The form's drafts holding the address in an answer to an `email` question or in a hidden value. */
async function eraseDraftsHolding(run: Run, formId: string): Promise<void> {
  const { db } = run.database
  const pattern = candidatePattern(run.key, true)
  let emailQuestions: Set<string> | undefined
  for (let after = ''; ; ) {
    const candidates = await db
      .selectFrom('drafts')
      .select('id')
      .where('form_id', '=', formId)
      .where('id', '>', after)
      .where((eb) => eb.or([like('answers_json', pattern), like('hidden_json', pattern)]))
      .orderBy('id')
      .limit(BATCH)
      .execute()
    const last = candidates[candidates.length - 1]
    if (!last) return
    after = last.id
    emailQuestions ??= await emailQuestionsOf(db, formId)
    const holding: string[] = []
    for (const { id } of candidates) {
      const draft = await db
        .selectFrom('drafts')
        .select(['answers_json', 'hidden_json'])
        .where('id', '=', id)
        .executeTakeFirst()
      if (draft && draftHoldsAddress(draft, emailQuestions, run.key)) holding.push(id)
    }
    if (holding.length === 0) continue
    const deleted = await db.deleteFrom('drafts').where('id', 'in', holding).executeTakeFirst()
    run.receipt.drafts += Number(deleted.numDeletedRows)
  }
}

async function emailQuestionsOf(db: Db, formId: string): Promise<Set<string>> {
  const form = await db.selectFrom('forms').select('definition').where('id', '=', formId).executeTakeFirst()
  const questions = form ? (JSON.parse(form.definition) as FormDefinition).questions : []
  return new Set(questions.filter((question) => question.type === 'email').map((question) => question.id))
}

/**
 * The workspace's mails to the address, or mentioning it in their subject or body (a team's
 * notification showing its answers); their attempts go with them.
 */
async function eraseMails(run: Run): Promise<void> {
  const { db } = run.database
  const exactly = candidatePattern(run.key, false)
  const anywhere = candidatePattern(run.key, true)
  for (let after = ''; ; ) {
    const candidates = await db
      .selectFrom('mails')
      .select('id')
      .where('workspace_id', '=', run.workspaceId)
      .where('id', '>', after)
      .where((eb) =>
        eb.or([like('to_address', exactly), like('subject', anywhere), like('body_json', anywhere)]),
      )
      .orderBy('id')
      .limit(BATCH)
      .execute()
    const last = candidates[candidates.length - 1]
    if (!last) return
    after = last.id
    const holding: string[] = []
    for (const { id } of candidates) {
      const mail = await db
        .selectFrom('mails')
        .select(['to_address', 'subject', 'body_json'])
        .where('id', '=', id)
        .executeTakeFirst()
      if (!mail) continue
      const { to_address, subject, body_json } = mail
      if (
        isAddress(to_address, run.key) ||
        mentionsAddress(subject, run.key) ||
        mentionsAddress(body_json, run.key)
      )
        holding.push(id)
    }
    if (holding.length === 0) continue
    const deleted = await db.deleteFrom('mails').where('id', 'in', holding).executeTakeFirst()
    run.receipt.mails += Number(deleted.numDeletedRows)
  }
}

/** The address's contacts in every list, through the contacts' own deletion (list counts, stored answers). */
async function eraseContacts(run: Run): Promise<void> {
  const { database, clock, workspaceId, key } = run
  for (let after = ''; ; ) {
    const rows = await contactsOf(database.db, workspaceId, key)
      .where('contacts.id', '>', after)
      .orderBy('contacts.id')
      .limit(BATCH)
      .execute()
    const last = rows[rows.length - 1]
    if (!last) return
    after = last.id
    for (const { id } of rows) {
      if (await deleteContact(database, clock, workspaceId, id)) run.receipt.contacts += 1
    }
  }
}

/** Webhook deliveries whose payload names the address (a response's or draft's event, a contact). */
async function eraseDeliveries(run: Run): Promise<void> {
  const { db } = run.database
  const anywhere = candidatePattern(run.key, true)
  const webhooks = db.selectFrom('webhooks').select('id').where('workspace_id', '=', run.workspaceId)
  for (let after = ''; ; ) {
    const candidates = await db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('webhook_id', 'in', webhooks)
      .where('id', '>', after)
      .where(like('payload', anywhere))
      .orderBy('id')
      .limit(BATCH)
      .execute()
    const last = candidates[candidates.length - 1]
    if (!last) return
    after = last.id
    const holding: string[] = []
    for (const { id } of candidates) {
      const delivery = await db
        .selectFrom('webhook_deliveries')
        .select('payload')
        .where('id', '=', id)
        .executeTakeFirst()
      if (delivery && mentionsAddress(delivery.payload, run.key)) holding.push(id)
    }
    if (holding.length > 0) await db.deleteFrom('webhook_deliveries').where('id', 'in', holding).execute()
  }
}

/** Erasure, closed over the database (see forms/service.ts). */
export function erasureService(database: Database, clock: Clock, forget: FormChanged) {
  return {
    /** Deletes the address (checked to be one) everywhere in the workspace; how many of each went. */
    erase: (workspaceId: string, address: string) =>
      eraseAddress(database, clock, forget, workspaceId, address),
  }
}

export type ErasureService = ReturnType<typeof erasureService>
