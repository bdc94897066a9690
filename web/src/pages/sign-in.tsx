import { useEffect, useState } from 'preact/hooks'
import { oidcErrorMessage } from '../../../src/shared/oidc-errors'
import type { Session } from '../api'
import { useApp } from '../app-context'
import { ErrorMessage, Link } from '../components'
import type { SignInMethods } from '../team-api'
import { AccountShell } from './account/shell'

// Signing in: e-mail and password first; the provider's button when single sign-on is set up
// (GET /v1/session/methods); an API token for developers, exchanged once for the same session.

export function SignIn({ onSignedIn, notice }: { onSignedIn: (session: Session) => void; notice?: string }) {
  const { api } = useApp()
  const [methods, setMethods] = useState<SignInMethods>()
  useEffect(() => {
    api.session.methods().then(setMethods, () => undefined)
  }, [api])
  const ssoError = oidcErrorMessage(new URLSearchParams(location.search).get('error'))
  return (
    <AccountShell title="Sign in to Canvass" tabTitle="Sign in">
      {notice && (
        <p class="notice" role="status">
          {notice}
        </p>
      )}
      {ssoError && (
        <div class="error" role="alert">
          <p>{ssoError}</p>
        </div>
      )}
      {methods?.oidc && (
        <>
          <a class="button sso" href={ssoAddress(api.session.oidcUrl)}>
            Sign in with {methods.oidc_name || 'single sign-on'}
          </a>
          <p class="or">
            <span>or with your e-mail</span>
          </p>
        </>
      )}
      <PasswordForm onSignedIn={onSignedIn} />
      <TokenForm onSignedIn={onSignedIn} />
    </AccountShell>
  )
}

function PasswordForm({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const { api } = useApp()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault()
        setBusy(true)
        setError(null)
        try {
          onSignedIn(await api.session.withPassword(email.trim(), password))
        } catch (problem) {
          setError(problem)
        } finally {
          setBusy(false)
        }
      }}
    >
      <label for="email">E-mail</label>
      <input
        id="email"
        type="email"
        autoComplete="username"
        required
        value={email}
        onInput={(event) => setEmail(event.currentTarget.value)}
      />
      <div class="label-row">
        <label for="password">Password</label>
        <Link href="/app/reset">Forgot password?</Link>
      </div>
      <input
        id="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onInput={(event) => setPassword(event.currentTarget.value)}
      />
      <ErrorMessage error={error} />
      <button type="submit" class="primary wide" disabled={busy}>
        Sign in
      </button>
    </form>
  )
}

function TokenForm({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const { api } = useApp()
  const [token, setToken] = useState('')
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  return (
    <section class="developer-sign-in" aria-labelledby="token-heading">
      <h2 id="token-heading">For developers</h2>
      <p class="hint">
        An API token (<code>npx canvass token create</code>) is exchanged once for a session; the browser
        never keeps it.
      </p>
      <form
        aria-labelledby="token-heading"
        onSubmit={async (event) => {
          event.preventDefault()
          setBusy(true)
          setError(null)
          try {
            onSignedIn(await api.session.withToken(token.trim()))
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
        <button type="submit" disabled={busy}>
          Sign in with token
        </button>
      </form>
      <ErrorMessage error={error} />
    </section>
  )
}

/** The provider's sign-in, coming back to the page asked for (not the sign-in page itself). */
function ssoAddress(begin: string): string {
  const here = location.pathname + location.search
  if (!here.startsWith('/app/') || here.startsWith('/app/sign-in')) return begin
  return `${begin}?return_to=${encodeURIComponent(here)}`
}
