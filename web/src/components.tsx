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

export function ErrorMessage({ error }: { error: unknown }) {
  if (!error) return null
  const fields = error instanceof ApiError ? error.errors : []
  return (
    <div class="error" role="alert">
      <p>{messageOf(error)}</p>
      {fields.length > 0 && (
        <ul>
          {fields.slice(0, 20).map((field) => (
            <li key={field.path}>
              {field.path}: {field.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** Loads data for a page; `reload` fetches again after a change. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]) {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true })
  const [version, setVersion] = useState(0)
  useEffect(() => {
    let current = true
    setState((previous) => ({ ...previous, loading: true }))
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
  onConfirm: () => void
  onCancel: () => void
}) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (props.open && !dialog.open) dialog.showModal()
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
        <button type="button" onClick={props.onCancel}>
          Cancel
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

/** From and to dates (UTC days), applied together. */
export function DateFilter(props: {
  label: string
  from: string
  to: string
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
        From (UTC)
        <input type="date" name="from" defaultValue={props.from} />
      </label>
      <label>
        To (UTC)
        <input type="date" name="to" defaultValue={props.to} />
      </label>
      <button type="submit">Apply filter</button>
    </form>
  )
}
