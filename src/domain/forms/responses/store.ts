import { sql } from 'kysely'
import { LRUCache } from 'lru-cache'
import { type Clock, formatTimestamp } from '../../../clock.js'
import type { Database, Transaction } from '../../../db/database.js'
import { insertChunks } from '../../../db/insert-limits.js'
import type { FormsTable } from '../../../db/tables/forms.js'
import { type IdPool, newId } from '../../../ids.js'
import { buildResponseItem, type ResponseItem, type Submission } from '../../../shared/forms/answers.js'
import type { FormDefinition } from '../../../shared/forms/definition.js'
import {
  completeSettings,
  linkAcceptance,
  NotAcceptingError,
  publicAcceptance,
} from '../../../shared/forms/settings.js'
import { type DomainError, validationFailed } from '../../errors.js'
import { claimFiles, fileIdsIn, hasFileQuestion, resolveSubmissions } from '../../files/records.js'
import { recordInsights } from '../../insights/store.js'
import { completeRecipient, type LinkSubmission } from '../../mail/link-completion.js'
import { mailsOnResponse, recordResponseMails } from '../../mail/notify/record.js'
import type { MailSettings } from '../../mail/outbox.js'
import { enqueueFormResponseEvents } from '../../webhooks/outbox.js'
import type { DeliverySignal } from '../../webhooks/signal.js'
import { searchTextOf } from './search.js'

// Storage laid out for the listing (docs/architecture.md#storage). A response never changes after
// submission, so its listed item is serialised once, at write time (item_json), and a page is
// a join of stored texts. Each response has a gap-free position `seq` in its form (1, 2, ...),
// assigned under the form row's lock together with a strictly increasing submitted_at, so
// "newest first, ties by id" is simply ORDER BY seq DESC and page p is an index range on
// (form_id, seq): as fast on page 3,000 as on page 1, where OFFSET would walk every row before it.

export interface StoredResponse {
  item: ResponseItem
  json: string
  /** The ending its answers reached through the form's flow (null: none); told to webhooks. */
  ending: string | null
  /** The pages its path visited, and the questions on it left unanswered: for insights. */
  pages: string[]
  unanswered: string[]
}

// At most 100 definitions, 4 M characters of definition text in all, none over 1 M: with the parsed
// objects beside their texts, a bounded ~20 MB. A form with a survey flow (500 rules, 200
// questions) is ~110 K characters, and its plan (src/shared/flow/plan.ts) is built once per
// parsed definition: parsing it again on each submission cost the flow-submit bench ~40%.
const DEFINITIONS_KEPT = 100
const DEFINITION_TEXT_KEPT = 4 * 1024 * 1024
const DEFINITION_KEPT_MAX_LENGTH = 1024 * 1024

/** Parsed form definitions by their JSON text; read-only, shared by the submissions that use them. */
export type DefinitionMemo = LRUCache<string, FormDefinition>

export function definitionMemo(): DefinitionMemo {
  return new LRUCache({
    max: DEFINITIONS_KEPT,
    maxSize: DEFINITION_TEXT_KEPT,
    maxEntrySize: DEFINITION_KEPT_MAX_LENGTH,
    sizeCalculation: (_definition, text) => text.length,
  })
}

// Parsing the definition again on every submission was a measurable share of a submission's CPU
// (docs/performance.md). The text is still read under the form's lock, so an edit is seen by the
// next submission; only its parse is reused. Each service keeps one memo.

export interface StoreOptions {
  /** A respondent's submission: refused (NotAcceptingError) unless the form accepts public answers. */
  public?: boolean
  /** Parsed definitions kept between calls. */
  definitions?: DefinitionMemo
  /** Where the ids of responses and their events come from (newId without one). */
  ids?: IdPool
  /**
   * The draft whose completion this (one) submission is: its respondent is already in the funnel,
   * and completes there, rather than starting and completing at once as a submission in one go.
   */
  completesDraft?: string
  /**
   * How mail is sent (the config's smtpUrl and mailFrom): a form whose settings ask for a
   * confirmation queues one per response (seed-demo's form asks for none, and stores without).
   */
  mail?: MailSettings
  /**
   * The (one) submission answers a personal link: the form need not be public, but closes_at and
   * max_responses hold; its recipient is completed in the same transaction, and a recipient
   * completed already refuses it (LinkUsedError, nothing kept).
   */
  link?: LinkSubmission
  /** Where the files the answers name are read (docs/api.md#file-uploads): this server's address. */
  files?: { base: string }
}

function parseDefinition(text: string, memo: DefinitionMemo): FormDefinition {
  let definition = memo.get(text)
  if (!definition) {
    definition = JSON.parse(text) as FormDefinition
    // One over maxEntrySize is not kept (lru-cache refuses it).
    memo.set(text, definition)
  }
  return definition
}

/** What became of one submission: stored, or refused on its own (the others stored regardless). */
export type SubmissionOutcome = { stored: StoredResponse } | { refused: DomainError | NotAcceptingError }

/** Thrown by storeResponses when every submission was refused, so the transaction keeps nothing. */
export class NothingStored extends Error {
  constructor(readonly outcomes: SubmissionOutcome[]) {
    super('every submission was refused')
  }
}

/** Submissions to one form of a workspace, stored together. */
export interface FormSubmissions {
  workspaceId: string
  formId: string
  submissions: readonly Submission[]
}

/**
 * Stores submissions to one form inside the caller's transaction: locks the form row (the
 * UPDATE does, on both databases), checks each submission against the definition read under
 * that lock, and writes the valid ones, in order, with their webhook events and insights. A
 * submission that is invalid (or, public, arrives when the form no longer accepts answers) is
 * refused alone; when all are, it throws NothingStored (storeInTransaction turns it into their
 * outcomes). Every path that stores responses (the API through its batches, seed-demo) comes
 * through here, and so do the mails they cause (settings.notify, settings.confirmation).
 * Undefined when the form is not in the workspace.
 */
export async function storeResponses(
  trx: Transaction,
  clock: Clock,
  signal: DeliverySignal,
  { workspaceId, formId, submissions }: FormSubmissions,
  options: StoreOptions = {},
): Promise<SubmissionOutcome[] | undefined> {
  const count = submissions.length
  const now = clock.nowMicros()
  // Raw SQL rather than the query builder on this hot path: building and compiling an UPDATE
  // cost more CPU than SQLite takes to run it (`npm run bench -- --only submit`).
  // submitted_at = max(now, previous + 1 µs): strictly increasing within the form, so the order
  // by seq is also the order by submitted_at. Positions are claimed for every submission; those
  // of refused ones are given back below, so seq stays gap-free.
  const { rows } = await sql<
    Pick<FormsTable, 'definition' | 'last_seq' | 'last_submitted_at' | 'max_item_bytes'>
  >`
    update forms set last_seq = last_seq + ${count},
      last_submitted_at = case when last_submitted_at >= ${now}
        then last_submitted_at + ${count} else ${now + count - 1} end,
      last_response_at = case when last_submitted_at >= ${now}
        then last_submitted_at + ${count} else ${now + count - 1} end
    where id = ${formId} and workspace_id = ${workspaceId}
    returning definition, last_seq, last_submitted_at, max_item_bytes`.execute(trx)
  const form = rows[0]
  if (!form) return undefined
  const definition = options.definitions
    ? parseDefinition(form.definition, options.definitions)
    : (JSON.parse(form.definition) as FormDefinition)
  const firstSeq = Number(form.last_seq) - count + 1
  const firstAt = Number(form.last_submitted_at) - count + 1
  const settings = options.public || options.link ? completeSettings(definition.settings) : undefined
  const acceptance = options.link ? linkAcceptance : publicAcceptance

  const outcomes: SubmissionOutcome[] = []
  const stored: StoredResponse[] = []
  // A file question's answer names an upload: put the file as stored in its place (files/records.ts).
  const filed = hasFileQuestion(definition)
  const checked = filed
    ? await resolveSubmissions(trx, formId, definition, submissions, options.files?.base ?? '')
    : submissions
  const claims: { responseId: string; fileIds: string[] }[] = []
  for (const submission of checked) {
    if (settings) {
      // Checked under the row lock, against the count before this one: concurrent public
      // submissions cannot overshoot max_responses (last_seq is the count), on any number of processes.
      const accepts = acceptance(settings, firstSeq - 1 + stored.length, now)
      if (accepts !== 'accepting') {
        outcomes.push({ refused: new NotAcceptingError(accepts) })
        continue
      }
    }
    const id = options.ids ? options.ids.next('rsp') : newId('rsp')
    const built = buildResponseItem(definition, submission, id, formatTimestamp(firstAt + stored.length))
    if (built.errors.length > 0) {
      outcomes.push({ refused: validationFailed(built.errors) })
      continue
    }
    // Serialised only once every value is known to be valid (and so of bounded depth).
    const response = {
      item: built.item,
      json: JSON.stringify(built.item),
      ending: built.ending,
      pages: built.pages,
      unanswered: built.unanswered,
    }
    stored.push(response)
    outcomes.push({ stored: response })
    if (filed) claims.push({ responseId: id, fileIds: fileIdsIn(definition, submission.answers) })
  }
  // A refusal changes nothing: with none stored, the transaction is rolled back.
  if (stored.length === 0) throw new NothingStored(outcomes)
  const refused = count - stored.length
  if (refused > 0) {
    // Both columns were advanced by `count`: taking `refused` back leaves them where storing only
    // the accepted ones would have (max(now, previous + 1 µs) for the first, then one µs apart).
    await sql`update forms set last_seq = last_seq - ${refused},
      last_submitted_at = last_submitted_at - ${refused}, last_response_at = last_response_at - ${refused}
      where id = ${formId}`.execute(trx)
  }

  // Kept for the listing, which reads a page in one go only when every item of the form is small.
  let largest = 0
  for (const response of stored) largest = Math.max(largest, Buffer.byteLength(response.json))
  if (largest > Number(form.max_item_bytes)) {
    await trx.updateTable('forms').set({ max_item_bytes: largest }).where('id', '=', formId).execute()
  }
  await insertResponseRows(trx, formId, stored, firstSeq, firstAt)
  await claimFiles(trx, claims)
  // After the response's row, which the recipient's response_id references.
  const contact =
    options.link && settings && (await completeRecipient(trx, clock, options.link, stored, settings))
  await enqueueFormResponseEvents(
    trx,
    clock,
    signal,
    {
      workspaceId,
      formId,
      itemJsons: stored.map((response) => response.json),
      endings: stored.map((response) => response.ending),
      ...(contact ? { contacts: [contact] } : {}),
    },
    options.ids,
  )
  await recordInsights(trx, formId, stored, options.completesDraft)
  // Read from the definition in hand: a form that sends no mail pays no query for it.
  if (mailsOnResponse(definition.settings)) {
    const items = stored.map((response) => response.item)
    const forMail = { workspaceId, formId, settings: definition.settings ?? {}, items, firstAt }
    await recordResponseMails(trx, clock, signal, options.mail, forMail, options.ids)
  }
  return outcomes
}

/** The stored responses' rows, at their positions and times, and their search text. */
async function insertResponseRows(
  trx: Transaction,
  formId: string,
  stored: readonly StoredResponse[],
  firstSeq: number,
  firstAt: number,
): Promise<void> {
  const indexed = stored.map((response, index) => ({ response, index }))
  for (const rows of insertChunks(indexed, ({ response }) => response.json.length)) {
    const values = rows.map(
      ({ response, index }) =>
        sql`(${response.item.id}, ${formId}, ${firstSeq + index}, ${firstAt + index}, ${response.json})`,
    )
    await sql`insert into responses (id, form_id, seq, submitted_at, item_json) values ${sql.join(values)}`.execute(
      trx,
    )
  }
  const searchable = stored
    .map((response) => ({ id: response.item.id, text: searchTextOf(response.item) }))
    .filter((row) => row.text !== '')
  for (const rows of insertChunks(searchable, (row) => row.text.length)) {
    const values = rows.map((row) => sql`(${row.id}, ${formId}, ${row.text})`)
    await sql`insert into response_search (response_id, form_id, search_text) values ${sql.join(values)}`.execute(
      trx,
    )
  }
}

/** storeResponses in a transaction of its own, which keeps nothing when every submission is refused. */
export async function storeInTransaction(
  database: Database,
  clock: Clock,
  signal: DeliverySignal,
  batch: FormSubmissions,
  options: StoreOptions = {},
): Promise<SubmissionOutcome[] | undefined> {
  try {
    return await database.transaction((trx) => storeResponses(trx, clock, signal, batch, options))
  } catch (error) {
    if (error instanceof NothingStored) return error.outcomes
    throw error
  }
}

/** One submission in its own transaction; throws its refusal. Undefined when the form is not in the workspace. */
export async function submitResponse(
  database: Database,
  clock: Clock,
  signal: DeliverySignal,
  workspaceId: string,
  formId: string,
  submission: Submission,
  options: StoreOptions = {},
): Promise<StoredResponse | undefined> {
  const batch = { workspaceId, formId, submissions: [submission] }
  const outcomes = await storeInTransaction(database, clock, signal, batch, options)
  const outcome = outcomes?.[0]
  if (outcome === undefined) return undefined
  if ('refused' in outcome) throw outcome.refused
  return outcome.stored
}
