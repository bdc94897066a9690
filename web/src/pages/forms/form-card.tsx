import { useState } from 'preact/hooks'
import type { Form } from '../../api'
import { useApp } from '../../app-context'
import { ConfirmDialog, ErrorMessage, Link } from '../../components'
import { formLink } from '../../share/links'
import { QrCode } from '../../share/qr'
import { StateChip } from '../../share/state-chip'

export const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString()} ${n === 1 ? one : many}`

function When({ label, at }: { label: string; at: string }) {
  return (
    <span>
      {label} <time dateTime={at}>{new Date(at).toLocaleDateString(undefined, { dateStyle: 'medium' })}</time>
    </span>
  )
}

/** One form in the list: its counts and dates, its link when public, and what a writer may do. */
export function FormCard(props: {
  form: Form
  onChanged: (news: string) => void
  onDelete: (form: Form) => void
}) {
  const { form, onChanged } = props
  const { api, can } = useApp()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>()
  const count = form.response_count
  const act = async (work: () => Promise<string>) => {
    setBusy(true)
    setError(undefined)
    try {
      onChanged(await work())
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(false)
    }
  }
  const duplicate = () =>
    act(async () => {
      const {
        id: _id,
        response_count,
        last_response_at,
        created_at,
        updated_at,
        ...definition
      } = await api.forms.get(form.id)
      const title = `Copy of ${definition.title}`.slice(0, 1000)
      // A copy starts private: it is a draft until someone publishes it.
      await api.forms.create({ ...definition, title, settings: { ...definition.settings, public: false } })
      return `Duplicated as “${title}”`
    })
  return (
    <li class="card">
      <h2>
        <Link href={`/app/forms/${encodeURIComponent(form.id)}`}>{form.title}</Link>
      </h2>
      <p class="meta">
        <StateChip form={form} />
        {count > 0 && <span>{plural(count, 'response', 'responses')}</span>}
        {form.last_response_at ? (
          <When label="Last response" at={form.last_response_at} />
        ) : (
          <span>No responses yet</span>
        )}
        <When label="Created" at={form.created_at} />
        {form.updated_at !== form.created_at && <When label="Updated" at={form.updated_at} />}
      </p>
      {form.settings.public && <PublicLink formId={form.id} />}
      {can('forms:write') && (
        <div class="actions">
          <button type="button" class="secondary" disabled={busy} onClick={duplicate}>
            Duplicate<span class="visually-hidden"> {form.title}</span>
          </button>
          <button type="button" class="danger" disabled={busy} onClick={() => props.onDelete(form)}>
            Delete<span class="visually-hidden"> {form.title}</span>
          </button>
        </div>
      )}
      <ErrorMessage error={error} />
    </li>
  )
}

function PublicLink({ formId }: { formId: string }) {
  const link = formLink(formId)
  const [copied, setCopied] = useState(false)
  const [showQr, setShowQr] = useState(false)
  return (
    <div class="public-link">
      <a href={link}>{link}</a>
      <button
        type="button"
        class="secondary"
        onClick={async () => {
          await navigator.clipboard.writeText(link)
          setCopied(true)
          setTimeout(() => setCopied(false), 2000)
        }}
      >
        {copied ? 'Copied' : 'Copy link'}
      </button>
      <button type="button" class="secondary" aria-expanded={showQr} onClick={() => setShowQr(!showQr)}>
        QR code
      </button>
      <span class="visually-hidden" aria-live="polite">
        {copied ? 'Link copied' : ''}
      </span>
      {showQr && <QrCode text={link} label={`QR code of ${link}`} />}
    </div>
  )
}

/** Asks before a form goes, naming how many responses go with it; Cancel has the focus. */
export function DeleteFormDialog(props: {
  form: Form | undefined
  onCancel: () => void
  onConfirm: (form: Form) => void
}) {
  const { form } = props
  const count = form?.response_count ?? 0
  return (
    <ConfirmDialog
      open={form !== undefined}
      title={`Delete “${form?.title ?? ''}”?`}
      confirmLabel="Delete form"
      onCancel={props.onCancel}
      onConfirm={() => form && props.onConfirm(form)}
    >
      <p>
        {count === 0
          ? 'It has no responses; its webhooks are deleted with it.'
          : `Its ${plural(count, 'response', 'responses')} and its webhooks are deleted with it.`}{' '}
        This cannot be undone.
      </p>
    </ConfirmDialog>
  )
}
