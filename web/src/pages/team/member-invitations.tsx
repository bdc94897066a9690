import { useState } from 'preact/hooks'
import { useApp } from '../../app-context'
import { ErrorMessage, FieldMessage, formatTime, invalidWhen, messageAt, useLoad } from '../../components'
import { Skeleton } from '../../skeleton'
import { type Role, roleLabel, roleSummary } from './roles'

// Inviting a person to the team by e-mail (a link valid 7 days, POST /v1/members/invitations) and
// the invitations not accepted yet, each revocable.

export function InviteForm({ roles, onInvited }: { roles: Role[]; onInvited: (email: string) => void }) {
  const { api } = useApp()
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<Role>('editor')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<unknown>()
  const emailError = messageAt(failure, '/email')
  return (
    <form
      class="panel invite"
      aria-labelledby="invite-title"
      onSubmit={async (event) => {
        event.preventDefault()
        setBusy(true)
        setFailure(undefined)
        try {
          await api.members.invite(email.trim(), role)
          onInvited(email.trim())
          setEmail('')
        } catch (problem) {
          setFailure(problem)
        } finally {
          setBusy(false)
        }
      }}
    >
      <h2 id="invite-title">Invite a member</h2>
      <div class="inline-fields">
        <label>
          E-mail
          <input
            type="email"
            required
            value={email}
            onInput={(event) => setEmail(event.currentTarget.value)}
            {...invalidWhen(emailError, 'invite-email')}
          />
        </label>
        <label>
          Role
          <select
            value={role}
            aria-describedby="invite-role-hint"
            onChange={(event) => setRole(event.currentTarget.value as Role)}
          >
            {roles.map((item) => (
              <option key={item} value={item}>
                {roleLabel(item)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" class="primary" disabled={busy}>
          Send invitation
        </button>
      </div>
      <p class="hint" id="invite-role-hint">
        {roleLabel(role)}: {roleSummary[role]}. The mail's link is valid for 7 days.
      </p>
      <FieldMessage id="invite-email" message={emailError} />
      <ErrorMessage error={failure} atFields={['/email']} />
    </form>
  )
}

export function InvitationsPanel({
  writable,
  onChanged,
}: {
  writable: boolean
  onChanged: (notice: string) => void
}) {
  const { api } = useApp()
  const { data, error, reload } = useLoad(() => api.members.invitations(), [])
  const [failure, setFailure] = useState<unknown>()
  if (data && data.items.length === 0) return null
  return (
    <section aria-labelledby="pending-title">
      <h2 id="pending-title">Invitations not accepted yet</h2>
      <ErrorMessage error={error} onRetry={reload} />
      <ErrorMessage error={failure} />
      {!data && !error && <Skeleton label="Loading invitations" lines={1} />}
      {data && (
        <ul class="people" aria-label="Pending invitations">
          {data.items.map((invitation) => (
            <li key={invitation.id} class="person">
              <div class="person-name">
                <strong>{invitation.email}</strong>
                <span class="meta">
                  Invited {formatTime(invitation.created_at)} · expires {formatTime(invitation.expires_at)}
                </span>
              </div>
              <div class="person-actions">
                <span class={`badge role-${invitation.role}`}>{roleLabel(invitation.role)}</span>
                {writable && (
                  <button
                    type="button"
                    class="danger"
                    onClick={async () => {
                      setFailure(undefined)
                      try {
                        await api.members.revoke(invitation.id)
                        onChanged(`Invitation of ${invitation.email} revoked`)
                        reload()
                      } catch (problem) {
                        setFailure(problem)
                      }
                    }}
                  >
                    Revoke<span class="visually-hidden"> the invitation of {invitation.email}</span>
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
