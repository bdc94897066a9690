import type { ComponentChildren } from 'preact'
import { useEffect, useRef } from 'preact/hooks'

/** A modal dialog holding a small form: its first field takes the focus, Escape or Cancel closes it. */
export function FormDialog(props: {
  open: boolean
  id: string
  title: string
  submitLabel: string
  busy?: boolean
  children: ComponentChildren
  onSubmit: (fields: FormData) => void
  onCancel: () => void
}) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (props.open && !dialog.open) {
      dialog.showModal()
      dialog.querySelector('input')?.focus()
    }
    if (!props.open && dialog.open) dialog.close()
  }, [props.open])
  return (
    <dialog ref={ref} aria-labelledby={`${props.id}-title`} onClose={props.onCancel}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          props.onSubmit(new FormData(event.currentTarget))
        }}
      >
        <h2 id={`${props.id}-title`}>{props.title}</h2>
        {props.open && props.children}
        <div class="actions">
          <button type="submit" class="primary" disabled={props.busy}>
            {props.submitLabel}
          </button>
          <button type="button" class="secondary" onClick={props.onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  )
}
