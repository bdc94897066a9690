import type { FieldError } from '../field-error.js'
import { FILE_SIZE_CEILING, typesProblem } from './files.js'

// The closed set of question kinds (docs/api.md#question-kinds): what each may carry in
// `properties`, checked every problem at once, and how its answer is stored. Free of Node APIs:
// the dashboard's builder and the hosted page's script run these rules too.

export const questionKinds = [
  'short_text',
  'long_text',
  'email',
  'url',
  'phone_number',
  'number',
  'rating',
  'opinion_scale',
  'nps',
  'customer_sat',
  'yes_no',
  'multiple_choice',
  'dropdown',
  'date',
  'consent',
  'matrix',
  'ranking',
  'file_upload',
] as const
export type QuestionKind = (typeof questionKinds)[number]

export interface Question {
  id: string
  title: string
  type: QuestionKind
  required: boolean
  /** Shown under the title on the hosted page; absent when the form gives none. */
  description?: string
  properties: Record<string, unknown>
}

/** Longest text answer when a question sets no max_length of its own. */
export const TEXT_MAX = 10_000
export const CHOICE_LABEL_MAX = 256

/** Each list of labels: how many it may hold, and the words its messages use. */
const labelLists = {
  choices: { min: 1, max: 1000, item: 'choice', items: 'choices', owner: 'a choice question' },
  ranking: { min: 2, max: 100, item: 'choice', items: 'choices', owner: 'a ranking question' },
  rows: { min: 1, max: 100, item: 'row', items: 'rows', owner: 'a matrix' },
  columns: { min: 2, max: 20, item: 'column', items: 'columns', owner: 'a matrix' },
} as const

const numericKinds: ReadonlySet<QuestionKind> = new Set([
  'number',
  'rating',
  'opinion_scale',
  'nps',
  'customer_sat',
])
export const isNumericKind = (kind: QuestionKind): boolean => numericKinds.has(kind)

type PropertyRule = (value: unknown) => string | undefined

/** A property if it is an integer within bounds (an invalid one is reported elsewhere), else the fallback. */
function integerProperty(
  question: Question,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const value = question.properties[name]
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max
    ? (value as number)
    : fallback
}

/** The integers a numeric question accepts as its answer. */
export function answerRange(question: Question): [number, number] {
  const safe = Number.MAX_SAFE_INTEGER
  switch (question.type) {
    case 'rating':
      return [1, integerProperty(question, 'steps', 5, 3, 10)]
    case 'opinion_scale': {
      const start = integerProperty(question, 'start', 0, 0, 1)
      return [start, start + integerProperty(question, 'steps', 11, 5, 11) - 1]
    }
    case 'nps':
      return [0, 10]
    case 'customer_sat':
      return [1, 5]
    default:
      return [
        integerProperty(question, 'min', -safe, -safe, safe),
        integerProperty(question, 'max', safe, -safe, safe),
      ]
  }
}

const integerIn =
  (min: number, max: number): PropertyRule =>
  (value) =>
    Number.isInteger(value) && (value as number) >= min && (value as number) <= max
      ? undefined
      : `must be an integer from ${min} to ${max}`

const boolean: PropertyRule = (value) => (typeof value === 'boolean' ? undefined : 'must be true or false')
/** A list of labels: checked in detail by checkLabels, so a kind change keeps any array. */
const labelsRule: PropertyRule = (value) => (Array.isArray(value) ? undefined : 'must be an array of labels')

const propertyRules: Record<QuestionKind, Record<string, PropertyRule>> = {
  short_text: { max_length: integerIn(1, TEXT_MAX) },
  long_text: { max_length: integerIn(1, TEXT_MAX) },
  email: {},
  url: {},
  phone_number: {},
  number: {
    min: integerIn(-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
    max: integerIn(-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
  },
  rating: { steps: integerIn(3, 10) },
  opinion_scale: { start: integerIn(0, 1), steps: integerIn(5, 11) },
  nps: {},
  customer_sat: {},
  yes_no: {},
  multiple_choice: { choices: labelsRule, allow_multiple: boolean },
  dropdown: { choices: labelsRule },
  date: {},
  consent: {},
  matrix: { rows: labelsRule, columns: labelsRule },
  ranking: { choices: labelsRule },
  file_upload: { max_size: integerIn(1, FILE_SIZE_CEILING), types: typesProblem },
}

/**
 * A question's properties once its kind changes: each property the new kind also has, with a value
 * the new kind accepts, is kept (choices stay choices, steps stay steps); `dropped` names the rest,
 * so an editor can say what goes before it goes.
 */
export function propertiesForKind(
  properties: Record<string, unknown>,
  kind: QuestionKind,
): { kept: Record<string, unknown>; dropped: string[] } {
  const rules = propertyRules[kind]
  const kept: Record<string, unknown> = {}
  const dropped: string[] = []
  for (const [name, value] of Object.entries(properties)) {
    const rule = rules[name]
    if (rule && rule(value) === undefined) kept[name] = value
    else dropped.push(name)
  }
  return { kept, dropped }
}

/** Labels given as strings or as `{label}` objects, as strings. */
function labelsOf(value: unknown): string[] {
  if (!Array.isArray(value)) return []
  return value.map((item) => (typeof item === 'string' ? item : (item as { label: string }).label))
}

/** The labels of a choice or ranking question; `choices` may be given as strings or as `{label}` objects. */
export const choiceLabels = (question: Question): string[] => labelsOf(question.properties['choices'])
/** A matrix's rows (each answered with one of its columns). */
export const rowLabels = (question: Question): string[] => labelsOf(question.properties['rows'])
/** A matrix's columns: the one scale every row is answered on. */
export const columnLabels = (question: Question): string[] => labelsOf(question.properties['columns'])

/** Names an object key cannot safely take: a matrix's rows are the keys of its answer. */
export const reservedKeys: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])

function checkLabels(
  value: unknown,
  path: string,
  list: keyof typeof labelLists,
  errors: FieldError[],
): void {
  const { min, max, item: what, items, owner } = labelLists[list]
  if (value === undefined) {
    errors.push({ path, message: `is required: ${owner} needs its ${items}` })
    return
  }
  if (!Array.isArray(value) || value.length < min || value.length > max) {
    errors.push({ path, message: `must be an array of ${min} to ${max} ${items}` })
    return
  }
  const seen = new Map<string, number>()
  value.forEach((item, index) => {
    const here = `${path}/${index}`
    const isObject = item !== null && typeof item === 'object' && !Array.isArray(item)
    const label = typeof item === 'string' ? item : isObject ? (item as { label?: unknown }).label : undefined
    if (isObject && Object.keys(item).some((key) => key !== 'label')) {
      errors.push({ path: here, message: `a ${what} is a label string or an object {label}` })
      return
    }
    if (typeof label !== 'string' || label.trim() === '' || label.length > CHOICE_LABEL_MAX) {
      errors.push({
        path: here,
        message: `must be a non-empty label of at most ${CHOICE_LABEL_MAX} characters`,
      })
      return
    }
    if (list === 'rows' && reservedKeys.has(label)) {
      errors.push({
        path: here,
        message: 'must not be __proto__, constructor or prototype (an answer names its rows as keys)',
      })
      return
    }
    const first = seen.get(label)
    if (first !== undefined) errors.push({ path: here, message: `duplicates the label of ${what} ${first}` })
    else seen.set(label, index)
  })
}

/** Checks a question's properties against its kind; every problem is pushed at `path`. */
export function checkProperties(
  question: { type: QuestionKind; properties?: object },
  path: string,
  errors: FieldError[],
): void {
  const rules = propertyRules[question.type]
  if (!rules) return // an unknown kind is reported by the schema
  const properties = (question.properties ?? {}) as Record<string, unknown>
  for (const [key, value] of Object.entries(properties)) {
    const rule = rules[key]
    if (!rule) {
      errors.push({ path: `${path}/${key}`, message: `is not a property of a ${question.type} question` })
      continue
    }
    const message = rule(value)
    if (message) errors.push({ path: `${path}/${key}`, message })
  }
  if (question.type === 'multiple_choice' || question.type === 'dropdown') {
    checkLabels(properties['choices'], `${path}/choices`, 'choices', errors)
  }
  if (question.type === 'ranking') checkLabels(properties['choices'], `${path}/choices`, 'ranking', errors)
  if (question.type === 'matrix') {
    checkLabels(properties['rows'], `${path}/rows`, 'rows', errors)
    checkLabels(properties['columns'], `${path}/columns`, 'columns', errors)
  }
  if (question.type === 'number') {
    const { min, max } = properties
    if (Number.isInteger(min) && Number.isInteger(max) && (min as number) > (max as number)) {
      errors.push({ path: `${path}/min`, message: 'must not be greater than max' })
    }
  }
}

/**
 * The field an answer to this question is stored under in the listing (`text`, `number`,
 * `choice`, `boolean`, `matrix`, `ranking`, ...).
 */
export function answerType(question: Question): string {
  switch (question.type) {
    case 'short_text':
    case 'long_text':
      return 'text'
    case 'number':
    case 'rating':
    case 'opinion_scale':
    case 'nps':
    case 'customer_sat':
      return 'number'
    case 'yes_no':
    case 'consent':
      return 'boolean'
    case 'multiple_choice':
      return question.properties['allow_multiple'] === true ? 'choices' : 'choice'
    case 'dropdown':
      return 'choice'
    case 'file_upload':
      return 'file'
    default:
      return question.type
  }
}
