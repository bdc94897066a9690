import type { Answer, ResponseItem } from '../../../shared/forms/answers.js'
import { type ConfirmationSettings, fillConfirmation } from '../../../shared/forms/mail-settings.js'
import { emailProblem } from '../../../shared/strings.js'
import type { MailBody } from '../outbox.js'
import {
  AnswerList,
  answerLines,
  MailDocument,
  moreAnswers,
  Paragraphs,
  readableTime,
  renderMail,
  shownAnswers,
} from './parts.js'

// The respondent's confirmation (settings.confirmation): the team's message and a copy of the
// answers, mailed to the address the respondent gave in the form's `email` question.

// A copy of at most this many answers, each bounded: a mail of a few tens of KB at worst.
const ANSWERS_MAX = 100
const bounds = { titleMax: 200, textMax: 1000 }

/** The address a response's answer to `question` gives, if it is one to mail; else undefined. */
export function confirmationAddress(item: ResponseItem, question: string): string | undefined {
  const answer: Answer | undefined = item.answers.find((candidate) => candidate.question.id === question)
  const address = answer?.type === 'email' ? answer['email'] : undefined
  // Stored answers were checked by the same rule; checked again as it becomes a header.
  return typeof address === 'string' && emailProblem(address) === undefined ? address : undefined
}

export function confirmationMail(
  confirmation: ConfirmationSettings,
  formTitle: string,
  item: ResponseItem,
): { subject: string; body: MailBody } {
  const subject = fillConfirmation(confirmation.subject, formTitle)
  const message = fillConfirmation(confirmation.message, formTitle)
  const { shown, more } = shownAnswers(item.answers, ANSWERS_MAX, bounds)
  const sent = `Sent ${readableTime(item.submitted_at)}`
  const text = [
    message,
    '',
    `Your answers to ${formTitle}:`,
    ...answerLines(shown, '  '),
    ...(more > 0 ? [`  ${moreAnswers(more)}`] : []),
    '',
    sent,
    '',
  ].join('\n')
  const html = renderMail(
    <MailDocument title={subject}>
      <Paragraphs text={message} />
      <h2 dir="auto" style="font-size: 1.1rem">
        Your answers to {formTitle}
      </h2>
      <AnswerList answers={shown} more={more} />
      <p style="color: #555">{sent}</p>
    </MailDocument>,
  )
  return { subject, body: { text, html } }
}
