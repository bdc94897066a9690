import type { MessageKey } from './catalogs/en.js'

// The languages Canvass speaks on respondents' pages (its own words: buttons, errors, progress,
// defaults), and what the pages' script needs of them. No catalog is imported here: the hosted
// page's script imports this file, and gets its language's words from the page (data-messages).

export const LOCALES = ['en', 'de', 'fr', 'es', 'pt', 'it', 'nl', 'pl', 'ja', 'ar'] as const
export type Locale = (typeof LOCALES)[number]
export type { MessageKey }

/** A message's values: text, or numbers (plurals choose by them, and they are shown in the language's digits). */
export type MessageValues = Record<string, string | number>
export type Translate = (key: MessageKey, values?: MessageValues) => string

// Scripts written right to left (CLDR's), by primary language subtag.
const rightToLeft = new Set(['ar', 'ckb', 'dv', 'fa', 'he', 'ks', 'ps', 'sd', 'ug', 'ur', 'yi'])

/** The primary language subtag of a BCP 47 tag, lower-cased: `pt-BR` is `pt`. */
export const primaryOf = (tag: string): string => (tag.split('-')[0] ?? tag).toLowerCase()

export const directionOf = (tag: string): 'ltr' | 'rtl' => (rightToLeft.has(primaryOf(tag)) ? 'rtl' : 'ltr')

/** Canvass's language for a form's language: its own, when Canvass speaks it, else English. */
export function canvassLocale(tag: string): Locale {
  const primary = primaryOf(tag)
  return (LOCALES as readonly string[]).includes(primary) ? (primary as Locale) : 'en'
}

/** The words the hosted page's script says itself (web/hosted): checks of answers, the summary, progress. */
export const SCRIPT_KEYS = [
  'layout.errorTitle',
  'form.answeredCount',
  'form.answeredSoFar',
  'form.submit',
  'form.next',
  'form.pageOf',
  'form.pageTitle',
  'question.required',
  'form.summary',
  'form.summaryLine',
  'form.errorPrefix',
  'error.required',
  'error.unstorable',
  'error.blank',
  'error.tooLong',
  'error.maxLength',
  'error.email',
  'error.url',
  'error.phone',
  'error.yesNo',
  'error.consent',
  'error.matrixEveryRow',
  'error.matrixColumns',
  'error.ranking',
  'error.fileTooLarge',
  'error.fileType',
  'error.fileEmpty',
  'error.fileAgain',
  'error.date',
  'error.choicesOnly',
  'error.chooseOne',
  'error.numberBetween',
  'error.numberAtLeast',
  'error.numberAtMost',
  'error.number',
  'error.scale',
] as const satisfies readonly MessageKey[]
