import { checkAnswer } from '../forms/answers.js'
import {
  answerRange,
  answerType,
  choiceLabels,
  type Question,
  rowLabels,
  TEXT_MAX,
} from '../forms/definition.js'
import type { Translate } from '../i18n/locales.js'
import { isStorableString } from '../storable.js'
import { EMAIL_MAX, URL_MAX } from '../strings.js'

// What a respondent reads beside a question whose answer the rules refuse. The rules are the
// server's own (checkAnswer); these are their words for a person, without the question's title
// (the control's label already says it). The server's 422 page and the page's script
// (web/hosted/form.ts) both call answerMessage, so a message reads the same with JavaScript on or off.

const SAFE = Number.MAX_SAFE_INTEGER

/**
 * "A whole number from 0 to 10" and the like, as the hint says it (`hint`) or the message asks for
 * it (`error`): the rule of a number question.
 */
export function wholeNumberRule(question: Question, t: Translate, as: 'hint' | 'error'): string {
  const [min, max] = answerRange(question)
  if (min > -SAFE && max < SAFE) return t(`${as}.numberBetween`, { min, max })
  if (min > -SAFE) return t(`${as}.numberAtLeast`, { min })
  if (max < SAFE) return t(`${as}.numberAtMost`, { max })
  return t(`${as}.number`)
}

/**
 * A question's posted fields, by the names of its controls: its id's values; for a matrix one per
 * row (`<id>.<row index>`: the column chosen), for a ranking one per label (`<id>.<label index>`:
 * the place given), empty where none. Ids hold no `.`, so these names are nobody else's.
 */
export function questionFields(question: Question, get: (name: string) => string[]): string[] {
  const parts =
    question.type === 'matrix'
      ? rowLabels(question)
      : question.type === 'ranking'
        ? choiceLabels(question)
        : undefined
  if (!parts) return get(question.id)
  return parts.map((_, index) => get(`${question.id}.${index}`)[0] ?? '')
}

/** A ranking's places as posted, one per label: its labels in that order, if each has its own place. */
function rankingFromPlaces(question: Question, places: string[]): unknown {
  const labels = choiceLabels(question)
  const byPlace: string[] = []
  places.forEach((place, index) => {
    const at = /^\d{1,4}$/.test(place) ? Number(place) : 0
    if (at >= 1 && at <= labels.length && byPlace[at - 1] === undefined)
      byPlace[at - 1] = labels[index] as string
  })
  const complete = labels.every((_, place) => byPlace[place] !== undefined)
  // Not a ranking: the rules refuse it, and the message says what to fix.
  return complete ? byPlace : { places }
}

/**
 * The answer a question's fields carry, as a JSON submission would give it; undefined when every
 * control was left empty (an unanswered question).
 */
export function answerFromFields(question: Question, fields: string[]): unknown {
  const given = fields.filter((value) => value !== '')
  if (given.length === 0) return undefined
  if (question.type === 'matrix') {
    const answer: Record<string, string> = {}
    rowLabels(question).forEach((row, index) => {
      const column = fields[index] ?? ''
      if (column !== '') answer[row] = column
    })
    return answer
  }
  if (question.type === 'ranking') return rankingFromPlaces(question, fields)
  const type = answerType(question)
  if (type === 'choices') return given
  const text = given[given.length - 1] as string
  if (type === 'number') return /^-?\d{1,16}$/.test(text.trim()) ? Number(text.trim()) : text
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text
  // HTML forms send a typed line break as CRLF; the respondent typed one newline.
  return type === 'text' ? text.replace(/\r\n/g, '\n') : text
}

/** Why a refused answer is refused, in the respondent's words; the rule named, not the title. */
function refusal(question: Question, answer: unknown, t: Translate): string {
  if (typeof answer === 'string' && !isStorableString(answer)) return t('error.unstorable')
  switch (question.type) {
    case 'short_text':
    case 'long_text': {
      const text = String(answer)
      if (text.trim() === '') return question.required ? t('error.required') : t('error.blank')
      const max = (question.properties['max_length'] as number | undefined) ?? TEXT_MAX
      return t('error.tooLong', { max, length: text.length })
    }
    case 'email':
      return String(answer).length > EMAIL_MAX ? t('error.maxLength', { max: EMAIL_MAX }) : t('error.email')
    case 'url':
      return String(answer).length > URL_MAX ? t('error.maxLength', { max: URL_MAX }) : t('error.url')
    case 'phone_number':
      return t('error.phone')
    case 'yes_no':
      return t('error.yesNo')
    case 'consent':
      return t('error.consent')
    case 'matrix': {
      const rows = rowLabels(question)
      const given = answer !== null && typeof answer === 'object' ? Object.keys(answer) : []
      return question.required && given.length < rows.length
        ? t('error.matrixEveryRow')
        : t('error.matrixColumns')
    }
    case 'ranking':
      return t('error.ranking', { count: choiceLabels(question).length })
    case 'date':
      return t('error.date')
    case 'multiple_choice':
    case 'dropdown':
      return answerType(question) === 'choices' ? t('error.choicesOnly') : t('error.chooseOne')
    case 'number':
      return wholeNumberRule(question, t, 'error')
    default: {
      const [min, max] = answerRange(question)
      return t('error.scale', { min, max })
    }
  }
}

/**
 * The message for a question given the values its controls hold (as posted: one per control,
 * empty when left empty), or undefined when the server would accept them. In the page's language:
 * `t` is the server's (src/shared/i18n/words.ts) or the script's (web/hosted/messages.ts).
 */
export function answerMessage(question: Question, fields: string[], t: Translate): string | undefined {
  const answer = answerFromFields(question, fields)
  if (answer === undefined) return question.required ? t('error.required') : undefined
  if (question.type === 'file_upload') return fileMessage(answer, t)
  return 'error' in checkAnswer(question, answer) ? refusal(question, answer, t) : undefined
}

/**
 * A file field holds the id of a file the server stored, or `!<reason>` for one it refused
 * (page-uploads.ts); the page's script holds what the browser picked (`!too_large` when it is
 * over the limit). Whether an id names a stored file only the server knows: it says so with
 * `fileAgain` (a file kept from a page since deleted, say).
 */
function fileMessage(answer: unknown, t: Translate): string | undefined {
  switch (answer) {
    case '!too_large':
      return t('error.fileTooLarge')
    case '!type_not_accepted':
      return t('error.fileType')
    case '!empty':
      return t('error.fileEmpty')
    case '!too_many_pending':
      return t('error.fileBusy')
    default:
      return typeof answer === 'string' && !answer.startsWith('!') ? undefined : t('error.fileAgain')
  }
}

/** A file answer as the page's field holds it: the stored file's id. */
const fileField = (answer: unknown): string[] => {
  const id = answer !== null && typeof answer === 'object' ? (answer as { id?: unknown }).id : answer
  return typeof id === 'string' ? [id] : []
}

/** The summary's line for a question: its title, then the message. */
export const summaryLine = (question: Question, message: string, t: Translate): string =>
  t('form.summaryLine', { title: question.title, message })

/** An answer as the page's controls hold it: the inverse of answerFromFields. */
export function fieldsFromAnswer(question: Question, answer: unknown): string[] {
  if (question.type === 'file_upload') return fileField(answer)
  if (question.type === 'matrix') {
    const given = answer !== null && typeof answer === 'object' ? (answer as Record<string, unknown>) : {}
    return rowLabels(question).map((row) => (typeof given[row] === 'string' ? (given[row] as string) : ''))
  }
  if (question.type === 'ranking') {
    const order = Array.isArray(answer) ? answer : []
    return choiceLabels(question).map((label) => {
      const place = order.indexOf(label)
      return place === -1 ? '' : String(place + 1)
    })
  }
  if (Array.isArray(answer)) return answer.map(String)
  if (answer === undefined || answer === null) return []
  return [String(answer)]
}
