import type { FieldError } from '../field-error.js'
import { emailProblem } from '../strings.js'

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
export const CONFIRMATION_SUBJECT_MAX = 200
export const CONFIRMATION_MESSAGE_MAX = 5000

/** The one placeholder of a confirmation's subject and message. */
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g
const FORM_TITLE = 'form_title'

/** A confirmation's text with `{{form_title}}` filled in. */
export function fillConfirmation(text: string, formTitle: string): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (name.trim() === FORM_TITLE ? formTitle : whole))
}

/** Checks `notify`; its addresses as given (each checked), or null for none. */
export function normaliseNotify(input: NotifySettings | null | undefined, errors: FieldError[]) {
  if (input === undefined || input === null) return null
  const seen = new Map<string, number>()
  input.emails.forEach((address, index) => {
    const path = `/settings/notify/emails/${index}`
    // The one address rule (src/shared/strings.ts): no space, angle bracket, comma or line break,
    // so one bare address of at most 254 characters, never a display name or a list.
    const problem = emailProblem(address)
    const first = seen.get(address.toLowerCase())
    if (problem !== undefined) errors.push({ path, message: problem })
    else if (first !== undefined) errors.push({ path, message: `duplicates the address at index ${first}` })
    else seen.set(address.toLowerCase(), index)
  })
  if (input.emails.length > NOTIFY_EMAILS_MAX)
    errors.push({
      path: '/settings/notify/emails',
      message: `must list at most ${NOTIFY_EMAILS_MAX} addresses`,
    })
  return { emails: [...input.emails] }
}

/** Checks a confirmation's words: `{{form_title}}` is the only placeholder. */
export function normaliseConfirmation(input: ConfirmationSettings | null | undefined, errors: FieldError[]) {
  if (input === undefined || input === null) return null
  // It becomes a header: a line break there would start another one.
  if (/[\r\n\u2028\u2029]/.test(input.subject))
    errors.push({ path: '/settings/confirmation/subject', message: 'must be one line' })
  for (const field of ['subject', 'message'] as const) {
    for (const [whole, name] of input[field].matchAll(PLACEHOLDER)) {
      if (name?.trim() !== FORM_TITLE)
        errors.push({
          path: `/settings/confirmation/${field}`,
          message: `${whole} names nothing: the only placeholder is {{form_title}}`,
        })
    }
  }
  return { question: input.question, subject: input.subject, message: input.message }
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
  if (confirmation === null) return
  const question = questions.find((candidate) => candidate.id === confirmation.question)
  const path = '/settings/confirmation/question'
  if (!question) errors.push({ path, message: 'is not a question of this form' })
  else if (question.type !== 'email')
    errors.push({ path, message: `must name an email question, not a ${question.type} question` })
}
