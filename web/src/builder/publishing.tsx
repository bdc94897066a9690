import type { Form } from '../api'
import { formatDateTime, opensLater, StateChip, statusOf } from '../share/state-chip'
import { Field, numberOrUndefined, type SectionProps } from './field'

/** `2026-12-01T09:30:00.000000Z` <-> the `datetime-local` value in the browser's time zone. */
const localOf = (iso: string | null) => {
  if (!iso) return ''
  const date = new Date(iso)
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}
const isoOf = (local: string) => (local ? new Date(local).toISOString() : null)

export interface PublishingProps extends SectionProps {
  saved: Form | undefined
  saving: boolean
  /** Sets whether the form is public and saves the draft with it. */
  publish: (isPublic: boolean) => void
}

/** Whether people can answer, first: where the saved form stands, one button to change it, and until when. */
export function Publishing(props: PublishingProps) {
  const { draft, change, messageAt, saved } = props
  const settings = draft.settings
  const live = saved?.settings.public === true
  const set = (next: Partial<typeof settings>) => change({ ...draft, settings: { ...settings, ...next } })
  return (
    <fieldset class="builder-section publishing" aria-describedby="publish-state">
      <legend>Publishing</legend>
      <div class="publish-row">
        <PublishState saved={saved} />
        <button
          type="button"
          class={live ? undefined : 'primary'}
          disabled={props.saving}
          onClick={() => props.publish(!live)}
        >
          {live ? 'Unpublish' : 'Publish'}
        </button>
      </div>
      {settings.public !== live && (
        <p class="hint">
          {settings.public
            ? 'Saving will publish it: anyone with the link can then answer.'
            : 'Saving will unpublish it: its link will stop answering.'}
        </p>
      )}
      <div class="field-row">
        <Field
          path="/settings/opens_at"
          label="Opens at (your time)"
          hint="Before this, people see when it opens instead of the questions. Empty: open once published."
          message={messageAt('/settings/opens_at')}
          class="grow"
        >
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              value={localOf(settings.opens_at)}
              onInput={(event) => set({ opens_at: isoOf(event.currentTarget.value) })}
            />
          )}
        </Field>
        <Field
          path="/settings/closes_at"
          label="Closes at (your time)"
          hint="After this, people see the closed screen instead of the questions. Empty: stays open."
          message={messageAt('/settings/closes_at')}
          class="grow"
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
          hint="The form closes once it has this many. Empty: no limit."
          message={messageAt('/settings/max_responses')}
          class="grow"
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
    </fieldset>
  )
}

/** The saved form's state, as the forms list and the form's page show it, and a sentence saying who can answer it. */
function PublishState({ saved }: { saved: Form | undefined }) {
  const status = saved && statusOf(saved)
  const sentence = !saved
    ? 'New forms are drafts until published. Publish creates the form and opens its link.'
    : status?.state === 'draft'
      ? 'Only your team sees it: its link does not answer until you publish it.'
      : status?.state === 'closed'
        ? status.closedBy === 'max_responses'
          ? `Published, but it has its ${saved.settings.max_responses} responses: people see the closed screen.`
          : 'Published, but its closing time has passed: people see the closed screen.'
        : status?.state === 'scheduled' && opensLater(saved)
          ? `Published: anyone with the link can answer from ${formatDateTime(opensLater(saved) as string)}; until then its link says when it opens.`
          : status?.state === 'scheduled'
            ? 'Anyone with the link can answer until it closes.'
            : 'Anyone with the link can answer.'
  return (
    <p class="publish-state" id="publish-state">
      {saved ? (
        <StateChip form={saved} />
      ) : (
        <span class="chip draft">
          <span class="visually-hidden">Status: </span>Draft
        </span>
      )}{' '}
      {sentence}
    </p>
  )
}
