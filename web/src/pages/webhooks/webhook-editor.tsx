import { useState } from 'preact/hooks'
import type { Form, Webhook } from '../../api'
import { useApp } from '../../app-context'
import { ErrorMessage, FieldMessage, invalidWhen, messageAt } from '../../components'

/** Adds a webhook (webhook null) or changes one; `onDone` gets the notice of a save, none on cancel. */
export function WebhookEditor(props: {
  form: Form
  webhook: Webhook | null
  onDone: (message?: string) => void
}) {
  const { api } = useApp()
  const [error, setError] = useState<unknown>(null)
  const creating = props.webhook === null
  const urlMessage = messageAt(error, '/url')
  return (
    <form
      class="panel"
      aria-label={creating ? 'New webhook' : `Edit ${props.webhook?.tag}`}
      onSubmit={async (event) => {
        event.preventDefault()
        const fields = new FormData(event.currentTarget)
        const tag = creating ? String(fields.get('tag')).trim() : (props.webhook as Webhook).tag
        const secret = String(fields.get('secret') ?? '')
        try {
          await api.webhooks.put(props.form.id, tag, {
            url: String(fields.get('url')).trim(),
            enabled: fields.get('enabled') === 'on',
            ...(secret ? { secret } : {}),
          })
          props.onDone(creating ? `${tag} created` : `${tag} saved`)
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
        Signing secret {creating ? '(optional)' : '(leave empty to keep the current one)'}
        <input name="secret" type="password" autoComplete="off" />
      </label>
      <label class="check">
        <input name="enabled" type="checkbox" defaultChecked={props.webhook?.enabled ?? true} />
        Enabled
      </label>
      <ErrorMessage error={error} atFields={['/url']} />
      <div class="actions">
        <button type="submit">{creating ? 'Create webhook' : 'Save webhook'}</button>
        <button type="button" onClick={() => props.onDone()}>
          Cancel
        </button>
      </div>
    </form>
  )
}
