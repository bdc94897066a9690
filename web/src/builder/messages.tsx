import type { Draft } from './draft'
import { Field, type SectionProps } from './field'

type Settings = Draft['settings']
const textOrNull = (text: string) => (text === '' ? null : text)

/** What people see instead of the questions: after answering, and once the form is closed. */
export function Messages({ draft, change, messageAt }: SectionProps) {
  const settings = draft.settings
  const set = (next: Partial<Settings>) => change({ ...draft, settings: { ...settings, ...next } })
  const setThankYou = (next: Partial<Settings['thank_you']>) =>
    set({ thank_you: { ...settings.thank_you, ...next } })
  const thankYou = settings.thank_you
  return (
    <fieldset class="builder-section">
      <legend>Thank-you and closed screens</legend>
      <p class="hint lead-hint">To see them, pick “Thank-you” or “Closed” in the preview.</p>
      <Field
        path="/settings/thank_you/title"
        label="Thank-you title"
        hint="Empty: “Thank you!”"
        message={messageAt('/settings/thank_you/title')}
      >
        {(control) => (
          <input
            {...control}
            value={thankYou.title ?? ''}
            onInput={(event) => setThankYou({ title: textOrNull(event.currentTarget.value) })}
          />
        )}
      </Field>
      <Field
        path="/settings/thank_you/message"
        label="Thank-you message"
        hint="Empty: “Your answers have been sent.” A blank line starts a new paragraph."
        message={messageAt('/settings/thank_you/message')}
      >
        {(control) => (
          <textarea
            {...control}
            rows={2}
            value={thankYou.message ?? ''}
            onInput={(event) => setThankYou({ message: textOrNull(event.currentTarget.value) })}
          />
        )}
      </Field>
      <Field
        path="/settings/thank_you/redirect_url"
        label="Or send people to this address after answering"
        hint="An http(s) address, e.g. your website; it replaces the thank-you screen."
        message={messageAt('/settings/thank_you/redirect_url')}
      >
        {(control) => (
          <input
            {...control}
            type="url"
            value={thankYou.redirect_url ?? ''}
            onInput={(event) => setThankYou({ redirect_url: textOrNull(event.currentTarget.value) })}
          />
        )}
      </Field>
      <Field
        path="/settings/closed_message"
        label="Message once closed"
        hint="Shown after the closing time or the last allowed response. Empty: “This form is closed and no longer accepts answers.”"
        message={messageAt('/settings/closed_message')}
      >
        {(control) => (
          <textarea
            {...control}
            rows={2}
            value={settings.closed_message ?? ''}
            onInput={(event) => set({ closed_message: textOrNull(event.currentTarget.value) })}
          />
        )}
      </Field>
    </fieldset>
  )
}
