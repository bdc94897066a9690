import type { Draft } from './draft'
import { Field, type SectionProps } from './field'
import { RecallText } from './recall-menu'

type Settings = Draft['settings']
const textOrNull = (text: string) => (text === '' ? null : text)

/** One optional text of the settings: empty stores null, so the hosted page says its default. */
function TextSetting(props: {
  path: string
  label: string
  hint: string
  value: string | null | undefined
  onText: (text: string | null) => void
  messageAt: SectionProps['messageAt']
  multiline?: boolean
  url?: boolean
}) {
  return (
    <Field path={props.path} label={props.label} hint={props.hint} message={props.messageAt(props.path)}>
      {(control) => {
        const shared = {
          ...control,
          value: props.value ?? '',
          onInput: (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) =>
            props.onText(textOrNull(event.currentTarget.value)),
        }
        if (props.multiline) return <textarea {...shared} rows={2} />
        return props.url ? <input {...shared} type="url" /> : <input {...shared} />
      }}
    </Field>
  )
}

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
      <RecallText
        path="/settings/thank_you/title"
        label="Thank-you title"
        hint="Empty: “Thank you!”"
        value={thankYou.title ?? ''}
        set={(title) => setThankYou({ title: textOrNull(title) })}
        message={messageAt('/settings/thank_you/title')}
      />
      <RecallText
        path="/settings/thank_you/message"
        label="Thank-you message"
        hint="Empty: “Your answers have been sent.” A blank line starts a new paragraph."
        value={thankYou.message ?? ''}
        set={(message) => setThankYou({ message: textOrNull(message) })}
        message={messageAt('/settings/thank_you/message')}
        multiline
      />
      <TextSetting
        path="/settings/thank_you/redirect_url"
        label="Or send people to this address after answering"
        hint="An http(s) address, e.g. your website; it replaces the thank-you screen."
        value={thankYou.redirect_url}
        onText={(redirect_url) => setThankYou({ redirect_url })}
        messageAt={messageAt}
        url
      />
      <TextSetting
        path="/settings/closed_message"
        label="Message once closed"
        hint="Shown after the closing time or the last allowed response. Empty: “This form is closed and no longer accepts answers.”"
        value={settings.closed_message}
        onText={(closed_message) => set({ closed_message })}
        messageAt={messageAt}
        multiline
      />
    </fieldset>
  )
}
