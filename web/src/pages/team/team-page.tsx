import type { Session } from '../../api'
import { useApp } from '../../app-context'
import { Link, usePageTitle } from '../../components'
import { AuditView } from './audit'
import { MembersView } from './members'
import { TokensView } from './tokens'

// The team's pages under one heading: Members (who may read them), Tokens (every member has its
// own; who may read tokens sees the workspace's), the Audit log (owners and admins).

export interface TeamTab {
  id: 'members' | 'tokens' | 'audit'
  label: string
}

/** The tabs the caller may open, in order; the first is where "Team" leads. */
export function teamTabs(session: Session, can: (scope: string) => boolean): TeamTab[] {
  const tabs: TeamTab[] = []
  if (can('members:read')) tabs.push({ id: 'members', label: 'Members' })
  if (session.member || can('tokens:read')) tabs.push({ id: 'tokens', label: 'Tokens' })
  if (can('audit:read')) tabs.push({ id: 'audit', label: 'Audit log' })
  return tabs
}

export function TeamPage({ tab, session }: { tab: string | undefined; session: Session }) {
  const { can } = useApp()
  const tabs = teamTabs(session, can)
  const current = tabs.find((item) => item.id === tab) ?? (tab ? undefined : tabs[0])
  usePageTitle([current?.label ?? 'Not available', 'Team'])
  return (
    <section>
      <h1>Team</h1>
      {tabs.length > 1 && (
        <nav class="tabs" aria-label="Team sections">
          {tabs.map((item) => (
            <Link
              key={item.id}
              href={`/app/team/${item.id}`}
              aria-current={current?.id === item.id ? 'page' : undefined}
            >
              {item.label}
            </Link>
          ))}
        </nav>
      )}
      {current?.id === 'members' && <MembersView session={session} />}
      {current?.id === 'tokens' && <TokensView session={session} />}
      {current?.id === 'audit' && <AuditView />}
      {!current && (
        <p class="notice">
          {tab === 'audit'
            ? 'Only owners and admins can read the audit log.'
            : tab === 'members'
              ? "Your role can't see the team's members."
              : 'There is nothing here for you.'}
        </p>
      )}
    </section>
  )
}
