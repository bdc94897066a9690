import type { FieldError } from '../field-error.js'
import { emailProblem, isLongerThan } from '../strings.js'

// The settings that make a form send mail (docs/api.md#notifications-and-confirmations): the team's
// notification of new responses (`notify`) and the respondent's confirmation (`confirmation`), a
// copy of their answers sent to the address they gave in an `email` question.

export interface NotifySettings {
  /** The team's addresses: each one bare (no display name), at most NOTIFY_EMAILS_MAX. */
  emails: string[]
}

export interface ConfirmationSettings {
  /** The id of the form's `email` question whose answer gets the copy. */
  question: string
  subject: string
  /** Plain text; `{{form_title}}` is the form's title. */
  message: string
}

export const NOTIFY_EMAILS_MAX = 10
export const CONFIRMATION_QUESTION_MAX = 64
export const CONFIRMATION_SUBJECT_MAX = 200
export const CONFIRMATION_MESSAGE_MAX = 5000

/** The one placeholder of a confirmation's subject and message. */
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g
const FORM_TITLE = 'form_title'

/** A confirmation's text with `{{form_title}}` filled in. */
export function fillConfirmation(text: string, formTitle: string): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (name.trim() === FORM_TITLE ? formTitle : whole))
}

// The rules below say again what the schema says of shapes and lengths: a value that fails the
// schema inside these nullable objects is otherwise reported at the object, not at the field
// (src/http/routes/forms/definition-check.ts keeps the rules' word there).

/** Why a text field is refused, or undefined. */
function textProblem(value: unknown, max: number): string | undefined {
  if (value === undefined) return 'is required'
  if (typeof value !== 'string') return 'must be a string'
  if (value === '') return 'must not be empty'
  return isLongerThan(value, max) ? `must be at most ${max} characters` : undefined
}

/** Checks `notify`; its addresses as given (each checked), or null for none. */
export function normaliseNotify(input: NotifySettings | null | undefined, errors: FieldError[]) {
  if (input === undefined || input === null) return null
  const emails: unknown = input.emails
  const at = '/settings/notify/emails'
  if (!Array.isArray(emails)) {
    errors.push({ path: at, message: emails === undefined ? 'is required' : 'must be an array of addresses' })
    return { emails: [] }
  }
  if (emails.length === 0) errors.push({ path: at, message: 'must list at least one address' })
  if (emails.length > NOTIFY_EMAILS_MAX)
    errors.push({ path: at, message: `must list at most ${NOTIFY_EMAILS_MAX} addresses` })
  const seen = new Map<string, number>()
  emails.forEach((address: unknown, index) => {
    const path = `${at}/${index}`
    // The one address rule (src/shared/strings.ts): no space, angle bracket, comma or line break,
    // so one bare address of at most 254 characters, never a display name or a list.
    const problem = typeof address === 'string' ? emailProblem(address) : 'must be a string'
    const key = String(address).toLowerCase()
    const first = seen.get(key)
    if (problem !== undefined) errors.push({ path, message: problem })
    else if (first !== undefined) errors.push({ path, message: `duplicates the address at index ${first}` })
    else seen.set(key, index)
  })
  return { emails: [...(emails as string[])] }
}

const confirmationLimits = {
  question: CONFIRMATION_QUESTION_MAX,
  subject: CONFIRMATION_SUBJECT_MAX,
  message: CONFIRMATION_MESSAGE_MAX,
}

/** Checks a confirmation's words: `{{form_title}}` is the only placeholder. */
export function normaliseConfirmation(input: ConfirmationSettings | null | undefined, errors: FieldError[]) {
  if (input === undefined || input === null) return null
  for (const [field, max] of Object.entries(confirmationLimits) as [keyof ConfirmationSettings, number][]) {
    const problem = textProblem(input[field], max)
    if (problem !== undefined) errors.push({ path: `/settings/confirmation/${field}`, message: problem })
  }
  const { question, subject, message } = input
  if (typeof subject !== 'string' || typeof message !== 'string') return { question, subject, message }
  // It becomes a header: a line break there would start another one.
  if (/[\r\n\u2028\u2029]/.test(subject))
    errors.push({ path: '/settings/confirmation/subject', message: 'must be one line' })
  for (const [field, text] of [
    ['subject', subject],
    ['message', message],
  ] as const) {
    for (const [whole, name] of text.matchAll(PLACEHOLDER)) {
      if (name?.trim() !== FORM_TITLE)
        errors.push({
          path: `/settings/confirmation/${field}`,
          message: `${whole} names nothing: the only placeholder is {{form_title}}`,
        })
    }
  }
  return { question, subject, message }
}

/**
 * The confirmation's question must be an `email` question of the form: checked on every save, so
 * a definition that drops or changes the question is refused while the confirmation names it.
 */
export function confirmationQuestionErrors(
  confirmation: ConfirmationSettings | null,
  questions: readonly { id: string; type: string }[],
  errors: FieldError[],
): void {
  if (confirmation === null || typeof confirmation.question !== 'string' || confirmation.question === '')
    return
  const question = questions.find((candidate) => candidate.id === confirmation.question)
  const path = '/settings/confirmation/question'
  if (!question) errors.push({ path, message: 'is not a question of this form' })
  else if (question.type !== 'email')
    errors.push({ path, message: `must name an email question, not a ${question.type} question` })
}
