import { createHash, randomBytes } from 'node:crypto'
import { type Selectable, sql } from 'kysely'
import { type Clock, formatTimestamp } from '../../../clock.js'
import type { Db, Transaction } from '../../../db/database.js'
import type { DraftsTable } from '../../../db/tables/forms.js'
import type { IdPool } from '../../../ids.js'
import { type DraftAnswers, draftProgress } from '../../../shared/flow/progress.js'
import { type Answer, buildResponseItem } from '../../../shared/forms/answers.js'
import type { FormDefinition } from '../../../shared/forms/definition.js'
import { type Listing, type MemoryBudget, type Page, pageRows, plannedObjects } from '../../listing.js'
import { queueEvent } from '../../webhooks/deliveries/queue.js'
import type { DeliverySignal } from '../../webhooks/signal.js'
import { eventTypesOf } from '../../webhooks/webhooks.js'
import { findForm } from '../forms.js'

// Drafts as stored (docs/api.md#drafts): found by the digest of their resume token, listed for the
// team newest first, sent to the webhooks that asked for them, deleted once untouched for long.

export type DraftRow = Selectable<DraftsTable>

/**
 * An open draft as read to be changed: its row and the pages its funnel entry held then (null
 * when it has none), so that a change that moves it nowhere in the funnel writes only its row.
 */
export type OpenDraft = DraftRow & { funnel_pages: string | null }

/** A draft as the team sees it: in the drafts listing and in a `draft_updated` event. */
export interface DraftView {
  id: string
  started_at: string
  updated_at: string
  last_page: string | null
  answers: Answer[]
  hidden: { name: string; value: string }[]
}

// 128 random bits, written as 22 URL-safe characters after `cvd_` (26 in all): the prefix lets logs
// redact a token wherever it appears, as they do the other credentials (src/logger.ts).
const TOKEN_BYTES = 16
const TOKEN_PREFIX = 'cvd_'
const tokenShape = /^cvd_[A-Za-z0-9_-]{22}$/

export function newResumeToken(): { token: string; digest: string } {
  const token = TOKEN_PREFIX + randomBytes(TOKEN_BYTES).toString('base64url')
  return { token, digest: digestOf(token) }
}

const digestOf = (token: string) => createHash('sha256').update(token).digest('base64url')

/** The digest a token is stored under; undefined for text no token can be (nothing to look up). */
export function tokenDigest(token: string): string | undefined {
  return tokenShape.test(token) ? digestOf(token) : undefined
}

export function draftAnswersOf(row: Pick<DraftRow, 'answers_json' | 'hidden_json'>): DraftAnswers {
  return {
    answers: JSON.parse(row.answers_json) as Record<string, unknown>,
    hidden: JSON.parse(row.hidden_json) as Record<string, unknown>,
  }
}

/** The draft not yet completed whose token has this digest. */
export async function findOpenDraft(db: Db, digest: string): Promise<OpenDraft | undefined> {
  return openDrafts(db).where('drafts.token_digest', '=', digest).executeTakeFirst()
}

const openDrafts = (db: Db) =>
  db
    .selectFrom('drafts')
    .leftJoin('funnel_entries', 'funnel_entries.id', 'drafts.id')
    .selectAll('drafts')
    .select('funnel_entries.pages as funnel_pages')
    .where('drafts.ended_at', 'is', null)

/** The draft of this token digest, open or ended. */
export async function findDraft(db: Db, digest: string): Promise<DraftRow | undefined> {
  return db.selectFrom('drafts').selectAll().where('token_digest', '=', digest).executeTakeFirst()
}

/** Whether the form is still there (in any workspace). */
export async function formExists(db: Db, formId: string): Promise<boolean> {
  return (await db.selectFrom('forms').select('id').where('id', '=', formId).executeTakeFirst()) !== undefined
}

/**
 * Gives an open draft a new resume token (the old one names nothing from then on); the new token,
 * or undefined when the draft is no longer open.
 */
export async function renewToken(db: Db, id: string): Promise<string | undefined> {
  const { token, digest } = newResumeToken()
  const renewed = await db
    .updateTable('drafts')
    .set({ token_digest: digest })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .executeTakeFirst()
  return Number(renewed.numUpdatedRows) === 1 ? token : undefined
}

/**
 * The draft as the team sees it, through the form as it is now: its answers on the path (those off
 * it are kept but do not count), shown as the responses listing shows answers.
 */
export function draftView(
  definition: FormDefinition,
  row: Pick<DraftRow, 'id' | 'started_at' | 'updated_at' | 'last_page'>,
  onPath: Record<string, unknown>,
  hidden: Record<string, unknown>,
): DraftView {
  const startedAt = formatTimestamp(Number(row.started_at))
  // Missing required answers are expected of a draft: only the answers it builds are wanted.
  const { item } = buildResponseItem(definition, { answers: onPath, hidden }, row.id, startedAt)
  return {
    id: row.id,
    started_at: startedAt,
    updated_at: formatTimestamp(Number(row.updated_at)),
    last_page: row.last_page,
    answers: item.answers,
    hidden: item.hidden,
  }
}

/** Queues a `draft_updated` event for each enabled webhook of the form that subscribed to it. */
export async function enqueueDraftUpdated(
  trx: Transaction,
  clock: Clock,
  signal: DeliverySignal,
  event: { workspaceId: string; formId: string; draft: DraftView },
  ids: IdPool,
): Promise<void> {
  const webhooks = await trx
    .selectFrom('webhooks')
    .select(['id', 'event_types'])
    .where('form_id', '=', event.formId)
    .where('workspace_id', '=', event.workspaceId)
    .where('enabled', '=', 1)
    .orderBy('created_at', 'asc')
    .execute()
  const subscribed = webhooks.filter((webhook) => eventTypesOf(webhook).draft_updated).map(({ id }) => id)
  await queueEvent(
    trx,
    clock,
    signal,
    subscribed,
    'draft_updated',
    (header) => JSON.stringify({ ...header, draft: { form_id: event.formId, ...event.draft } }),
    { ids },
  )
}

/**
 * A page of the form's open drafts, newest first, read within `budget`; undefined when the form is
 * not in the workspace, 'hidden' when its settings do not show drafts to the team.
 */
export async function listDrafts(
  db: Db,
  budget: MemoryBudget,
  workspaceId: string,
  formId: string,
  page: Page,
): Promise<Listing<DraftView> | undefined | 'hidden'> {
  const form = await findForm(db, workspaceId, formId)
  if (!form) return undefined
  if (!form.settings.partial_responses) return 'hidden'
  const plan = await planDrafts(db, formId, page)
  return plannedObjects(budget, page, plan, async (ids) =>
    (await loadDrafts(db, formId, ids)).map((row) => {
      const answers = draftAnswersOf(row)
      return draftView(form, row, draftProgress(form, answers).onPath, answers.hidden)
    }),
  )
}

/** The form's open drafts on `page`, newest first, as ids and stored sizes (plannedObjects reads them). */
async function planDrafts(db: Db, formId: string, page: Page): Promise<{ id: string; bytes: number }[]> {
  return db
    .selectFrom('drafts')
    .select(['id', sql<number>`octet_length(answers_json) + octet_length(hidden_json)`.as('bytes')])
    .where('form_id', '=', formId)
    .where('ended_at', 'is', null)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .$call((query) => pageRows(query, page))
    .execute()
}

/** Open drafts by id, newest first. */
async function loadDrafts(db: Db, formId: string, ids: string[]): Promise<DraftRow[]> {
  return db
    .selectFrom('drafts')
    .selectAll()
    .where('form_id', '=', formId)
    .where('id', 'in', ids)
    .where('ended_at', 'is', null)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

/** Deletes up to `limit` drafts, ended or not, untouched since `before` (µs); says how many went. */
export async function pruneDrafts(db: Db, before: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('drafts')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('drafts')
        .select('id')
        .where('updated_at', '<', before)
        .orderBy('updated_at', 'asc')
        .limit(limit),
    )
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
