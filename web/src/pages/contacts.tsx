import { useState } from 'preact/hooks'
import type { Contact } from '../api'
import { useApp } from '../app-context'
import {
  ConfirmDialog,
  Empty,
  ErrorMessage,
  formatTime,
  Link,
  Pager,
  useLoad,
  usePageTitle,
} from '../components'
import { rowsOfCsv, type UploadResult, uploadContacts } from '../upload'

export function ContactsPage() {
  const { api, can } = useApp()
  const [page, setPage] = useState(1)
  const { data, error, reload } = useLoad(() => api.contactLists.list(page), [page])
  usePageTitle(['Contacts'])
  const [createError, setCreateError] = useState<unknown>(null)
  return (
    <section>
      <h1>Contacts</h1>
      <ErrorMessage error={error} />
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
          <button type="submit">Create list</button>
        </form>
      )}
      <ErrorMessage error={createError} />
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
            <li class="card" key={list.id}>
              <h2>
                <Link href={`/app/contacts/${encodeURIComponent(list.id)}`}>{list.name}</Link>
              </h2>
              <p class="meta">
                {list.contact_count.toLocaleString()} {list.contact_count === 1 ? 'contact' : 'contacts'}
              </p>
            </li>
          ))}
        </ul>
      )}
      {data && <Pager page={page} hasNext={data.hasNext} onPage={setPage} label="Contact list pages" />}
    </section>
  )
}

const PAGE_SIZE = 50

export function ContactListPage({ listId }: { listId: string }) {
  const { api, can } = useApp()
  const [page, setPage] = useState(1)
  const list = useLoad(() => api.contactLists.get(listId), [listId])
  const contacts = useLoad(() => api.contactLists.contacts(listId, page, PAGE_SIZE), [listId, page])
  const [deleting, setDeleting] = useState<Contact | null>(null)
  const [actionError, setActionError] = useState<unknown>(null)
  const [notice, setNotice] = useState('')
  const canWrite = can('contacts:write')
  usePageTitle(list.error ? ['Contact list not found'] : [list.data?.name, 'Contacts'])
  const reload = () => {
    list.reload()
    contacts.reload()
  }
  return (
    <section>
      <p class="crumbs">
        <Link href="/app/contacts">Contacts</Link>
      </p>
      <h1>{list.data ? list.data.name : list.error ? 'Contact list not found' : 'Loading…'}</h1>
      <ErrorMessage error={list.error ?? contacts.error ?? actionError} />
      {list.data && (
        <p class="meta">
          {list.data.contact_count.toLocaleString()} {list.data.contact_count === 1 ? 'contact' : 'contacts'}
        </p>
      )}
      {canWrite && list.data && <CsvUpload listId={listId} onDone={reload} />}
      <p role="status">{notice}</p>
      {contacts.data && contacts.data.items.length === 0 && page === 1 && (
        <Empty>
          <p>
            This list is empty. Upload a CSV file with an “email” column (and optionally “name” and more
            columns).
          </p>
        </Empty>
      )}
      {contacts.data && contacts.data.items.length > 0 && (
        <div class="table-wrap">
          <table>
            <caption class="visually-hidden">Contacts, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Name</th>
                <th scope="col">Added</th>
                {canWrite && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {contacts.data.items.map((contact) => (
                <tr key={contact.id}>
                  <td>{contact.email}</td>
                  <td>{contact.name || '—'}</td>
                  <td>{formatTime(contact.created_at)}</td>
                  {canWrite && (
                    <td>
                      <button type="button" class="link" onClick={() => setDeleting(contact)}>
                        Delete<span class="visually-hidden"> {contact.email}</span>
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {contacts.data && (
        <Pager page={page} hasNext={contacts.data.hasNext} onPage={setPage} label="Contacts pages" />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.email ?? ''}?`}
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          const contact = deleting as Contact
          setDeleting(null)
          try {
            await api.contacts.delete(contact.id)
            setNotice(`${contact.email} deleted`)
            reload()
          } catch (problem) {
            setActionError(problem)
          }
        }}
      >
        <p>The contact is removed from this list.</p>
      </ConfirmDialog>
    </section>
  )
}

function CsvUpload({ listId, onDone }: { listId: string; onDone: () => void }) {
  const { api } = useApp()
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null)
  const [result, setResult] = useState<UploadResult | null>(null)
  const [error, setError] = useState<unknown>(null)
  return (
    <form
      class="panel"
      aria-label="Upload contacts"
      onSubmit={async (event) => {
        event.preventDefault()
        const input = event.currentTarget.elements.namedItem('file') as HTMLInputElement
        const file = input.files?.[0]
        if (!file) return
        setError(null)
        setResult(null)
        const { rows, problem } = rowsOfCsv(await file.text())
        if (problem) {
          setError(new Error(`This CSV cannot be read: ${problem}.`))
          return
        }
        setProgress({ done: 0, total: rows.length })
        try {
          setResult(
            await uploadContacts(api, listId, rows, (done) => setProgress({ done, total: rows.length })),
          )
        } catch (failure) {
          setError(failure)
        }
        setProgress(null)
        onDone()
      }}
    >
      <h2>Add contacts from a CSV file</h2>
      <p>
        The first line names the columns: “email” (required), “name”, and any others, kept as the contact’s
        data.
      </p>
      <label>
        CSV file
        <input name="file" type="file" accept=".csv,text/csv" required />
      </label>
      <button type="submit" disabled={progress !== null}>
        Upload contacts
      </button>
      {progress && (
        <label>
          Uploading {progress.done.toLocaleString()} of {progress.total.toLocaleString()}
          <progress max={progress.total} value={progress.done} />
        </label>
      )}
      <ErrorMessage error={error} />
      {result && (
        <div role="status">
          <p>
            {result.added.toLocaleString()} {result.added === 1 ? 'contact' : 'contacts'} added
            {result.errors.length > 0
              ? `, ${result.errors.length} ${result.errors.length === 1 ? 'row' : 'rows'} refused:`
              : '.'}
          </p>
          {result.errors.length > 0 && (
            <ul class="row-errors">
              {result.errors.map((row) => (
                <li key={row.line}>
                  Line {row.line} ({row.email || 'no e-mail'}): {row.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  )
}
