import { useState } from 'preact/hooks'
import { useApp } from '../app-context'
import { Empty, ErrorMessage, Pager, useLoad, usePageTitle } from '../components'
import { Skeleton } from '../skeleton'
import { ListCard, useListDialogs } from './contacts/list-card'
import { Denied } from './denied'

export { ContactListPage } from './contacts/list-page'

export function ContactsPage() {
  const { api, can, reason } = useApp()
  const [page, setPage] = useState(1)
  const { data, error, reload } = useLoad(() => api.contactLists.list(page), [page])
  usePageTitle(['Contacts'])
  const [createError, setCreateError] = useState<unknown>(null)
  const [news, setNews] = useState('')
  const lists = useListDialogs((message) => {
    setNews(message)
    reload()
  })
  return (
    <section>
      <h1>Contacts</h1>
      <ErrorMessage error={error} onRetry={reload} />
      {!can('contacts:write') && <Denied label="Create list" reason={reason('change contacts')} />}
      {can('contacts:write') && (
        <form
          class="inline"
          aria-label="New contact list"
          onSubmit={async (event) => {
            event.preventDefault()
            const input = event.currentTarget.elements.namedItem('name') as HTMLInputElement
            try {
              await api.contactLists.create(input.value.trim())
              input.value = ''
              setCreateError(null)
              reload()
            } catch (problem) {
              setCreateError(problem)
            }
          }}
        >
          <label>
            New list name
            <input name="name" required maxLength={256} />
          </label>
          <button type="submit" class="primary">
            Create list
          </button>
        </form>
      )}
      <ErrorMessage error={createError ?? lists.error} />
      <p class="visually-hidden" aria-live="polite">
        {news}
      </p>
      {!data && !error && <Skeleton label="Loading contact lists" />}
      {data && data.items.length === 0 && page === 1 && (
        <Empty>
          <p>
            No contact lists yet. Create a list, then add contacts to it by uploading a CSV file with an
            “email” column.
          </p>
        </Empty>
      )}
      {data && data.items.length > 0 && (
        <ul class="cards">
          {data.items.map((list) => (
            <ListCard key={list.id} list={list} onRename={lists.rename} onDelete={lists.remove} />
          ))}
        </ul>
      )}
      {data && <Pager page={page} hasNext={data.hasNext} onPage={setPage} label="Contact list pages" />}
      {lists.dialogs}
    </section>
  )
}
