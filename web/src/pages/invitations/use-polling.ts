import { useEffect, useRef } from 'preact/hooks'

/**
 * Runs `poll` every `everyMs` while `active` and the page is visible (not in a hidden tab), and
 * once as soon as it is shown again, so what a page shows keeps up without a reload.
 */
export function usePolling(poll: () => void, active: boolean, everyMs = 3000) {
  const latest = useRef(poll)
  latest.current = poll
  useEffect(() => {
    if (!active) return
    let timer: ReturnType<typeof setInterval> | undefined
    const start = () => {
      if (timer === undefined) timer = setInterval(() => latest.current(), everyMs)
    }
    const stop = () => {
      clearInterval(timer)
      timer = undefined
    }
    const onVisibility = () => {
      if (document.visibilityState === 'visible') {
        latest.current()
        start()
      } else stop()
    }
    if (document.visibilityState === 'visible') start()
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      stop()
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [active, everyMs])
}
