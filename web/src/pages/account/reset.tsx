import { useState } from 'preact/hooks'
import { useApp } from '../../app-context'
import { ErrorMessage, Link, messageAt } from '../../components'
import { NewPasswordField, TextField } from './password-field'
import { AccountShell, CodeProblem, codeInAddress } from './shell'

// Password reset by mail: `/app/reset` asks for the address (the answer is the same whether or not
// a member has it), and the link mailed, `/app/reset?code=`, sets a new password once, within an hour.

export function ResetPage() {
  return codeInAddress() ? <ResetConfirm code={codeInAddress()} /> : <ResetRequest />
}

function ResetRequest() {
  const { api } = useApp()
  const [email, setEmail] = useState('')
  const [sent, setSent] = useState('')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<unknown>()
  return (
    <AccountShell title="Reset your password">
      {sent ? (
        <div class="notice" role="status">
          <p>
            If <strong>{sent}</strong> belongs to a member, a link to set a new password is on its way. It
            works once, within an hour. Check your spam folder if it does not come.
          </p>
        </div>
      ) : (
        <>
          <p>Give the e-mail address you sign in with; we mail you a link to set a new password.</p>
          <form
            onSubmit={async (event) => {
              event.preventDefault()
              setBusy(true)
              setFailure(undefined)
              try {
                await api.passwordReset.request(email.trim())
                setSent(email.trim())
              } catch (problem) {
                setFailure(problem)
              } finally {
                setBusy(false)
              }
            }}
          >
            <TextField
              id="reset-email"
              label="E-mail"
              type="email"
              autoComplete="username"
              value={email}
              onInput={setEmail}
              error={messageAt(failure, '/email')}
            />
            <button type="submit" class="primary" disabled={busy}>
              Send reset link
            </button>
          </form>
          <ErrorMessage error={failure} atFields={['/email']} />
        </>
      )}
      <p>
        <Link href="/app">Back to sign-in</Link>
      </p>
    </AccountShell>
  )
}

function ResetConfirm({ code }: { code: string }) {
  const { api } = useApp()
  const [password, setPassword] = useState('')
  const [done, setDone] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<unknown>()
  const codeRefused = messageAt(failure, '/code') !== undefined || isCodeGone(failure)
  return (
    <AccountShell title="Set a new password">
      {done ? (
        <div class="notice" role="status">
          <p>Your password is changed, and every session you had is signed out.</p>
          <p>
            <Link href="/app">Sign in with your new password</Link>
          </p>
        </div>
      ) : codeRefused ? (
        <CodeProblem error={failure} onRetry={() => setFailure(undefined)} what="reset" />
      ) : (
        <>
          <form
            onSubmit={async (event) => {
              event.preventDefault()
              setBusy(true)
              setFailure(undefined)
              try {
                await api.passwordReset.confirm(code, password)
                setDone(true)
                history.replaceState(null, '', '/app/reset')
              } catch (problem) {
                setFailure(problem)
              } finally {
                setBusy(false)
              }
            }}
          >
            <NewPasswordField
              id="reset-password"
              label="New password"
              value={password}
              onInput={setPassword}
              error={messageAt(failure, '/password')}
            />
            <button type="submit" class="primary" disabled={busy}>
              Set password
            </button>
          </form>
          <ErrorMessage error={failure} atFields={['/password']} />
        </>
      )}
    </AccountShell>
  )
}

/** A code the server does not know, or no longer: not found, or refused as gone. */
function isCodeGone(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'status' in error &&
    (error.status === 404 || error.status === 410)
  )
}
