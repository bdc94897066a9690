import type { FieldError } from '../field-error.js'
import type { Submission } from '../forms/answers.js'
import type { FormDefinition } from '../forms/definition.js'
import type { Question } from '../forms/kinds.js'
import type { Translate } from '../i18n/locales.js'
import { answerFromFields, answerMessage, questionFields, summaryLine } from './answer-messages.js'

// The hosted page posts application/x-www-form-urlencoded fields; here they become the same
// submission a token client sends as JSON, so one set of rules (buildResponseItem) judges both.
// Field names: a question's id; `hidden:<name>` for hidden fields; `canvass:` for the page's own.

export const HIDDEN_PREFIX = 'hidden:'
export const HONEYPOT_FIELD = 'canvass:website'

/** The values typed, by field name, to show them again on an invalid submission. */
export type TypedValues = Map<string, string[]>

export function typedValues(fields: URLSearchParams): TypedValues {
  const values: TypedValues = new Map()
  for (const [name, value] of fields) {
    const list = values.get(name)
    if (list) list.push(value)
    else values.set(name, [value])
  }
  return values
}

/**
 * What a question's controls were posted holding (questionFields), or undefined when none of them
 * was posted at all (an unticked checkbox, a page that did not show it).
 */
export function typedFields(question: Question, values: TypedValues): string[] | undefined {
  const fields = questionFields(question, (name) => values.get(name) ?? [])
  if (fields.length === 0) return values.get(question.id)
  const names = question.type === 'matrix' || question.type === 'ranking'
  return names && !fields.some((_, index) => values.has(`${question.id}.${index}`)) ? undefined : fields
}

/** An empty control is an unanswered question, as with a JSON body that leaves it out. */
export function submissionFromFields(definition: FormDefinition, values: TypedValues): Submission {
  const answers: Record<string, unknown> = {}
  for (const question of definition.questions) {
    const answer = answerFromFields(question, typedFields(question, values) ?? [])
    if (answer !== undefined) answers[question.id] = answer
  }
  const hidden: Record<string, unknown> = {}
  for (const name of definition.hidden) {
    const value = values.get(HIDDEN_PREFIX + name)?.[0]
    if (value !== undefined) hidden[name] = value
  }
  return { answers, hidden }
}

/** The hidden fields a page carries: declared names found in its query string, unknown ones ignored. */
export function hiddenFromQuery(
  definition: FormDefinition,
  query: Record<string, unknown>,
): Map<string, string> {
  const hidden = new Map<string, string>()
  for (const name of definition.hidden) {
    const value = query[name]
    const text = Array.isArray(value) ? value[0] : value
    if (typeof text === 'string') hidden.set(name, text)
  }
  return hidden
}

export interface PageErrors {
  /** Messages by question id, shown beside each control ("Required"). */
  byQuestion: Map<string, string>
  /** Every message, in page order, for the summary at the top ("How was it?: Required"). */
  all: { questionId: string | undefined; message: string }[]
}

/**
 * Places the API's field errors (`/answers/<id>`, `/hidden/<name>`) on the page. Which answers are
 * wrong is the API's verdict; a question's message is answerMessage's, from the values typed, the
 * words the page's script shows for the same values.
 */
export function pageErrors(
  definition: FormDefinition,
  errors: FieldError[],
  values: TypedValues,
  t: Translate,
): PageErrors {
  const byQuestion = new Map<string, string>()
  const others: PageErrors['all'] = []
  const questions = new Map(definition.questions.map((question) => [question.id, question]))
  for (const error of errors) {
    const match = /^\/answers\/([^/]+)$/.exec(error.path)
    const id = match?.[1]?.replace(/~1/g, '/').replace(/~0/g, '~')
    const question = id === undefined ? undefined : questions.get(id)
    if (question && !byQuestion.has(question.id)) {
      // A file's id the server refused names no file it keeps (any more): it is picked again.
      const message =
        answerMessage(question, typedFields(question, values) ?? [], t) ??
        (question.type === 'file_upload' ? t('error.fileAgain') : undefined)
      byQuestion.set(question.id, message ?? `${error.message[0]?.toUpperCase()}${error.message.slice(1)}`)
    } else if (!question) {
      others.push({ questionId: undefined, message: `${error.path || 'The answers'} ${error.message}` })
    }
  }
  const all = definition.questions
    .filter((question) => byQuestion.has(question.id))
    .map((question) => ({
      questionId: question.id,
      message: summaryLine(question, byQuestion.get(question.id) as string, t),
    }))
  return { byQuestion, all: [...all, ...others] }
}
