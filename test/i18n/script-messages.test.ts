import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser'
import { IntlMessageFormat } from 'intl-messageformat'
import { describe, expect, it } from 'vitest'
import { en } from '../../src/shared/i18n/catalogs/en.js'
import { catalogs } from '../../src/shared/i18n/catalogs/index.js'
import { LOCALES, type MessageValues, SCRIPT_KEYS } from '../../src/shared/i18n/locales.js'
import { wordsFor } from '../../src/shared/i18n/words.js'
import { scriptTranslator } from '../../web/hosted/messages.js'

// The hosted page's script says some of Canvass's words itself (a message under a question, the
// summary, the progress line), in the page's language. It does not ship intl-messageformat: its
// own small formatter (web/hosted/messages.ts) reads the same ICU messages with the browser's
// Intl.PluralRules and Intl.NumberFormat. A respondent must read the same words whichever side
// said them, so every message the script gets, in every language, is formatted both ways over
// numbers that reach each plural category of each language, and the two must be equal.

const numbers = [0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 100, 101, 102, 1000, 1234567]
// Text is put in as it is, never read as ICU: braces, `#` and `'` in a question's title included.
const strings = ['Name', '', "{title} #1 isn't '{x}' #", 'Größe – 名前 – الاسم']
/** Placeholders outside a plural that hold numbers (a page's index, a length, a limit). */
const numericNames = new Set(['count', 'index', 'min', 'max', 'length', 'value'])

/** The names of a message's arguments, and whether each takes a number. */
function argumentsOf(elements: MessageFormatElement[], found = new Map<string, boolean>()) {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue
    if (element.type === TYPE.tag) {
      argumentsOf(element.children, found)
      continue
    }
    const numeric = element.type === TYPE.plural || numericNames.has(element.value)
    found.set(element.value, (found.get(element.value) ?? false) || numeric)
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, found)
    }
  }
  return found
}

/** Every combination of sample values for a message's arguments. */
function valueSets(message: string): MessageValues[] {
  let sets: MessageValues[] = [{}]
  for (const [name, numeric] of argumentsOf(parse(message))) {
    const samples: (string | number)[] = numeric ? numbers : strings
    sets = sets.flatMap((set) => samples.map((sample) => ({ ...set, [name]: sample })))
  }
  return sets
}

describe.each(LOCALES)('the page script’s words in %s', (locale) => {
  it('are the words intl-messageformat says, for every message and every sample value', () => {
    const script = scriptTranslator(locale, catalogs[locale])
    const server = wordsFor(locale)
    const differences: string[] = []
    let compared = 0
    for (const key of SCRIPT_KEYS) {
      // The English message's arguments: the ones the page's code fills.
      for (const values of valueSets(en[key])) {
        const expected = server.t(key, values)
        const actual = script(key, values)
        compared++
        if (actual !== expected) {
          differences.push(
            `${key} ${JSON.stringify(values)}: script ${JSON.stringify(actual)}, server ${JSON.stringify(expected)}`,
          )
        }
      }
    }
    expect(compared).toBeGreaterThan(SCRIPT_KEYS.length * numbers.length)
    expect(differences.slice(0, 20), `${differences.length} differences`).toEqual([])
  })

  it('use only what the formatter reads: {name}, and {name, plural, …} with no offset', () => {
    // It has no select, selectordinal, number, date or offset: with one, it would say other words
    // than the server (`{n, selectordinal, …}` would print the bare number).
    const beyond: string[] = []
    const check = (key: string, elements: MessageFormatElement[]) => {
      for (const element of elements) {
        if (element.type === TYPE.literal || element.type === TYPE.pound || element.type === TYPE.argument)
          continue
        if (element.type === TYPE.plural && element.pluralType === 'cardinal' && !element.offset) {
          for (const option of Object.values(element.options)) check(key, option.value)
        } else beyond.push(`${key}: {${'value' in element ? element.value : ''}} is ${TYPE[element.type]}`)
      }
    }
    for (const key of SCRIPT_KEYS) check(key, parse(catalogs[locale][key]))
    expect(beyond).toEqual([])
  })

  it('are the messages the page is given', () => {
    // The page's script reads its words from data-messages (wordsFor().scriptMessages): the same
    // messages as the catalog's, every one of SCRIPT_KEYS.
    const given = JSON.parse(wordsFor(locale).scriptMessages)
    const expected = Object.fromEntries(SCRIPT_KEYS.map((key) => [key, catalogs[locale][key]]))
    expect(given).toEqual(expected)
  })
})

// Messages no catalog has yet, but the formatter's grammar allows: `=N` before the language's
// category, a plural inside a plural's case inside text, `#` after the inner plural meaning the
// outer number again, commas in a case, and `#` outside any plural as plain text.
const handWritten: string[] = [
  '{count, plural, =0 {No answers yet} one {# answer} other {# answers}} so far.',
  'Item #{index}: {count, plural, =1 {the only one} one {# one-ish} other {# of them}}, said {title}.',
  'Page {index}: {rows, plural, =0 {no rows} one {one row of {cols, plural, =0 {no columns} one {# column} other {# columns}}} other {# rows of {cols, plural, =0 {no columns} one {# column} other {# columns}}, # rows in all}}.',
  '{rows, plural, =0 {nothing} other {{cols, plural, =0 {# rows, none wide} few {few: # cols} many {many: # cols} other {# cols}} then # rows}}',
  '{n, plural, zero {zero #} one {one #} two {two #} few {few #} many {many #} =3 {three exactly} other {other #}}',
  '{n, plural, one {a, b: #} other {c, d: #, e}} and {title}',
]

describe('the page script’s formatter', () => {
  const values = (rows: number, cols: number, title: string): MessageValues => ({
    count: rows,
    index: cols,
    rows,
    cols,
    n: rows,
    title,
  })
  const samples = [0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 100, 101, 102, 1000, 1234567, 1.5]

  it.each(LOCALES)('formats nested plurals and =N selectors as intl-messageformat does, in %s', (locale) => {
    const differences: string[] = []
    for (const [index, message] of handWritten.entries()) {
      const format = new IntlMessageFormat(message, locale)
      const script = scriptTranslator(locale, { 'form.summary': message })
      for (const rows of samples) {
        for (const cols of samples) {
          for (const title of strings) {
            const sample = values(rows, cols, title)
            const expected = String(format.format(sample))
            const actual = script('form.summary', sample)
            if (actual !== expected) {
              differences.push(
                `#${index} ${JSON.stringify(sample)}: script ${JSON.stringify(actual)}, intl-messageformat ${JSON.stringify(expected)}`,
              )
            }
          }
        }
      }
    }
    expect(differences.slice(0, 20), `${differences.length} differences`).toEqual([])
  })

  it('picks =0 over the language’s category, and # is the nearest plural’s number', () => {
    // Spelled out once, so that a change in both formatters together cannot pass unseen.
    const t = scriptTranslator('en', { 'form.summary': handWritten[2] })
    expect(t('form.summary', { index: 2, rows: 0, cols: 5 })).toBe('Page 2: no rows.')
    expect(t('form.summary', { index: 2, rows: 1, cols: 0 })).toBe('Page 2: one row of no columns.')
    expect(t('form.summary', { index: 2, rows: 3, cols: 1 })).toBe(
      'Page 2: 3 rows of 1 column, 3 rows in all.',
    )
    expect(t('form.summary', { index: 2, rows: 1000, cols: 2 })).toBe(
      'Page 2: 1,000 rows of 2 columns, 1,000 rows in all.',
    )
  })
})
