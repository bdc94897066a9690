import { type RecallValues, recall } from '../flow/recall.js'
import type { FormView } from '../forms/definition.js'
import { MessagePage } from './layout.js'

// The pages a form shows instead of its questions: once it is closed, and once it is answered.
// Shared, so the builder previews them with the server's own renderer.

export function closedPage(form: FormView) {
  return (
    <MessagePage
      title={form.title}
      heading={form.title}
      message={form.settings.closed_message ?? 'This form is closed and no longer accepts answers.'}
    />
  )
}

/** When a form opens, as every respondent reads it whatever their zone: "27 November 2026, 09:00 UTC". */
export function openingTime(at: string): string {
  const when = new Date(at)
  const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(when)
  const time = new Intl.DateTimeFormat('en-GB', { timeStyle: 'short', timeZone: 'UTC' }).format(when)
  return `${day}, ${time} UTC`
}

/** A form whose opening time (`settings.opens_at`) is still to come. */
export function notOpenPage(form: FormView) {
  const opensAt = form.settings.opens_at
  return (
    <MessagePage
      title={form.title}
      heading={form.title}
      message={
        opensAt
          ? `This form opens on ${openingTime(opensAt)}. Come back then to answer it.`
          : 'This form does not accept answers yet.'
      }
    />
  )
}

/**
 * The page once answered: the ending the answers reached (`ending`, an id of the form's endings),
 * else the form's thank-you; their words recall the answers when `values` gives them.
 */
export function thanksPage(form: FormView, ending: string | null = null, values?: RecallValues) {
  const chosen = ending === null ? undefined : form.endings?.find((candidate) => candidate.id === ending)
  const { title, message } = chosen ?? form.settings.thank_you
  const words = (text: string) => recall(text, values ?? { answers: {} })
  const heading = title ? words(title) : undefined
  return (
    <MessagePage
      title={heading ?? 'Thank you'}
      heading={heading ?? 'Thank you!'}
      message={message ? words(message) : 'Your answers have been sent.'}
      tone="done"
    />
  )
}
