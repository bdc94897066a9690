import { render } from 'preact'
import { useEffect, useMemo, useState } from 'preact/hooks'
import { ApiError, createApi, type Session } from './api'
import { AppContext, type AppState } from './app-context'
import { ErrorMessage, Link, messageOf } from './components'
import { BuilderPage } from './pages/builder'
import { ContactListPage, ContactsPage } from './pages/contacts'
import { FormPage } from './pages/form'
import { FormsPage } from './pages/forms'
import { SignIn } from './pages/sign-in'
import './style.css'
import { createUnsavedChanges } from './unsaved-changes'

const base = '/app'

function Router({ path }: { path: string }) {
  const parts = path.slice(base.length).split('/').filter(Boolean).map(decodeURIComponent)
  if (parts.length === 0 || (parts[0] === 'forms' && parts.length === 1)) return <FormsPage />
  if (parts[0] === 'forms' && parts[1] === 'new' && parts.length === 2) return <BuilderPage key="new" />
  if (parts[0] === 'forms' && parts[1] && parts[2] === 'edit')
    return <BuilderPage key={parts[1]} formId={parts[1]} />
  if (parts[0] === 'forms' && parts[1]) return <FormPage formId={parts[1]} tab={parts[2] ?? 'responses'} />
  if (parts[0] === 'contacts' && parts.length === 1) return <ContactsPage />
  if (parts[0] === 'contacts' && parts[1]) return <ContactListPage listId={parts[1]} />
  return (
    <section>
      <h1>Page not found</h1>
      <p>
        There is nothing at this address. <Link href={`${base}/forms`}>Go to your forms</Link>.
      </p>
    </section>
  )
}

function App() {
  const [path, setPath] = useState(location.pathname)
  const [session, setSession] = useState<Session | null | undefined>(undefined)
  const [error, setError] = useState<unknown>(null)
  const api = useMemo(() => createApi({ onSignedOut: () => setSession(null) }), [])
  const unsavedChanges = useMemo(createUnsavedChanges, [])

  useEffect(() => {
    const onPop = () => setPath(location.pathname)
    addEventListener('popstate', onPop)
    api.session.get().then(setSession, (problem) => {
      if (problem instanceof ApiError && problem.status === 401) setSession(null)
      else setError(problem)
    })
    return () => removeEventListener('popstate', onPop)
  }, [api])

  // Each page's title names it, and focus moves to its heading, as a page load would.
  useEffect(() => {
    const heading = document.querySelector<HTMLElement>('main h1')
    if (heading) {
      heading.tabIndex = -1
      heading.focus({ preventScroll: true })
      document.title = `${heading.textContent} · Canvass`
    }
  }, [path, session])

  const state: AppState = {
    api,
    can: (scope) => session?.scopes.includes(scope) ?? false,
    navigate: (to) => {
      const leaving = new URL(to, location.href).pathname !== location.pathname
      if (
        leaving &&
        unsavedChanges.pending() &&
        !confirm('Leave the form builder? Your unsaved changes stay in this tab until you close it.')
      )
        return
      if (to !== location.pathname + location.search) history.pushState(null, '', to)
      setPath(new URL(to, location.href).pathname)
      scrollTo(0, 0)
    },
    unsavedChanges,
  }

  if (session === undefined) {
    return <main id="main">{error ? <ErrorMessage error={error} /> : <p>Loading…</p>}</main>
  }
  if (session === null) {
    return (
      <AppContext.Provider value={state}>
        <SignIn onSignedIn={setSession} />
      </AppContext.Provider>
    )
  }
  const section = path.startsWith(`${base}/contacts`) ? 'contacts' : 'forms'
  return (
    <AppContext.Provider value={state}>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <span class="brand">Canvass</span>
        <nav aria-label="Main">
          <Link href={`${base}/forms`} aria-current={section === 'forms' ? 'page' : undefined}>
            Forms
          </Link>
          <Link href={`${base}/contacts`} aria-current={section === 'contacts' ? 'page' : undefined}>
            Contacts
          </Link>
        </nav>
        {!session.scopes.some((scope) => scope.endsWith(':write')) && <span class="badge">Read-only</span>}
        <button
          type="button"
          class="link"
          onClick={async () => {
            try {
              await api.session.signOut()
              setSession(null)
              history.pushState(null, '', base)
            } catch (problem) {
              alert(messageOf(problem))
            }
          }}
        >
          Sign out
        </button>
      </header>
      <main id="main">
        <Router path={path} />
      </main>
    </AppContext.Provider>
  )
}

const root = document.getElementById('root')
if (root) render(<App />, root)
