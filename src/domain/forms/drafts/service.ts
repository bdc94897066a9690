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
import { validationFailed } from '../../errors.js'
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
  findOpenDraft,
  listDrafts,
  newResumeToken,
  pruneDrafts,
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

  /** Writes the draft's row (`write`) and, when the team sees drafts, its event, in one transaction. */
  async function saved(
    found: PublicForm,
    draft: DraftAnswers,
    write: (trx: Transaction, lastPage: string | null) => Promise<DraftRow | undefined>,
  ) {
    const progress = draftProgress(found.form, draft)
    const lastPage = progress.pages.at(-1) ?? null
    await database.transaction(async (trx) => {
      const row = await write(trx, lastPage)
      if (!row) throw noDraft()
      if (!found.form.settings.partial_responses) return
      const view = draftView(found.form, row, progress.onPath, draft.hidden)
      await enqueueDraftUpdated(
        trx,
        clock,
        signal,
        { workspaceId: found.workspaceId, formId: found.form.id, draft: view },
        ids,
      )
    })
    return { pages: progress.pages, next_page: progress.next_page }
  }

  return {
    /** The open draft of this token; undefined for an unknown, ended or malformed token. */
    async find(token: string): Promise<DraftRow | undefined> {
      const digest = tokenDigest(token)
      return digest === undefined ? undefined : findOpenDraft(db, digest)
    },

    /** Starts a draft of a form that accepts answers. */
    async start(found: PublicForm, change: DraftChange): Promise<DraftState> {
      checkedChange(found.form, change)
      const draft = mergeDraft({ answers: {}, hidden: {} }, change)
      const { token, digest } = newResumeToken()
      const now = clock.nowMicros()
      const progress = await saved(found, draft, (trx, lastPage) =>
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
            ended_at: null,
            response_id: null,
          })
          .returningAll()
          .executeTakeFirst(),
      )
      return { resume_token: token, ...progress }
    },

    /** Merges answers into an open draft (`draft`, as `find` gave it). */
    async update(
      found: PublicForm,
      token: string,
      draft: DraftRow,
      change: DraftChange,
    ): Promise<DraftState> {
      checkedChange(found.form, change)
      const merged = mergeDraft(draftAnswersOf(draft), change)
      const progress = await saved(found, merged, (trx, lastPage) =>
        trx
          .updateTable('drafts')
          .set({
            answers_json: JSON.stringify(merged.answers),
            hidden_json: JSON.stringify(merged.hidden),
            last_page: lastPage,
            updated_at: clock.nowMicros(),
          })
          .where('id', '=', draft.id)
          .where('ended_at', 'is', null)
          .returningAll()
          .executeTakeFirst(),
      )
      return { resume_token: token, ...progress }
    },

    /**
     * Submits the draft's answers on its path as a public submission and ends it, in one
     * transaction: refused (validation_failed, NotAcceptingError), the draft stays as it was.
     */
    async complete(found: PublicForm, draft: DraftRow) {
      const stored = await completeDraft(database, clock, signal, { definitions, ids }, found, draft)
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

    /** Deletes up to `limit` drafts untouched since `before` (µs); how many went. */
    prune: (before: number, limit: number) => pruneDrafts(db, before, limit),
  }
}

export type DraftsService = ReturnType<typeof draftsService>
