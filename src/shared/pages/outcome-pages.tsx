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
