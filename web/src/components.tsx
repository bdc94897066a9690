import type { AnchorHTMLAttributes, ComponentChildren } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'
import { ApiError } from './api'
import { useApp } from './app-context'

/** A link inside the app: navigates without reloading, still a real link for new tabs. */
export function Link(props: AnchorHTMLAttributes & { href: string }) {
  const { navigate } = useApp()
  return (
    <a
      {...props}
      href={props.href}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
        event.preventDefault()
        navigate(props.href)
      }}
    />
  )
}

export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.detail
  return error instanceof Error ? error.message : String(error)
}

/**
 * Whether asking again may help: the server was not reached or failed (5xx), or asked to wait
 * (408, 429). A 404 or a refusal answers the same the next time.
 */
export function worthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500
}

/**
 * A failure as the page shows it: the problem's detail, and its field errors (JSON pointers) but
 * those a form shows at their own fields (`atFields`). A problem whose every error sits at a field
 * shows nothing here, and one error alone is not listed again under a detail that already says it.
 * A failed load passes `onRetry` (useLoad's `reload`): a Retry button runs it when trying again
 * may help.
 */
export function ErrorMessage({
  error,
  atFields = [],
  onRetry,
}: {
  error: unknown
  atFields?: string[]
  onRetry?: (() => void) | undefined
}) {
  if (!error) return null
  const errors = error instanceof ApiError ? error.errors : []
  const left = errors.filter((field) => !atFields.includes(field.path))
  if (errors.length > 0 && left.length === 0) return null
  const single = left.length === 1 && errors.length === 1 ? left[0] : undefined
  return (
    <div class="error" role="alert">
      <p>{single ? `${single.path}: ${single.message}` : messageOf(error)}</p>
      {!single && left.length > 0 && (
        <ul>
          {left.slice(0, 20).map((field) => (
            <li key={field.path}>
              {field.path}: {field.message}
            </li>
          ))}
        </ul>
      )}
      {onRetry && worthRetrying(error) && (
        <button type="button" class="retry" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  )
}

/** The message a problem document has for one field (its JSON pointer, `/url`), if any. */
export function messageAt(error: unknown, pointer: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined
  const messages = error.errors.filter((field) => field.path === pointer).map((field) => field.message)
  return messages.length > 0 ? messages.join('; ') : undefined
}

/**
 * The attributes that tie a control to its message (shown by FieldMessage with the same id), so a
 * screen reader reads the message with the field and the field is marked invalid.
 */
export function invalidWhen(message: string | undefined, id: string) {
  return message ? { 'aria-invalid': 'true' as const, 'aria-describedby': `${id}-error` } : {}
}

export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p class="field-error" id={`${id}-error`}>
      {message}
    </p>
  )
}

/**
 * Names the page in the tab's title ("Responses · Team lunch · Canvass") and in the announcer that
 * takes the focus on a change of page. Parts not known yet (a form still loading) are left out;
 * nothing at all is set while `parts` is undefined.
 */
export function usePageTitle(parts: (string | undefined)[] | undefined) {
  const { setPageTitle } = useApp()
  const title = parts && [...parts.filter((part): part is string => Boolean(part)), 'Canvass'].join(' · ')
  useEffect(() => {
    if (title) setPageTitle(title)
  }, [title])
}

/**
 * Loads data for a page; `reload` fetches again after a change, or after a failure (the error is
 * cleared meanwhile, so the page shows its skeleton, not the old error, while it tries again).
 */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]) {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true })
  const [version, setVersion] = useState(0)
  useEffect(() => {
    let current = true
    setState((previous) => ({ data: previous.data, loading: true }))
    load().then(
      (data) => current && setState({ data, loading: false }),
      (error) => current && setState({ error, loading: false }),
    )
    return () => {
      current = false
    }
  }, [...deps, version])
  return { ...state, reload: () => setVersion((v) => v + 1) }
}

export function Pager(props: {
  page: number
  hasNext: boolean
  onPage: (page: number) => void
  label: string
}) {
  if (props.page === 1 && !props.hasNext) return null
  return (
    <nav class="pager" aria-label={props.label}>
      <button type="button" disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
        Previous page
      </button>
      <span aria-live="polite">Page {props.page}</span>
      <button type="button" disabled={!props.hasNext} onClick={() => props.onPage(props.page + 1)}>
        Next page
      </button>
    </nav>
  )
}

/** A modal confirmation (the native dialog: focus is trapped and Escape cancels). */
export function ConfirmDialog(props: {
  open: boolean
  title: string
  children: ComponentChildren
  confirmLabel: string
  /** The safe choice's label; "Cancel" unless told (where the action itself is a cancelling). */
  cancelLabel?: string
  onConfirm: () => void
  onCancel: () => void
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (props.open && !dialog.open) {
      dialog.showModal()
      // The safe choice takes the focus, not the first button (issue 27).
      cancel.current?.focus()
    }
    if (!props.open && dialog.open) dialog.close()
  }, [props.open])
  return (
    <dialog ref={ref} aria-labelledby="confirm-title" onClose={props.onCancel}>
      <h2 id="confirm-title">{props.title}</h2>
      {props.children}
      <div class="actions">
        <button type="button" class="danger" onClick={props.onConfirm}>
          {props.confirmLabel}
        </button>
        <button type="button" ref={cancel} onClick={props.onCancel}>
          {props.cancelLabel ?? 'Cancel'}
        </button>
      </div>
    </dialog>
  )
}

export function Empty({ children }: { children: ComponentChildren }) {
  return <div class="empty">{children}</div>
}

export function formatTime(timestamp: string | null | undefined): string {
  if (!timestamp) return '—'
  return new Date(timestamp).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' })
}

export type StreamState = 'connecting' | 'on' | 'unavailable'

/**
 * Follows a form's response stream (docs/api.md#live-responses) while the component is shown:
 * `onResponse` runs for each new response, or once per `throttleMs` when they come in bursts.
 */
export function useResponseStream(url: string, onResponse: () => void, throttleMs = 0): StreamState {
  const [state, setState] = useState<StreamState>('connecting')
  const latest = useRef(onResponse)
  latest.current = onResponse
  useEffect(() => {
    const source = new EventSource(url)
    let pending: ReturnType<typeof setTimeout> | undefined
    source.addEventListener('open', () => setState('on'))
    source.addEventListener('response', () => {
      if (throttleMs === 0) latest.current()
      else if (pending === undefined) {
        pending = setTimeout(() => {
          pending = undefined
          latest.current()
        }, throttleMs)
      }
    })
    source.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED) setState('unavailable')
    })
    return () => {
      clearTimeout(pending)
      source.close()
    }
  }, [url, throttleMs])
  return state
}

/** From and to dates, applied together; `zone` names the time zone their days are in. */
export function DateFilter(props: {
  label: string
  from: string
  to: string
  zone: string
  onApply: (from: string, to: string) => void
}) {
  return (
    <form
      class="filters"
      aria-label={props.label}
      onSubmit={(event) => {
        event.preventDefault()
        const fields = new FormData(event.currentTarget)
        props.onApply(String(fields.get('from') ?? ''), String(fields.get('to') ?? ''))
      }}
    >
      <label>
        From ({props.zone})
        <input type="date" name="from" defaultValue={props.from} />
      </label>
      <label>
        To ({props.zone})
        <input type="date" name="to" defaultValue={props.to} />
      </label>
      <button type="submit">Apply filter</button>
    </form>
  )
}
