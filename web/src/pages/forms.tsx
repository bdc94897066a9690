import { useState } from 'preact/hooks'
import type { Form } from '../api'
import { useApp } from '../app-context'
import { Empty, ErrorMessage, Link, Pager, useLoad, usePageTitle } from '../components'
import { Skeleton } from '../skeleton'
import { Denied } from './denied'
import { DeleteFormDialog, FormCard } from './forms/form-card'

// The forms of the workspace, newest first, searchable by title (issue 27, item 14).

export function FormsPage() {
  const { api, can, reason } = useApp()
  const [page, setPage] = useState(1)
  const [search, setSearch] = useState('')
  const [news, setNews] = useState('')
  const [deleting, setDeleting] = useState<Form>()
  const [failure, setFailure] = useState<unknown>()
  const title = search.trim()
  const { data, error, loading, reload } = useLoad(
    () => api.forms.list(page, 50, { sort: 'created_at,desc', title: title || undefined }),
    [page, title],
  )
  usePageTitle(['Forms'])
  const changed = (message: string) => {
    setNews(message)
    if (page === 1) reload()
    else setPage(1)
  }
  const remove = async (form: Form) => {
    setDeleting(undefined)
    setFailure(undefined)
    try {
      await api.forms.delete(form.id)
      changed(`Deleted “${form.title}”`)
    } catch (error) {
      setFailure(error)
    }
  }
  return (
    <section>
      <h1>Forms</h1>
      <div class="toolbar">
        {can('forms:write') ? (
          <Link class="button primary" href="/app/forms/new">
            New form
          </Link>
        ) : (
          <Denied label="New form" reason={reason('create forms')} />
        )}
        <label class="search">
          Search forms by title
          <input
            type="search"
            value={search}
            onInput={(event) => {
              setSearch(event.currentTarget.value)
              setPage(1)
            }}
          />
        </label>
      </div>
      <p class="visually-hidden" aria-live="polite">
        {news}
      </p>
      <ErrorMessage error={error} onRetry={reload} />
      <ErrorMessage error={failure} />
      {loading && !data && <Skeleton label="Loading forms" />}
      {data && data.items.length === 0 && page === 1 && (title ? <NoMatch title={title} /> : <NoForms />)}
      {data && data.items.length > 0 && (
        <ul
          class="cards"
          aria-label={title ? `Forms whose title contains “${title}”` : 'Forms, newest first'}
        >
          {data.items.map((form) => (
            <FormCard key={form.id} form={form} onChanged={changed} onDelete={setDeleting} />
          ))}
        </ul>
      )}
      {data && <Pager page={page} hasNext={data.hasNext} onPage={setPage} label="Forms pages" />}
      <DeleteFormDialog form={deleting} onCancel={() => setDeleting(undefined)} onConfirm={remove} />
    </section>
  )
}

function NoMatch({ title }: { title: string }) {
  return (
    <Empty>
      <p>No form’s title contains “{title}”.</p>
    </Empty>
  )
}

function NoForms() {
  const { can } = useApp()
  return (
    <Empty>
      <p>No forms yet.</p>
      <p>
        {can('forms:write') ? (
          <>
            Create your first form with <Link href="/app/forms/new">the form builder</Link>, or through the
            API (<code>POST /v1/forms</code>, see the <a href="/docs">API reference</a>
            ); it appears here with its responses.
          </>
        ) : (
          <>
            Forms created through the builder or the API (<a href="/docs">API reference</a>) appear here with
            their responses.
          </>
        )}
      </p>
    </Empty>
  )
}
