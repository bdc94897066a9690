import { render } from 'preact'
import { useEffect, useMemo, useRef, useState } from 'preact/hooks'
import { ApiError, createApi, type Session } from './api'
import { AppContext, type AppState } from './app-context'
import { BrandMark } from './brand-mark'
import { ErrorMessage, Link, messageOf, usePageTitle } from './components'
import { BuilderPage } from './pages/builder'
import { ContactListPage, ContactsPage } from './pages/contacts'
import { FormPage } from './pages/form'
import { FormsPage } from './pages/forms'
import { InvitationPage } from './pages/invitations'
import { MailPage, OutboxPage } from './pages/outbox'
import { SignIn } from './pages/sign-in'
import { Skeleton } from './skeleton'
import './style.css'
import { createUnsavedChanges } from './unsaved-changes'

const base = '/app'

function Router({ path }: { path: string }) {
  const parts = path.slice(base.length).split('/').filter(Boolean).map(decodeURIComponent)
  if (parts.length === 0 || (parts[0] === 'forms' && parts.length === 1)) return <FormsPage />
  if (parts[0] === 'forms' && parts[1] === 'new' && parts.length === 2) return <BuilderPage key="new" />
  if (parts[0] === 'forms' && parts[1] && parts[2] === 'edit')
    return <BuilderPage key={parts[1]} formId={parts[1]} />
  if (parts[0] === 'forms' && parts[1] && parts[2] === 'invitations' && parts[3])
    return <InvitationPage key={parts[3]} formId={parts[1]} invitationId={parts[3]} />
  if (parts[0] === 'forms' && parts[1]) return <FormPage formId={parts[1]} tab={parts[2] ?? 'responses'} />
  if (parts[0] === 'contacts' && parts.length === 1) return <ContactsPage />
  if (parts[0] === 'contacts' && parts[1]) return <ContactListPage listId={parts[1]} />
  if (parts[0] === 'outbox' && parts.length === 1) return <OutboxPage />
  if (parts[0] === 'outbox' && parts[1]) return <MailPage key={parts[1]} mailId={parts[1]} />
  return <NotFound />
}

function NotFound() {
  usePageTitle(['Page not found'])
  return (
    <section>
      <h1>Page not found</h1>
      <p>
        There is nothing at this address. <Link href={`${base}/forms`}>Go to your forms</Link>.
      </p>
    </section>
  )
}

/** The app's sections; the Outbox only for a token that may read mail. */
function MainNav({ path, session }: { path: string; session: Session }) {
  const section = path.startsWith(`${base}/contacts`)
    ? 'contacts'
    : path.startsWith(`${base}/outbox`)
      ? 'outbox'
      : 'forms'
  return (
    <nav aria-label="Main">
      <Link href={`${base}/forms`} aria-current={section === 'forms' ? 'page' : undefined}>
        Forms
      </Link>
      <Link href={`${base}/contacts`} aria-current={section === 'contacts' ? 'page' : undefined}>
        Contacts
      </Link>
      {session.scopes.includes('invitations:read') && (
        <Link href={`${base}/outbox`} aria-current={section === 'outbox' ? 'page' : undefined}>
          Outbox
        </Link>
      )}
    </nav>
  )
}

function App() {
  const [path, setPath] = useState(location.pathname)
  const [session, setSession] = useState<Session | null | undefined>(undefined)
  const [error, setError] = useState<unknown>(null)
  const [pageTitle, setPageTitle] = useState('Canvass')
  const api = useMemo(() => createApi({ onSignedOut: () => setSession(null) }), [])
  const unsavedChanges = useMemo(createUnsavedChanges, [])

  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    const onPop = () => setPath(location.pathname)
    addEventListener('popstate', onPop)
    return () => removeEventListener('popstate', onPop)
  }, [])
  useEffect(() => {
    setError(null)
    api.session.get().then(setSession, (problem) => {
      if (problem instanceof ApiError && problem.status === 401) setSession(null)
      else setError(problem)
    })
  }, [api, attempt])

  useEffect(() => {
    document.title = pageTitle
  }, [pageTitle])

  // A change of page (not the first load) puts focus back at the top, as a page load would: on the
  // announcer, which names the page, so the next Tab reaches the skip link and the navigation.
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    document.getElementById('page-announcer')?.focus({ preventScroll: true })
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
    setPageTitle,
  }

  if (session === undefined) {
    return (
      <main id="main">
        <BrandMark />
        {error ? <ErrorMessage error={error} onRetry={() => setAttempt(attempt + 1)} /> : <Skeleton />}
      </main>
    )
  }
  if (session === null) {
    return (
      <AppContext.Provider value={state}>
        <SignIn onSignedIn={setSession} />
      </AppContext.Provider>
    )
  }
  return (
    <AppContext.Provider value={state}>
      <header class="top">
        <p id="page-announcer" class="visually-hidden" tabIndex={-1}>
          {pageTitle}
        </p>
        <a class="skip" href="#main">
          Skip to content
        </a>
        <BrandMark />
        <MainNav path={path} session={session} />
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
