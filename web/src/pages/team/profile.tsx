import { useState } from 'preact/hooks'
import { useApp } from '../../app-context'
import { ErrorMessage, formatTime, messageAt, useLoad, usePageTitle } from '../../components'
import { Skeleton } from '../../skeleton'
import { NewPasswordField, TextField } from '../account/password-field'
import { roleLabel } from './roles'

// The signed-in member's own page: the name the team sees, and a new password (the current one
// first; the member's other sessions end, this one goes on). A token's session has no profile.

export function ProfilePage() {
  const { api } = useApp()
  const { data: member, error, reload } = useLoad(() => api.profile.get(), [])
  usePageTitle(['Profile'])
  return (
    <section class="narrow">
      <h1>Profile</h1>
      <ErrorMessage error={error} onRetry={reload} />
      {!member && !error && <Skeleton label="Loading your profile" />}
      {member && (
        <>
          <p>
            {member.email} · <span class={`badge role-${member.role}`}>{roleLabel(member.role)}</span> ·
            member since {formatTime(member.created_at)}
          </p>
          <NameForm name={member.name} onSaved={reload} />
          <PasswordForm />
        </>
      )}
    </section>
  )
}

function NameForm({ name: saved, onSaved }: { name: string; onSaved: () => void }) {
  const { api } = useApp()
  const [name, setName] = useState(saved)
  const [notice, setNotice] = useState('')
  const [failure, setFailure] = useState<unknown>()
  return (
    <form
      class="panel"
      aria-labelledby="name-title"
      onSubmit={async (event) => {
        event.preventDefault()
        setFailure(undefined)
        setNotice('')
        try {
          await api.profile.rename(name.trim())
          setNotice('Name saved')
          onSaved()
        } catch (problem) {
          setFailure(problem)
        }
      }}
    >
      <h2 id="name-title">Your name</h2>
      <TextField
        id="profile-name"
        label="Name"
        autoComplete="name"
        value={name}
        onInput={setName}
        error={messageAt(failure, '/name')}
      />
      <div class="actions">
        <button type="submit" disabled={name.trim() === saved}>
          Save name
        </button>
        <span role="status">{notice}</span>
      </div>
      <ErrorMessage error={failure} atFields={['/name']} />
    </form>
  )
}

function PasswordForm() {
  const { api } = useApp()
  const [current, setCurrent] = useState('')
  const [password, setPassword] = useState('')
  const [notice, setNotice] = useState('')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<unknown>()
  return (
    <form
      class="panel"
      aria-labelledby="password-title"
      onSubmit={async (event) => {
        event.preventDefault()
        setBusy(true)
        setFailure(undefined)
        setNotice('')
        try {
          await api.profile.changePassword(current, password)
          setCurrent('')
          setPassword('')
          setNotice('Password changed. Your other sessions were signed out.')
        } catch (problem) {
          setFailure(problem)
        } finally {
          setBusy(false)
        }
      }}
    >
      <h2 id="password-title">Change password</h2>
      <TextField
        id="current-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={current}
        onInput={setCurrent}
        error={messageAt(failure, '/current_password')}
      />
      <NewPasswordField
        id="new-password"
        label="New password"
        value={password}
        onInput={setPassword}
        error={messageAt(failure, '/password')}
      />
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          Change password
        </button>
        <span role="status">{notice}</span>
      </div>
      <ErrorMessage error={failure} atFields={['/current_password', '/password']} />
    </form>
  )
}
