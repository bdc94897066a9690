import { LRUCache } from 'lru-cache'
import type { Clock } from '../../../clock.js'
import { publicBaseUrl } from '../../../config.js'
import type { Database, Db } from '../../../db/database.js'
import { IdPool } from '../../../ids.js'
import type { ProductMetrics } from '../../../product-metrics.js'
import {
  type DraftAnswers,
  draftChangeErrors,
  draftProgress,
  mergeDraft,
} from '../../../shared/flow/progress.js'
import type { FlowPath } from '../../../shared/flow/types.js'
import { NotAcceptingError } from '../../../shared/forms/settings.js'
import { conflict, DomainError, notFound, validationFailed } from '../../errors.js'
import type { FilesService } from '../../files/service.js'
import { moveFunnelEntry, startFunnelEntries } from '../../insights/funnel-store.js'
import type { MemoryBudget, Page } from '../../listing.js'
import type { MailSettings, ServerAddress } from '../../mail/outbox.js'
import type { DeliverySignal } from '../../webhooks/signal.js'
import type { FormView } from '../forms.js'
import type { PublicForm } from '../public.js'
import { definitionMemo } from '../responses/store.js'
import { completeDraft, noDraft } from './complete.js'
import {
  draftAnswersOf,
  draftView,
  enqueueDraftUpdated,
  findDraft,
  findOpenDraft,
  formExists,
  listDrafts,
  newResumeToken,
  type OpenDraft,
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

/** The change with each file answer put in its stored file's place, once it is known to be valid. */
async function checkedChange(files: FileAnswers, form: FormView, change: DraftChange): Promise<DraftChange> {
  const answers = change.answers && (await files.resolveAnswers(form, change.answers))
  const resolved = answers ? { ...change, answers } : change
  const errors = draftChangeErrors(form, resolved)
  if (errors.length > 0) throw validationFailed(errors)
  return resolved
}

/** How a draft's file answers are looked up, and kept while it lives (files/service.ts). */
export type FileAnswers = Pick<FilesService, 'resolveAnswers' | 'keep'>

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

/**
 * Writes a draft's row: in the transaction given, or, where the change writes nothing else,
 * `alone` (the prepared write, when there is one); the row written, undefined when there was no
 * row to write.
 */
interface WriteRow {
  (trx: Db, lastPage: string | null): Promise<DraftRow | undefined>
  alone?: (lastPage: string | null) => Promise<DraftRow | undefined>
}

type DraftRow = Omit<OpenDraft, 'funnel_pages'>

/** Where a change leaves a draft, as far as its caller knows. */
export interface Placing {
  /** The page its respondent is at on the hosted page, kept as its `last_page`. */
  reached?: string
  /** The path of the draft's answers with the change, when the caller has worked it out already. */
  path?: FlowPath
  /** Keep the draft as written for the next change (the hosted page's next post: findForChange). */
  keep?: boolean
}

/** What a saved change tells: the draft's progress and its row as written, with its funnel pages. */
interface Saved {
  progress: Omit<DraftState, 'resume_token'>
  row: OpenDraft
}

/**
 * Writes the draft's row (`write`), its place in the funnel and, when the team sees drafts, its
 * `draft_updated` event, in one transaction; undefined when `write` wrote no row. `funnel` is
 * what the funnel held for the draft when it was read (undefined for a new one): a change that
 * leaves it as it was, of a form whose team does not see drafts, writes the row alone (most posts
 * of the hosted page answer questions of the page the draft is on).
 */
async function saveDraft(
  { database, clock, signal, ids }: DraftWriter,
  found: PublicForm,
  draft: DraftAnswers,
  write: WriteRow,
  { reached, path }: Placing,
  funnel?: string | null,
): Promise<Saved | undefined> {
  const size = JSON.stringify(draft.answers).length + JSON.stringify(draft.hidden).length
  if (size > DRAFT_TEXT_MAX)
    throw validationFailed([
      {
        path: '/answers',
        message: `would make the draft hold ${size} characters of answers, more than ${DRAFT_TEXT_MAX}`,
      },
    ])
  const progress = draftProgress(found.form, draft, path)
  const lastPage = reached ?? progress.pages.at(-1) ?? null
  // In the funnel (docs/api.md#insights) the draft reaches the pages of its progress, up to the
  // page its respondent is at on the hosted page.
  const at = reached === undefined ? -1 : progress.pages.indexOf(reached)
  const pages = at < 0 ? progress.pages : progress.pages.slice(0, at + 1)
  const pagesText = JSON.stringify(pages)
  const done = { pages: progress.pages, next_page: progress.next_page }
  // The row's write holds only if the row is as it was read (its version), and so is its funnel
  // entry: writes of the row change it, and the rebuild (funnel-rebuild.ts) adds only entries a
  // draft had none of, which a `funnel` read as null never equals.
  if (funnel === pagesText && !found.form.settings.partial_responses) {
    const row = await (write.alone ? write.alone(lastPage) : write(database.db, lastPage))
    return row && { progress: done, row: { ...row, funnel_pages: funnel } }
  }
  return database.transaction(async (trx) => {
    const row = await write(trx, lastPage)
    if (!row) return undefined
    let entered = true
    if (row.version === 0) {
      const entry = { id: row.id, startedAt: Number(row.started_at), responseId: null, pages }
      await startFunnelEntries(trx, found.form.id, [entry])
    } else entered = await moveFunnelEntry(trx, found.form.id, row.id, { pages })
    const saved = { progress: done, row: { ...row, funnel_pages: entered ? pagesText : null } }
    if (!found.form.settings.partial_responses) return saved
    const view = draftView(found.form, row, progress.onPath, draft.hidden)
    const event = { workspaceId: found.workspaceId, formId: found.form.id, draft: view }
    await enqueueDraftUpdated(trx, clock, signal, event, ids)
    return saved
  })
}

/** Writes a new draft's row (version 0). */
function draftInserter(
  id: string,
  now: number,
  found: PublicForm,
  digest: string,
  draft: DraftAnswers,
  recipientId: string | null,
): WriteRow {
  return (trx, lastPage) =>
    trx
      .insertInto('drafts')
      .values({
        id,
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
        recipient_id: recipientId,
      })
      .returningAll()
      .executeTakeFirst()
}

/**
 * Writes `merged` over the draft's row if it is still as read (`current`: its version, under its
 * token, open): in a transaction through Kysely, or alone through the prepared write.
 */
function changeWriter(database: Database, clock: Clock, current: OpenDraft, merged: DraftAnswers): WriteRow {
  const { id, version: seen, token_digest: digest, funnel_pages: _, ...row } = current
  const next = (lastPage: string | null) => ({
    answers_json: JSON.stringify(merged.answers),
    hidden_json: JSON.stringify(merged.hidden),
    last_page: lastPage,
    updated_at: clock.nowMicros(),
    version: seen + 1,
  })
  const write: WriteRow = (trx, lastPage) =>
    trx
      .updateTable('drafts')
      .set(next(lastPage))
      .where('id', '=', id)
      .where('token_digest', '=', digest)
      .where('version', '=', seen)
      .where('ended_at', 'is', null)
      .returningAll()
      .executeTakeFirst()
  write.alone = async (lastPage) => {
    const values = next(lastPage)
    const changed = await database.writes.changeDraft({
      id,
      tokenDigest: digest,
      version: seen,
      answersJson: values.answers_json,
      hiddenJson: values.hidden_json,
      lastPage,
      updatedAt: values.updated_at,
    })
    return changed ? { ...row, id, token_digest: digest, ...values } : undefined
  }
  return write
}

/** The drafts a process keeps as it wrote them last, by token digest, bounded by their characters. */
const recentDrafts = () =>
  new LRUCache<string, OpenDraft>({
    maxSize: RECENT_DRAFTS_CHARS,
    sizeCalculation: (row) =>
      row.answers_json.length +
      row.hidden_json.length +
      (row.funnel_pages?.length ?? 0) +
      (row.last_page?.length ?? 0) +
      ROW_CHARS,
  })

/** What `read` finds by the token's digest; undefined for a malformed token. */
async function byToken<Row>(token: string, read: (digest: string) => Promise<Row | undefined>) {
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

/** Most characters of answers the recently written drafts kept in memory hold, and what a row adds. */
const RECENT_DRAFTS_CHARS = 16 * 1024 * 1024
const ROW_CHARS = 256

/** For a service without uploads (tests of drafts alone): answers as they are. */
const noFiles: FileAnswers = { resolveAnswers: async (_form, answers) => answers, keep: async () => {} }

export function draftsService(
  database: Database,
  clock: Clock,
  signal: DeliverySignal,
  metrics: ProductMetrics,
  mail: MailSettings & ServerAddress,
  changed: (formId: string) => void = () => {},
  files: FileAnswers = noFiles,
) {
  const { db } = database
  const ids = new IdPool(() => clock.now())
  const definitions = definitionMemo()
  const writer: DraftWriter = { database, clock, signal, ids }

  // The drafts this process wrote last, as written, by token digest: a respondent's next page is
  // a change of the draft their previous page wrote, so it is not read again (findForChange). A
  // change's write holds only if the row is still that version under that token and open; else
  // the draft is read again: another process wrote it, its link was renewed, or it ended.
  const recent = recentDrafts()

  return {
    /** The open draft of this token; undefined for an unknown, ended or malformed token. */
    find: (token: string) => byToken(token, (digest) => findOpenDraft(db, digest)),
    /**
     * The open draft of this token to change (`update`): as this process last wrote it (`kept`:
     * only a write checks that it still is), else as read; undefined for an unknown, ended or
     * malformed token.
     */
    findForChange: (token: string) =>
      byToken(token, async (digest) => {
        const kept = recent.get(digest)
        if (kept) return { draft: kept, kept: true }
        const draft = await findOpenDraft(db, digest)
        return draft && { draft, kept: false }
      }),
    /** A new resume token for the open draft (the old one is spent); undefined once it is ended. */
    renew(draft: Pick<DraftRow, 'id' | 'token_digest'>) {
      recent.delete(draft.token_digest)
      return renewToken(db, draft.id)
    },
    /** The draft of this token, open or ended (the hosted thank-you page recalls its answers). */
    findAny: (token: string) => byToken(token, (digest) => findDraft(db, digest)),

    /**
     * Starts a draft of a form that accepts answers. `placing.reached` is the page its respondent
     * is at, kept as its `last_page` (the hosted page says; else the last page of the path so far).
     * `recipientId`: the personal link it is answered through, whose one response it becomes.
     */
    async start(
      found: PublicForm,
      change: DraftChange,
      placing: Placing = {},
      recipientId: string | null = null,
    ): Promise<DraftState> {
      change = await checkedChange(files, found.form, change)
      const draft = mergeDraft({ answers: {}, hidden: {} }, change)
      const { token, digest } = newResumeToken()
      const insert = draftInserter(ids.next('drf'), clock.nowMicros(), found, digest, draft, recipientId)
      const done = await saveDraft(writer, found, draft, insert, placing).catch(async (error: unknown) => {
        // The form was deleted since it was read (its row is what the draft references).
        if (!(await formExists(db, found.form.id))) throw notFound('form', found.form.id)
        throw error
      })
      if (!done) throw noDraft()
      if (placing.keep) recent.set(digest, done.row)
      return { resume_token: token, ...done.progress }
    },

    /**
     * Merges answers into an open draft (`draft`, as `find` or `findForChange` gave it). The write
     * holds only if the draft is still as read, under this token; else it is read again and merged
     * again, so that two changes at once both count (no lock, the same on both databases).
     * `placing.path`, if given, is the path of `draft` with the change.
     */
    async update(
      found: PublicForm,
      token: string,
      draft: OpenDraft,
      change: DraftChange,
      placing: Placing = {},
    ): Promise<DraftState> {
      change = await checkedChange(files, found.form, change)
      const digest = draft.token_digest
      let current: OpenDraft | undefined = draft
      for (let attempt = 0; attempt < MERGE_ATTEMPTS && current; attempt++) {
        const merged = mergeDraft(draftAnswersOf(current), change)
        const write = changeWriter(database, clock, current, merged)
        const placed = current === draft ? placing : { reached: placing.reached, keep: placing.keep }
        const done = await saveDraft(writer, found, merged, write, placed, current.funnel_pages)
        if (done) {
          await files.keep(found.form, merged.answers) // the draft lives on: so do all its files
          if (placing.keep) recent.set(digest, done.row)
          return { resume_token: token, ...done.progress }
        }
        recent.delete(digest)
        current = await findOpenDraft(db, digest)
      }
      if (current) throw conflict('the draft was changed by other requests meanwhile; send the change again')
      throw noDraft()
    },

    /** Submits the draft's answers on its path and ends it (completeDraft); refused, it stays as it was. */
    async complete(found: PublicForm, draft: DraftRow) {
      const options = { definitions, ids, mail, files: { base: publicBaseUrl(mail) } }
      const refused = (error: unknown) => countRefusal(metrics, error)
      recent.delete(draft.token_digest)
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
