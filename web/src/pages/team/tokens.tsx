import { useState } from 'preact/hooks'
import type { Session } from '../../api'
import { useApp } from '../../app-context'
import { ConfirmDialog, Empty, ErrorMessage, formatTime, Pager, useLoad } from '../../components'
import { Skeleton } from '../../skeleton'
import type { ApiToken } from '../../team-api'
import { Denied } from '../denied'
import { NewToken, TokenForm } from './token-form'

// API tokens: the workspace's (who may read tokens) or the member's own. A new one takes at most
// the caller's scopes and is shown once, with a copy button; revoking one is confirmed.

export function TokensView({ session }: { session: Session }) {
  const { api, can, reason } = useApp()
  const [page, setPage] = useState(1)
  const [created, setCreated] = useState<ApiToken & { token: string }>()
  const [revoking, setRevoking] = useState<ApiToken>()
  const [notice, setNotice] = useState('')
  const [failure, setFailure] = useState<unknown>()
  const { data, error, reload } = useLoad(() => api.tokens.list(page), [page])
  const own = (token: ApiToken) =>
    Boolean(session.member) && (token.member_id ?? token.member?.id) === session.member?.id
  const revocable = (token: ApiToken) => can('tokens:write') || own(token)
  return (
    <>
      <p class="lead-hint">
        {can('tokens:read')
          ? "Tokens let scripts and other systems use Canvass's API. This is every token of the workspace."
          : "Tokens let your scripts use Canvass's API on your behalf, with at most your role's scopes. These are yours."}
      </p>
      {created ? (
        <NewToken token={created} onDone={() => setCreated(undefined)} />
      ) : !session.member && !can('tokens:write') ? (
        <Denied label="New token" reason={reason('create tokens')} />
      ) : (
        <TokenForm
          scopes={session.scopes}
          onCreated={(token) => {
            setCreated(token)
            setNotice(`Token ${token.name} created`)
            reload()
          }}
        />
      )}
      <p role="status" class="live">
        {notice}
      </p>
      <ErrorMessage error={failure} />
      <h2>Tokens</h2>
      <ErrorMessage error={error} onRetry={reload} />
      {!data && !error && <Skeleton label="Loading tokens" />}
      {data && data.items.length === 0 && page === 1 && (
        <Empty>
          <p>No tokens yet.</p>
        </Empty>
      )}
      {data && data.items.length > 0 && (
        <ul class="people" aria-label="Tokens">
          {data.items.map((token) => (
            <li key={token.id} class="person">
              <div class="person-name">
                <strong>{token.name}</strong>
                <span class="meta">
                  Created {formatTime(token.created_at)}
                  {token.member?.name ? ` by ${token.member.name}` : ''}
                  {token.last_used_at ? ` · last used ${formatTime(token.last_used_at)}` : ''}
                </span>
                <span class="scopes">
                  {token.scopes.map((scope) => (
                    <code key={scope}>{scope}</code>
                  ))}
                </span>
              </div>
              <div class="person-actions">
                {revocable(token) && (
                  <button type="button" class="danger" onClick={() => setRevoking(token)}>
                    Revoke<span class="visually-hidden"> {token.name}</span>
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {data && <Pager page={page} hasNext={data.hasNext} onPage={setPage} label="Tokens pages" />}
      <ConfirmDialog
        open={Boolean(revoking)}
        title={`Revoke ${revoking?.name ?? 'this token'}?`}
        confirmLabel="Revoke token"
        onCancel={() => setRevoking(undefined)}
        onConfirm={async () => {
          const token = revoking
          setRevoking(undefined)
          if (!token) return
          setFailure(undefined)
          try {
            await api.tokens.revoke(token.id)
            setNotice(`Token ${token.name} revoked`)
            reload()
          } catch (problem) {
            setFailure(problem)
          }
        }}
      >
        <p>Whatever uses it is refused from now on, and its dashboard sessions end. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  )
}
