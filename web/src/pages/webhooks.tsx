import { useState } from 'preact/hooks'
import type { Delivery, Form, Webhook } from '../api'
import { useApp } from '../app-context'
import { ConfirmDialog, Empty, ErrorMessage, formatTime, Pager, useLoad } from '../components'

export function WebhooksView({ form }: { form: Form }) {
  const { api, can } = useApp()
  const { data, error, reload } = useLoad(() => api.webhooks.list(form.id), [form.id])
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null)
  const [log, setLog] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<string | null>(null)
  const [actionError, setActionError] = useState<unknown>(null)
  const [notice, setNotice] = useState('')
  const canWrite = can('webhooks:write')

  const act = async (work: () => Promise<unknown>, done: string) => {
    setActionError(null)
    try {
      await work()
      setNotice(done)
      reload()
    } catch (problem) {
      setActionError(problem)
    }
  }

  return (
    <div>
      <p role="status">{notice}</p>
      <ErrorMessage error={error ?? actionError} />
      {canWrite && editing === null && (
        <p>
          <button type="button" onClick={() => setEditing('new')}>
            Add a webhook
          </button>
        </p>
      )}
      {editing !== null && (
        <WebhookEditor
          form={form}
          webhook={editing === 'new' ? null : editing}
          onDone={(message) => {
            setEditing(null)
            if (message) {
              setNotice(message)
              reload()
            }
          }}
        />
      )}
      {data && data.items.length === 0 && (
        <Empty>
          <p>
            No webhooks yet. Add one and every new response of this form is sent to its URL as it arrives.
          </p>
        </Empty>
      )}
      {data && data.items.length > 0 && (
        <ul class="cards">
          {data.items.map((hook) => (
            <li class="card" key={hook.tag}>
              <h2>{hook.tag}</h2>
              <p class="meta">
                <span class="url">{hook.url}</span>
                <span class={hook.enabled ? 'badge ok' : 'badge'}>
                  {hook.enabled ? 'Enabled' : 'Disabled'}
                </span>
              </p>
              <div class="actions">
                <button
                  type="button"
                  aria-expanded={log === hook.tag}
                  onClick={() => setLog(log === hook.tag ? null : hook.tag)}
                >
                  Deliveries<span class="visually-hidden"> of {hook.tag}</span>
                </button>
                {canWrite && (
                  <>
                    <button
                      type="button"
                      onClick={() =>
                        act(() => api.webhooks.test(form.id, hook.tag), `Test ping sent to ${hook.tag}`)
                      }
                    >
                      Send test ping<span class="visually-hidden"> to {hook.tag}</span>
                    </button>
                    <button type="button" onClick={() => setEditing(hook)}>
                      Edit<span class="visually-hidden"> {hook.tag}</span>
                    </button>
                    <button
                      type="button"
                      onClick={() =>
                        act(
                          () => api.webhooks.put(form.id, hook.tag, { enabled: !hook.enabled }),
                          `${hook.tag} ${hook.enabled ? 'disabled' : 'enabled'}`,
                        )
                      }
                    >
                      {hook.enabled ? 'Disable' : 'Enable'}
                      <span class="visually-hidden"> {hook.tag}</span>
                    </button>
                    <button type="button" class="danger" onClick={() => setDeleting(hook.tag)}>
                      Delete<span class="visually-hidden"> {hook.tag}</span>
                    </button>
                  </>
                )}
              </div>
              {log === hook.tag && <DeliveryLog formId={form.id} tag={hook.tag} />}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the webhook ${deleting ?? ''}?`}
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const tag = deleting as string
          setDeleting(null)
          act(() => api.webhooks.delete(form.id, tag), `${tag} deleted`)
        }}
      >
        <p>New responses will no longer be sent to it; its delivery log goes with it.</p>
      </ConfirmDialog>
    </div>
  )
}

function WebhookEditor(props: { form: Form; webhook: Webhook | null; onDone: (message?: string) => void }) {
  const { api } = useApp()
  const [error, setError] = useState<unknown>(null)
  const creating = props.webhook === null
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
        <input name="url" type="url" required maxLength={2048} defaultValue={props.webhook?.url ?? ''} />
      </label>
      <label>
        Signing secret {creating ? '(optional)' : '(leave empty to keep the current one)'}
        <input name="secret" type="password" autoComplete="off" />
      </label>
      <label class="check">
        <input name="enabled" type="checkbox" defaultChecked={props.webhook?.enabled ?? true} />
        Enabled
      </label>
      <ErrorMessage error={error} />
      <div class="actions">
        <button type="submit">{creating ? 'Create webhook' : 'Save webhook'}</button>
        <button type="button" onClick={() => props.onDone()}>
          Cancel
        </button>
      </div>
    </form>
  )
}

function DeliveryLog({ formId, tag }: { formId: string; tag: string }) {
  const { api, can } = useApp()
  const [page, setPage] = useState(1)
  const { data, error, reload } = useLoad(
    () => api.webhooks.deliveries(formId, tag, page),
    [formId, tag, page],
  )
  const [open, setOpen] = useState<Delivery | null>(null)
  const [actionError, setActionError] = useState<unknown>(null)
  const [notice, setNotice] = useState('')
  return (
    <section aria-label={`Deliveries of ${tag}`}>
      <h3>Deliveries</h3>
      <button type="button" onClick={reload}>
        Refresh deliveries
      </button>
      <p role="status">{notice}</p>
      <ErrorMessage error={error ?? actionError} />
      {data && data.items.length === 0 && (
        <p>Nothing sent yet. Send a test ping, or wait for the next response.</p>
      )}
      {data && data.items.length > 0 && (
        <div class="table-wrap">
          <table>
            <caption class="visually-hidden">Deliveries of {tag}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Created</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last answer</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((delivery) => (
                <tr key={delivery.id}>
                  <td>{formatTime(delivery.created_at)}</td>
                  <td>{delivery.status}</td>
                  <td>{delivery.attempts}</td>
                  <td>{delivery.last_status_code ?? delivery.last_error ?? '—'}</td>
                  <td class="actions">
                    <button
                      type="button"
                      onClick={async () => {
                        try {
                          setOpen(await api.webhooks.delivery(formId, tag, delivery.id))
                        } catch (problem) {
                          setActionError(problem)
                        }
                      }}
                    >
                      Attempts<span class="visually-hidden"> of delivery {delivery.id}</span>
                    </button>
                    {can('webhooks:write') && (
                      <button
                        type="button"
                        onClick={async () => {
                          try {
                            await api.webhooks.redeliver(formId, tag, delivery.id)
                            setNotice('Delivery queued again')
                            reload()
                          } catch (problem) {
                            setActionError(problem)
                          }
                        }}
                      >
                        Redeliver<span class="visually-hidden"> delivery {delivery.id}</span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && (
        <Pager page={page} hasNext={data.hasNext} onPage={setPage} label={`Deliveries pages of ${tag}`} />
      )}
      {open && (
        <div class="panel">
          <h4>Attempts of delivery {open.id}</h4>
          {(open.attempt_log ?? []).length === 0 ? (
            <p>No attempt yet.</p>
          ) : (
            <ol class="attempts">
              {(open.attempt_log ?? []).map((attempt) => (
                <li key={attempt.attempted_at}>
                  {formatTime(attempt.attempted_at)}: {attempt.status_code ?? 'no answer'}
                  {attempt.error ? ` (${attempt.error})` : ''}, {attempt.duration_ms} ms
                  {attempt.response_excerpt && <pre>{attempt.response_excerpt}</pre>}
                </li>
              ))}
            </ol>
          )}
          <button type="button" onClick={() => setOpen(null)}>
            Close attempts
          </button>
        </div>
      )}
    </section>
  )
}
