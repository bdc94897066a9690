import { ConfirmDialog } from '../../components'

/** Asks before the ticked responses are deleted for good. */
export function DeleteResponsesDialog(props: {
  open: boolean
  count: number
  onCancel: () => void
  onConfirm: () => void
}) {
  return (
    <ConfirmDialog
      open={props.open}
      title={`Delete ${props.count} ${props.count === 1 ? 'response' : 'responses'}?`}
      confirmLabel="Delete"
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    >
      <p>They are removed for good; exports and insights will no longer count them.</p>
    </ConfirmDialog>
  )
}
