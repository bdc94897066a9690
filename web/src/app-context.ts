import { createContext } from 'preact'
import { useContext } from 'preact/hooks'
import type { Api } from './api'

export interface AppState {
  api: Api
  /** Whether the signed-in token holds this scope; write controls are hidden without it. */
  can(scope: string): boolean
  /** Why the caller cannot `action` ("create forms"): "Viewers can't create forms". */
  reason(action: string): string
  /** Goes to another page of the app, asking first when the page holds unsaved changes. */
  navigate(path: string): void
  /** Names the page: the tab's title, and what the page announcer says when focus moves to it. */
  setPageTitle(title: string): void
  unsavedChanges: UnsavedChanges
}

/** Where pages with unsaved work register (see unsaved-changes.ts); one per app. */
export interface UnsavedChanges {
  /** Registers a page's check; the returned function withdraws it. */
  register(pending: () => boolean): () => void
  /** Whether leaving now would lose work a page holds. */
  pending(): boolean
}

export const AppContext = createContext<AppState | null>(null)

export function useApp(): AppState {
  const state = useContext(AppContext)
  if (!state) throw new Error('useApp outside the app')
  return state
}
