import { type Draft, fieldId } from './draft'
import { Field, numberOrUndefined, type SectionProps } from './field'

type Settings = Draft['settings']

/** `2026-12-01T09:30:00.000000Z` <-> the `datetime-local` value in the browser's time zone. */
const localOf = (iso: string | null) => {
  if (!iso) return ''
  const date = new Date(iso)
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}
const isoOf = (local: string) => (local ? new Date(local).toISOString() : null)
const textOrNull = (text: string) => (text === '' ? null : text)

/** Who may answer and until when, and what people see once they have answered. */
export function Publishing({ draft, change, messageAt }: SectionProps) {
  const settings = draft.settings
  const set = (next: Partial<Settings>) => change({ ...draft, settings: { ...settings, ...next } })
  return (
    <fieldset class="builder-section">
      <legend>Publishing</legend>
      <div class="field check">
        <input
          type="checkbox"
          id={fieldId('/settings/public')}
          checked={settings.public}
          onChange={(event) => set({ public: event.currentTarget.checked })}
        />
        <label for={fieldId('/settings/public')}>Public: anyone with the link can answer</label>
      </div>
      <div class="field-row">
        <Field
          path="/settings/closes_at"
          label="Closes at (your time)"
          hint="Empty: never."
          message={messageAt('/settings/closes_at')}
        >
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              value={localOf(settings.closes_at)}
              onInput={(event) => set({ closes_at: isoOf(event.currentTarget.value) })}
            />
          )}
        </Field>
        <Field
          path="/settings/max_responses"
          label="Most responses"
          hint="Empty: no limit."
          message={messageAt('/settings/max_responses')}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              min={1}
              value={settings.max_responses === null ? '' : String(settings.max_responses)}
              onInput={(event) =>
                set({ max_responses: numberOrUndefined(event.currentTarget.value) ?? null })
              }
            />
          )}
        </Field>
      </div>
      <Field
        path="/settings/closed_message"
        label="Message once closed"
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
      <ThankYou
        thankYou={settings.thank_you}
        messageAt={messageAt}
        set={(next) => set({ thank_you: { ...settings.thank_you, ...next } })}
      />
    </fieldset>
  )
}

/** The page after answering: a title and message, or an address to send people to instead. */
function ThankYou(props: {
  thankYou: Settings['thank_you']
  messageAt: (path: string) => string | undefined
  set: (next: Partial<Settings['thank_you']>) => void
}) {
  const { thankYou, messageAt, set } = props
  return (
    <>
      <Field
        path="/settings/thank_you/title"
        label="Thank-you title"
        message={messageAt('/settings/thank_you/title')}
      >
        {(control) => (
          <input
            {...control}
            value={thankYou.title ?? ''}
            onInput={(event) => set({ title: textOrNull(event.currentTarget.value) })}
          />
        )}
      </Field>
      <Field
        path="/settings/thank_you/message"
        label="Thank-you message"
        message={messageAt('/settings/thank_you/message')}
      >
        {(control) => (
          <textarea
            {...control}
            rows={2}
            value={thankYou.message ?? ''}
            onInput={(event) => set({ message: textOrNull(event.currentTarget.value) })}
          />
        )}
      </Field>
      <Field
        path="/settings/thank_you/redirect_url"
        label="Or send people to this address after answering"
        hint="An http(s) address; it replaces the thank-you page."
        message={messageAt('/settings/thank_you/redirect_url')}
      >
        {(control) => (
          <input
            {...control}
            type="url"
            value={thankYou.redirect_url ?? ''}
            onInput={(event) => set({ redirect_url: textOrNull(event.currentTarget.value) })}
          />
        )}
      </Field>
    </>
  )
}
