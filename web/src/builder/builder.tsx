import type { Form } from '../api'
import { useApp } from '../app-context'
import { ErrorMessage, Link, usePageTitle } from '../components'
import { Skeleton } from '../skeleton'
import { DefinitionEditor } from './definition-editor'
import { ConflictNotice, RestoredNotice } from './draft-notices'
import { useEditPreviewTabs } from './edit-preview-tabs'
import { OrphansDialog } from './orphans-dialog'
import { Preview } from './preview'
import { ProblemSummary } from './problem-summary'
import { SaveBar } from './save-bar'
import { useBuilderDraft } from './use-builder-draft'

// The form builder (issue 17): every kind of question with its properties, hidden fields,
// variables and publishing settings; the server's rules checked as you type; a live preview drawn
// by the hosted page's own renderer (beside the editor, or behind a tab on a narrow screen); drafts kept in the tab until saved; saves that cannot
// overwrite someone else's (If-Match); JSON import and download. The draft and its saving live in
// useBuilderDraft; each part of the page is a component of its own file.

export default function Builder({ formId }: { formId?: string | undefined }) {
  const { can } = useApp()
  const builder = useBuilderDraft(formId)
  const { draft, saved } = builder
  const tabs = useEditPreviewTabs(builder.shown.length > 0)
  usePageTitle([
    builder.loadError ? 'Form not found' : saved ? `Edit ${saved.title}` : formId ? 'Edit form' : 'New form',
  ])
  if (!can('forms:write')) return <NotAllowed />
  if (builder.loadError) return <NotFound error={builder.loadError} />
  if (!draft) return <Skeleton label="Loading the form" />

  return (
    <section class="builder">
      <Crumbs saved={saved} />
      <h1>{saved ? `Edit ${saved.title}` : 'New form'}</h1>
      <SaveBar
        draft={draft}
        saved={saved}
        saving={builder.saving}
        dirty={builder.dirty}
        status={builder.status}
        save={() => builder.save()}
        change={builder.change}
      />
      {builder.restored && <RestoredNotice discard={builder.discardKept} />}
      {builder.conflict && (
        <ConflictNotice
          loadTheirs={builder.loadTheirs}
          saveMine={() => builder.save({ confirmed: true, overwrite: true })}
        />
      )}
      <ProblemSummary problems={builder.shown} draft={draft} focus={builder.summary} />
      {builder.saveError && builder.serverProblems.length === 0 && <ErrorMessage error={builder.saveError} />}
      {tabs.tablist}
      <div class="builder-columns">
        {tabs.panel(
          'edit',
          <DefinitionEditor
            draft={draft}
            change={builder.change}
            messageAt={builder.messageAt}
            save={() => void builder.save()}
            saved={saved}
            saving={builder.saving}
            publish={(isPublic) => void builder.publish(isPublic)}
          />,
        )}
        {tabs.panel('preview', <Preview draft={draft} saved={saved} />)}
      </div>
      <OrphansDialog
        orphans={builder.orphans}
        onCancel={builder.dismissOrphans}
        onConfirm={() => {
          builder.dismissOrphans()
          void builder.save({ confirmed: true })
        }}
      />
    </section>
  )
}

function Crumbs({ saved }: { saved: Form | undefined }) {
  return (
    <p class="crumbs">
      <Link href="/app/forms">Forms</Link>
      {saved && (
        <>
          {' / '}
          <Link href={`/app/forms/${encodeURIComponent(saved.id)}`}>{saved.title}</Link>
        </>
      )}
    </p>
  )
}

function NotAllowed() {
  return (
    <section>
      <h1>Edit form</h1>
      <p class="error" role="alert">
        This token cannot change forms (it lacks the <code>forms:write</code> scope).
      </p>
    </section>
  )
}

function NotFound({ error }: { error: unknown }) {
  return (
    <section>
      <h1>Form not found</h1>
      <ErrorMessage error={error} />
    </section>
  )
}
