import type { Form } from '../api'
import type { Draft, Orphans, Problem } from './draft'

// What the builder page knows besides its sections' own UI state, changed only by the events below:
// a load, an edit, and the outcomes of a save, each named for what happened.

export interface BuilderState {
  /** The form as last saved; undefined for a form not created yet. */
  saved: Form | undefined
  /** The saved version the draft edits, sent as If-Match. */
  etag: string
  /** Undefined while the form loads. */
  draft: Draft | undefined
  /** The draft came back from this tab's storage rather than from the server. */
  restored: boolean
  loadError: unknown
  /** Where the server refused the last save; cleared by the next edit. */
  serverProblems: Problem[]
  saveError: unknown
  /** Someone else saved since the draft's version was loaded. */
  conflict: boolean
  status: string
  saving: boolean
  /** The draft's own problems are listed once a save was tried, not while the first words are typed. */
  showErrors: boolean
  /** Answers a save would leave without their question, waiting for the person to confirm. */
  orphans: Orphans | null
}

export type BuilderEvent =
  | { type: 'loaded'; saved: Form | undefined; etag: string; draft: Draft; restored: boolean }
  | { type: 'loadFailed'; error: unknown }
  | { type: 'edited'; draft: Draft }
  | { type: 'keptDiscarded'; draft: Draft }
  | { type: 'checked'; valid: boolean }
  | { type: 'orphansFound'; orphans: Orphans }
  | { type: 'orphansDismissed' }
  | { type: 'saveStarted' }
  | { type: 'saved'; form: Form; etag: string; draft: Draft }
  | { type: 'conflicted' }
  | { type: 'refused'; error: unknown; problems: Problem[] }
  | { type: 'saveFailed'; error: unknown }
  | { type: 'saveEnded' }
  | { type: 'reloaded'; form: Form; etag: string; draft: Draft }

export function startingState(draft: Draft | undefined): BuilderState {
  return {
    saved: undefined,
    etag: '',
    draft,
    restored: false,
    loadError: null,
    serverProblems: [],
    saveError: null,
    conflict: false,
    status: '',
    saving: false,
    showErrors: false,
    orphans: null,
  }
}

export function reduceBuilder(state: BuilderState, event: BuilderEvent): BuilderState {
  switch (event.type) {
    case 'loaded':
      return { ...state, saved: event.saved, etag: event.etag, draft: event.draft, restored: event.restored }
    case 'loadFailed':
      return { ...state, loadError: event.error }
    case 'edited':
      return { ...state, draft: event.draft, serverProblems: [], status: '' }
    case 'keptDiscarded':
      return { ...state, draft: event.draft, restored: false }
    case 'checked':
      return { ...state, showErrors: true, status: event.valid ? state.status : '' }
    case 'orphansFound':
      return { ...state, orphans: event.orphans }
    case 'orphansDismissed':
      return { ...state, orphans: null }
    case 'saveStarted':
      return { ...state, saving: true, saveError: null, conflict: false }
    case 'saved':
      return {
        ...state,
        saved: event.form,
        etag: event.etag,
        draft: event.draft,
        showErrors: false,
        restored: false,
        status: 'Saved.',
      }
    case 'conflicted':
      return { ...state, conflict: true }
    case 'refused':
      return { ...state, serverProblems: event.problems, saveError: event.error }
    case 'saveFailed':
      return { ...state, saveError: event.error }
    case 'saveEnded':
      return { ...state, saving: false }
    case 'reloaded':
      return {
        ...state,
        saved: event.form,
        etag: event.etag,
        draft: event.draft,
        conflict: false,
        status: 'Loaded the latest saved version.',
      }
  }
}
