import { useState } from 'preact/hooks'
import { useApp } from '../../app-context'
import { ErrorMessage, FieldMessage, invalidWhen, messageAt } from '../../components'
import type { ApiToken } from '../../team-api'

// Making a token: a name and the scopes it acts with, picked among the caller's own (a token never
// holds more than who made it); then the token itself, shown this once with a copy button.

export function TokenForm({
  scopes,
  onCreated,
}: {
  scopes: string[]
  onCreated: (token: ApiToken & { token: string }) => void
}) {
  const { api } = useApp()
  const [name, setName] = useState('')
  const [chosen, setChosen] = useState<string[]>(scopes.filter((scope) => scope.endsWith(':read')))
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<unknown>()
  const nameError = messageAt(failure, '/name')
  const scopesError =
    messageAt(failure, '/scopes') ?? (chosen.length === 0 ? 'Choose at least one scope' : undefined)
  return (
    <form
      class="panel"
      aria-labelledby="token-title"
      onSubmit={async (event) => {
        event.preventDefault()
        if (chosen.length === 0) return
        setBusy(true)
        setFailure(undefined)
        try {
          onCreated(
            await api.tokens.create(
              name.trim(),
              scopes.filter((scope) => chosen.includes(scope)),
            ),
          )
          setName('')
        } catch (problem) {
          setFailure(problem)
        } finally {
          setBusy(false)
        }
      }}
    >
      <h2 id="token-title">New token</h2>
      <label>
        Name
        <input
          required
          maxLength={100}
          value={name}
          placeholder="e.g. CRM export"
          onInput={(event) => setName(event.currentTarget.value)}
          {...invalidWhen(nameError, 'token-name')}
        />
      </label>
      <FieldMessage id="token-name" message={nameError} />
      <fieldset class="scope-picker" aria-describedby="scopes-hint">
        <legend>Scopes</legend>
        <p class="hint" id="scopes-hint">
          Only your own scopes can be given. <ScopeShortcuts scopes={scopes} onPick={setChosen} />
        </p>
        <div class="scope-grid">
          {scopes.map((scope) => (
            <label key={scope} class="check">
              <input
                type="checkbox"
                checked={chosen.includes(scope)}
                onChange={(event) =>
                  setChosen(
                    event.currentTarget.checked
                      ? [...chosen, scope]
                      : chosen.filter((item) => item !== scope),
                  )
                }
              />
              <code>{scope}</code>
            </label>
          ))}
        </div>
      </fieldset>
      <FieldMessage id="token-scopes" message={scopesError} />
      <button type="submit" class="primary" disabled={busy || chosen.length === 0}>
        Create token
      </button>
      <ErrorMessage error={failure} atFields={['/name', '/scopes']} />
    </form>
  )
}

function ScopeShortcuts({ scopes, onPick }: { scopes: string[]; onPick: (scopes: string[]) => void }) {
  return (
    <>
      Choose{' '}
      <button
        type="button"
        class="link"
        onClick={() => onPick(scopes.filter((scope) => scope.endsWith(':read')))}
      >
        read only
      </button>{' '}
      or{' '}
      <button type="button" class="link" onClick={() => onPick([...scopes])}>
        all of mine
      </button>
      .
    </>
  )
}

/** The token just made, this once: copy it now. */
export function NewToken({ token, onDone }: { token: ApiToken & { token: string }; onDone: () => void }) {
  const [copied, setCopied] = useState('')
  return (
    <section class="panel secret" aria-labelledby="new-token-title">
      <h2 id="new-token-title">Token {token.name}</h2>
      <p>Copy it now and keep it somewhere safe: it is shown only this once.</p>
      <p>
        <code class="secret-text" data-testid="new-token">
          {token.token}
        </code>
      </p>
      <div class="actions">
        <button
          type="button"
          class="primary"
          onClick={() =>
            navigator.clipboard.writeText(token.token).then(
              () => setCopied('Token copied'),
              () => setCopied('Copying failed: select the token and copy it'),
            )
          }
        >
          Copy token
        </button>
        <button type="button" onClick={onDone}>
          Done
        </button>
        <span role="status">{copied}</span>
      </div>
    </section>
  )
}
