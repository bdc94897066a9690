import type { RefObject } from 'preact'
import { useEffect, useLayoutEffect, useMemo, useReducer, useRef } from 'preact/hooks'
import { type Api, ApiError, type Form } from '../api'
import { useApp } from '../app-context'
import { useUnsavedChangesGuard } from '../unsaved-changes'
import { type BuilderEvent, type BuilderState, reduceBuilder, startingState } from './builder-state'
import {
  checkDraft,
  type Draft,
  draftOf,
  emptyDraft,
  inputOf,
  type Orphans,
  orphansOf,
  type Problem,
} from './draft'
import { forgetKeptDraft, keepDraft, readKeptDraft } from './kept-drafts'

// The builder's draft and everything about it: loading the saved form (or the draft kept in this
// tab), the rules checked as you type, saving with If-Match, and the guard while it is unsaved.

type Dispatch = (event: BuilderEvent) => void

export interface BuilderDraft extends BuilderState {
  /** The draft differs from the saved form (or from an empty one). */
  dirty: boolean
  /** The problems listed above the form: the draft's own once a save was tried, then the server's. */
  shown: Problem[]
  messageAt(path: string): string | undefined
  /** The list of problems, focused when a save is refused. */
  summary: RefObject<HTMLDivElement | null>
  change(draft: Draft): void
  save(options?: SaveOptions): Promise<void>
  /** Makes the draft public (or not) and saves it, as one step. */
  publish(isPublic: boolean): Promise<void>
  loadTheirs(): Promise<void>
  discardKept(): void
  dismissOrphans(): void
}

interface SaveOptions {
  /** The person confirmed leaving answers without their question. */
  confirmed?: boolean
  /** Save over a version someone else saved since this draft's was loaded. */
  overwrite?: boolean
}

export function useBuilderDraft(formId: string | undefined): BuilderDraft {
  const { api, navigate } = useApp()
  const [state, dispatch] = useReducer(reduceBuilder, formId ? undefined : emptyDraft(), startingState)
  const summary = useRef<HTMLDivElement>(null)
  const { saved, draft, etag } = state

  useEffect(() => loadDraft(api, formId, dispatch), [formId])

  const baseline = useMemo(() => JSON.stringify(inputOf(saved ? draftOf(saved) : emptyDraft())), [saved])
  const dirty = draft !== undefined && JSON.stringify(inputOf(draft)) !== baseline

  // Kept in the tab as the change is shown (a layout effect), so a reload right after typing cannot miss it.
  useLayoutEffect(() => {
    if (!draft) return
    if (dirty) keepDraft(formId, { draft, etag })
    else forgetKeptDraft(formId)
  }, [draft, dirty, etag])
  const releaseGuard = useUnsavedChangesGuard(dirty)

  const problems = useMemo(() => (draft ? checkDraft(draft) : []), [draft])
  const shown = [...(state.showErrors ? problems : []), ...state.serverProblems]
  const saving: Saving = {
    api,
    state,
    problems,
    dispatch,
    focusSummary: () => queueMicrotask(() => summary.current?.focus()),
    created: (form) => {
      forgetKeptDraft(undefined)
      // Saved: leaving for the new form's own address loses nothing.
      releaseGuard()
      navigate(`/app/forms/${encodeURIComponent(form.id)}/edit`)
    },
  }
  return {
    ...state,
    dirty,
    shown,
    messageAt: (path) =>
      shown.find((problem) => problem.path === path)?.message ??
      problems.find((problem) => problem.path === path)?.message,
    summary,
    change: (next) => dispatch({ type: 'edited', draft: next }),
    save: (options) => saveDraft(saving, options),
    publish: (isPublic) => {
      if (!draft) return Promise.resolve()
      const next = { ...draft, settings: { ...draft.settings, public: isPublic } }
      dispatch({ type: 'edited', draft: next })
      return saveDraft({ ...saving, state: { ...state, draft: next } })
    },
    loadTheirs: () => loadTheirs(api, saved, dispatch),
    discardKept: () => {
      forgetKeptDraft(formId)
      dispatch({ type: 'keptDiscarded', draft: saved ? draftOf(saved) : emptyDraft() })
    },
    dismissOrphans: () => dispatch({ type: 'orphansDismissed' }),
  }
}

/** The saved form with its version, then any unsaved draft of it kept in this tab. */
function loadDraft(api: Api, formId: string | undefined, dispatch: Dispatch): () => void {
  let current = true
  const kept = readKeptDraft(formId)
  if (!formId) {
    if (kept) dispatch({ type: 'loaded', saved: undefined, etag: '', draft: kept.draft, restored: true })
  } else {
    api.forms.getVersioned(formId).then(
      ({ form, etag }) => {
        if (!current) return
        const draft = kept ? kept.draft : draftOf(form)
        dispatch({
          type: 'loaded',
          saved: form,
          etag: kept?.etag || etag,
          draft,
          restored: kept !== undefined,
        })
      },
      (error) => current && dispatch({ type: 'loadFailed', error }),
    )
  }
  return () => {
    current = false
  }
}

/** What a save works with: the state it was asked in, and how it reports what happened. */
interface Saving {
  api: Api
  state: BuilderState
  problems: Problem[]
  dispatch: Dispatch
  focusSummary(): void
  created(form: Form): void
}

async function saveDraft(saving: Saving, { confirmed = false, overwrite = false }: SaveOptions = {}) {
  const { api, state, problems, dispatch } = saving
  const { draft, saved } = state
  if (!draft) return
  dispatch({ type: 'checked', valid: problems.length === 0 })
  if (problems.length > 0) return saving.focusSummary()
  if (saved && !confirmed && saved.response_count > 0) {
    const orphans = await orphansFor(api, saved, draft)
    if (orphans) return dispatch({ type: 'orphansFound', orphans })
  }
  dispatch({ type: 'saveStarted' })
  try {
    // The rules' own FormInput type and the client's (generated from the OpenAPI document) say the same.
    const input = inputOf(draft) as unknown as Parameters<typeof api.forms.create>[0]
    if (!saved) return saving.created(await api.forms.create(input))
    const result = overwrite
      ? await api.forms
          .getVersioned(saved.id)
          .then(({ etag: latest }) => api.forms.replaceIfUnchanged(saved.id, input, latest))
      : await api.forms.replaceIfUnchanged(saved.id, input, state.etag)
    forgetKeptDraft(saved.id)
    dispatch({ type: 'saved', form: result.form, etag: result.etag, draft: draftOf(result.form) })
  } catch (error) {
    if (error instanceof ApiError && error.status === 412) {
      dispatch({ type: 'conflicted' })
    } else if (error instanceof ApiError && error.errors.length > 0) {
      dispatch({ type: 'refused', error, problems: error.errors })
      saving.focusSummary()
    } else {
      dispatch({ type: 'saveFailed', error })
    }
  } finally {
    dispatch({ type: 'saveEnded' })
  }
}

/** Answers the draft would leave without their question; null when it leaves none. */
async function orphansFor(api: Api, form: Form, next: Draft): Promise<Orphans | null> {
  const insights = await api.insights.get(form.id)
  const answered = new Map(
    insights.questions.map((question) => [
      question.id,
      {
        answered: question.answered,
        choices: new Map((question.choices ?? []).map((choice) => [choice.label, choice.count])),
      },
    ]),
  )
  const found = orphansOf(form, next, answered)
  return found.questions.length + found.choices.length + found.kinds.length > 0 ? found : null
}

/** After a conflict: the version someone else saved replaces the draft. */
async function loadTheirs(api: Api, saved: Form | undefined, dispatch: Dispatch): Promise<void> {
  if (!saved) return
  const { form, etag } = await api.forms.getVersioned(saved.id)
  forgetKeptDraft(saved.id)
  dispatch({ type: 'reloaded', form, etag, draft: draftOf(form) })
}
