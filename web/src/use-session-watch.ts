import { useEffect } from 'preact/hooks'
import { type Api, ApiError, type Session } from './api'

// A signed-in dashboard asks every few seconds who it is: a member removed, a session ended
// elsewhere (a password changed or reset, signed out) shows the sign-in page within seconds, and a
// changed role shows its new controls, without a reload. Only while the page is shown.

const EVERY_MS = 3_000

export function useSessionWatch(
  api: Api,
  session: Session | null | undefined,
  setSession: (session: Session | null) => void,
  onEnded: () => void,
) {
  const signedIn = Boolean(session)
  const shape = session ? shapeOf(session) : ''
  useEffect(() => {
    if (!signedIn) return
    let stopped = false
    const check = async () => {
      if (document.visibilityState === 'hidden') return
      try {
        const now = await api.session.get()
        if (!stopped && shapeOf(now) !== shape) setSession(now)
      } catch (problem) {
        if (!stopped && problem instanceof ApiError && problem.status === 401) {
          onEnded()
          setSession(null)
        }
      }
    }
    const timer = setInterval(check, EVERY_MS)
    addEventListener('visibilitychange', check)
    return () => {
      stopped = true
      clearInterval(timer)
      removeEventListener('visibilitychange', check)
    }
  }, [api, signedIn, shape])
}

/** What the page shows of a session: its scopes and who it is (not when it ends). */
function shapeOf(session: Session): string {
  return JSON.stringify([session.scopes, session.member ?? null, session.token ?? null])
}
