import { FieldMessage, invalidWhen } from '../../components'

// A new password's field: the rule (12 characters at least, and not a common password: the
// server's check, src/domain/team/passwords.ts) shown under it and followed as it is typed.

export const PASSWORD_MIN = 12

/** What the rule still needs of `password`, or undefined when its length is fine. */
export function lengthLeft(password: string): string | undefined {
  const left = PASSWORD_MIN - [...password].length
  if (left <= 0) return undefined
  return left === 1 ? '1 more character' : `${left} more characters`
}

export function NewPasswordField(props: {
  id: string
  label?: string
  value: string
  onInput: (value: string) => void
  /** The server's message for this field, if it refused it. */
  error?: string | undefined
}) {
  const left = lengthLeft(props.value)
  const ok = props.value.length > 0 && !left
  return (
    <>
      <label for={props.id}>{props.label ?? 'Password'}</label>
      <input
        id={props.id}
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        value={props.value}
        onInput={(event) => props.onInput(event.currentTarget.value)}
        aria-describedby={`${props.id}-rule${props.error ? ` ${props.id}-error` : ''}`}
        {...(props.error ? { 'aria-invalid': 'true' as const } : {})}
      />
      <p id={`${props.id}-rule`} class={ok ? 'rule met' : 'rule'}>
        {ok ? '✓ ' : ''}At least {PASSWORD_MIN} characters, and not a common password
        {props.value.length > 0 && left ? ` (${left})` : ''}.
      </p>
      <FieldMessage id={props.id} message={props.error} />
    </>
  )
}

/** A plain field of the account pages, its server message under it. */
export function TextField(props: {
  id: string
  label: string
  type?: 'text' | 'email' | 'password'
  autoComplete?: string
  value: string
  onInput: (value: string) => void
  error?: string | undefined
  readOnly?: boolean
}) {
  return (
    <>
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        // One field of three kinds; Preact's types want each kind written out.
        type={(props.type ?? 'text') as 'text'}
        autoComplete={props.autoComplete}
        required
        readOnly={props.readOnly}
        value={props.value}
        onInput={(event) => props.onInput(event.currentTarget.value)}
        {...invalidWhen(props.error, props.id)}
      />
      <FieldMessage id={props.id} message={props.error} />
    </>
  )
}
