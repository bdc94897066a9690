import { isOpenYet } from '../../../src/shared/forms/settings'
import { formStateLabels, formStatus } from '../../../src/shared/forms/state'
import type { Form } from '../api'

// A form's status chip (issue 27): Draft, Live, Scheduled (with its opening or closing time) or Closed, by the
// rule the hosted page follows (src/shared/forms/state.ts).

export const statusOf = (form: Form) => formStatus(form.settings, form.response_count, Date.now() * 1000)

/** When a public form opens, while that is still to come; undefined once open (or never set). */
export const opensLater = (form: Form): string | undefined =>
  form.settings.opens_at && !isOpenYet(form.settings, Date.now() * 1000) ? form.settings.opens_at : undefined

export const formatDateTime = (at: string) =>
  new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

export function StateChip({ form }: { form: Form }) {
  const { state } = statusOf(form)
  const closesAt = form.settings.closes_at
  const opensAt = opensLater(form)
  return (
    <span class="state">
      <span class={`chip ${state}`}>
        <span class="visually-hidden">Status: </span>
        {formStateLabels[state]}
      </span>
      {state === 'scheduled' && opensAt && (
        <span class="chip-note">
          opens <time dateTime={opensAt}>{formatDateTime(opensAt)}</time>
        </span>
      )}
      {state === 'scheduled' && !opensAt && closesAt && (
        <span class="chip-note">
          closes <time dateTime={closesAt}>{formatDateTime(closesAt)}</time>
        </span>
      )}
    </span>
  )
}
