import type { ResponseItem } from '../../../shared/forms/answers.js'
import type { MailBody } from '../outbox.js'
import {
  AnswerList,
  answerLines,
  bounded,
  MailDocument,
  moreAnswers,
  readableTime,
  renderMail,
  shownAnswers,
} from './parts.js'

// The team's notification (settings.notify): how many responses came in since the last one and,
// for the newest few, when they came and their first answers, with a link to them all.

/** The newest responses a notification shows, and the answers it shows of each (each bounded). */
export const NOTIFICATION_SHOWN = 10
const ANSWERS_SHOWN = 3
const bounds = { titleMax: 80, textMax: 200 }
const TITLE_IN_SUBJECT = 150

export interface Digest {
  formTitle: string
  /** Responses since the last notification. */
  count: number
  /** The newest of them, newest first (at most NOTIFICATION_SHOWN). */
  newest: readonly ResponseItem[]
  /** The form's responses in the dashboard. */
  link: string
}

const responses = (count: number) => (count === 1 ? '1 new response' : `${count} new responses`)

export function notificationMail(digest: Digest): { subject: string; body: MailBody } {
  const title = bounded(digest.formTitle, TITLE_IN_SUBJECT)
  const subject = `${responses(digest.count)} to ${title}`
  const shown = digest.newest.map((item) => ({
    at: readableTime(item.submitted_at),
    ...shownAnswers(item.answers, ANSWERS_SHOWN, bounds),
  }))
  const intro =
    digest.count > shown.length
      ? `The ${shown.length} newest, newest first:`
      : shown.length > 1
        ? 'Newest first:'
        : ''
  const text = [
    `${subject}.`,
    '',
    ...(intro ? [intro, ''] : []),
    ...shown.flatMap((response) => [
      response.at,
      ...answerLines(response.shown, '  '),
      ...(response.more > 0 ? [`  ${moreAnswers(response.more)}`] : []),
      '',
    ]),
    `See every response: ${digest.link}`,
    '',
  ].join('\n')
  const html = renderMail(
    <MailDocument title={subject}>
      <h1 dir="auto" style="font-size: 1.25rem">
        {subject}
      </h1>
      {intro && <p>{intro}</p>}
      {shown.length > 0 && (
        <ol style="padding-inline-start: 1.25rem">
          {shown.map((response) => (
            <li>
              <p style="margin-bottom: 0.25rem">{response.at}</p>
              <AnswerList answers={response.shown} more={response.more} />
            </li>
          ))}
        </ol>
      )}
      <p>
        <a href={digest.link}>See every response in Canvass</a>
      </p>
    </MailDocument>,
  )
  return { subject, body: { text, html } }
}
