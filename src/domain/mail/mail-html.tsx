import { renderToString } from 'preact-render-to-string'
import type { Words } from '../../shared/i18n/words.js'
import type { Segment } from '../../shared/mail/templates.js'

// The HTML part of an invitation or a reminder: the message's paragraphs and line breaks, the
// personal link as a real link whose text is the address, and a footer with a visible unsubscribe
// link. Rendered by preact-render-to-string as the hosted pages are, so the message and every value
// in it are escaped: HTML written in a message or a contact's data shows as text.

export interface InvitationHtml {
  /** The form's source language: the footer's words, `lang` and `dir`. */
  words: Words
  subject: string
  paragraphs: Segment[][][]
  workspace: string
  unsubscribeUrl: string
}

const bodyStyle =
  'margin:0;padding:24px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;' +
  'font-size:16px;line-height:1.5;color:#1f2328;background:#ffffff'
const footerStyle =
  'margin-top:32px;padding-top:16px;border-top:1px solid #d0d7de;font-size:14px;color:#57606a'

function Line(props: { segments: Segment[] }) {
  return (
    <>
      {props.segments.map((segment) =>
        typeof segment === 'string' ? segment : <a href={segment.link}>{segment.link}</a>,
      )}
    </>
  )
}

function InvitationMail(props: InvitationHtml) {
  return (
    <html lang={props.words.lang} dir={props.words.dir}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{props.subject}</title>
      </head>
      <body style={bodyStyle}>
        <main style="max-width:600px">
          {props.paragraphs.map((lines) => (
            <p dir="auto">
              {lines.map((segments, index) => (
                <>
                  {index > 0 && <br />}
                  <Line segments={segments} />
                </>
              ))}
            </p>
          ))}
        </main>
        <footer style={footerStyle}>
          <p>
            {props.words.rich('mail.footer', { workspace: <span dir="auto">{props.workspace}</span> })}{' '}
            <a href={props.unsubscribeUrl}>
              {props.words.t('mail.unsubscribe', { workspace: props.workspace })}
            </a>
            .
          </p>
        </footer>
      </body>
    </html>
  )
}

export function invitationHtml(props: InvitationHtml): string {
  return `<!doctype html>${renderToString(<InvitationMail {...props} />)}`
}
