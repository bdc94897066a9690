import { type RecallValues, recall } from '../flow/recall.js'
import type { FormView } from '../forms/definition.js'
import { MessagePage, useLocalised, usePageLanguage } from './layout.js'

// The pages a form shows instead of its questions: once it is closed, and once it is answered.
// Shared, so the builder previews them with the server's own renderer. Each is a component, so
// that it speaks the language of the page it is rendered in (renderPage).

function ClosedPage(props: { form: FormView }) {
  const { t } = usePageLanguage().words
  const form = useLocalised(props.form)
  return (
    <MessagePage
      title={form.title}
      heading={form.title}
      message={form.settings.closed_message ?? t('outcome.closed')}
    />
  )
}

export const closedPage = (form: FormView) => <ClosedPage form={form} />

/** When a form opens, as every respondent reads it whatever their zone: "27 November 2026, 09:00 UTC". */
export function openingTime(at: string, locale = 'en'): string {
  const when = new Date(at)
  const tag = locale === 'en' ? 'en-GB' : locale
  const day = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(when)
  const time = new Intl.DateTimeFormat(tag, { timeStyle: 'short', timeZone: 'UTC' }).format(when)
  return `${day}, ${time} UTC`
}

function NotOpenPage(props: { form: FormView }) {
  const { t, locale } = usePageLanguage().words
  const form = useLocalised(props.form)
  const opensAt = form.settings.opens_at
  return (
    <MessagePage
      title={form.title}
      heading={form.title}
      message={
        opensAt ? t('outcome.opensOn', { when: openingTime(opensAt, locale) }) : t('outcome.notOpenYet')
      }
    />
  )
}

/** A form whose opening time (`settings.opens_at`) is still to come. */
export const notOpenPage = (form: FormView) => <NotOpenPage form={form} />

function ThanksPage(props: { form: FormView; ending: string | null; values: RecallValues | undefined }) {
  const { t } = usePageLanguage().words
  const { ending, values } = props
  const form = useLocalised(props.form)
  const chosen = ending === null ? undefined : form.endings?.find((candidate) => candidate.id === ending)
  const { title, message } = chosen ?? form.settings.thank_you
  const words = (text: string) => recall(text, values ?? { answers: {} })
  const heading = title ? words(title) : undefined
  return (
    <MessagePage
      title={heading ?? t('outcome.thanksTitle')}
      heading={heading ?? t('outcome.thanksHeading')}
      message={message ? words(message) : t('outcome.thanksMessage')}
      tone="done"
    />
  )
}

/**
 * The page once answered: the ending the answers reached (`ending`, an id of the form's endings),
 * else the form's thank-you; their words recall the answers when `values` gives them.
 */
export const thanksPage = (form: FormView, ending: string | null = null, values?: RecallValues) => (
  <ThanksPage form={form} ending={ending} values={values} />
)
