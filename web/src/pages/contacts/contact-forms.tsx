import { useState } from 'preact/hooks'
import type { Contact } from '../../api'
import { useApp } from '../../app-context'
import { ErrorMessage, FieldMessage, invalidWhen, messageAt } from '../../components'
import { emailMessage } from '../../upload'
import { FormDialog } from './form-dialog'

// Adding one contact and changing one, checked as the server checks (its own e-mail rule).

const text = (fields: FormData, name: string) => String(fields.get(name) ?? '').trim()

export function AddContact({ listId, onAdded }: { listId: string; onAdded: (news: string) => void }) {
  const { api } = useApp()
  const [emailError, setEmailError] = useState<string>()
  const [error, setError] = useState<unknown>()
  const shownEmailError = emailError ?? messageAt(error, '/contacts/0/email')
  return (
    <form
      class="panel"
      aria-label="Add a contact"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault()
        const form = event.currentTarget
        const fields = new FormData(form)
        const email = text(fields, 'email')
        const name = text(fields, 'name')
        const problem = emailMessage(email)
        setEmailError(problem && `E-mail ${problem}`)
        setError(undefined)
        if (problem) return
        try {
          const answer = await api.contacts.bulkAdd(listId, [{ email, name }], crypto.randomUUID())
          if (answer.added_contacts.length === 0) {
            setEmailError(`${email} is already on this list`)
            return
          }
          form.reset()
          onAdded(`${email} added`)
        } catch (failure) {
          setError(failure)
        }
      }}
    >
      <h2>Add a contact</h2>
      <div class="inline-fields">
        <label>
          E-mail
          <input
            name="email"
            type="email"
            required
            maxLength={254}
            {...invalidWhen(shownEmailError, 'add-email')}
          />
        </label>
        <label>
          Name
          <input name="name" maxLength={256} />
        </label>
        <button type="submit" class="primary">
          Add contact
        </button>
      </div>
      <FieldMessage id="add-email" message={shownEmailError} />
      <ErrorMessage error={error} atFields={['/contacts/0/email']} />
    </form>
  )
}

export function EditContactDialog(props: {
  contact: Contact | undefined
  data: Record<string, string>
  onClose: () => void
  onSaved: (news: string) => void
}) {
  const { api } = useApp()
  const [emailError, setEmailError] = useState<string>()
  const [error, setError] = useState<unknown>()
  const { contact } = props
  const shownEmailError = emailError ?? messageAt(error, '/email')
  const close = () => {
    setEmailError(undefined)
    setError(undefined)
    props.onClose()
  }
  return (
    <FormDialog
      open={contact !== undefined}
      id="edit-contact"
      title={`Edit ${contact?.email ?? ''}`}
      submitLabel="Save contact"
      onCancel={close}
      onSubmit={async (fields) => {
        if (!contact) return
        const email = text(fields, 'email')
        const problem = emailMessage(email)
        setEmailError(problem && `E-mail ${problem}`)
        setError(undefined)
        if (problem) return
        const data: Record<string, string> = {}
        for (const key of Object.keys(props.data)) {
          const value = String(fields.get(`data:${key}`) ?? '')
          if (value !== '') data[key] = value
        }
        try {
          await api.contacts.replace(contact.id, { email, name: text(fields, 'name'), data })
          close()
          props.onSaved(`${email} saved`)
        } catch (failure) {
          setError(failure)
        }
      }}
    >
      <label>
        E-mail
        <input
          name="email"
          type="email"
          required
          maxLength={254}
          defaultValue={contact?.email}
          {...invalidWhen(shownEmailError, 'edit-email')}
        />
      </label>
      <FieldMessage id="edit-email" message={shownEmailError} />
      <label>
        Name
        <input name="name" maxLength={256} defaultValue={contact?.name} />
      </label>
      {Object.entries(props.data).map(([key, value]) => (
        <label key={key}>
          {key}
          <input name={`data:${key}`} maxLength={2048} defaultValue={value} />
        </label>
      ))}
      <ErrorMessage error={error} atFields={['/email']} />
    </FormDialog>
  )
}
