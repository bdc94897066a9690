import type { FormView } from '../../domain/forms/forms.js'
import type { TypedValues } from '../../shared/pages/fields.js'
import { FormPage } from '../../shared/pages/form-page.js'
import { MessagePage } from '../../shared/pages/layout.js'

/** What a hosted form's post carried: the answers, as fields, and the hidden fields. */
export interface SubmittedFields {
  values: TypedValues
  hidden: Map<string, string>
}

// The one-message pages respondents may meet: not found, slow down, and errors (closed and thanks
// are in src/shared/pages/outcome-pages.tsx, since the builder previews them).

export function notFoundPage() {
  return (
    <MessagePage
      title="Form not found"
      heading="This form is not available"
      message="The link may be mistyped, or the form is not open to the public."
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

/** Over the public limit with the answers read: the form again, answers kept, to send once more. */
export function rateLimitedFormPage(form: FormView, submitted: SubmittedFields, retryAfter: number) {
  const seconds = retryAfter === 1 ? '1 second' : `${retryAfter} seconds`
  const notice = {
    heading: 'Too many submissions',
    message:
      'Too many answers were sent to this form from your network in the last minute, so yours ' +
      `have not been sent yet. They are kept below: press Submit again in ${seconds}.`,
  }
  return <FormPage form={form} hidden={submitted.hidden} values={submitted.values} notice={notice} />
}

const errorMessages: Record<number, string> = {
  400: 'The request could not be read.',
  413: 'The answers sent are larger than this form accepts.',
  415: 'The answers were sent in a format this form does not accept.',
  403: 'These answers were sent from another site, so they were not saved. Open the form again and answer it there.',
}

export function errorPage(status: number) {
  const message =
    errorMessages[status] ??
    (status >= 500
      ? 'Something went wrong on our side. Please try again.'
      : 'The request could not be handled.')
  return <MessagePage title="Something went wrong" heading="Something went wrong" message={message} />
}
