import type { MessageKey, MessageValues, Translate } from '../../src/shared/i18n/locales.js'

// The page's own words in its language, for what the script says (web/hosted/form.ts, flow.ts):
// the server puts them on the form as `data-messages` (SCRIPT_KEYS), in ICU MessageFormat. They use
// only `{name}` and `{name, plural, …}` with `#`, so they are formatted here with the browser's
// Intl.PluralRules and Intl.NumberFormat rather than by shipping intl-messageformat (7 KB, a
// quarter of the page's budget) to every respondent: test/i18n/script-messages.test.ts formats
// every such message of every language both ways and requires the same text.

/** The index of the `}` closing the `{` at `start`. */
function closing(text: string, start: number): number {
  let depth = 0
  for (let at = start; at < text.length; at++) {
    if (text[at] === '{') depth++
    else if (text[at] === '}' && --depth === 0) return at
  }
  return text.length
}

/** A plural's cases, `one {…} other {…}`, by selector. */
function casesOf(text: string): Map<string, string> {
  const cases = new Map<string, string>()
  let at = 0
  while (at < text.length) {
    const open = text.indexOf('{', at)
    if (open < 0) break
    const end = closing(text, open)
    cases.set(text.slice(at, open).trim(), text.slice(open + 1, end))
    at = end + 1
  }
  return cases
}

export function scriptTranslator(lang: string, messages: Partial<Record<MessageKey, string>>): Translate {
  const plural = new Intl.PluralRules(lang)
  const number = new Intl.NumberFormat(lang)
  const format = (text: string, values: MessageValues, count?: number): string => {
    let out = ''
    let at = 0
    while (at < text.length) {
      const char = text[at] as string
      if (char === '#' && count !== undefined) out += number.format(count)
      else if (char !== '{') out += char
      else {
        const end = closing(text, at)
        const [name = '', kind, ...rest] = text.slice(at + 1, end).split(',')
        const value = values[name.trim()]
        if (kind?.trim() !== 'plural') out += value === undefined ? '' : String(value)
        else {
          const n = Number(value)
          const cases = casesOf(rest.join(','))
          out += format(
            cases.get(`=${n}`) ?? cases.get(plural.select(n)) ?? cases.get('other') ?? '',
            values,
            n,
          )
        }
        at = end
      }
      at++
    }
    return out
  }
  return (key, values = {}) => format(messages[key] ?? key, values)
}

/** The page's translator: its form's `data-messages`, in the language of Canvass's words (`data-locale`). */
export function pageTranslator(form: HTMLElement | null): Translate {
  let messages: Partial<Record<MessageKey, string>> = {}
  try {
    messages = JSON.parse(form?.dataset['messages'] ?? '{}')
  } catch {}
  return scriptTranslator(form?.dataset['locale'] || 'en', messages)
}
