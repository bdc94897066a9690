import { useEffect, useRef } from 'preact/hooks'
import { type UnsavedChanges, useApp } from './app-context'

// Work a page has not saved yet (the form builder's draft) is guarded twice: the browser asks before
// the tab closes or reloads, and the app's own navigation asks before leaving the page.

/** Made once by the app and handed down through AppContext, not kept in a module. */
export function createUnsavedChanges(): UnsavedChanges {
  const checks = new Set<() => boolean>()
  return {
    register(check) {
      checks.add(check)
      return () => checks.delete(check)
    },
    pending: () => [...checks].some((check) => check()),
  }
}

/**
 * Guards a page while `unsaved` holds. The returned function lifts the guard at once, for a page
 * that has just saved and navigates away in the same step, before it renders again.
 */
export function useUnsavedChangesGuard(unsaved: boolean): () => void {
  const { unsavedChanges } = useApp()
  const release = useRef<() => void>(() => {})
  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!unsaved) return
      event.preventDefault()
      event.returnValue = ''
    }
    addEventListener('beforeunload', beforeUnload)
    release.current = unsavedChanges.register(() => unsaved)
    return () => {
      removeEventListener('beforeunload', beforeUnload)
      release.current()
    }
  }, [unsaved])
  return () => release.current()
}
