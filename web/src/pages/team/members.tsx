import { useState } from 'preact/hooks'
import type { Session } from '../../api'
import { useApp } from '../../app-context'
import { ConfirmDialog, ErrorMessage, formatTime, Pager, useLoad } from '../../components'
import { Skeleton } from '../../skeleton'
import type { Member } from '../../team-api'
import { Denied } from '../denied'
import { InvitationsPanel, InviteForm } from './member-invitations'
import { type Role, roleLabel, roles, withArticle } from './roles'

// The workspace's members: each with a role select (who may change it: members:write, and only an
// owner for an owner), Remove (confirmed; their sessions end at once), the invitation form and the
// invitations not accepted yet.

/** The roles the caller may give: an owner any, others all but owner. */
export function rolesGivenBy(session: Session): Role[] {
  return session.member?.role === 'owner' || !session.member
    ? [...roles]
    : roles.filter((role) => role !== 'owner')
}

export function MembersView({ session }: { session: Session }) {
  const { api, can, reason } = useApp()
  const [page, setPage] = useState(1)
  const [notice, setNotice] = useState('')
  const [failure, setFailure] = useState<unknown>()
  const [removing, setRemoving] = useState<Member>()
  const [invited, setInvited] = useState(0)
  const { data, error, reload } = useLoad(() => api.members.list(page), [page])
  const writable = can('members:write')
  const changed = (message: string) => {
    setNotice(message)
    setFailure(undefined)
    reload()
  }
  const act = async (work: () => Promise<string>) => {
    setFailure(undefined)
    try {
      changed(await work())
    } catch (problem) {
      setFailure(problem)
      reload()
    }
  }
  return (
    <>
      {writable ? (
        <InviteForm
          roles={rolesGivenBy(session)}
          onInvited={(email) => {
            setNotice(`Invitation sent to ${email}`)
            setInvited(invited + 1)
          }}
        />
      ) : (
        <Denied label="Invite a member" reason={reason('invite or change members')} />
      )}
      <p role="status" class="live">
        {notice}
      </p>
      <ErrorMessage error={failure} />
      <h2>Members</h2>
      <ErrorMessage error={error} onRetry={reload} />
      {!data && !error && <Skeleton label="Loading members" />}
      {data && (
        <ul class="people" aria-label="Members">
          {data.items.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              session={session}
              onRole={(role) =>
                act(async () => {
                  await api.members.setRole(member.id, role)
                  return `${member.name || member.email} is now ${withArticle(role)}`
                })
              }
              onRemove={() => setRemoving(member)}
            />
          ))}
        </ul>
      )}
      {data && <Pager page={page} hasNext={data.hasNext} onPage={setPage} label="Members pages" />}
      <InvitationsPanel key={invited} writable={writable} onChanged={setNotice} />
      <ConfirmDialog
        open={Boolean(removing)}
        title={`Remove ${removing?.name || removing?.email || 'this member'}?`}
        confirmLabel="Remove member"
        onCancel={() => setRemoving(undefined)}
        onConfirm={() => {
          const member = removing
          setRemoving(undefined)
          if (member)
            act(async () => {
              await api.members.remove(member.id)
              return `${member.name || member.email} was removed`
            })
        }}
      >
        <p>
          {removing?.email} loses access at once: their open sessions end and the tokens they made stop
          working. You can invite them again later.
        </p>
      </ConfirmDialog>
    </>
  )
}

/** Why an admin cannot change this member (an owner), or undefined when the caller can. */
function lockOf(member: Member, session: Session): string | undefined {
  if (member.role === 'owner' && session.member && session.member.role !== 'owner')
    return 'Only an owner can change or remove an owner'
  return undefined
}

function MemberRow(props: {
  member: Member
  session: Session
  onRole: (role: Role) => void
  onRemove: () => void
}) {
  const { can } = useApp()
  const { member, session } = props
  const self = session.member?.id === member.id
  const who = member.name || member.email
  const lock = lockOf(member, session)
  const id = `role-${member.id}`
  const offered = rolesGivenBy(session)
  const choices = offered.includes(member.role) ? offered : [member.role, ...offered]
  return (
    <li class="person">
      <div class="person-name">
        <strong>{who}</strong>
        {self && <span class="badge">You</span>}
        <span class="meta">{member.email}</span>
        <span class="meta">
          {member.last_sign_in_at
            ? `Last signed in ${formatTime(member.last_sign_in_at)}`
            : 'Never signed in'}
        </span>
      </div>
      {!can('members:write') ? (
        <span class={`badge role-${member.role}`}>{roleLabel(member.role)}</span>
      ) : (
        <div class="person-actions">
          <label for={id} class="visually-hidden">
            Role of {who}
          </label>
          <select
            id={id}
            value={member.role}
            disabled={Boolean(lock)}
            aria-describedby={lock ? `${id}-lock` : undefined}
            onChange={(event) => props.onRole(event.currentTarget.value as Role)}
          >
            {choices.map((role) => (
              <option key={role} value={role} disabled={!offered.includes(role)}>
                {roleLabel(role)}
              </option>
            ))}
          </select>
          {!self && (
            <button
              type="button"
              class="danger"
              disabled={Boolean(lock)}
              aria-describedby={lock ? `${id}-lock` : undefined}
              onClick={props.onRemove}
            >
              Remove<span class="visually-hidden"> {who}</span>
            </button>
          )}
          {lock && (
            <p class="hint person-lock" id={`${id}-lock`}>
              {lock}
            </p>
          )}
        </div>
      )}
    </li>
  )
}
