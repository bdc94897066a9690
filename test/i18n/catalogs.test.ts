import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser'
import { IntlMessageFormat } from 'intl-messageformat'
import { describe, expect, it } from 'vitest'
import { en, type MessageKey } from '../../src/shared/i18n/catalogs/en.js'
import { catalogs } from '../../src/shared/i18n/catalogs/index.js'
import { LOCALES, type Locale } from '../../src/shared/i18n/locales.js'

// Canvass's own words on respondents' pages come from one ICU MessageFormat catalog per language,
// en the source. A translation that does not parse, names a placeholder English does not fill, drops
// one it does, uses a plural category the language never selects, or quotes by accident with `'`,
// shows up only when a respondent reaches that page in that language. Every message of every
// language is checked here instead, and every failure of a kind is listed at once.

const keys = Object.keys(en) as MessageKey[]
const translations = LOCALES.filter((locale) => locale !== 'en')

/** Placeholders outside a plural that hold numbers (a page's index, a length, a scale's value). */
const numericNames = new Set(['count', 'index', 'min', 'max', 'length', 'value'])
const sampleNumbers = [0, 1, 2, 3, 5, 11, 21, 102, 1000]

/** An argument's kind: a cardinal plural, or how else it is formatted. */
function kindOf(element: MessageFormatElement): string {
  if (element.type === TYPE.plural) return element.pluralType === 'ordinal' ? 'selectordinal' : 'plural'
  return TYPE[element.type] ?? String(element.type)
}

/** Every element of a message, inside plural and select options and tags too. */
function* walk(elements: MessageFormatElement[]): Generator<MessageFormatElement> {
  for (const element of elements) {
    yield element
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) yield* walk(option.value)
    } else if (element.type === TYPE.tag) yield* walk(element.children)
  }
}

/** A message's arguments as `name: kind`, each once, sorted. */
function argumentsOf(message: string): string[] {
  const found = new Set<string>()
  for (const element of walk(parse(message))) {
    if (element.type !== TYPE.literal && element.type !== TYPE.pound) {
      found.add(`${element.value}: ${kindOf(element)}`)
    }
  }
  return [...found].sort()
}

/** Sample values for the English message's arguments: numbers where they count, text elsewhere. */
function valueSets(key: MessageKey): Record<string, string | number>[] {
  const args = argumentsOf(en[key]).map((entry) => entry.split(': ') as [string, string])
  return sampleNumbers.map((n) =>
    Object.fromEntries(
      args.map(([name, kind]) => [name, kind === 'plural' || numericNames.has(name) ? n : 'Sample text']),
    ),
  )
}

// A translation byte for byte the English is usually a key someone forgot to translate. These are
// not: each says why its words are the same in that language.
const sameAsEnglish: { key: MessageKey; locales: 'every' | readonly Locale[]; why: string }[] = [
  { key: 'layout.noticeTitle', locales: 'every', why: 'only placeholders and a colon' },
  { key: 'form.summaryLine', locales: 'every', why: 'only placeholders and a colon' },
  { key: 'question.scaleEnd', locales: 'every', why: 'only placeholders and a colon' },
  { key: 'form.countAndRequired', locales: 'every', why: 'only placeholders and a comma' },
  { key: 'question.no', locales: ['es', 'it'], why: 'the word is "No" in Spanish and Italian too' },
]

const allowedSame = (locale: Locale, key: MessageKey) =>
  sameAsEnglish.some(
    (entry) => entry.key === key && (entry.locales === 'every' || entry.locales.includes(locale)),
  )

describe('the catalogs', () => {
  it('are exactly the languages Canvass speaks, each with exactly the English keys', () => {
    expect(Object.keys(catalogs).sort()).toEqual([...LOCALES].sort())
    for (const locale of LOCALES) {
      expect(Object.keys(catalogs[locale]).sort(), locale).toEqual([...keys].sort())
    }
  })
})

describe.each(LOCALES)('the %s catalog', (locale) => {
  const catalog = catalogs[locale]

  it('has messages that parse and format for sample values', () => {
    const failures: string[] = []
    for (const key of keys) {
      let format: IntlMessageFormat
      try {
        format = new IntlMessageFormat(catalog[key], locale)
      } catch (error) {
        failures.push(`${key}: does not parse: ${(error as Error).message}`)
        continue
      }
      for (const values of valueSets(key)) {
        try {
          const text = format.format(values)
          if (typeof text !== 'string') failures.push(`${key}: formats to a ${typeof text}`)
        } catch (error) {
          failures.push(`${key} with ${JSON.stringify(values)}: ${(error as Error).message}`)
        }
      }
    }
    expect(failures).toEqual([])
  })

  it('has the English arguments in every message, and no others', () => {
    // A name the code does not fill throws (intl-messageformat's missing value); one the
    // translation drops loses a number or a title; a plain {count} where English has a plural
    // shows the number without its noun.
    const failures: string[] = []
    for (const key of keys) {
      const expected = argumentsOf(en[key])
      const actual = argumentsOf(catalog[key])
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        failures.push(`${key}: [${actual.join(', ')}], English has [${expected.join(', ')}]`)
      }
    }
    expect(failures).toEqual([])
  })

  it('uses only the plural categories the language selects, and always other', () => {
    // A category the language's rules never choose (`one` in Japanese) is dead text; one without
    // `other` has nothing to say for the numbers its cases miss. `=N` selects one exact number.
    const categories = new Set<string>(new Intl.PluralRules(locale).resolvedOptions().pluralCategories)
    const failures: string[] = []
    for (const key of keys) {
      for (const element of walk(parse(catalog[key]))) {
        if (element.type !== TYPE.plural) continue
        const selectors = Object.keys(element.options)
        const unknown = selectors.filter((selector) => !categories.has(selector) && !/^=\d+$/.test(selector))
        if (unknown.length > 0) {
          failures.push(`${key} {${element.value}}: ${unknown.join(', ')} (${locale} has ${[...categories]})`)
        }
        if (!selectors.includes('other')) failures.push(`${key} {${element.value}}: no other`)
      }
    }
    expect(failures).toEqual([])
  })

  it('has no ASCII apostrophe, which ICU reads as a quote', () => {
    // Before `{` or `#` it starts quoted text: `d'{workspace}` says `d{workspace}` to the respondent.
    // Elsewhere it is kept, but one edit away from that; typographic ’ is the apostrophe to use.
    const quoted = keys.filter((key) => catalog[key].includes("'"))
    expect(quoted).toEqual([])
  })
})

describe.each(translations)('the %s translation', (locale) => {
  it('translates every message that has words to translate', () => {
    const untranslated = keys.filter((key) => catalogs[locale][key] === en[key] && !allowedSame(locale, key))
    expect(untranslated).toEqual([])
  })
})

// Guards the checks above: they must be able to fail.
describe('the checks', () => {
  it('see arguments inside plural options, and tell a plural from a plain argument', () => {
    expect(argumentsOf('{title}: {count, plural, one {# in {place}} other {# in {place}}}')).toEqual([
      'count: plural',
      'place: argument',
      'title: argument',
    ])
    expect(argumentsOf('{count} questions')).toEqual(['count: argument'])
  })

  it('keep no exception that no language needs', () => {
    // An exception no catalog uses any more would quietly allow a future untranslated message.
    const unused = sameAsEnglish.filter((entry) => {
      const locales = entry.locales === 'every' ? translations : entry.locales
      return !locales.some((locale) => catalogs[locale][entry.key] === en[entry.key])
    })
    expect(unused).toEqual([])
  })
})
