import type { FieldError } from '../field-error.js'
import type { Ending, FlowPage, FlowParts, Rule } from '../flow/types.js'
import { checkProperties, isNumericKind, type Question, type QuestionKind, reservedKeys } from './kinds.js'
import { confirmationQuestionErrors } from './mail-settings.js'
import { type FormSettings, type FormSettingsInput, normaliseSettings } from './settings.js'
import { checkTranslations, type Translations } from './translations.js'

// A form's definition (docs/api.md#forms): questions of a closed set of kinds (kinds.ts), hidden
// field names and variables. Everything the structure alone cannot say (each kind's properties,
// unique names, calculations that name numeric questions) is checked here, every problem at once.

export {
  answerRange,
  answerType,
  CHOICE_LABEL_MAX,
  choiceLabels,
  columnLabels,
  isNumericKind,
  propertiesForKind,
  type Question,
  type QuestionKind,
  questionKinds,
  rowLabels,
  TEXT_MAX,
} from './kinds.js'

export const calculationOps = ['add', 'subtract', 'multiply', 'set'] as const
export type CalculationOp = (typeof calculationOps)[number]

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
  /** BCP 47 tags, the source first (translations.ts); absent: one language. */
  languages?: string[]
  translations?: Translations
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
  languages?: string[]
  translations?: Translations
}

/** Bound on variable constants (`initial`, `value`). */
export const VARIABLE_VALUE_MAX = 1e12
/**
 * Bound on every value a variable can reach, whatever the answers: far below the largest double,
 * so a value is a finite JSON number and sums over many responses stay finite too.
 */
export const VARIABLE_RANGE_MAX = 1e300

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
  // Absent unless given, so a form of one language keeps its stored bytes.
  const translated = checkTranslations({ ...input, ...flow, questions, settings }, errors)
  return { definition: { questions, hidden, variables, settings, ...flow, ...translated }, errors }
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
