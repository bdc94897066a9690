import { createContext } from 'preact'
import { useContext } from 'preact/hooks'
import type { Api } from './api'

export interface AppState {
  api: Api
  /** Whether the signed-in token holds this scope; write controls are hidden without it. */
  can(scope: string): boolean
  navigate(path: string): void
}

export const AppContext = createContext<AppState | null>(null)

export function useApp(): AppState {
  const state = useContext(AppContext)
  if (!state) throw new Error('useApp outside the app')
  return state
}
