import type { Form } from '../api'
import { Empty, ErrorMessage } from '../components'
import { Skeleton } from '../skeleton'
import { DeleteWebhookDialog } from './webhooks/delete-dialog'
import { RevealedSecret } from './webhooks/secrets'
import { useWebhooks } from './webhooks/use-webhooks'
import { WebhookCard } from './webhooks/webhook-card'
import { WebhookEditor } from './webhooks/webhook-editor'

// A form's webhooks: added and edited in place, pinged, enabled or disabled, deleted once
// confirmed, each with its delivery log. The state lives in useWebhooks; each part of the page is
// a component of its own file in webhooks/.

export function WebhooksView({ form }: { form: Form }) {
  const webhooks = useWebhooks(form)
  const { data, editing } = webhooks
  return (
    <div>
      <p role="status">{webhooks.notice}</p>
      <ErrorMessage error={webhooks.loadError} onRetry={webhooks.retry} />
      <ErrorMessage error={webhooks.actionError} />
      {webhooks.revealed && (
        <RevealedSecret
          tag={webhooks.revealed.tag}
          secret={webhooks.revealed.secret}
          onDone={webhooks.dismissSecret}
        />
      )}
      {webhooks.canWrite && editing === null && (
        <p>
          <button type="button" onClick={webhooks.add}>
            Add a webhook
          </button>
        </p>
      )}
      {editing !== null && (
        <WebhookEditor
          form={form}
          webhook={editing === 'new' ? null : editing}
          onDone={webhooks.closeEditor}
        />
      )}
      {!data && !webhooks.loadError && <Skeleton label="Loading webhooks" />}
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
            <WebhookCard
              key={hook.tag}
              formId={form.id}
              hook={hook}
              logOpen={webhooks.log === hook.tag}
              canWrite={webhooks.canWrite}
              actions={webhooks}
            />
          ))}
        </ul>
      )}
      <DeleteWebhookDialog
        tag={webhooks.deleting}
        onCancel={webhooks.cancelDelete}
        onConfirm={webhooks.deleteWebhook}
      />
    </div>
  )
}
