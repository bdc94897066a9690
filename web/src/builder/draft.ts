import { pagesForQuestions } from '../../../src/shared/flow/pages'
import type { FlowParts } from '../../../src/shared/flow/types'
import {
  type FormInput,
  type FormView,
  newQuestionId,
  type QuestionKind,
} from '../../../src/shared/forms/definition'
import { normaliseDefinition } from '../../../src/shared/forms/normalise'
import { completeSettings, type FormSettingsInput } from '../../../src/shared/forms/settings'
import { prunedTranslations, type Translations } from '../../../src/shared/forms/translations'
import type { Form } from '../api'

// The builder's working copy of a form. It is a FormInput (what POST and PUT take) whose
// questions and choices carry a local key each, so that a list keeps its rows' identity (and
// focus) while they are moved. The rules it is checked against as you type are the server's own
// (src/shared/forms/definition.ts, bundled into this chunk): the same messages, the same JSON
// pointers as a refused save.

export interface DraftQuestion {
  key: string
  /** Made here for a new question, so variables can name it and the preview is stable. */
  id: string
  title: string
  type: QuestionKind
  required: boolean
  /** Shown under the title on the hosted page; absent when empty. */
  description?: string
  properties: Record<string, unknown>
}

export interface DraftVariable {
  key: string
  name: string
  initial: number
  calculations: { op: 'add' | 'subtract' | 'multiply' | 'set'; value?: number; question_id?: string }[]
}

export interface Draft {
  title: string
  questions: DraftQuestion[]
  hidden: string[]
  variables: DraftVariable[]
  settings: Required<Omit<FormSettingsInput, 'thank_you'>> & {
    thank_you: { title: string | null; message: string | null; redirect_url: string | null }
  }
  /** Pages, logic and endings (pages.ts, rules.tsx, endings.tsx edit them). */
  flow: Required<FlowParts>
  /** The form's languages, the source first, and their translations (translations.tsx edits them). */
  languages: string[]
  translations: Translations
}

let counter = 0
export const newKey = (): string => `k${++counter}`
export { newQuestionId }

export const kindLabels: Record<QuestionKind, string> = {
  short_text: 'Short text',
  long_text: 'Long text',
  email: 'E-mail',
  url: 'Web address',
  phone_number: 'Phone number',
  number: 'Number',
  rating: 'Rating',
  opinion_scale: 'Opinion scale',
  nps: 'Net Promoter Score',
  customer_sat: 'Customer satisfaction',
  yes_no: 'Yes / no',
  multiple_choice: 'Multiple choice',
  dropdown: 'Dropdown',
  date: 'Date',
  consent: 'Consent',
  matrix: 'Matrix',
  ranking: 'Ranking',
  file_upload: 'File upload',
}

/** The properties a new question of a kind starts with (choice questions need choices). */
export function startingProperties(kind: QuestionKind): Record<string, unknown> {
  if (kind === 'multiple_choice') return { choices: ['Option 1', 'Option 2'], allow_multiple: false }
  if (kind === 'dropdown') return { choices: ['Option 1', 'Option 2'] }
  if (kind === 'ranking') return { choices: ['Option 1', 'Option 2', 'Option 3'] }
  if (kind === 'matrix') return { rows: ['Row 1', 'Row 2'], columns: ['Poor', 'Fair', 'Good', 'Excellent'] }
  return {}
}

export function emptyDraft(): Draft {
  return {
    title: 'Untitled form',
    questions: [],
    hidden: [],
    variables: [],
    settings: { ...completeSettings(undefined) },
    flow: { pages: [], logic: [], endings: [] },
    languages: [],
    translations: {},
  }
}

/** A form as the API answers with it (or a definition as imported), as a working copy. */
export function draftOf(form: Partial<Form> | FormInput): Draft {
  const settings = completeSettings((form as { settings?: FormSettingsInput }).settings)
  return {
    title: form.title ?? '',
    questions: (form.questions ?? []).map((question) => ({
      key: newKey(),
      id: question.id ?? newQuestionId(),
      title: question.title,
      type: question.type as QuestionKind,
      required: question.required ?? false,
      ...(question.description ? { description: question.description } : {}),
      properties: { ...((question.properties as Record<string, unknown> | undefined) ?? {}) },
    })),
    hidden: [...(form.hidden ?? [])],
    variables: (form.variables ?? []).map((variable) => ({
      key: newKey(),
      name: variable.name,
      initial: variable.initial ?? 0,
      calculations: (variable.calculations ?? []).map((calculation) => ({
        ...calculation,
      })) as DraftVariable['calculations'],
    })),
    settings: { ...settings, thank_you: { ...settings.thank_you } },
    flow: {
      pages: structuredClone((form as FlowParts).pages ?? []),
      logic: structuredClone((form as FlowParts).logic ?? []),
      endings: structuredClone((form as FlowParts).endings ?? []),
    },
    languages: [...((form as { languages?: string[] }).languages ?? [])],
    translations: structuredClone((form as { translations?: Translations }).translations ?? {}),
  }
}

function flowInput(flow: Required<FlowParts>, questions: DraftQuestion[]): FlowParts {
  const pages = pagesForQuestions(
    flow.pages,
    questions.map((question) => question.id),
  )
  return {
    ...(pages.length > 0 ? { pages } : {}),
    ...(flow.logic.length > 0 ? { logic: flow.logic } : {}),
    ...(flow.endings.length > 0 ? { endings: flow.endings } : {}),
  }
}

/** The draft's translations, less any of a question, label, page, ending or language it no longer has. */
function translationsOf(draft: Draft): { translations?: Translations } {
  const translations = prunedTranslations({
    questions: draft.questions,
    pages: draft.flow.pages,
    endings: draft.flow.endings,
    languages: draft.languages,
    translations: draft.translations,
  })
  return Object.keys(translations).length > 0 ? { translations } : {}
}

/** What POST and PUT take, and what "Download JSON" writes: no local keys. */
export function inputOf(draft: Draft): FormInput {
  return {
    title: draft.title,
    questions: draft.questions.map(({ key: _key, ...question }) => question),
    hidden: draft.hidden,
    variables: draft.variables.map(({ key: _key, ...variable }) => variable),
    settings: draft.settings,
    // Questions added or removed keep their pages (a new one joins the page of the one before it);
    // an empty part of the flow is left out, as a form without a flow was written before.
    ...flowInput(draft.flow, draft.questions),
    // As the flow: left out when empty, so a form of one language is written as before.
    ...(draft.languages.length > 0 ? { languages: draft.languages } : {}),
    ...translationsOf(draft),
  }
}

export interface Problem {
  path: string
  message: string
}

/** The server's rules applied to the draft, plus the one the schema adds that typing can miss. */
export function checkDraft(draft: Draft): Problem[] {
  const problems: Problem[] = []
  if (draft.title.trim() === '') problems.push({ path: '/title', message: 'must not be empty' })
  draft.questions.forEach((question, index) => {
    if (question.title.trim() === '')
      problems.push({ path: `/questions/${index}/title`, message: 'must not be empty' })
  })
  draft.hidden.forEach((name, index) => {
    if (name === '') problems.push({ path: `/hidden/${index}`, message: 'must not be empty' })
  })
  try {
    problems.push(...normaliseDefinition(inputOf(draft)).errors)
  } catch {
    // A shape the rules cannot walk yet (a half-typed calculation): the server will say what is wrong.
  }
  return problems
}

/** The form the hosted page would show for this draft: the page's own renderer draws the preview. */
export function previewView(draft: Draft, saved: Form | undefined): FormView | undefined {
  try {
    const { definition } = normaliseDefinition(inputOf(draft))
    return {
      ...definition,
      settings: completeSettings(definition.settings),
      pages: definition.pages ?? [],
      logic: definition.logic ?? [],
      endings: definition.endings ?? [],
      id: saved?.id ?? 'preview',
      title: draft.title,
      response_count: saved?.response_count ?? 0,
      last_response_at: saved?.last_response_at ?? null,
      created_at: saved?.created_at ?? new Date().toISOString(),
      updated_at: saved?.updated_at ?? new Date().toISOString(),
    }
  } catch {
    return undefined
  }
}

/** A field's element id from its JSON pointer: `/questions/2/title` -> `f-questions-2-title`. */
export const fieldId = (path: string): string => `f${path.replace(/[^A-Za-z0-9_]+/g, '-')}`

export interface Orphans {
  questions: { title: string; answered: number }[]
  choices: { question: string; label: string; count: number }[]
  kinds: { title: string; answered: number }[]
}

/**
 * What a save would leave without its question in the form: answered questions removed, answered
 * choices removed (or renamed), answered questions given another kind. Their answers stay stored
 * and counted, but the form no longer asks them.
 */
export function orphansOf(
  saved: Form,
  draft: Draft,
  answered: Map<string, { answered: number; choices: Map<string, number> }>,
): Orphans {
  const orphans: Orphans = { questions: [], choices: [], kinds: [] }
  for (const question of saved.questions) {
    const figures = answered.get(question.id)
    if (!figures || figures.answered === 0) continue
    const now = draft.questions.find((candidate) => candidate.id === question.id)
    if (!now) {
      orphans.questions.push({ title: question.title, answered: figures.answered })
      continue
    }
    if (now.type !== question.type) orphans.kinds.push({ title: question.title, answered: figures.answered })
    // Labels removed before this edit are history already; only the ones this edit removes count.
    const kept = new Set(labelsOf(now.properties))
    for (const label of labelsOf(question.properties as Record<string, unknown>)) {
      const count = figures.choices.get(label) ?? 0
      if (count > 0 && !kept.has(label)) orphans.choices.push({ question: question.title, label, count })
    }
  }
  return orphans
}

export function labelsOf(properties: Record<string, unknown>, list = 'choices'): string[] {
  const choices = properties[list]
  if (!Array.isArray(choices)) return []
  return choices.map((choice) =>
    typeof choice === 'string' ? choice : String((choice as { label?: unknown }).label),
  )
}

/** The list with one item moved, as questions and choices are reordered. */
export function move<T>(items: T[], from: number, to: number): T[] {
  const next = [...items]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item as T)
  return next
}
