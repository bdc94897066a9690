import { match } from '@formatjs/intl-localematcher'
import type { FastifyRequest } from 'fastify'
import type { FormView } from '../../domain/forms/forms.js'
import type { FieldError } from '../../shared/field-error.js'
import { formLanguage, localise, sourceLanguage } from '../../shared/forms/translations.js'
import { LOCALES } from '../../shared/i18n/locales.js'
import { wordsFor } from '../../shared/i18n/words.js'
import { type PageErrors, pageErrors, type TypedValues } from '../../shared/pages/fields.js'
import type { LanguageLink, PageLanguage } from '../../shared/pages/layout.js'

// Which language a respondent's page speaks (docs/api.md#languages): `?lang=` when it names one of
// the form's languages, else the best of them for Accept-Language (@formatjs/intl-localematcher,
// the ECMA-402 matcher), else the form's source. Pages without a form (a link not found, too many
// requests) speak the best of Canvass's own languages for Accept-Language.

const ACCEPT_MAX = 20

/** The tags of an Accept-Language header, best first; malformed ones left out. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return []
  const ranked: { tag: string; q: number; at: number }[] = []
  header
    .split(',')
    .slice(0, ACCEPT_MAX)
    .forEach((part, at) => {
      const [rawTag = '', ...params] = part.split(';')
      const tag = rawTag.trim()
      let q = 1
      for (const param of params) {
        const [key, value] = param.split('=')
        if (key?.trim().toLowerCase() === 'q') q = Number(value)
      }
      if (tag === '' || tag === '*' || !(q > 0 && q <= 1)) return
      try {
        const [canonical] = Intl.getCanonicalLocales(tag)
        if (canonical) ranked.push({ tag: canonical, q, at })
      } catch {}
    })
  return ranked.sort((a, b) => b.q - a.q || a.at - b.at).map((entry) => entry.tag)
}

/** The best of `available` for what the browser asks; `fallback` when none suits. */
export function bestLanguage(
  available: readonly string[],
  header: string | undefined,
  fallback: string,
): string {
  const asked = acceptedLanguages(header)
  if (asked.length === 0 || available.length < 2) return fallback
  try {
    return match(asked, available, fallback, { algorithm: 'best fit' })
  } catch {
    return fallback
  }
}

/** The language a form's page is shown in. */
export function chooseLanguage(form: FormView, query: unknown, acceptLanguage: string | undefined): string {
  const source = sourceLanguage(form)
  const languages = form.languages ?? []
  if (languages.length < 2) return source
  const asked = (query as Record<string, unknown> | undefined)?.['lang']
  const named = typeof asked === 'string' ? formLanguage(form, asked) : undefined
  return named ?? bestLanguage(languages, acceptLanguage, source)
}

/** The language's name in itself: "Deutsch", "العربية". */
function autonym(tag: string): string {
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag
    return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1)
  } catch {
    return tag
  }
}

/** The same page in each of the form's languages: its path, its query but `lang`, and `lang`. */
function languageLinks(form: FormView, url: string): LanguageLink[] {
  const [path = '/', search = ''] = url.split('?')
  return (form.languages ?? []).map((lang) => {
    const query = new URLSearchParams(search)
    query.delete('lang')
    query.set('lang', lang)
    return { lang, name: autonym(lang), href: `${path}?${query}` }
  })
}

/** A form's page in language `lang`, with links to its other languages at `url` (a path and query). */
export function formPageLanguage(form: FormView, lang: string, url: string): PageLanguage {
  const { shown } = localise(form, lang)
  return {
    words: wordsFor(lang),
    ...((form.languages?.length ?? 0) > 1 ? { others: languageLinks(form, url) } : {}),
    ...(shown ? { shown } : {}),
  }
}

/** One of Canvass's own languages that `?lang=` names, for a page without a form. */
function canvassLanguage(query: unknown): string | undefined {
  const asked = (query as Record<string, unknown> | undefined)?.['lang']
  if (typeof asked !== 'string') return undefined
  const lower = asked.toLowerCase()
  return LOCALES.find((locale) => locale === lower)
}

const chosen = new WeakMap<FastifyRequest, PageLanguage>()

/**
 * The language of the page a request is answered with. Worked out once per request: the route's
 * errors and its page agree. A post's page links its languages at the same path, without its query.
 */
export function pageLanguageOf(request: FastifyRequest, form?: FormView): PageLanguage {
  const known = chosen.get(request)
  if (known) return known
  const acceptLanguage = request.headers['accept-language']
  const url = request.method === 'GET' ? request.url : (request.url.split('?')[0] ?? '/')
  const language = form
    ? formPageLanguage(form, chooseLanguage(form, request.query, acceptLanguage), url)
    : { words: wordsFor(canvassLanguage(request.query) ?? bestLanguage(LOCALES, acceptLanguage, 'en')) }
  chosen.set(request, language)
  return language
}

/** A post's problems placed on its page, in the page's language (the summary names translated titles). */
export function pageErrorsIn(
  request: FastifyRequest,
  form: FormView,
  errors: FieldError[],
  values: TypedValues,
): PageErrors {
  const { words } = pageLanguageOf(request, form)
  return pageErrors(localise(form, words.lang).form, errors, values, words.t)
}
