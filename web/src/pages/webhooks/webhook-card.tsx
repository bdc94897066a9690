import type { Webhook } from '../../api'
import { useApp } from '../../app-context'
import { useLoad } from '../../components'
import { DeliveryLog } from './delivery-log'
import { SigningBadge } from './secrets'
import type { WebhookActions } from './use-webhooks'

/** A webhook: its URL and state, its actions, and its delivery log when opened. */
export function WebhookCard(props: {
  formId: string
  hook: Webhook
  logOpen: boolean
  /** Shows the actions that change the webhook; without it the token cannot. */
  canWrite: boolean
  actions: WebhookActions
}) {
  const { hook, actions } = props
  const { api } = useApp()
  // Read again whenever the webhook changes, so a new secret clears the warning.
  const signing = useLoad(() => api.webhooks.signing(props.formId, hook.tag), [hook.tag, hook.updated_at])
  return (
    <li class="card">
      <h2>{hook.tag}</h2>
      <p class="meta">
        <span class="url">{hook.url}</span>
        <span class={hook.enabled ? 'badge ok' : 'badge'}>{hook.enabled ? 'Enabled' : 'Disabled'}</span>
        <SigningBadge signing={signing.data} />
      </p>
      {signing.data !== undefined && signing.data !== 'strong' && (
        <p class="hint signing-hint">
          {signing.data === 'unsigned'
            ? 'Its deliveries carry no signature: a receiver cannot tell them from forged ones.'
            : 'Its secret is short enough to guess, and with it to forge a delivery.'}{' '}
          Edit it and make a new secret.
        </p>
      )}
      <div class="actions">
        <button type="button" aria-expanded={props.logOpen} onClick={() => actions.toggleLog(hook.tag)}>
          Deliveries<span class="visually-hidden"> of {hook.tag}</span>
        </button>
        {props.canWrite && <WebhookControls hook={hook} actions={actions} />}
      </div>
      {props.logOpen && <DeliveryLog formId={props.formId} tag={hook.tag} />}
    </li>
  )
}

function WebhookControls({ hook, actions }: { hook: Webhook; actions: WebhookActions }) {
  return (
    <>
      <button type="button" onClick={() => actions.ping(hook)}>
        Send test ping<span class="visually-hidden"> to {hook.tag}</span>
      </button>
      <button type="button" onClick={() => actions.edit(hook)}>
        Edit<span class="visually-hidden"> {hook.tag}</span>
      </button>
      <button type="button" onClick={() => actions.toggleEnabled(hook)}>
        {hook.enabled ? 'Disable' : 'Enable'}
        <span class="visually-hidden"> {hook.tag}</span>
      </button>
      <button type="button" class="danger" onClick={() => actions.askToDelete(hook.tag)}>
        Delete<span class="visually-hidden"> {hook.tag}</span>
      </button>
    </>
  )
}
