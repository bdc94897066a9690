import { useState } from 'preact/hooks'
import type { Session } from '../api'
import { useApp } from '../app-context'
import { BrandMark } from '../brand-mark'
import { ErrorMessage, usePageTitle } from '../components'

export function SignIn({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const { api } = useApp()
  const [token, setToken] = useState('')
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  usePageTitle(['Sign in'])
  return (
    <main id="main" class="sign-in">
      <BrandMark />
      <h1>Sign in to Canvass</h1>
      <p>
        Paste an API token. It is exchanged once for a session; the browser never keeps the token. Create one
        with <code>npx canvass token create</code>.
      </p>
      <form
        onSubmit={async (event) => {
          event.preventDefault()
          setBusy(true)
          setError(null)
          try {
            onSignedIn(await api.session.signIn(token.trim()))
          } catch (problem) {
            setError(problem)
          } finally {
            setBusy(false)
          }
        }}
      >
        <label for="token">API token</label>
        <input
          id="token"
          type="password"
          autoComplete="off"
          required
          value={token}
          onInput={(event) => setToken(event.currentTarget.value)}
        />
        <button type="submit" class="primary" disabled={busy}>
          Sign in
        </button>
      </form>
      <ErrorMessage error={error} />
    </main>
  )
}
