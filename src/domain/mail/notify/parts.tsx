import type { ComponentChildren } from 'preact'
import { renderToString } from 'preact-render-to-string'
import { answerText } from '../../../shared/forms/answer-text.js'
import type { Answer } from '../../../shared/forms/answers.js'

// What the mails of forms are made of (docs/api.md#notifications-and-confirmations): a plain text
// part and a simple HTML part, one language, headings and lists a screen reader can walk. The HTML
// is rendered by Preact, which escapes every text it is given: answers, titles and messages are
// the respondent's and the team's words, never markup.

/** Text cut to at most `max` characters (code points), an ellipsis marking the cut. */
export function bounded(text: string, max: number): string {
  if (text.length <= max) return text
  const points = [...text]
  return points.length <= max ? text : `${points.slice(0, max - 1).join('')}…`
}

/** One answer of a mail: its question's title and the answer, each bounded. */
export interface ShownAnswer {
  title: string
  text: string
}

/** The first `count` answers of a response, bounded, and how many were left out. */
export function shownAnswers(
  answers: readonly Answer[],
  count: number,
  { titleMax, textMax }: { titleMax: number; textMax: number },
): { shown: ShownAnswer[]; more: number } {
  const shown = answers.slice(0, count).map((answer) => ({
    title: bounded(answer.question.title, titleMax),
    text: bounded(answerText(answer, 'words'), textMax),
  }))
  return { shown, more: Math.max(0, answers.length - count) }
}

/** `2026-11-22T10:04:05.123456Z` as `2026-11-22 10:04:05 UTC`. */
export function readableTime(timestamp: string): string {
  return `${timestamp.slice(0, 10)} ${timestamp.slice(11, 19)} UTC`
}

/** Answers as text lines, each continued line indented under its first. */
export function answerLines(answers: readonly ShownAnswer[], indent: string): string[] {
  return answers.map(
    (answer) => `${indent}${answer.title}: ${answer.text.replace(/\r\n?|\n/g, `\n${indent}  `)}`,
  )
}

/** A mail's whole HTML document. */
export function MailDocument(props: { title: string; children: ComponentChildren }) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{props.title}</title>
      </head>
      <body style="font-family: system-ui, sans-serif; line-height: 1.5; max-width: 40rem; margin: 0 auto; padding: 1rem">
        {props.children}
      </body>
    </html>
  )
}

/** Paragraphs of plain text: blank lines part them, single line breaks are kept. */
export function Paragraphs(props: { text: string }) {
  return (
    <>
      {props.text.split(/(?:\r\n?|\n){2,}/).map((paragraph) => (
        <p dir="auto" style="white-space: pre-line">
          {paragraph}
        </p>
      ))}
    </>
  )
}

/** Answers as a description list: question, then answer. */
export function AnswerList(props: { answers: readonly ShownAnswer[]; more: number }) {
  return (
    <>
      <dl>
        {props.answers.map((answer) => (
          <>
            <dt dir="auto" style="font-weight: 600">
              {answer.title}
            </dt>
            <dd dir="auto" style="margin: 0 0 0.5rem; white-space: pre-line">
              {answer.text}
            </dd>
          </>
        ))}
      </dl>
      {props.more > 0 && <p>{moreAnswers(props.more)}</p>}
    </>
  )
}

export const moreAnswers = (count: number) =>
  count === 1 ? 'and 1 more answer' : `and ${count} more answers`

export function renderMail(document: preact.VNode): string {
  return `<!doctype html>${renderToString(document)}`
}
