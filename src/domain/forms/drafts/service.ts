import type { Clock } from '../../../clock.js'
import type { Database, Transaction } from '../../../db/database.js'
import { IdPool } from '../../../ids.js'
import type { ProductMetrics } from '../../../product-metrics.js'
import {
  type DraftAnswers,
  draftChangeErrors,
  draftProgress,
  mergeDraft,
} from '../../../shared/flow/progress.js'
import type { FormDefinition } from '../../../shared/forms/definition.js'
import { NotAcceptingError } from '../../../shared/forms/settings.js'
import { conflict, DomainError, notFound, validationFailed } from '../../errors.js'
import { moveFunnelEntry, startFunnelEntries } from '../../insights/funnel-store.js'
import type { MemoryBudget, Page } from '../../listing.js'
import type { DeliverySignal } from '../../webhooks/signal.js'
import type { PublicForm } from '../public.js'
import { definitionMemo } from '../responses/store.js'
import { completeDraft, noDraft } from './complete.js'
import {
  type DraftRow,
  draftAnswersOf,
  draftView,
  enqueueDraftUpdated,
  findDraft,
  findOpenDraft,
  findOpenDraftById,
  formExists,
  listDrafts,
  newResumeToken,
  renewToken,
  tokenDigest,
} from './store.js'

// Drafts (docs/api.md#drafts): a respondent's answers kept on the server between pages and
// devices, named by a resume token. The routes check first that the form accepts answers (the
// public rules); completing stores the response through storeResponses, as a public submission
// is stored, in the transaction that ends the draft.

/** What a respondent's front-end is told after each change. */
export interface DraftState {
  resume_token: string
  pages: string[]
  next_page: string | null
}

/** A draft's answers and hidden values as a request changes them (null removes one). */
export type DraftChange = Partial<DraftAnswers>

function checkedChange(definition: FormDefinition, change: DraftChange): void {
  const errors = draftChangeErrors(definition, change)
  if (errors.length > 0) throw validationFailed(errors)
}

/**
 * Most characters of answers and hidden values a draft holds: what one public submission may send
 * (its body limit), so that changes sent one by one cannot build a response no submission could.
 */
const DRAFT_TEXT_MAX = 256 * 1024

/** What writing a draft takes. */
interface DraftWriter {
  database: Database
  clock: Clock
  signal: DeliverySignal
  ids: IdPool
}

/** Writes a draft's row inside the transaction; undefined when there was no row to write. */
type WriteRow = (trx: Transaction, lastPage: string | null) => Promise<DraftRow | undefined>

/**
 * Writes the draft's row (`write`), its place in the funnel and, when the team sees drafts, its
 * `draft_updated` event, in one transaction; the draft's progress, or undefined when `write` wrote no row.
 */
async function saveDraft(
  { database, clock, signal, ids }: DraftWriter,
  found: PublicForm,
  draft: DraftAnswers,
  write: WriteRow,
  reached?: string,
): Promise<Omit<DraftState, 'resume_token'> | undefined> {
  const size = JSON.stringify(draft.answers).length + JSON.stringify(draft.hidden).length
  if (size > DRAFT_TEXT_MAX)
    throw validationFailed([
      {
        path: '/answers',
        message: `would make the draft hold ${size} characters of answers, more than ${DRAFT_TEXT_MAX}`,
      },
    ])
  const progress = draftProgress(found.form, draft)
  const lastPage = reached ?? progress.pages.at(-1) ?? null
  const written = await database.transaction(async (trx) => {
    const row = await write(trx, lastPage)
    if (!row) return false
    // In the funnel (docs/api.md#insights) the draft reaches the pages of its progress, up to the
    // page its respondent is at on the hosted page.
    const at = reached === undefined ? -1 : progress.pages.indexOf(reached)
    const pages = at < 0 ? progress.pages : progress.pages.slice(0, at + 1)
    if (row.version === 0) {
      const entry = { id: row.id, startedAt: Number(row.started_at), responseId: null, pages }
      await startFunnelEntries(trx, found.form.id, [entry])
    } else await moveFunnelEntry(trx, found.form.id, row.id, { pages })
    if (!found.form.settings.partial_responses) return true
    const view = draftView(found.form, row, progress.onPath, draft.hidden)
    const event = { workspaceId: found.workspaceId, formId: found.form.id, draft: view }
    await enqueueDraftUpdated(trx, clock, signal, event, ids)
    return true
  })
  return written ? { pages: progress.pages, next_page: progress.next_page } : undefined
}

/** What `read` finds by the token's digest; undefined for a malformed token. */
async function byToken(token: string, read: (digest: string) => Promise<DraftRow | undefined>) {
  const digest = tokenDigest(token)
  return digest === undefined ? undefined : read(digest)
}

/** Counts a refused completion as a refused public submission is counted (/metrics); rethrows it. */
function countRefusal(metrics: ProductMetrics, error: unknown): never {
  if (error instanceof NotAcceptingError) metrics.publicSubmissionsRefused.inc({ kind: error.reason })
  else if (error instanceof DomainError && error.kind === 'validation_failed')
    metrics.publicSubmissionsRefused.inc({ kind: 'invalid' })
  throw error
}

// Changes to one draft at once are rare (one respondent): a few tries are plenty.
const MERGE_ATTEMPTS = 5

export function draftsService(
  database: Database,
  clock: Clock,
  signal: DeliverySignal,
  metrics: ProductMetrics,
  changed: (formId: string) => void = () => {},
) {
  const { db } = database
  const ids = new IdPool(() => clock.now())
  const definitions = definitionMemo()

  const saved = (found: PublicForm, draft: DraftAnswers, write: WriteRow, reached?: string) =>
    saveDraft({ database, clock, signal, ids }, found, draft, write, reached)

  return {
    /** The open draft of this token; undefined for an unknown, ended or malformed token. */
    find: (token: string) => byToken(token, (digest) => findOpenDraft(db, digest)),
    /** A new resume token for the open draft `id` (the old one is spent); undefined once it is ended. */
    renew: (id: string) => renewToken(db, id),
    /** The draft of this token, open or ended (the hosted thank-you page recalls its answers). */
    findAny: (token: string) => byToken(token, (digest) => findDraft(db, digest)),

    /**
     * Starts a draft of a form that accepts answers. `reached` is the page its respondent is at,
     * kept as its `last_page` (the hosted page says; else the last page of the path so far).
     */
    async start(found: PublicForm, change: DraftChange, reached?: string): Promise<DraftState> {
      checkedChange(found.form, change)
      const draft = mergeDraft({ answers: {}, hidden: {} }, change)
      const { token, digest } = newResumeToken()
      const now = clock.nowMicros()
      const insert = (trx: Transaction, lastPage: string | null) =>
        trx
          .insertInto('drafts')
          .values({
            id: ids.next('drf'),
            form_id: found.form.id,
            token_digest: digest,
            answers_json: JSON.stringify(draft.answers),
            hidden_json: JSON.stringify(draft.hidden),
            last_page: lastPage,
            started_at: now,
            updated_at: now,
            version: 0,
            ended_at: null,
            response_id: null,
          })
          .returningAll()
          .executeTakeFirst()
      const progress = await saved(found, draft, insert, reached).catch(async (error: unknown) => {
        // The form was deleted since it was read (its row is what the draft references).
        if (!(await formExists(db, found.form.id))) throw notFound('form', found.form.id)
        throw error
      })
      if (!progress) throw noDraft()
      return { resume_token: token, ...progress }
    },

    /**
     * Merges answers into an open draft (`draft`, as `find` gave it). The write holds only if the
     * draft is still as read; else it is read again and merged again, so that two changes at once
     * both count (no lock, the same on both databases).
     */
    async update(
      found: PublicForm,
      token: string,
      draft: DraftRow,
      change: DraftChange,
      reached?: string,
    ): Promise<DraftState> {
      checkedChange(found.form, change)
      let current: DraftRow | undefined = draft
      for (let attempt = 0; attempt < MERGE_ATTEMPTS && current; attempt++) {
        const { id, version: seen } = current
        const merged = mergeDraft(draftAnswersOf(current), change)
        const progress = await saved(
          found,
          merged,
          (trx, lastPage) =>
            trx
              .updateTable('drafts')
              .set({
                answers_json: JSON.stringify(merged.answers),
                hidden_json: JSON.stringify(merged.hidden),
                last_page: lastPage,
                updated_at: clock.nowMicros(),
                version: seen + 1,
              })
              .where('id', '=', id)
              .where('version', '=', seen)
              .where('ended_at', 'is', null)
              .returningAll()
              .executeTakeFirst(),
          reached,
        )
        if (progress) return { resume_token: token, ...progress }
        current = await findOpenDraftById(db, id)
      }
      if (current) throw conflict('the draft was changed by other requests meanwhile; send the change again')
      throw noDraft()
    },

    /** Submits the draft's answers on its path and ends it (completeDraft); refused, it stays as it was. */
    async complete(found: PublicForm, draft: DraftRow) {
      const options = { definitions, ids }
      const refused = (error: unknown) => countRefusal(metrics, error)
      const stored = await completeDraft(database, clock, signal, options, found, draft).catch(refused)
      changed(found.form.id)
      metrics.responsesStored.inc()
      return stored
    },

    /**
     * A page of the form's open drafts, newest first; undefined when the form is not in the
     * workspace, 'hidden' when its settings do not show drafts to the team.
     */
    page: (workspaceId: string, formId: string, page: Page, budget: MemoryBudget) =>
      listDrafts(db, budget, workspaceId, formId, page),
  }
}

export type DraftsService = ReturnType<typeof draftsService>
