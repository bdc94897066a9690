// The address people reach this Canvass at, as the server tells its dashboard (src/http/routes/dashboard.ts,
// withServerSettings): CANVASS_PUBLIC_URL in a meta tag, or that links work only on this machine
// (a loopback HOST without one). Without either, the page's own origin is the one to share.

const meta = (name: string) =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined

export interface PublicAddress {
  /** Where /f and /embed.js are reached, without a trailing slash. */
  base: string
  /** The server listens on a loopback address and CANVASS_PUBLIC_URL is not set. */
  thisMachineOnly: boolean
}

export function publicAddress(): PublicAddress {
  const configured = meta('canvass-public-url')
  return {
    base: (configured ?? location.origin).replace(/\/+$/, ''),
    thisMachineOnly: !configured && meta('canvass-links') === 'this-machine-only',
  }
}

/** The hosted page of a form, which respondents open. */
export const formLink = (formId: string, base = publicAddress().base) =>
  `${base}/f/${encodeURIComponent(formId)}`

const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The HTML that shows a form on another site (docs/respondents.md#embedding, GET /embed.js). */
export function embedSnippet(form: { id: string; title: string }, base = publicAddress().base): string {
  return (
    `<div data-canvass-form="${attribute(form.id)}" data-canvass-title="${attribute(form.title)}"></div>\n` +
    `<script src="${attribute(`${base}/embed.js`)}" async></script>`
  )
}
