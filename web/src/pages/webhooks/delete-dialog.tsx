import { ConfirmDialog } from '../../components'

/** Asks before a webhook is deleted with its delivery log; open while `tag` names one. */
export function DeleteWebhookDialog(props: {
  tag: string | null
  onCancel: () => void
  onConfirm: () => void
}) {
  return (
    <ConfirmDialog
      open={props.tag !== null}
      title={`Delete the webhook ${props.tag ?? ''}?`}
      confirmLabel="Delete"
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    >
      <p>New responses will no longer be sent to it; its delivery log goes with it.</p>
    </ConfirmDialog>
  )
}
