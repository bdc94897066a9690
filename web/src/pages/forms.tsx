import { useState } from 'preact/hooks'
import { encode } from 'uqr'
import type { Form } from '../api'
import { useApp } from '../app-context'
import { Empty, ErrorMessage, Link, Pager, useLoad, usePageTitle } from '../components'

export function FormsPage() {
  const { api, can } = useApp()
  const [page, setPage] = useState(1)
  const { data, error, loading } = useLoad(() => api.forms.list(page, 50), [page])
  usePageTitle(['Forms'])
  return (
    <section>
      <h1>Forms</h1>
      {can('forms:write') && (
        <p class="toolbar">
          <Link class="button" href="/app/forms/new">
            New form
          </Link>
        </p>
      )}
      <ErrorMessage error={error} />
      {loading && !data && <p>Loading…</p>}
      {data && data.items.length === 0 && page === 1 && (
        <Empty>
          <p>No forms yet.</p>
          <p>
            {can('forms:write') ? (
              <>
                Create your first form with <Link href="/app/forms/new">the form builder</Link>, or through
                the API (<code>POST /v1/forms</code>, see the <a href="/docs">API reference</a>
                ); it appears here with its responses.
              </>
            ) : (
              <>
                Forms created through the builder or the API (<a href="/docs">API reference</a>) appear here
                with their responses.
              </>
            )}
          </p>
        </Empty>
      )}
      {data && data.items.length > 0 && (
        <ul class="cards">
          {data.items.map((form) => (
            <FormCard key={form.id} form={form} />
          ))}
        </ul>
      )}
      {data && <Pager page={page} hasNext={data.hasNext} onPage={setPage} label="Forms pages" />}
    </section>
  )
}

function FormCard({ form }: { form: Form }) {
  const isPublic = form.settings?.public === true
  const link = `${location.origin}/f/${encodeURIComponent(form.id)}`
  const [copied, setCopied] = useState(false)
  const [showQr, setShowQr] = useState(false)
  const count = form.response_count ?? 0
  return (
    <li class="card">
      <h2>
        <Link href={`/app/forms/${encodeURIComponent(form.id)}`}>{form.title}</Link>
      </h2>
      <p class="meta">
        <span>
          {count.toLocaleString()} {count === 1 ? 'response' : 'responses'}
        </span>
        <span class={isPublic ? 'badge ok' : 'badge'}>{isPublic ? 'Public' : 'Private'}</span>
      </p>
      {isPublic && (
        <div class="public-link">
          <a href={link}>{link}</a>
          <button
            type="button"
            onClick={async () => {
              await navigator.clipboard.writeText(link)
              setCopied(true)
              setTimeout(() => setCopied(false), 2000)
            }}
          >
            {copied ? 'Copied' : 'Copy link'}
          </button>
          <button type="button" aria-expanded={showQr} onClick={() => setShowQr(!showQr)}>
            QR code
          </button>
          <span class="visually-hidden" aria-live="polite">
            {copied ? 'Link copied' : ''}
          </span>
          {showQr && <QrCode text={link} label={`QR code of ${link}`} />}
        </div>
      )}
    </li>
  )
}

/** A QR code drawn as one SVG path: no inline script or style, so the page's CSP allows it. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { data, size } = encode(text, { border: 2 })
  let path = ''
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`
    })
  })
  return (
    <svg class="qr" role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} width="192" height="192">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
