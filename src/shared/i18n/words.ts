import { IntlMessageFormat } from 'intl-messageformat'
import { catalogs } from './catalogs/index.js'
import {
  canvassLocale,
  directionOf,
  type Locale,
  type MessageKey,
  type MessageValues,
  SCRIPT_KEYS,
  type Translate,
} from './locales.js'

// Canvass's words in one language, formatted by intl-messageformat (ICU MessageFormat: plurals
// by the language's CLDR rules, numbers in its digits). Each message is parsed once per language,
// the first time it is needed.

export interface Words {
  /** The page's language as the form names it (`de-AT`), for `lang`; Canvass's words are `locale`'s. */
  lang: string
  locale: Locale
  dir: 'ltr' | 'rtl'
  t: Translate
  /** A message whose values may be elements (a name in bold): its text and elements, in order. */
  rich: <T>(key: MessageKey, values: Record<string, string | number | T>) => (string | T)[]
  /** What the page's script needs to say the same (SCRIPT_KEYS), as `data-messages`. */
  scriptMessages: string
}

const formats = new Map<string, IntlMessageFormat>()

function formatOf(locale: Locale, key: MessageKey): IntlMessageFormat {
  const id = `${locale}\u0000${key}`
  let format = formats.get(id)
  if (!format) {
    format = new IntlMessageFormat(catalogs[locale][key], locale)
    formats.set(id, format)
  }
  return format
}

const byLang = new Map<string, Words>()

/** The words of a page in language `lang` (any BCP 47 tag; Canvass's own words fall back to English). */
export function wordsFor(lang = 'en'): Words {
  const cached = byLang.get(lang)
  if (cached) return cached
  const locale = canvassLocale(lang)
  const t: Translate = (key, values) => String(formatOf(locale, key).format(values))
  const rich = <T>(key: MessageKey, values: Record<string, string | number | T>) => {
    const parts = formatOf(locale, key).format<T>(values as MessageValues)
    return Array.isArray(parts) ? parts : [parts]
  }
  const script = Object.fromEntries(SCRIPT_KEYS.map((key) => [key, catalogs[locale][key]]))
  const words: Words = {
    lang,
    locale,
    dir: directionOf(lang),
    t,
    rich,
    scriptMessages: JSON.stringify(script),
  }
  // Languages come from forms' definitions: a bounded set, but bounded here too.
  if (byLang.size < 1000) byLang.set(lang, words)
  return words
}

/** English: what a page says when nothing chose another language. */
export const english: Words = wordsFor('en')
