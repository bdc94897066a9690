import { useState } from 'preact/hooks'
import type { Contact, ContactList } from '../../api'
import { useApp } from '../../app-context'
import {
  ConfirmDialog,
  Empty,
  ErrorMessage,
  formatTime,
  Link,
  Pager,
  useLoad,
  usePageTitle,
} from '../../components'
import { Skeleton, SkeletonText } from '../../skeleton'
import { AddContact, EditContactDialog } from './contact-forms'
import { CsvUpload } from './csv-upload'

const PAGE_SIZE = 50

const dataOf = (contact: Contact): Record<string, string> => {
  try {
    return JSON.parse(contact.data) as Record<string, string>
  } catch {
    return {}
  }
}

/** The data keys of the contacts shown, in the order they first appear: one column each. */
function dataColumns(contacts: Contact[]): string[] {
  const keys = new Set<string>()
  for (const contact of contacts) for (const key of Object.keys(dataOf(contact))) keys.add(key)
  return [...keys]
}

/** The list's name (a placeholder while it loads) and how many contacts it has. */
function ListHeading({ list, missing }: { list: ContactList | undefined; missing: boolean }) {
  return (
    <>
      <h1>
        {list ? list.name : missing ? 'Contact list not found' : <SkeletonText label="Loading the list" />}
      </h1>
      {list && (
        <p class="meta">
          {list.contact_count.toLocaleString()} {list.contact_count === 1 ? 'contact' : 'contacts'}
        </p>
      )}
    </>
  )
}

export function ContactListPage({ listId }: { listId: string }) {
  const { api, can } = useApp()
  const [page, setPage] = useState(1)
  const list = useLoad(() => api.contactLists.get(listId), [listId])
  const contacts = useLoad(() => api.contactLists.contacts(listId, page, PAGE_SIZE), [listId, page])
  const [deleting, setDeleting] = useState<Contact | null>(null)
  const [editing, setEditing] = useState<Contact>()
  const [actionError, setActionError] = useState<unknown>(null)
  const [notice, setNotice] = useState('')
  const canWrite = can('contacts:write')
  usePageTitle(list.error ? ['Contact list not found'] : [list.data?.name, 'Contacts'])
  const reload = () => {
    list.reload()
    contacts.reload()
  }
  const changed = (message: string) => {
    setNotice(message)
    reload()
  }
  const items = contacts.data?.items ?? []
  const columns = dataColumns(items)
  return (
    <section>
      <p class="crumbs">
        <Link href="/app/contacts">Contacts</Link>
      </p>
      <ListHeading list={list.data} missing={list.error !== undefined && list.error !== null} />
      <ErrorMessage error={list.error ?? contacts.error} onRetry={reload} />
      <ErrorMessage error={actionError} />
      {canWrite && list.data && <AddContact listId={listId} onAdded={changed} />}
      {canWrite && list.data && <CsvUpload listId={listId} onDone={reload} />}
      <p role="status">{notice}</p>
      {!contacts.data && !contacts.error && !list.error && <Skeleton label="Loading contacts" />}
      {contacts.data && items.length === 0 && page === 1 && (
        <Empty>
          <p>
            This list is empty. Add a contact above, or upload a CSV file with an “email” column (and
            optionally “name” and more columns).
          </p>
        </Empty>
      )}
      {items.length > 0 && (
        <div class="table-wrap">
          <table>
            <caption class="visually-hidden">Contacts, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Name</th>
                {columns.map((key) => (
                  <th scope="col" key={key}>
                    {key}
                  </th>
                ))}
                <th scope="col">Added</th>
                {canWrite && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {items.map((contact) => {
                const data = dataOf(contact)
                return (
                  <tr key={contact.id}>
                    <td>{contact.email}</td>
                    <td>{contact.name || '—'}</td>
                    {columns.map((key) => (
                      <td key={key}>{data[key] ?? '—'}</td>
                    ))}
                    <td>{formatTime(contact.created_at)}</td>
                    {canWrite && (
                      <td class="row-actions">
                        <button type="button" class="link" onClick={() => setEditing(contact)}>
                          Edit<span class="visually-hidden"> {contact.email}</span>
                        </button>
                        <button type="button" class="link" onClick={() => setDeleting(contact)}>
                          Delete<span class="visually-hidden"> {contact.email}</span>
                        </button>
                      </td>
                    )}
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      {contacts.data && (
        <Pager page={page} hasNext={contacts.data.hasNext} onPage={setPage} label="Contacts pages" />
      )}
      <EditContactDialog
        contact={editing}
        data={editing ? dataOf(editing) : {}}
        onClose={() => setEditing(undefined)}
        onSaved={changed}
      />
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
            changed(`${contact.email} deleted`)
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
