import type { Session } from './api'
import { useApp } from './app-context'
import { BrandMark } from './brand-mark'
import { Link, messageOf } from './components'
import { roleLabel } from './pages/team/roles'
import { teamTabs } from './pages/team/team-page'

// The bar above every signed-in page: the mark, the sections, who is signed in (their name and
// role, or the token) with a link to the profile, and Sign out.

const base = '/app'

function sectionOf(path: string): string {
  for (const section of ['contacts', 'outbox', 'team', 'profile'])
    if (path.startsWith(`${base}/${section}`)) return section
  return 'forms'
}

/** The app's sections; the Outbox for who may read mail, Team for who may see any of its tabs. */
function MainNav({ path, session }: { path: string; session: Session }) {
  const { can } = useApp()
  const section = sectionOf(path)
  const current = (name: string) => (section === name ? ('page' as const) : undefined)
  const team = teamTabs(session, can)[0]
  return (
    <nav aria-label="Main">
      <Link href={`${base}/forms`} aria-current={current('forms')}>
        Forms
      </Link>
      <Link href={`${base}/contacts`} aria-current={current('contacts')}>
        Contacts
      </Link>
      {can('invitations:read') && (
        <Link href={`${base}/outbox`} aria-current={current('outbox')}>
          Outbox
        </Link>
      )}
      {team && (
        <Link href={`${base}/team/${team.id}`} aria-current={current('team')}>
          Team
        </Link>
      )}
    </nav>
  )
}

/** Who is signed in: a member's name and role (their profile behind it), or the token. */
function Who({ path, session }: { path: string; session: Session }) {
  const member = session.member
  if (!member)
    return (
      <span class="who">
        <span class="visually-hidden">Signed in with </span>
        <span class="who-name">{session.token?.name ? `token ${session.token.name}` : 'API token'}</span>
        {!session.scopes.some((scope) => scope.endsWith(':write')) && <span class="badge">Read-only</span>}
      </span>
    )
  return (
    <span class="who">
      <span class="visually-hidden">Signed in as </span>
      <Link
        href={`${base}/profile`}
        class="who-name"
        aria-current={sectionOf(path) === 'profile' ? 'page' : undefined}
        title={`${member.name} (${member.email}): your profile`}
      >
        {member.name || member.email}
      </Link>
      <span class={`badge role-${member.role}`}>{roleLabel(member.role)}</span>
    </span>
  )
}

export function TopBar(props: {
  path: string
  session: Session
  pageTitle: string
  onSignedOut: () => void
}) {
  const { api } = useApp()
  return (
    <header class="top">
      <p id="page-announcer" class="visually-hidden" tabIndex={-1}>
        {props.pageTitle}
      </p>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <BrandMark />
      <MainNav path={props.path} session={props.session} />
      <div class="account">
        <Who path={props.path} session={props.session} />
        <button
          type="button"
          class="link"
          onClick={async () => {
            try {
              await api.session.signOut()
              props.onSignedOut()
            } catch (problem) {
              alert(messageOf(problem))
            }
          }}
        >
          Sign out
        </button>
      </div>
    </header>
  )
}
