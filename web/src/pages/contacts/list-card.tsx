import { useState } from 'preact/hooks'
import type { ContactList } from '../../api'
import { useApp } from '../../app-context'
import { ConfirmDialog, ErrorMessage, FieldMessage, invalidWhen, Link, messageAt } from '../../components'
import { FormDialog } from './form-dialog'

const contactsOf = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'contact' : 'contacts'}`

export function ListCard(props: {
  list: ContactList
  onRename: (list: ContactList) => void
  onDelete: (list: ContactList) => void
}) {
  const { can } = useApp()
  const { list } = props
  return (
    <li class="card">
      <h2>
        <Link href={`/app/contacts/${encodeURIComponent(list.id)}`}>{list.name}</Link>
      </h2>
      <p class="meta">{contactsOf(list.contact_count)}</p>
      {can('contacts:write') && (
        <div class="actions">
          <button type="button" class="secondary" onClick={() => props.onRename(list)}>
            Rename<span class="visually-hidden"> {list.name}</span>
          </button>
          <button type="button" class="danger" onClick={() => props.onDelete(list)}>
            Delete<span class="visually-hidden"> {list.name}</span>
          </button>
        </div>
      )}
    </li>
  )
}

/** Renaming and deleting lists: one dialog each for the page, the list in hand named in it. */
export function useListDialogs(onChanged: (news: string) => void) {
  const { api } = useApp()
  const [renaming, setRenaming] = useState<ContactList>()
  const [deleting, setDeleting] = useState<ContactList>()
  const [error, setError] = useState<unknown>()
  const nameError = messageAt(error, '/name')
  const dialogs = (
    <>
      <FormDialog
        open={renaming !== undefined}
        id="rename-list"
        title={`Rename “${renaming?.name ?? ''}”`}
        submitLabel="Save name"
        onCancel={() => {
          setRenaming(undefined)
          setError(undefined)
        }}
        onSubmit={async (fields) => {
          if (!renaming) return
          const name = String(fields.get('name') ?? '').trim()
          try {
            await api.contactLists.rename(renaming.id, name)
            setRenaming(undefined)
            setError(undefined)
            onChanged(`Renamed to “${name}”`)
          } catch (failure) {
            setError(failure)
          }
        }}
      >
        <label>
          List name
          <input
            name="name"
            required
            maxLength={256}
            defaultValue={renaming?.name}
            {...invalidWhen(nameError, 'rename-list-name')}
          />
        </label>
        <FieldMessage id="rename-list-name" message={nameError} />
        <ErrorMessage error={error} atFields={['/name']} />
      </FormDialog>
      <ConfirmDialog
        open={deleting !== undefined}
        title={`Delete “${deleting?.name ?? ''}”?`}
        confirmLabel="Delete list"
        onCancel={() => setDeleting(undefined)}
        onConfirm={async () => {
          const list = deleting as ContactList
          setDeleting(undefined)
          try {
            await api.contactLists.delete(list.id)
            onChanged(`Deleted “${list.name}”`)
          } catch (failure) {
            setError(failure)
          }
        }}
      >
        <p>
          {deleting?.contact_count === 1
            ? 'Its 1 contact is deleted with it.'
            : `Its ${contactsOf(deleting?.contact_count ?? 0)} are deleted with it.`}{' '}
          This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  )
  return { dialogs, error: renaming ? undefined : error, rename: setRenaming, remove: setDeleting }
}
