import type { FieldError } from '../field-error.js'
import { flowPath } from '../flow/path.js'
import { planOf } from '../flow/plan.js'
import { isStorableString, UNSTORABLE } from '../storable.js'
import { emailProblem, httpUrlProblem } from '../strings.js'
import type { FormDefinition } from './definition.js'
import { checkFile, type FileAnswer } from './files.js'
import {
  answerRange,
  answerType,
  choiceLabels,
  columnLabels,
  isNumericKind,
  type Question,
  rowLabels,
  TEXT_MAX,
} from './kinds.js'

// A submission checked against the form it answers (docs/api.md#submit) and turned into the item
// the listing shows. Every problem of one submission is reported at once.

export interface Submission {
  answers: Record<string, unknown>
  hidden?: Record<string, unknown>
}

export type AnswerValue =
  | string
  | boolean
  | { label: string }
  | { labels: string[] }
  | Record<string, string>
  | string[]
  | FileAnswer

export interface Answer {
  question: { id: string; title: string; type: string }
  type: string
  [valueField: string]: unknown
}

export interface ResponseItem {
  id: string
  submitted_at: string
  answers: Answer[]
  hidden: { name: string; value: string }[]
  variables: { name: string; value: number }[]
}

export const HIDDEN_VALUE_MAX = 10_000
const phonePattern = /^\+[1-9][0-9]{1,14}$/
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/

export function isCalendarDate(text: string): boolean {
  const match = datePattern.exec(text)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  )
}

const withProblem = (value: string, problem: string | undefined) =>
  problem === undefined ? { value } : { error: problem }

/**
 * Checks one answer; returns the value to store, or a message saying what is wrong. The hosted
 * page's script runs it too (src/shared/pages/answer-messages.ts), so it must stay browser-safe.
 */
export function checkAnswer(question: Question, value: unknown): { value: AnswerValue } | { error: string } {
  // The JSON parser refuses these too; a hosted page's post reaches here without it.
  if (typeof value === 'string' && !isStorableString(value)) return { error: UNSTORABLE }
  switch (question.type) {
    case 'short_text':
    case 'long_text': {
      const max = (question.properties['max_length'] as number | undefined) ?? TEXT_MAX
      if (typeof value !== 'string') return { error: 'must be a string' }
      if (value.trim() === '') return { error: 'must not be empty' }
      if (value.length > max) return { error: `must be at most ${max} characters` }
      return { value }
    }
    case 'email':
      if (typeof value !== 'string') return { error: 'must be a string' }
      return withProblem(value, emailProblem(value))
    case 'url':
      if (typeof value !== 'string') return { error: 'must be a string' }
      return withProblem(value, httpUrlProblem(value))
    case 'phone_number':
      if (typeof value !== 'string') return { error: 'must be a string' }
      if (!phonePattern.test(value))
        return { error: 'must be a phone number in E.164 form, e.g. +4915112345678' }
      return { value }
    case 'yes_no':
      return typeof value === 'boolean' ? { value } : { error: 'must be true or false' }
    case 'consent':
      if (typeof value !== 'boolean') return { error: 'must be true or false' }
      return value || !question.required ? { value } : { error: CONSENT_REFUSED }
    case 'matrix':
      return checkMatrix(question, value)
    case 'ranking':
      return checkRanking(question, value)
    case 'file_upload':
      return checkFile(value, question)
    case 'date':
      if (typeof value !== 'string') return { error: 'must be a string' }
      return isCalendarDate(value) ? { value } : { error: 'must be a real calendar date YYYY-MM-DD' }
    case 'multiple_choice':
    case 'dropdown': {
      const labels = choiceLabels(question)
      if (answerType(question) === 'choice') {
        if (typeof value !== 'string') return { error: 'must be one label string' }
        return labels.includes(value) ? { value: { label: value } } : { error: notAChoice(value, labels) }
      }
      if (!Array.isArray(value) || value.length === 0) return { error: 'must be a non-empty array of labels' }
      const seen = new Set<string>()
      for (const [index, label] of value.entries()) {
        if (typeof label !== 'string') return { error: `item ${index} must be a label string` }
        if (!labels.includes(label)) return { error: `item ${index}: ${notAChoice(label, labels)}` }
        if (seen.has(label)) return { error: `item ${index} repeats the label ${JSON.stringify(label)}` }
        seen.add(label)
      }
      return { value: { labels: value as string[] } }
    }
    default: {
      // the numeric kinds
      if (typeof value !== 'number' || !Number.isFinite(value)) return { error: 'must be an integer' }
      if (!Number.isInteger(value)) return { error: 'must be an integer' }
      if (!Number.isSafeInteger(value)) return { error: 'must be between -(2^53-1) and 2^53-1' }
      const [min, max] = answerRange(question)
      if (value < min || value > max) return { error: `must be from ${min} to ${max}` }
      return { value: String(value) }
    }
  }
}

/** Why a required consent answered false is refused. */
export const CONSENT_REFUSED = 'must be true: this statement must be accepted'

/** An object from row to column label, its rows in the question's order; a required matrix answers every row. */
function checkMatrix(
  question: Question,
  value: unknown,
): { value: Record<string, string> } | { error: string } {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { error: 'must be an object from row label to column label' }
  const rows = rowLabels(question)
  const columns = columnLabels(question)
  const given = value as Record<string, unknown>
  for (const [row, column] of Object.entries(given)) {
    if (!rows.includes(row)) return { error: `${quoted(row)} is not a row: ${listed(rows)}` }
    if (typeof column !== 'string')
      return { error: `the answer of row ${quoted(row)} must be one column label` }
    if (!columns.includes(column))
      return { error: `row ${quoted(row)}: ${quoted(column)} is not a column: ${listed(columns)}` }
  }
  const answered = rows.filter((row) => Object.hasOwn(given, row))
  if (answered.length === 0) return { error: 'must answer at least one row' }
  if (question.required && answered.length < rows.length) {
    const missing = rows.filter((row) => !Object.hasOwn(given, row))
    return { error: `must answer every row: ${listed(missing)} not answered` }
  }
  const ordered: Record<string, string> = {}
  for (const row of answered) ordered[row] = given[row] as string
  return { value: ordered }
}

/** Every label once, in the order given (first the highest). */
function checkRanking(question: Question, value: unknown): { value: string[] } | { error: string } {
  const labels = choiceLabels(question)
  if (!Array.isArray(value))
    return { error: `must be an array holding each of the ${labels.length} labels once` }
  const seen = new Set<string>()
  for (const [index, label] of value.entries()) {
    if (typeof label !== 'string') return { error: `item ${index} must be a label string` }
    if (!labels.includes(label)) return { error: `item ${index}: ${notAChoice(label, labels)}` }
    if (seen.has(label)) return { error: `item ${index} repeats the label ${quoted(label)}` }
    seen.add(label)
  }
  if (seen.size < labels.length) {
    const missing = labels.filter((label) => !seen.has(label))
    return { error: `must rank every label: ${listed(missing)} missing` }
  }
  return { value: value as string[] }
}

function computeVariables(
  definition: FormDefinition,
  numbers: Map<string, number>,
  errors: FieldError[],
): { name: string; value: number }[] {
  return definition.variables.map((variable) => {
    let value = variable.initial
    for (const calculation of variable.calculations) {
      const operand =
        calculation.question_id !== undefined ? numbers.get(calculation.question_id) : calculation.value
      if (operand === undefined) continue
      if (calculation.op === 'add') value += operand
      else if (calculation.op === 'subtract') value -= operand
      else if (calculation.op === 'multiply') value *= operand
      else value = operand
    }
    if (!Number.isFinite(value)) {
      errors.push({ path: '/answers', message: `these answers make variable ${variable.name} overflow` })
    }
    return { name: variable.name, value: Object.is(value, -0) ? 0 : value }
  })
}

/** What a submission's own answers decide through the form's flow (docs/api.md#survey-flow). */
interface Judged {
  onPath(id: string): boolean
  required(question: Question): boolean
  variables(errors: FieldError[], numbers: Map<string, number>): { name: string; value: number }[]
  ending: string | null
  /** The pages the path visits, in order. */
  pages: string[]
}

/**
 * A form without rules asks every question and requires those marked required; one with rules
 * is judged against the path its answers take: questions off the path must not be answered, and
 * those on it that the form or a rule requires must be.
 */
function judge(definition: FormDefinition, submission: Submission): Judged {
  if ((definition.logic?.length ?? 0) === 0) {
    return {
      onPath: () => true,
      required: (question) => question.required === true,
      variables: (errors, numbers) => computeVariables(definition, numbers, errors),
      ending: null,
      // Without rules every page is visited.
      pages: planOf(definition).pages.map((page) => page.id),
    }
  }
  const path = flowPath(definition, submission.answers, submission.hidden ?? {})
  const onPath = new Set(path.questions)
  const required = new Set(path.required)
  return {
    onPath: (id) => onPath.has(id),
    required: (question) => required.has(question.id),
    variables: () => path.variables,
    ending: path.ending,
    pages: path.pages,
  }
}

/** A submission checked and built into its item, with what its path through the form decided. */
export interface BuiltResponse {
  item: ResponseItem
  errors: FieldError[]
  /** The ending its answers reach; null without one. */
  ending: string | null
  /** The pages its path visits, in order (insights' funnel). */
  pages: string[]
  /** The questions on its path it left unanswered (insights' `shown`). */
  unanswered: string[]
}

/**
 * Checks a submission and builds the listed item, with the ending its answers reach (null without
 * one). Answers follow the form's question order and carry the question as it is now, so later
 * edits of the form do not change them.
 */
export function buildResponseItem(
  definition: FormDefinition,
  submission: Submission,
  id: string,
  submittedAt: string,
): BuiltResponse {
  const errors: FieldError[] = []
  const byId = new Map(definition.questions.map((question) => [question.id, question]))
  for (const key of Object.keys(submission.answers)) {
    if (!byId.has(key))
      errors.push({ path: `/answers/${pointer(key)}`, message: 'is not a question of this form' })
  }
  const judged = judge(definition, submission)
  const answers: Answer[] = []
  const unanswered: string[] = []
  const numbers = new Map<string, number>()
  // The error path is built only for an error: escaping every question id cost more than
  // checking its answer.
  const pathOf = (question: Question) => `/answers/${pointer(question.id)}`
  for (const question of definition.questions) {
    if (!Object.hasOwn(submission.answers, question.id)) {
      if (judged.required(question))
        errors.push({ path: pathOf(question), message: 'is required', code: 'missing' })
      else if (judged.onPath(question.id)) unanswered.push(question.id)
      continue
    }
    if (!judged.onPath(question.id)) {
      errors.push({
        path: pathOf(question),
        message: "is not on this response's path: the form's rules hide this question or skip its page",
        code: 'not_on_path',
      })
      continue
    }
    const raw = submission.answers[question.id]
    const checked = checkAnswer(question, raw)
    if ('error' in checked) {
      errors.push({ path: pathOf(question), message: checked.error })
      continue
    }
    // A rule may require a consent or a matrix the form leaves optional: then the consent must be
    // accepted and every row answered, as when the form requires them.
    const partial = question.type === 'consent' || question.type === 'matrix'
    if (partial && !question.required && judged.required(question)) {
      const required = checkAnswer({ ...question, required: true }, raw)
      if ('error' in required) {
        errors.push({ path: pathOf(question), message: required.error })
        continue
      }
    }
    const type = answerType(question)
    if (isNumericKind(question.type)) numbers.set(question.id, raw as number)
    answers.push({
      question: { id: question.id, title: question.title, type: question.type },
      type,
      [type]: checked.value,
    })
  }
  const hiddenGiven = submission.hidden ?? {}
  errors.push(...hiddenErrors(definition, hiddenGiven))
  const hidden = definition.hidden
    .filter((name) => Object.hasOwn(hiddenGiven, name) && typeof hiddenGiven[name] === 'string')
    .map((name) => ({ name, value: hiddenGiven[name] as string }))
  const variables = judged.variables(errors, numbers)
  return {
    item: { id, submitted_at: submittedAt, answers, hidden, variables },
    errors,
    ending: judged.ending,
    pages: judged.pages,
    unanswered,
  }
}

/** The problems of a submission's hidden values, at their pointers. */
export function hiddenErrors(definition: FormDefinition, given: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = []
  const declared = new Set(definition.hidden)
  for (const [name, value] of Object.entries(given)) {
    const path = `/hidden/${pointer(name)}`
    if (!declared.has(name)) errors.push({ path, message: 'is not a hidden field of this form' })
    else if (typeof value !== 'string') errors.push({ path, message: 'must be a string' })
    else if (!isStorableString(value)) errors.push({ path, message: UNSTORABLE })
    else if (value.length > HIDDEN_VALUE_MAX)
      errors.push({ path, message: `must be at most ${HIDDEN_VALUE_MAX} characters` })
  }
  return errors
}

function pointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1')
}

/** A label as a message quotes it, cut short. */
const quoted = (label: string) => JSON.stringify(label.length > 80 ? `${label.slice(0, 77)}...` : label)

/** Labels as a message lists them (a form has at most 1000; a long list is cut). */
function listed(labels: string[]): string {
  const shown = labels.slice(0, 20).join(', ')
  return labels.length > 20 ? `${shown}, ... (${labels.length} in all)` : shown
}

/** Names the offending label and the ones allowed. */
function notAChoice(label: string, labels: string[]): string {
  return `${quoted(label)} is not one of the choices: ${listed(labels)}`
}
