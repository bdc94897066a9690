import { useState } from 'preact/hooks'
import type { Form } from '../../api'
import { useApp } from '../../app-context'
import { ErrorMessage, FieldMessage, invalidWhen, Link, messageAt, useLoad } from '../../components'
import type { Invitation, InvitationInput } from '../../mail-api'
import { DEFAULT_MESSAGE, DEFAULT_SUBJECT, MailPreview } from './mail-preview'

const fieldPaths = [
  '/list_id',
  '/subject',
  '/message',
  '/send_at',
  '/reminders/count',
  '/reminders/every_days',
]

/** The fields' values as the API takes them; an empty schedule sends now. */
function inputOf(fields: FormData): InvitationInput {
  const sendAt = String(fields.get('send_at') ?? '')
  const count = Number(fields.get('reminder_count') ?? 0)
  return {
    list_id: String(fields.get('list_id') ?? ''),
    subject: String(fields.get('subject') ?? ''),
    message: String(fields.get('message') ?? ''),
    ...(sendAt ? { send_at: new Date(sendAt).toISOString() } : {}),
    reminders: { count, every_days: Number(fields.get('every_days') ?? 7) },
  }
}

/** A field's message from the API, tied to its control by id. */
function useFieldMessages(error: unknown) {
  return (pointer: string, id: string) => {
    const message = messageAt(error, pointer)
    return { message, attributes: invalidWhen(message, id) }
  }
}

/** The contact list to invite, or where to make one when there is none. */
function ListField(props: { error: unknown; listId: string; onChange: (listId: string) => void }) {
  const { api } = useApp()
  const lists = useLoad(() => api.contactLists.list(1), [])
  const list = useFieldMessages(props.error)('/list_id', 'invitation-list')
  const noLists = lists.data && lists.data.items.length === 0
  return (
    <>
      <ErrorMessage error={lists.error} onRetry={lists.reload} />
      {noLists && (
        <p class="notice">
          No contact lists yet. <Link href="/app/contacts">Create one under Contacts</Link>, then come back.
        </p>
      )}
      <label>
        Contact list
        <select
          id="invitation-list"
          name="list_id"
          required
          value={props.listId}
          onChange={(event) => props.onChange(event.currentTarget.value)}
          {...list.attributes}
        >
          <option value="">Choose a list</option>
          {lists.data?.items.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name} ({item.contact_count.toLocaleString()})
            </option>
          ))}
        </select>
      </label>
      <FieldMessage id="invitation-list" message={list.message} />
    </>
  )
}

/** When the mails go: a time, or now; and how many reminders follow, how far apart. */
function WhenFields({ error }: { error: unknown }) {
  const field = useFieldMessages(error)
  const sendAt = field('/send_at', 'invitation-send-at')
  const count = field('/reminders/count', 'invitation-reminders')
  const every = field('/reminders/every_days', 'invitation-every')
  return (
    <fieldset class="compose-options">
      <legend>When</legend>
      <label>
        Send at (optional; empty sends now)
        <input id="invitation-send-at" name="send_at" type="datetime-local" {...sendAt.attributes} />
      </label>
      <FieldMessage id="invitation-send-at" message={sendAt.message} />
      <div class="inline-fields">
        <label>
          Reminders (0–5)
          <input
            id="invitation-reminders"
            name="reminder_count"
            type="number"
            min={0}
            max={5}
            defaultValue="0"
            required
            {...count.attributes}
          />
        </label>
        <label>
          Every (days, 1–30)
          <input
            id="invitation-every"
            name="every_days"
            type="number"
            min={1}
            max={30}
            defaultValue="7"
            required
            {...every.attributes}
          />
        </label>
      </div>
      <FieldMessage id="invitation-reminders" message={count.message} />
      <FieldMessage id="invitation-every" message={every.message} />
    </fieldset>
  )
}

/**
 * Writes an invitation of a contact list to the form, beside a live preview of the mail as the
 * list's first contact will read it; `onSent` gets the invitation made.
 */
export function NewInvitation(props: {
  form: Form
  onSent: (invitation: Invitation) => void
  onCancel: () => void
}) {
  const { api } = useApp()
  const [listId, setListId] = useState('')
  const [subject, setSubject] = useState(DEFAULT_SUBJECT)
  const [message, setMessage] = useState(DEFAULT_MESSAGE)
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const first = useLoad(
    () => (listId ? api.contactLists.contacts(listId, 1, 1) : Promise.resolve(undefined)),
    [listId],
  )
  const field = useFieldMessages(error)
  const subjectField = field('/subject', 'invitation-subject')
  const messageField = field('/message', 'invitation-message')
  return (
    <form
      class="panel compose"
      aria-label="New invitation"
      onSubmit={async (event) => {
        event.preventDefault()
        setBusy(true)
        try {
          props.onSent(
            await api.invitations.create(props.form.id, inputOf(new FormData(event.currentTarget))),
          )
        } catch (problem) {
          setError(problem)
        } finally {
          setBusy(false)
        }
      }}
    >
      <h2>New invitation</h2>
      <div class="compose-columns">
        <div>
          <ListField error={error} listId={listId} onChange={setListId} />
          <label>
            Subject
            <input
              id="invitation-subject"
              name="subject"
              required
              maxLength={200}
              value={subject}
              onInput={(event) => setSubject(event.currentTarget.value)}
              {...subjectField.attributes}
            />
          </label>
          <FieldMessage id="invitation-subject" message={subjectField.message} />
          <label>
            Message
            <textarea
              id="invitation-message"
              name="message"
              required
              rows={9}
              maxLength={5000}
              value={message}
              onInput={(event) => setMessage(event.currentTarget.value)}
              {...messageField.attributes}
              aria-describedby={
                messageField.message
                  ? 'invitation-message-hint invitation-message-error'
                  : 'invitation-message-hint'
              }
            />
          </label>
          <p class="hint" id="invitation-message-hint">
            {
              '{{name}}, {{form_title}} and {{contact.<data key>}} are filled in for each person; {{link}} (required) is their personal link.'
            }
          </p>
          <FieldMessage id="invitation-message" message={messageField.message} />
          <WhenFields error={error} />
        </div>
        <MailPreview
          subject={subject}
          message={message}
          contact={first.data?.items[0]}
          formTitle={props.form.title}
        />
      </div>
      <ErrorMessage error={error} atFields={fieldPaths} />
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          Send invitation
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
