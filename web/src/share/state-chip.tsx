import { formStateLabels, formStatus } from '../../../src/shared/forms/state'
import type { Form } from '../api'

// A form's status chip (issue 27): Draft, Live, Scheduled (with its closing time) or Closed, by the
// rule the hosted page follows (src/shared/forms/state.ts).

export const statusOf = (form: Form) => formStatus(form.settings, form.response_count, Date.now() * 1000)

export const formatDateTime = (at: string) =>
  new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

export function StateChip({ form }: { form: Form }) {
  const { state } = statusOf(form)
  const closesAt = form.settings.closes_at
  return (
    <span class="state">
      <span class={`chip ${state}`}>
        <span class="visually-hidden">Status: </span>
        {formStateLabels[state]}
      </span>
      {state === 'scheduled' && closesAt && (
        <span class="chip-note">
          closes <time dateTime={closesAt}>{formatDateTime(closesAt)}</time>
        </span>
      )}
    </span>
  )
}
