import {
  parseTemplate,
  renderParagraphs,
  renderSubject,
  type TemplateValues,
} from '../../../../src/shared/mail/templates'
import type { Contact } from '../../api'

// The invitation mail as its first recipient would read it, filled in the browser by the server's
// own template rules (src/shared/mail/templates.ts, docs/api.md#invitations), so the preview and
// the mail cannot disagree. Everything is text given to Preact, so HTML in the message or a value
// shows as text.

export const EXAMPLE_LINK = 'https://example.com/i/your-personal-link'

export const DEFAULT_SUBJECT = 'A few questions from us: {{form_title}}'
export const DEFAULT_MESSAGE =
  'Hello {{name}},\n\nwe would like to hear from you. It takes a few minutes:\n{{link}}\n\nThank you!'

function dataOf(contact: Contact | undefined): Record<string, string> {
  try {
    return contact ? (JSON.parse(contact.data) as Record<string, string>) : {}
  } catch {
    return {}
  }
}

function valuesOf(contact: Contact | undefined, formTitle: string): TemplateValues {
  return { name: contact?.name || '', link: EXAMPLE_LINK, formTitle, data: dataOf(contact) }
}

export function MailPreview(props: {
  subject: string
  message: string
  contact: Contact | undefined
  formTitle: string
}) {
  const { contact, formTitle } = props
  const values = valuesOf(contact, formTitle)
  const subject = renderSubject(parseTemplate(props.subject).parts, values)
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
          {renderParagraphs(parseTemplate(props.message).parts, values).map((paragraph, p) => (
            <p key={p}>
              {paragraph.map((line, l) => (
                <span key={l}>
                  {l > 0 && <br />}
                  {line.map((segment, i) =>
                    typeof segment === 'string' ? (
                      segment
                    ) : (
                      <a key={i} href={EXAMPLE_LINK} onClick={(event) => event.preventDefault()}>
                        {EXAMPLE_LINK}
                      </a>
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
