import type { FieldError } from '../field-error.js'
import type { FlowParts } from '../flow/types.js'
import { escapePointer } from '../storable.js'
import { choiceLabels, columnLabels, type Question, rowLabels } from './kinds.js'
import type { FormSettings } from './settings.js'

// A form in several languages (docs/api.md#languages): `languages` lists them, the first its source;
// `translations` gives, by language, what a respondent reads in it. Anything left out is shown in
// the source language and reported as a gap, never refused: a form is saved while its translators
// work. A choice (a row, a column) is translated by its source label, and stored by it whatever
// language showed it, so responses and insights stay one set.

export interface TranslatedQuestion {
  title?: string
  description?: string
  /** By source label: a choice's, a matrix row's or column's, a ranked item's. */
  choices?: Record<string, string>
}

export interface Translation {
  title?: string
  questions?: Record<string, TranslatedQuestion>
  pages?: Record<string, { title?: string }>
  endings?: Record<string, { title?: string; message?: string }>
  thank_you?: { title?: string; message?: string }
  closed_message?: string
}

export type Translations = Record<string, Translation>

export const LANGUAGES_MAX = 20

export interface Translatable extends FlowParts {
  questions: Question[]
  settings?: FormSettings
  languages?: string[]
  translations?: Translations
}

/** The form's source language: the first of `languages`, English when it names none. */
export const sourceLanguage = (form: Pick<Translatable, 'languages'>): string => form.languages?.[0] ?? 'en'

const own = <T>(record: Record<string, T> | undefined, key: string): T | undefined =>
  record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined

/** Every label a question's translation may name: its choices, rows and columns. */
export const labelsOf = (question: Question): string[] => [
  ...new Set([...choiceLabels(question), ...rowLabels(question), ...columnLabels(question)]),
]

/** A BCP 47 tag in its canonical case (`pt-BR`), or undefined when it is none. */
export function canonicalTag(tag: string): string | undefined {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag)
    return canonical
  } catch {
    return undefined
  }
}

/**
 * Checks `languages` and `translations` against the definition (every problem at once) and
 * returns them keyed by the languages in canonical case (`pt-BR`), empty ones left out. What a translation names must exist: its language
 * among `languages` (not the source), its questions, labels, pages and endings in the form.
 */
export function checkTranslations(
  form: Translatable,
  errors: FieldError[],
): { languages?: string[]; translations?: Translations } {
  // Shapes are the schema's to check (the builder runs this on drafts of any shape): never throws.
  const list = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : [])
  const record = <T>(value: Record<string, T> | undefined): [string, T][] =>
    value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : []
  const languages = (Array.isArray(form.languages) ? form.languages : undefined)?.map((tag, index) => {
    const canonical = typeof tag === 'string' ? canonicalTag(tag) : undefined
    if (canonical === undefined)
      errors.push({
        path: `/languages/${index}`,
        message: `"${tag}" is not a BCP 47 language tag, e.g. de or pt-BR`,
      })
    return canonical ?? String(tag)
  })
  const seen = new Map<string, number>()
  languages?.forEach((tag, index) => {
    const first = seen.get(tag.toLowerCase())
    if (first !== undefined)
      errors.push({ path: `/languages/${index}`, message: `duplicates the language at index ${first}` })
    else seen.set(tag.toLowerCase(), index)
  })
  const targets = new Map((languages ?? []).slice(1).map((tag) => [tag.toLowerCase(), tag]))
  const translations: Translations = {}
  const questions = new Map(form.questions.map((question) => [question.id, question]))
  const pages = new Set(list(form.pages).map((page) => page?.id))
  const endings = new Set(list(form.endings).map((ending) => ending?.id))
  for (const [language, translation] of record(form.translations)) {
    const at = `/translations/${escapePointer(language)}`
    if (!targets.has(language.toLowerCase())) {
      errors.push({
        path: at,
        message: languages?.length
          ? `is not one of the form's languages after its source: ${[...targets.values()].join(', ') || 'none'}`
          : 'needs the form to list its languages, the source first, in `languages`',
      })
      continue
    }
    const target = targets.get(language.toLowerCase()) as string
    if (Object.hasOwn(translations, target)) {
      errors.push({ path: at, message: `duplicates the translation into ${target}, named in another case` })
      continue
    }
    translations[target] = translation
    for (const [id, question] of record(translation?.questions)) {
      const written = questions.get(id)
      const path = `${at}/questions/${escapePointer(id)}`
      if (!written) {
        errors.push({ path, message: 'is not a question of this form' })
        continue
      }
      const labels = new Set(labelsOf(written))
      for (const [label] of record(question?.choices))
        if (!labels.has(label))
          errors.push({
            path: `${path}/choices/${escapePointer(label)}`,
            message: 'is not a label of this question',
          })
    }
    for (const [id] of record(translation?.pages))
      if (!pages.has(id))
        errors.push({ path: `${at}/pages/${escapePointer(id)}`, message: 'is not a page of this form' })
    for (const [id] of record(translation?.endings))
      if (!endings.has(id))
        errors.push({ path: `${at}/endings/${escapePointer(id)}`, message: 'is not an ending of this form' })
  }
  return {
    ...(languages?.length ? { languages } : {}),
    ...(Object.keys(translations).length > 0 ? { translations } : {}),
  }
}

/** A string of the form a respondent can see, where its translation goes, and its source text. */
export interface TranslationSlot {
  /** A JSON pointer into the language's translation: `/questions/q_1/choices/Yes`. */
  path: string
  source: string
}

/** Every visible string of the form, with where each one's translation goes. */
export function translationSlots(form: Translatable & { title: string }): TranslationSlot[] {
  const slots: TranslationSlot[] = [{ path: '/title', source: form.title }]
  const add = (path: string, source: string | null | undefined) => {
    if (source) slots.push({ path, source })
  }
  for (const question of form.questions) {
    const at = `/questions/${escapePointer(question.id)}`
    add(`${at}/title`, question.title)
    add(`${at}/description`, question.description)
    for (const label of labelsOf(question)) add(`${at}/choices/${escapePointer(label)}`, label)
  }
  for (const page of form.pages ?? []) add(`/pages/${escapePointer(page.id)}/title`, page.title)
  for (const ending of form.endings ?? []) {
    add(`/endings/${escapePointer(ending.id)}/title`, ending.title)
    add(`/endings/${escapePointer(ending.id)}/message`, ending.message)
  }
  add('/thank_you/title', form.settings?.thank_you.title)
  add('/thank_you/message', form.settings?.thank_you.message)
  add('/closed_message', form.settings?.closed_message)
  return slots
}

const unescapePointer = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~')

/** The text a translation holds at a slot's path, if any. */
export function translatedAt(translation: Translation | undefined, path: string): string | undefined {
  let node: unknown = translation
  for (const segment of path.slice(1).split('/').map(unescapePointer)) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, segment)) return undefined
    node = (node as Record<string, unknown>)[segment]
  }
  return typeof node === 'string' && node.trim() !== '' ? node : undefined
}

export interface TranslationGap {
  language: string
  /** Where the missing text goes in `translations[language]`. */
  path: string
  /** The text to translate, in the source language. */
  source: string
}

/** What each language after the source leaves untranslated, in the order a respondent meets it. */
export function translationGaps(form: Translatable & { title: string }): TranslationGap[] {
  const gaps: TranslationGap[] = []
  const slots = translationSlots(form)
  for (const language of (form.languages ?? []).slice(1)) {
    const translation = own(form.translations, language)
    for (const slot of slots)
      if (translatedAt(translation, slot.path) === undefined) gaps.push({ language, ...slot })
  }
  return gaps
}

/** The language of `languages` a tag names, ignoring case; undefined when none. */
export function formLanguage(form: Pick<Translatable, 'languages'>, tag: string): string | undefined {
  const lower = tag.toLowerCase()
  return form.languages?.find((language) => language.toLowerCase() === lower)
}

/**
 * The form as a respondent reads it in `language`: each string translated where the translation
 * has it, else the source's; `shown` gives a label's text (the value posted stays the label).
 */
export function localise<F extends Translatable & { title: string; settings: FormSettings }>(
  form: F,
  language: string,
): { form: F; shown?: (questionId: string, label: string) => string } {
  const translation = language === sourceLanguage(form) ? undefined : own(form.translations, language)
  if (!translation) return { form }
  const text = (path: string, source: string) => translatedAt(translation, path) ?? source
  const questions = form.questions.map((question) => {
    const at = `/questions/${escapePointer(question.id)}`
    return {
      ...question,
      title: text(`${at}/title`, question.title),
      ...(question.description !== undefined
        ? { description: text(`${at}/description`, question.description) }
        : {}),
    }
  })
  const { thank_you: thanks, closed_message: closed } = form.settings
  const localised = {
    ...form,
    title: text('/title', form.title),
    questions,
    pages: form.pages?.map((page) =>
      page.title === undefined
        ? page
        : { ...page, title: text(`/pages/${escapePointer(page.id)}/title`, page.title) },
    ),
    endings: form.endings?.map((ending) => {
      const at = `/endings/${escapePointer(ending.id)}`
      return {
        ...ending,
        ...(ending.title !== undefined ? { title: text(`${at}/title`, ending.title) } : {}),
        ...(ending.message !== undefined ? { message: text(`${at}/message`, ending.message) } : {}),
      }
    }),
    settings: {
      ...form.settings,
      closed_message: closed === null ? null : text('/closed_message', closed),
      thank_you: {
        ...thanks,
        title: thanks.title === null ? null : text('/thank_you/title', thanks.title),
        message: thanks.message === null ? null : text('/thank_you/message', thanks.message),
      },
    },
  }
  const shown = (questionId: string, label: string) =>
    own(own(translation.questions, questionId)?.choices, label)?.trim() || label
  return { form: localised, shown }
}

/**
 * The translation with the text at `path` (a slot's) set, or removed when the text is blank; parts
 * left empty are removed with it. The builder's side-by-side view and its CSV import write so.
 */
export function withTranslated(
  translation: Translation | undefined,
  path: string,
  text: string,
): Translation {
  const segments = path.slice(1).split('/').map(unescapePointer)
  // Defined, not assigned: a label may be any text, `__proto__` too.
  const put = (node: Record<string, unknown>, key: string, value: unknown) =>
    Object.defineProperty(node, key, { value, enumerable: true, writable: true, configurable: true })
  const set = (node: Record<string, unknown>, at: number): Record<string, unknown> => {
    const key = segments[at] as string
    const copy = { ...node }
    if (at === segments.length - 1) {
      if (text.trim() === '') delete copy[key]
      else put(copy, key, text)
    } else {
      const child = Object.hasOwn(copy, key) ? copy[key] : undefined
      const next = set(
        child !== null && typeof child === 'object' ? (child as Record<string, unknown>) : {},
        at + 1,
      )
      if (Object.keys(next).length === 0) delete copy[key]
      else put(copy, key, next)
    }
    return copy
  }
  return set((translation ?? {}) as Record<string, unknown>, 0) as Translation
}

/**
 * The translations less what names nothing of the form any more (a question deleted, a label
 * renamed, a page or ending removed) and languages no longer listed: what the builder saves, so
 * an edit to the form never leaves translations the API would refuse.
 */
export function prunedTranslations(form: Translatable): Translations {
  const targets = new Map((form.languages ?? []).slice(1).map((tag) => [tag.toLowerCase(), tag]))
  const questions = new Map(form.questions.map((question) => [question.id, new Set(labelsOf(question))]))
  const pages = new Set((form.pages ?? []).map((page) => page.id))
  const endings = new Set((form.endings ?? []).map((ending) => ending.id))
  const kept = <T>(record: Record<string, T> | undefined, keep: (key: string, value: T) => T | undefined) => {
    const entries = Object.entries(record ?? {}).flatMap(([key, value]) => {
      const next = keep(key, value)
      return next === undefined ? [] : [[key, next] as const]
    })
    return entries.length > 0 ? Object.fromEntries(entries) : undefined
  }
  const result: Translations = {}
  for (const [language, translation] of Object.entries(form.translations ?? {})) {
    const target = targets.get(language.toLowerCase())
    if (!target) continue
    const questionsKept = kept(translation.questions, (id, question) => {
      const labels = questions.get(id)
      if (!labels) return undefined
      const choices = kept(question.choices, (label, text) => (labels.has(label) ? text : undefined))
      const { choices: _all, ...rest } = question
      return { ...rest, ...(choices ? { choices } : {}) }
    })
    const { questions: _q, pages: _p, endings: _e, ...rest } = translation
    const pagesKept = kept(translation.pages, (id, page) => (pages.has(id) ? page : undefined))
    const endingsKept = kept(translation.endings, (id, ending) => (endings.has(id) ? ending : undefined))
    result[target] = {
      ...rest,
      ...(questionsKept ? { questions: questionsKept } : {}),
      ...(pagesKept ? { pages: pagesKept } : {}),
      ...(endingsKept ? { endings: endingsKept } : {}),
    }
  }
  return result
}
