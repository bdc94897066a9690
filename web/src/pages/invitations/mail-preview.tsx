import type { Contact } from '../../api'

// The invitation mail as its first recipient would read it, filled in the browser by the rules of
// the server's templates (src/domain/mail/templates.ts, docs/api.md#invitations): `{{name}}`,
// `{{link}}`, `{{form_title}}`, `{{contact.<key>}}`, spaces allowed inside the braces; values on one
// line. Everything is text given to Preact, so HTML in the message or a value shows as text.

const placeholder = /\{\{([^{}]*)\}\}/g
const CONTACT = 'contact.'
export const EXAMPLE_LINK = 'https://example.com/i/your-personal-link'

export const DEFAULT_SUBJECT = 'A few questions from us: {{form_title}}'
export const DEFAULT_MESSAGE =
  'Hello {{name}},\n\nwe would like to hear from you. It takes a few minutes:\n{{link}}\n\nThank you!'

type Part = { text: string } | { link: true }

const oneLine = (text: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  text.replace(/[\r\n\t\v\f\u0085\u2028\u2029]+/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '')

function dataOf(contact: Contact | undefined): Record<string, string> {
  try {
    return contact ? (JSON.parse(contact.data) as Record<string, string>) : {}
  } catch {
    return {}
  }
}

/** The template with its placeholders filled from the contact; an unknown one stays as written. */
export function fillTemplate(template: string, contact: Contact | undefined, formTitle: string): Part[] {
  const data = dataOf(contact)
  const parts: Part[] = []
  let at = 0
  for (const match of template.matchAll(placeholder)) {
    if (match.index > at) parts.push({ text: template.slice(at, match.index) })
    at = match.index + match[0].length
    const inner = (match[1] as string).trim()
    if (inner === 'link') parts.push({ link: true })
    else if (inner === 'name') parts.push({ text: oneLine(contact?.name || '') })
    else if (inner === 'form_title') parts.push({ text: oneLine(formTitle) })
    else if (inner.startsWith(CONTACT) && inner.length > CONTACT.length) {
      const value = Object.hasOwn(data, inner.slice(CONTACT.length)) ? data[inner.slice(CONTACT.length)] : ''
      parts.push({ text: oneLine(typeof value === 'string' ? value : '') })
    } else parts.push({ text: match[0] })
  }
  if (at < template.length) parts.push({ text: template.slice(at) })
  return parts
}

/** The filled message as paragraphs (at blank lines) of lines, as the mail's HTML part shows it. */
function paragraphsOf(parts: Part[]): Part[][][] {
  const lines: Part[][] = [[]]
  for (const part of parts) {
    if ('link' in part) {
      lines[lines.length - 1]?.push(part)
      continue
    }
    part.text
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .forEach((piece, index) => {
        if (index > 0) lines.push([])
        if (piece) lines[lines.length - 1]?.push({ text: piece })
      })
  }
  const paragraphs: Part[][][] = [[]]
  for (const line of lines) {
    if (line.length === 0) {
      if ((paragraphs[paragraphs.length - 1]?.length ?? 0) > 0) paragraphs.push([])
    } else paragraphs[paragraphs.length - 1]?.push(line)
  }
  return paragraphs.filter((paragraph) => paragraph.length > 0)
}

export function MailPreview(props: {
  subject: string
  message: string
  contact: Contact | undefined
  formTitle: string
}) {
  const { contact, formTitle } = props
  const subject = oneLine(
    fillTemplate(props.subject, contact, formTitle)
      .map((part) => ('link' in part ? EXAMPLE_LINK : part.text))
      .join(''),
  ).trim()
  return (
    <section class="mail-preview" aria-labelledby="mail-preview-title">
      <h3 id="mail-preview-title">Preview</h3>
      <p class="hint">
        {contact
          ? `As ${contact.name || contact.email} will read it; the link is an example.`
          : 'Choose a list to see the mail as its first contact will read it.'}
      </p>
      <div class="mail-sheet">
        <p class="mail-head">
          <span class="mail-label">To</span> {contact ? contact.email : '—'}
        </p>
        <p class="mail-head">
          <span class="mail-label">Subject</span> <strong>{subject || '—'}</strong>
        </p>
        <div class="mail-body">
          {paragraphsOf(fillTemplate(props.message, contact, formTitle)).map((paragraph, p) => (
            <p key={p}>
              {paragraph.map((line, l) => (
                <span key={l}>
                  {l > 0 && <br />}
                  {line.map((part, i) =>
                    'link' in part ? (
                      <a key={i} href={EXAMPLE_LINK} onClick={(event) => event.preventDefault()}>
                        {EXAMPLE_LINK}
                      </a>
                    ) : (
                      part.text
                    ),
                  )}
                </span>
              ))}
            </p>
          ))}
          <p class="mail-foot">Don’t want these mails? Unsubscribe.</p>
        </div>
      </div>
    </section>
  )
}
