import { useId } from 'preact/hooks'

// An action the caller's role may not take, shown disabled with the reason beside it (not hidden,
// so a person knows it exists and why it is not theirs): "Viewers can't create forms".

export function Denied({
  label,
  reason,
  primary = true,
}: {
  label: string
  reason: string
  primary?: boolean
}) {
  const id = useId()
  return (
    <span class="denied">
      <button
        type="button"
        class={primary ? 'primary' : undefined}
        disabled
        aria-describedby={id}
        title={reason}
      >
        {label}
      </button>
      <span class="hint" id={id}>
        {reason}
      </span>
    </span>
  )
}
