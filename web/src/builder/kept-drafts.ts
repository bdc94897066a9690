import type { Draft } from './draft'

// A draft is kept in the tab (sessionStorage) until it is saved, so a reload brings it back; the
// version it edits is kept with it, so saving it later still refuses to overwrite someone else's.

export interface KeptDraft {
  draft: Draft
  etag: string
}

const keyOf = (formId: string | undefined) => `canvass:builder:${formId ?? 'new'}`

export function readKeptDraft(formId: string | undefined): KeptDraft | undefined {
  try {
    const text = sessionStorage.getItem(keyOf(formId))
    if (!text) return undefined
    const kept = JSON.parse(text) as KeptDraft
    // A draft kept before the builder edited the flow has none (its form had none either).
    kept.draft.flow ??= { pages: [], logic: [], endings: [] }
    kept.draft.languages ??= []
    kept.draft.translations ??= {}
    return kept
  } catch {
    return undefined
  }
}

export function keepDraft(formId: string | undefined, kept: KeptDraft): void {
  sessionStorage.setItem(keyOf(formId), JSON.stringify(kept))
}

export function forgetKeptDraft(formId: string | undefined): void {
  sessionStorage.removeItem(keyOf(formId))
}
