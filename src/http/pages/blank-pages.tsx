import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib'
import { LRUCache } from 'lru-cache'
import type { FormView } from '../../domain/forms/forms.js'
import { redirectLocation } from '../../shared/forms/settings.js'
import { sourceLanguage } from '../../shared/forms/translations.js'
import { FlowPage } from '../../shared/pages/flow-page.js'
import { isPaged, pageState } from '../../shared/pages/flow-view.js'
import { FormPage } from '../../shared/pages/form-page.js'
import { renderPage } from '../../shared/pages/layout.js'
import { formPageLanguage } from './language.js'

// The blank page of a form (no hidden fields from the query string, no errors, no typed values)
// is the same for every visitor of one version of the form: rendered once per version, and
// compressed once, at the levels the compression plugin uses for everything else.

/**
 * The page's policy: its own stylesheet and script only; forms post here or to the redirect.
 * `framed`: any site may frame it (the /f pages, for embedding); else none may.
 */
export function pageSecurityPolicy(form?: FormView, framed = true): string {
  // A post answers with a redirect to the thank-you's or an ending's address: allowed too.
  const redirects = [
    form && redirectLocation(form.settings.thank_you),
    ...(form?.endings ?? []).map((ending) => ending.redirect_url),
  ]
  const origins = new Set(redirects.flatMap((redirect) => (redirect ? [new URL(redirect).origin] : [])))
  const formAction = ["'self'", ...origins].join(' ')
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    `form-action ${formAction}`,
    "base-uri 'none'",
    framed ? 'frame-ancestors *' : "frame-ancestors 'none'",
  ].join('; ')
}

/** The page a visitor with no answers yet sees: the form, or the first page of a form of several. */
function blankPage(form: FormView) {
  const first = form.pages[0]?.id ?? ''
  const state = isPaged(form) ? pageState(form, {}, {}, first) : undefined
  if (!state) return <FormPage form={form} hidden={new Map()} />
  return <FlowPage form={form} page={first} state={state} answers={{}} hidden={{}} />
}

export interface BlankPage {
  /** The page's language: its Content-Language. */
  lang: string
  /** `<form id>@<updated_at>`: any edit, on any process, changes it. */
  version: string
  html: string
  identity: Buffer
  gzip: Buffer
  br: Buffer
  policy: string
}

const MAX_PAGES = 1000

export class BlankPages {
  // By form and language: a form's new version takes its old one's place.
  private readonly pages = new LRUCache<string, BlankPage>({ max: MAX_PAGES })

  /** The page in `lang`, one of the form's languages (its source when absent). */
  get(form: FormView, lang = sourceLanguage(form)): BlankPage {
    const version = `${form.id}@${form.updated_at}`
    const key = `${form.id} ${lang}`
    const cached = this.pages.get(key)
    if (cached?.version === version) return cached
    const html = renderPage(blankPage(form), formPageLanguage(form, lang, `/f/${form.id}`))
    const identity = Buffer.from(html)
    const page: BlankPage = {
      lang,
      version,
      html,
      identity,
      gzip: gzipSync(identity, { level: 4 }),
      br: brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }),
      policy: pageSecurityPolicy(form),
    }
    this.pages.set(key, page)
    return page
  }
}
