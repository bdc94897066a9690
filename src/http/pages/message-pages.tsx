import type { FormView } from '../../domain/forms/forms.js'
import type { MessageKey } from '../../shared/i18n/locales.js'
import type { TypedValues } from '../../shared/pages/fields.js'
import { FormPage } from '../../shared/pages/form-page.js'
import { SaidPage, usePageLanguage } from '../../shared/pages/layout.js'

/** What a hosted form's post carried: the answers, as fields, and the hidden fields. */
export interface SubmittedFields {
  values: TypedValues
  hidden: Map<string, string>
}

// The one-message pages respondents may meet: not found, slow down, and errors (closed and thanks
// are in src/shared/pages/outcome-pages.tsx, since the builder previews them).

export function notFoundPage() {
  return <SaidPage title="notFound.title" heading="notFound.heading" message="notFound.message" />
}

export function rateLimitedPage(retryAfter: number) {
  return (
    <SaidPage
      title="limit.submissionsTitle"
      heading="limit.submissionsTitle"
      message="limit.submissions"
      values={{ seconds: retryAfter }}
    />
  )
}

function RateLimitedFormPage(props: { form: FormView; submitted: SubmittedFields; retryAfter: number }) {
  const { t } = usePageLanguage().words
  const { form, submitted, retryAfter } = props
  const notice = {
    heading: t('limit.submissionsTitle'),
    message: t('limit.formNotice', { seconds: retryAfter }),
  }
  return <FormPage form={form} hidden={submitted.hidden} values={submitted.values} notice={notice} />
}

/** Over the public limit with the answers read: the form again, answers kept, to send once more. */
export function rateLimitedFormPage(form: FormView, submitted: SubmittedFields, retryAfter: number) {
  return <RateLimitedFormPage form={form} submitted={submitted} retryAfter={retryAfter} />
}

const errorMessages: Record<number, MessageKey> = {
  400: 'error.400',
  403: 'error.403',
  413: 'error.413',
  415: 'error.415',
}

export function errorPage(status: number) {
  const message = errorMessages[status] ?? (status >= 500 ? 'error.500' : 'error.other')
  return <SaidPage title="error.pageTitle" heading="error.pageTitle" message={message} />
}
