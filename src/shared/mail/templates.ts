import type { FieldError } from '../field-error.js'
import { isLongerThan } from '../strings.js'

// The templates of an invitation (docs/api.md#invitations): a subject and a plain-text message with
// placeholders `{{name}}`, `{{link}}`, `{{form_title}}` and `{{contact.<data key>}}`, spaces
// allowed inside the braces. A placeholder that can name nothing is refused when the invitation is
// created; `{{contact.<key>}}` of a contact without that key is empty. Values are one line each:
// line breaks and other control characters in a name or a contact's data never reach a header,
// nor break the text's lines.

export const SUBJECT_MAX = 200
export const MESSAGE_MAX = 5000

export type TemplatePart = { text: string } | { value: 'name' | 'link' | 'form_title' } | { contact: string }

/** What a recipient's mail fills in. */
export interface TemplateValues {
  name: string
  link: string
  formTitle: string
  /** The contact's data when invited. */
  data: Record<string, string>
}

const placeholder = /\{\{([^{}]*)\}\}/g
const namedValues = new Set(['name', 'link', 'form_title'])
const CONTACT = 'contact.'

export const PLACEHOLDER_HELP = 'use {{name}}, {{link}}, {{form_title}} or {{contact.<data key>}}'

/** The template's parts, and the placeholders in it that name nothing (as written). */
export function parseTemplate(template: string): { parts: TemplatePart[]; unknown: string[] } {
  const parts: TemplatePart[] = []
  const unknown: string[] = []
  let at = 0
  for (const match of template.matchAll(placeholder)) {
    if (match.index > at) parts.push({ text: template.slice(at, match.index) })
    at = match.index + match[0].length
    const inner = (match[1] as string).trim()
    if (namedValues.has(inner)) parts.push({ value: inner as 'name' | 'link' | 'form_title' })
    else if (inner.startsWith(CONTACT) && inner.length > CONTACT.length)
      parts.push({ contact: inner.slice(CONTACT.length) })
    else {
      unknown.push(match[0])
      parts.push({ text: match[0] })
    }
  }
  if (at < template.length) parts.push({ text: template.slice(at) })
  return { parts, unknown }
}

function templateProblems(field: 'subject' | 'message', template: string, max: number): FieldError[] {
  const path = `/${field}`
  if (template.trim() === '') return [{ path, message: 'must not be empty' }]
  if (isLongerThan(template, max)) return [{ path, message: `must be at most ${max} characters` }]
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (field === 'subject' && /[\u0000-\u001f\u007f\u2028\u2029]/.test(template))
    return [{ path, message: 'must be one line, without line breaks or other control characters' }]
  const { parts, unknown } = parseTemplate(template)
  const errors = unknown.map((written) => ({
    path,
    message: `${written} names nothing: ${PLACEHOLDER_HELP}`,
  }))
  const unclosed = parts.some((part) => 'text' in part && part.text.replace(placeholder, '').includes('{{'))
  if (unclosed) errors.push({ path, message: `has a {{ that no }} closes: ${PLACEHOLDER_HELP}` })
  if (field === 'message' && !parts.some((part) => 'value' in part && part.value === 'link'))
    errors.push({ path, message: 'must contain {{link}}, where each recipient’s personal link goes' })
  return errors
}

/** Every problem of an invitation's subject and message, each named by its field. */
export function templateErrors(subject: string, message: string): FieldError[] {
  return [
    ...templateProblems('subject', subject, SUBJECT_MAX),
    ...templateProblems('message', message, MESSAGE_MAX),
  ]
}

const lineBreaks = /[\r\n\t\v\f\u0085\u2028\u2029]+/g
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const controls = /[\u0000-\u001f\u007f-\u009f]/g

/** Text as one line: breaks become a space, other control characters go. */
export function singleLine(text: string): string {
  return text.replace(lineBreaks, ' ').replace(controls, '')
}

function filledIn(part: Exclude<TemplatePart, { text: string }>, values: TemplateValues): string {
  if ('contact' in part) {
    const found = Object.hasOwn(values.data, part.contact) ? values.data[part.contact] : undefined
    return singleLine(typeof found === 'string' ? found : '')
  }
  if (part.value === 'link') return values.link
  return singleLine(part.value === 'name' ? values.name : values.formTitle)
}

/** The subject as sent: one line, no control characters (no header injection), trimmed. */
export function renderSubject(parts: readonly TemplatePart[], values: TemplateValues): string {
  const text = parts.map((part) => ('text' in part ? part.text : filledIn(part, values))).join('')
  return singleLine(text).trim()
}

/** The message's text part: the author's lines as written (CRLF as LF), values each on one line. */
export function renderText(parts: readonly TemplatePart[], values: TemplateValues): string {
  return parts
    .map((part) => ('text' in part ? part.text.replace(/\r\n?/g, '\n') : filledIn(part, values)))
    .join('')
}

/** A piece of a line of the HTML part: text, or the personal link. */
export type Segment = string | { link: string }

/**
 * The message as paragraphs (split at blank lines of the author's text) of lines of segments, for
 * the HTML part: only the template's own line breaks shape it, never a value's.
 */
export function renderParagraphs(parts: readonly TemplatePart[], values: TemplateValues): Segment[][][] {
  const lines: Segment[][] = [[]]
  for (const part of parts) {
    if ('text' in part) {
      const pieces = part.text.replace(/\r\n?/g, '\n').split('\n')
      pieces.forEach((piece, index) => {
        if (index > 0) lines.push([])
        if (piece !== '') lines[lines.length - 1]?.push(piece)
      })
    } else if ('value' in part && part.value === 'link') lines[lines.length - 1]?.push({ link: values.link })
    else lines[lines.length - 1]?.push(filledIn(part, values))
  }
  const isBlank = (line: Segment[]) =>
    line.every((segment) => typeof segment === 'string' && segment.trim() === '')
  const paragraphs: Segment[][][] = []
  let current: Segment[][] = []
  for (const line of lines) {
    if (!isBlank(line)) current.push(line)
    else if (current.length > 0) {
      paragraphs.push(current)
      current = []
    }
  }
  if (current.length > 0) paragraphs.push(current)
  return paragraphs
}
