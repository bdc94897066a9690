import { render } from 'preact'
import { useEffect, useMemo, useRef, useState } from 'preact/hooks'
import { ApiError, createApi, type Session } from './api'
import { AppContext, type AppState } from './app-context'
import { BrandMark } from './brand-mark'
import { ErrorMessage, Link, usePageTitle } from './components'
import { AcceptPage } from './pages/account/accept'
import { ResetPage } from './pages/account/reset'
import { SetupPage } from './pages/account/setup'
import { BuilderPage } from './pages/builder'
import { ContactListPage, ContactsPage } from './pages/contacts'
import { FormPage } from './pages/form'
import { FormsPage } from './pages/forms'
import { InvitationPage } from './pages/invitations'
import { MailPage, OutboxPage } from './pages/outbox'
import { SignIn } from './pages/sign-in'
import { ProfilePage } from './pages/team/profile'
import { reasonFor } from './pages/team/roles'
import { TeamPage } from './pages/team/team-page'
import { Skeleton } from './skeleton'
import './style.css'
import './pages/team/team.css'
import { TopBar } from './top-bar'
import { createUnsavedChanges } from './unsaved-changes'
import { useSessionWatch } from './use-session-watch'

const base = '/app'

function Router({ path, session }: { path: string; session: Session }) {
  const parts = path.slice(base.length).split('/').filter(Boolean).map(decodeURIComponent)
  if (parts.length === 0 || parts[0] === 'sign-in' || (parts[0] === 'forms' && parts.length === 1))
    return <FormsPage />
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
  if (parts[0] === 'team' && parts.length <= 2) return <TeamPage tab={parts[1]} session={session} />
  if (parts[0] === 'profile' && parts.length === 1 && session.member) return <ProfilePage />
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

/** The pages a link in a mail or the console opens, with or without a session. */
const publicPages = new Set(['setup', 'accept', 'reset'])

const ENDED = 'You were signed out: your session has ended. Sign in again.'

/** A page opened from a link in a mail or the console: setup, joining, password reset. */
function PublicPage({ page, onSignedIn }: { page: string; onSignedIn: (session: Session) => void }) {
  if (page === 'setup') return <SetupPage onSignedIn={onSignedIn} />
  if (page === 'accept') return <AcceptPage onSignedIn={onSignedIn} />
  return <ResetPage />
}

/** The address's path, followed through the browser's back and forward. */
function usePath() {
  const [path, setPath] = useState(location.pathname)
  useEffect(() => {
    const onPop = () => setPath(location.pathname)
    addEventListener('popstate', onPop)
    return () => removeEventListener('popstate', onPop)
  }, [])
  return [path, setPath] as const
}

function App() {
  const [path, setPath] = usePath()
  const [session, setSession] = useState<Session | null | undefined>(undefined)
  const [error, setError] = useState<unknown>(null)
  const [pageTitle, setPageTitle] = useState('Canvass')
  const [notice, setNotice] = useState<string>()
  const api = useMemo(
    () =>
      createApi({
        onSignedOut: () => {
          setNotice(ENDED)
          setSession(null)
        },
      }),
    [],
  )
  const unsavedChanges = useMemo(createUnsavedChanges, [])

  const [attempt, setAttempt] = useState(0)
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

  useSessionWatch(api, session, setSession, () => setNotice(ENDED))
  const signedIn = (next: Session) => {
    setNotice(undefined)
    setSession(next)
    state.navigate(`${base}/forms`)
  }

  const state: AppState = {
    api,
    can: (scope) => session?.scopes.includes(scope) ?? false,
    reason: (action) => reasonFor(session?.member?.role, action),
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

  const page = path.slice(base.length).split('/').filter(Boolean)[0] ?? ''
  if (publicPages.has(page)) {
    return (
      <AppContext.Provider value={state}>
        <PublicPage page={page} onSignedIn={signedIn} />
      </AppContext.Provider>
    )
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
        <SignIn
          notice={notice}
          onSignedIn={(next) => {
            setNotice(undefined)
            setSession(next)
            if (page === 'sign-in') state.navigate(`${base}/forms`)
          }}
        />
      </AppContext.Provider>
    )
  }
  return (
    <AppContext.Provider value={state}>
      <TopBar
        path={path}
        session={session}
        pageTitle={pageTitle}
        onSignedOut={() => {
          setNotice(undefined)
          setSession(null)
          history.pushState(null, '', base)
          setPath(base)
        }}
      />
      <main id="main">
        <Router path={path} session={session} />
      </main>
    </AppContext.Provider>
  )
}

const root = document.getElementById('root')
if (root) render(<App />, root)
