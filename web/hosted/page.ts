// What every respondent page's script does (form.ts, flow-main.ts): focuses the server's error
// summary, forgets the answers kept in this tab once thanked, and tells an embedding page its height.

/** Runs the page-wide parts; returns the server's error summary, if the page has one. */
export function startPage(): HTMLElement | null {
  const serverSummary = document.querySelector<HTMLElement>('.error-summary')
  serverSummary?.focus()
  if (location.pathname.endsWith('/thanks')) {
    try {
      for (const k of Object.keys(sessionStorage)) if (k.startsWith('canvass:')) sessionStorage.removeItem(k)
    } catch {}
  }

  if (window.parent !== window) {
    const send = () =>
      window.parent.postMessage(
        { canvass: 'height', height: Math.ceil(document.documentElement.getBoundingClientRect().height) },
        '*',
      )
    new ResizeObserver(send).observe(document.documentElement)
    send()
  }
  return serverSummary
}
