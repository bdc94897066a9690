import type { Form } from '../api'
import type { Draft } from './draft'
import { JsonTools } from './json-tools'

/** The builder's toolbar: save, where the draft stands, JSON in and out, the public page. */
export function SaveBar(props: {
  draft: Draft
  saved: Form | undefined
  saving: boolean
  dirty: boolean
  status: string
  save: () => void
  change: (draft: Draft) => void
}) {
  const { saved, dirty } = props
  return (
    <div class="toolbar builder-toolbar">
      {/* One primary button a view: Publish, in the Publishing section, until the form is live. */}
      <button
        type="button"
        class={saved?.settings.public ? 'primary' : undefined}
        onClick={() => props.save()}
        disabled={props.saving}
      >
        {props.saving ? 'Saving…' : saved ? 'Save changes' : 'Create form'}
      </button>
      <span class="meta" aria-live="polite">
        {props.status ||
          (dirty ? 'Unsaved changes (kept in this tab until you save)' : saved ? 'All changes saved' : '')}
      </span>
      <JsonTools draft={props.draft} onImport={props.change} />
      {saved && (
        <a
          class="button secondary"
          href={`/f/${encodeURIComponent(saved.id)}`}
          target="_blank"
          rel="noreferrer"
        >
          Open the public page
        </a>
      )}
    </div>
  )
}
