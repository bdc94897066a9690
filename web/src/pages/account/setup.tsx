import { useState } from 'preact/hooks'
import type { Session } from '../../api'
import { useApp } from '../../app-context'
import { ErrorMessage, messageAt, useLoad } from '../../components'
import { Skeleton } from '../../skeleton'
import { withArticle } from '../team/roles'
import { NewPasswordField, TextField } from './password-field'
import { AccountShell, CodeProblem, codeInAddress, validUntil } from './shell'

// `/app/setup?code=`: the one-time link Canvass prints on its first start (or `canvass member
// create`) makes its person a member: the owner first. E-mail prefilled when the link is bound to one.

const fields = ['/email', '/name', '/password']

export function SetupPage({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const { api } = useApp()
  const code = codeInAddress()
  const { data: info, error, reload } = useLoad(() => api.setup.get(code), [code])
  const [email, setEmail] = useState<string>()
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<unknown>()
  const role = info?.role ?? 'owner'
  const shownEmail = email ?? info?.email ?? ''
  return (
    <AccountShell title={role === 'owner' ? 'Set up Canvass' : 'Create your account'}>
      {!info && !error && <Skeleton label="Checking the link" />}
      {error !== undefined && <CodeProblem error={error} onRetry={reload} what="setup" />}
      {info && (
        <>
          <p>
            {role === 'owner'
              ? 'Create the owner of this Canvass: the person who manages its team.'
              : `You join as ${withArticle(role)}.`}{' '}
            This link works once, until {validUntil(info.expires_at)}.
          </p>
          <form
            onSubmit={async (event) => {
              event.preventDefault()
              setBusy(true)
              setFailure(undefined)
              try {
                await api.setup.create({ code, email: shownEmail.trim(), name: name.trim(), password })
                onSignedIn(await api.session.get())
              } catch (problem) {
                setFailure(problem)
              } finally {
                setBusy(false)
              }
            }}
          >
            <TextField
              id="setup-email"
              label="E-mail"
              type="email"
              autoComplete="username"
              value={shownEmail}
              readOnly={Boolean(info.email)}
              onInput={setEmail}
              error={messageAt(failure, '/email')}
            />
            <TextField
              id="setup-name"
              label="Your name"
              autoComplete="name"
              value={name}
              onInput={setName}
              error={messageAt(failure, '/name')}
            />
            <NewPasswordField
              id="setup-password"
              value={password}
              onInput={setPassword}
              error={messageAt(failure, '/password')}
            />
            <button type="submit" class="primary" disabled={busy}>
              Create account
            </button>
          </form>
          <ErrorMessage error={failure} atFields={fields} />
        </>
      )}
    </AccountShell>
  )
}
