import type { ComponentChildren } from 'preact'
import { useRef, useState } from 'preact/hooks'
import type { Form } from '../api'
import { useApp } from '../app-context'
import { ErrorMessage, Link } from '../components'
import { CopyButton } from './copy-button'
import { embedSnippet, formLink, publicAddress } from './links'
import { QrCode, qrPngFile, qrSvgFile, saveFile } from './qr'
import { formatDateTime, opensLater, statusOf } from './state-chip'

// The Share tab of a form's page (issue 27, item 13): its link, a QR code to download, the embed
// snippet and its status, with what to change when the link does not answer.

export function SharePanel({ form }: { form: Form }) {
  const address = publicAddress()
  const link = formLink(form.id, address.base)
  const snippet = embedSnippet(form, address.base)
  const linkField = useRef<HTMLInputElement>(null)
  const snippetField = useRef<HTMLTextAreaElement>(null)
  const [saveError, setSaveError] = useState<unknown>()
  const savePng = async () => {
    setSaveError(undefined)
    try {
      saveFile(await qrPngFile(link), `${form.id}-qr.png`)
    } catch (failure) {
      setSaveError(failure)
    }
  }
  return (
    <div class="share">
      <WhyNotAnswering form={form} />
      {address.thisMachineOnly && (
        <div class="notice">
          <p>
            <strong>These links only work on this machine.</strong> Canvass listens on a loopback address and{' '}
            <code>CANVASS_PUBLIC_URL</code> is not set, so other people cannot open them.
          </p>
          <p>
            To share the form, set <code>CANVASS_PUBLIC_URL</code> to the address people reach this server at
            (such as <code>https://forms.example.com</code>) and restart Canvass.
          </p>
        </div>
      )}
      <div class="share-grid">
        <section class="panel" aria-labelledby="share-link">
          <h2 id="share-link">Link</h2>
          <WhoCanAnswer form={form} />
          <input
            ref={linkField}
            type="text"
            readOnly
            value={link}
            aria-label="Form link"
            class="share-field"
          />
          <div class="actions">
            <CopyButton text={link} label="Copy link" done="Link copied" field={() => linkField.current} />
            <a href={link} target="_blank" rel="noopener">
              Open the form<span class="visually-hidden"> (new tab)</span>
            </a>
          </div>
        </section>
        <section class="panel" aria-labelledby="share-qr">
          <h2 id="share-qr">QR code</h2>
          <QrCode text={link} label={`QR code of ${link}`} />
          <div class="actions">
            <button
              type="button"
              class="secondary"
              onClick={() => saveFile(qrSvgFile(link), `${form.id}-qr.svg`)}
            >
              Download SVG
            </button>
            <button type="button" class="secondary" onClick={savePng}>
              Download PNG
            </button>
          </div>
          <ErrorMessage error={saveError} />
        </section>
        <section class="panel" aria-labelledby="share-embed">
          <h2 id="share-embed">Embed on a website</h2>
          <p class="hint" id="share-embed-hint">
            Paste this where the form should appear: it shows the form in a frame that takes the height of its
            content.
          </p>
          <textarea
            ref={snippetField}
            readOnly
            rows={4}
            value={snippet}
            aria-label="Embed code"
            aria-describedby="share-embed-hint"
            class="share-field"
            spellcheck={false}
          />
          <div class="actions">
            <CopyButton
              text={snippet}
              label="Copy embed code"
              done="Embed code copied"
              field={() => snippetField.current}
            />
          </div>
        </section>
      </div>
    </div>
  )
}

/** Who may answer a form that is open, and until when. */
function WhoCanAnswer({ form }: { form: Form }) {
  const { state } = statusOf(form)
  if (state !== 'live' && state !== 'scheduled') return null
  const { closes_at: closesAt, max_responses: most } = form.settings
  const opensAt = opensLater(form)
  const until = [
    closesAt && `until ${formatDateTime(closesAt)}`,
    most !== null && `until it has ${most.toLocaleString()} ${most === 1 ? 'response' : 'responses'}`,
  ].filter(Boolean)
  const from = opensAt ? ` from ${formatDateTime(opensAt)} (until then its link says when it opens)` : ''
  return (
    <p class="hint">
      Anyone with the link can answer{from}
      {until.length > 0 ? ` ${until.join(' or ')}` : ''}.
    </p>
  )
}

/** Why the link does not answer, and what to change in Edit form, under Publishing. */
function WhyNotAnswering({ form }: { form: Form }) {
  const { can } = useApp()
  const { state, closedBy } = statusOf(form)
  if (state !== 'draft' && state !== 'closed') return null
  const { closes_at: closesAt, max_responses: most } = form.settings
  const publishing: ComponentChildren = can('forms:write') ? (
    <Link href={`/app/forms/${encodeURIComponent(form.id)}/edit`}>Edit form, under Publishing</Link>
  ) : (
    'Edit form, under Publishing (someone who may edit forms can do it)'
  )
  const closedReason =
    closedBy === 'closes_at' && closesAt
      ? `it closed on ${formatDateTime(closesAt)}`
      : closedBy === 'max_responses' && most !== null
        ? `it has its most responses (${form.response_count.toLocaleString()} of ${most.toLocaleString()})`
        : undefined
  const closedChange =
    closedBy === 'closes_at' ? 'move “Closes at” later or clear it' : 'raise “Most responses” or clear it'
  return (
    <div class="notice warn">
      {state === 'draft' ? (
        <p>
          <strong>This form is a draft: its link answers “not found”.</strong> Nobody can open it until it is
          public. To publish it, tick “Public” in {publishing}
          {closedReason ? (
            <>
              , and {closedChange}: {closedReason}.
            </>
          ) : (
            '.'
          )}
        </p>
      ) : (
        <p>
          <strong>This form is closed: its link shows the closed message instead of the questions</strong>, as{' '}
          {closedReason}. To take answers again, {closedChange} in {publishing}.
        </p>
      )}
    </div>
  )
}
