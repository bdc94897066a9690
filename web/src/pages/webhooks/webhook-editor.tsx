import { useState } from 'preact/hooks'
import type { Form, Webhook } from '../../api'
import { useApp } from '../../app-context'
import { ErrorMessage, FieldMessage, invalidWhen, messageAt } from '../../components'
import { newWebhookSecret, typedSecretProblem, WEBHOOK_SECRET_MIN_LENGTH } from './secrets'

/**
 * Adds a webhook (webhook null) or changes one; `onDone` gets the notice of a save (none on cancel)
 * and the secret this editor made, to be shown once. A new webhook is always signed: with the
 * secret typed (at least 32 characters) or, left empty, one made here.
 */
export function WebhookEditor(props: {
  form: Form
  webhook: Webhook | null
  onDone: (message?: string, made?: { tag: string; secret: string }) => void
}) {
  const { api } = useApp()
  const [error, setError] = useState<unknown>(null)
  const [secretMessage, setSecretMessage] = useState<string | undefined>(undefined)
  const creating = props.webhook === null
  const urlMessage = messageAt(error, '/url')
  const secretShown = secretMessage ?? messageAt(error, '/secret')
  return (
    <form
      class="panel"
      aria-label={creating ? 'New webhook' : `Edit ${props.webhook?.tag}`}
      onSubmit={async (event) => {
        event.preventDefault()
        const fields = new FormData(event.currentTarget)
        const tag = creating ? String(fields.get('tag')).trim() : (props.webhook as Webhook).tag
        const typed = String(fields.get('secret') ?? '')
        const problem = typed ? typedSecretProblem(typed) : undefined
        setSecretMessage(problem)
        if (problem) {
          document.getElementById('webhook-secret')?.focus()
          return
        }
        const made =
          typed === '' && (creating || fields.get('new_secret') === 'on') ? newWebhookSecret() : undefined
        const secret = typed || made
        try {
          await api.webhooks.put(props.form.id, tag, {
            url: String(fields.get('url')).trim(),
            enabled: fields.get('enabled') === 'on',
            ...(secret ? { secret } : {}),
          })
          props.onDone(creating ? `${tag} created` : `${tag} saved`, made ? { tag, secret: made } : undefined)
        } catch (problem) {
          setError(problem)
          // A refused URL is said at the field: focus takes the person (and a screen reader) there.
          if (messageAt(problem, '/url')) document.getElementById('webhook-url')?.focus()
        }
      }}
    >
      <h2>{creating ? 'New webhook' : `Edit ${props.webhook?.tag}`}</h2>
      {creating && (
        <label>
          Name (tag)
          <input name="tag" required maxLength={64} pattern="[A-Za-z0-9_.\-]+" />
        </label>
      )}
      <label>
        URL
        <input
          id="webhook-url"
          name="url"
          type="url"
          required
          maxLength={2048}
          defaultValue={props.webhook?.url ?? ''}
          {...invalidWhen(urlMessage, 'webhook-url')}
        />
      </label>
      <FieldMessage id="webhook-url" message={urlMessage} />
      <label>
        {creating ? 'Signing secret (optional)' : 'New signing secret (optional)'}
        <input
          id="webhook-secret"
          name="secret"
          type="password"
          autoComplete="off"
          maxLength={256}
          {...invalidWhen(secretShown, 'webhook-secret')}
          aria-describedby={secretShown ? 'webhook-secret-hint webhook-secret-error' : 'webhook-secret-hint'}
        />
      </label>
      <p class="hint" id="webhook-secret-hint">
        {creating
          ? `Leave it empty and Canvass makes one, shown once. Your own: at least ${WEBHOOK_SECRET_MIN_LENGTH} characters.`
          : `Empty keeps the current one. At least ${WEBHOOK_SECRET_MIN_LENGTH} characters.`}
      </p>
      <FieldMessage id="webhook-secret" message={secretShown} />
      {!creating && (
        <label class="check">
          <input name="new_secret" type="checkbox" />
          Make a new secret for me (shown once)
        </label>
      )}
      <label class="check">
        <input name="enabled" type="checkbox" defaultChecked={props.webhook?.enabled ?? true} />
        Enabled
      </label>
      <ErrorMessage error={error} atFields={['/url', '/secret']} />
      <div class="actions">
        <button type="submit">{creating ? 'Create webhook' : 'Save webhook'}</button>
        <button type="button" onClick={() => props.onDone()}>
          Cancel
        </button>
      </div>
    </form>
  )
}
