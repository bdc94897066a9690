import { useState } from 'preact/hooks'
import type { Session } from '../../api'
import { useApp } from '../../app-context'
import { ErrorMessage, messageAt, useLoad } from '../../components'
import { Skeleton } from '../../skeleton'
import { roleLabel } from '../team/roles'
import { NewPasswordField, TextField } from './password-field'
import { AccountShell, CodeProblem, codeInAddress, validUntil } from './shell'

// `/app/accept?code=`: the link an invitation mail carries; its person joins the workspace with
// the role they were invited with, a name and a password.

const fields = ['/name', '/password']

export function AcceptPage({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const { api } = useApp()
  const code = codeInAddress()
  const { data: info, error, reload } = useLoad(() => api.accept.get(code), [code])
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<unknown>()
  return (
    <AccountShell title="Join your team on Canvass">
      {!info && !error && <Skeleton label="Checking the invitation" />}
      {error !== undefined && <CodeProblem error={error} onRetry={reload} what="invitation" />}
      {info && (
        <>
          <p>
            <strong>{info.email}</strong> is invited as <strong>{roleLabel(info.role)}</strong>. The
            invitation is valid until {validUntil(info.expires_at)}.
          </p>
          <form
            onSubmit={async (event) => {
              event.preventDefault()
              setBusy(true)
              setFailure(undefined)
              try {
                await api.accept.create({ code, name: name.trim(), password })
                onSignedIn(await api.session.get())
              } catch (problem) {
                setFailure(problem)
              } finally {
                setBusy(false)
              }
            }}
          >
            <input type="email" autoComplete="username" value={info.email ?? ''} hidden readOnly />
            <TextField
              id="accept-name"
              label="Your name"
              autoComplete="name"
              value={name}
              onInput={setName}
              error={messageAt(failure, '/name')}
            />
            <NewPasswordField
              id="accept-password"
              value={password}
              onInput={setPassword}
              error={messageAt(failure, '/password')}
            />
            <button type="submit" class="primary" disabled={busy}>
              Join
            </button>
          </form>
          <ErrorMessage error={failure} atFields={fields} />
        </>
      )}
    </AccountShell>
  )
}
