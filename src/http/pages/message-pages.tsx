import type { FormView } from '../../domain/forms/forms.js'
import { MessagePage } from '../../shared/pages/layout.js'

// The one-message pages respondents may meet: not found, closed, thanks, slow down, and errors.

export function notFoundPage() {
  return (
    <MessagePage
      title="Form not found"
      heading="This form is not available"
      message="The link may be mistyped, or the form is not open to the public."
    />
  )
}

export function closedPage(form: FormView) {
  return (
    <MessagePage
      title={form.title}
      heading={form.title}
      message={form.settings.closed_message ?? 'This form is closed and no longer accepts answers.'}
    />
  )
}

export function thanksPage(form: FormView) {
  const { title, message } = form.settings.thank_you
  return (
    <MessagePage
      title={title ?? 'Thank you'}
      heading={title ?? 'Thank you!'}
      message={message ?? 'Your answers have been sent.'}
      tone="done"
    />
  )
}

export function rateLimitedPage(retryAfter: number) {
  return (
    <MessagePage
      title="Too many submissions"
      heading="Too many submissions"
      message={`Too many answers were sent from your address in a short time. Please try again in ${retryAfter} seconds.`}
    />
  )
}

const errorMessages: Record<number, string> = {
  400: 'The request could not be read.',
  413: 'The answers sent are larger than this form accepts.',
  415: 'The answers were sent in a format this form does not accept.',
}

export function errorPage(status: number) {
  const message =
    errorMessages[status] ??
    (status >= 500
      ? 'Something went wrong on our side. Please try again.'
      : 'The request could not be handled.')
  return <MessagePage title="Something went wrong" heading="Something went wrong" message={message} />
}
