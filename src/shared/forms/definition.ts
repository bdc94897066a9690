import type { FieldError } from '../field-error.js'
import type { Ending, FlowPage, FlowParts, Rule } from '../flow/types.js'
import { confirmationQuestionErrors } from './mail-settings.js'
import { type FormSettings, type FormSettingsInput, normaliseSettings } from './settings.js'

// A form's definition (docs/api.md#forms): questions of a closed set of kinds, hidden field names
// and variables. Everything the structure alone cannot say (each kind's properties, unique
// names, calculations that name numeric questions) is checked here, every problem at once.

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
] as const
export type QuestionKind = (typeof questionKinds)[number]

export const calculationOps = ['add', 'subtract', 'multiply', 'set'] as const
export type CalculationOp = (typeof calculationOps)[number]

export interface Question {
  id: string
  title: string
  type: QuestionKind
  required: boolean
  /** Shown under the title on the hosted page; absent when the form gives none. */
  description?: string
  properties: Record<string, unknown>
}

export interface Calculation {
  op: CalculationOp
  value?: number
  question_id?: string
}

export interface Variable {
  name: string
  initial: number
  calculations: Calculation[]
}

export interface FormDefinition extends FlowParts {
  questions: Question[]
  hidden: string[]
  variables: Variable[]
  /** Absent in definitions stored before respondent settings existed; read them with storedSettings. */
  settings?: FormSettings
}

export interface FormInput {
  title: string
  questions: {
    id?: string
    title: string
    type: QuestionKind
    required?: boolean
    description?: string
    properties?: object
  }[]
  hidden?: string[]
  variables?: { name: string; initial?: number; calculations?: Calculation[] }[]
  settings?: FormSettingsInput
  pages?: FlowPage[]
  logic?: Rule[]
  endings?: Ending[]
}

/** Longest text answer when a question sets no max_length of its own. */
export const TEXT_MAX = 10_000
export const CHOICE_LABEL_MAX = 256
/** Bound on variable constants (`initial`, `value`). */
export const VARIABLE_VALUE_MAX = 1e12
/**
 * Bound on every value a variable can reach, whatever the answers: far below the largest double,
 * so a value is a finite JSON number and sums over many responses stay finite too.
 */
export const VARIABLE_RANGE_MAX = 1e300

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
const choicesRule: PropertyRule = () => undefined // checked in detail by checkChoices

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
  multiple_choice: { choices: choicesRule, allow_multiple: boolean },
  dropdown: { choices: choicesRule },
  date: {},
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

/** The labels of a choice question; `choices` may be given as strings or as `{label}` objects. */
export function choiceLabels(question: Question): string[] {
  const choices = question.properties['choices']
  if (!Array.isArray(choices)) return []
  return choices.map((choice) => (typeof choice === 'string' ? choice : (choice as { label: string }).label))
}

function checkChoices(value: unknown, path: string, errors: FieldError[]): void {
  if (value === undefined) {
    errors.push({ path, message: 'is required: a choice question needs its choices' })
    return
  }
  if (!Array.isArray(value) || value.length === 0 || value.length > 1000) {
    errors.push({ path, message: 'must be an array of 1 to 1000 choices' })
    return
  }
  const seen = new Map<string, number>()
  value.forEach((choice, index) => {
    const here = `${path}/${index}`
    const isObject = choice !== null && typeof choice === 'object' && !Array.isArray(choice)
    const label =
      typeof choice === 'string' ? choice : isObject ? (choice as { label?: unknown }).label : undefined
    if (isObject && Object.keys(choice).some((key) => key !== 'label')) {
      errors.push({ path: here, message: 'a choice is a label string or an object {label}' })
      return
    }
    if (typeof label !== 'string' || label.trim() === '' || label.length > CHOICE_LABEL_MAX) {
      errors.push({
        path: here,
        message: `must be a non-empty label of at most ${CHOICE_LABEL_MAX} characters`,
      })
      return
    }
    const first = seen.get(label)
    if (first !== undefined) errors.push({ path: here, message: `duplicates the label of choice ${first}` })
    else seen.set(label, index)
  })
}

function checkProperties(question: FormInput['questions'][number], path: string, errors: FieldError[]): void {
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
    checkChoices(properties['choices'], `${path}/choices`, errors)
  }
  if (question.type === 'number') {
    const { min, max } = properties
    if (Number.isInteger(min) && Number.isInteger(max) && (min as number) > (max as number)) {
      errors.push({ path: `${path}/min`, message: 'must not be greater than max' })
    }
  }
}

const reservedKeys = new Set(['__proto__', 'constructor', 'prototype'])
const reservedMessage = 'must not be __proto__, constructor or prototype (a submission could not name it)'

function duplicates(names: string[], path: (index: number) => string, what: string, errors: FieldError[]) {
  const seen = new Map<string, number>()
  names.forEach((name, index) => {
    const first = seen.get(name)
    if (first !== undefined)
      errors.push({ path: path(index), message: `duplicates the ${what} at index ${first}` })
    else seen.set(name, index)
  })
}

/**
 * Checks a definition's questions, hidden fields, variables and settings and gives them their
 * stored shape: missing question ids are generated (ids given are kept, so a PUT keeps the
 * identity of its questions), `required` defaults to false. The flow's parts are passed through
 * as given: normaliseDefinition (normalise.ts) checks them too, with the variables' ranges.
 */
export function normaliseCore(input: FormInput): { definition: FormDefinition; errors: FieldError[] } {
  const errors: FieldError[] = []
  input.questions.forEach((question, index) => {
    checkProperties(question, `/questions/${index}/properties`, errors)
  })
  const givenIds = input.questions.flatMap((question, index) =>
    question.id === undefined ? [] : [[question.id, index] as const],
  )
  duplicates(
    givenIds.map(([id]) => id),
    (at) => `/questions/${givenIds[at]?.[1]}/id`,
    'question id',
    errors,
  )
  // Generated ids cannot collide with given ones (128 random bits), so they are assigned after the check.
  const questions: Question[] = input.questions.map((question) => ({
    id: question.id ?? newQuestionId(),
    title: question.title,
    type: question.type,
    required: question.required ?? false,
    // An empty description is none: the stored question (and the form's bytes) stay as before.
    ...(question.description?.trim() ? { description: question.description } : {}),
    properties: (question.properties ?? {}) as Record<string, unknown>,
  }))
  const hidden = input.hidden ?? []
  duplicates(hidden, (index) => `/hidden/${index}`, 'hidden field', errors)
  // Submissions name questions and hidden fields as object keys, where these are refused.
  givenIds.forEach(([id, index]) => {
    if (reservedKeys.has(id)) errors.push({ path: `/questions/${index}/id`, message: reservedMessage })
  })
  hidden.forEach((name, index) => {
    if (reservedKeys.has(name)) errors.push({ path: `/hidden/${index}`, message: reservedMessage })
  })
  const variables: Variable[] = (input.variables ?? []).map((variable) => ({
    name: variable.name,
    initial: variable.initial ?? 0,
    calculations: variable.calculations ?? [],
  }))
  duplicates(
    variables.map((variable) => variable.name),
    (index) => `/variables/${index}/name`,
    'variable name',
    errors,
  )
  const byId = new Map(questions.map((question) => [question.id, question]))
  variables.forEach((variable, index) => {
    variable.calculations.forEach((calculation, step) => {
      const path = `/variables/${index}/calculations/${step}`
      const hasValue = calculation.value !== undefined
      const hasQuestion = calculation.question_id !== undefined
      if (hasValue === hasQuestion) {
        errors.push({ path, message: 'needs exactly one of value and question_id' })
      } else if (hasQuestion) {
        const question = byId.get(calculation.question_id as string)
        if (!question) errors.push({ path: `${path}/question_id`, message: 'is not a question of this form' })
        else if (!isNumericKind(question.type)) {
          errors.push({ path: `${path}/question_id`, message: 'must name a question with a numeric answer' })
        }
      }
    })
  })
  const settings = normaliseSettings(input.settings, errors)
  confirmationQuestionErrors(settings.confirmation, questions, errors)
  const flow = { pages: input.pages ?? [], logic: input.logic ?? [], endings: input.endings ?? [] }
  return { definition: { questions, hidden, variables, settings, ...flow }, errors }
}

/** The form as the API answers with it. */
export interface FormView extends FormDefinition {
  settings: FormSettings
  pages: FlowPage[]
  logic: Rule[]
  endings: Ending[]
  id: string
  title: string
  response_count: number
  /** When the latest response arrived; null before the first. */
  last_response_at: string | null
  created_at: string
  updated_at: string
}

/**
 * `q_` and 128 random bits, base64url, as src/ids.ts makes every id; by Web Crypto, because the
 * dashboard's builder runs these rules in the browser too.
 */
export function newQuestionId(): string {
  let binary = ''
  for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(16)))
    binary += String.fromCharCode(byte)
  return `q_${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`
}

/** The field an answer to this question is stored under in the listing (`text`, `number`, `choice`, ...). */
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
      return 'boolean'
    case 'multiple_choice':
      return question.properties['allow_multiple'] === true ? 'choices' : 'choice'
    case 'dropdown':
      return 'choice'
    default:
      return question.type
  }
}
