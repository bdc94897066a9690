import { useState } from 'preact/hooks'
import { useApp } from '../../app-context'
import { Empty, ErrorMessage, formatTime, useLoad } from '../../components'
import { Skeleton } from '../../skeleton'
import type { AuditEvent, AuditFilter } from '../../team-api'

// The audit log (owners and admins): who did what, when and from where, newest first; filtered by
// actor, action and a time span, paged with the server's cursor (Older, and back to Newer).

const commonActions = [
  'session.sign_in',
  'session.sign_in_failed',
  'session.sign_out',
  'member.password_reset',
  'createForm',
  'deleteForm',
  'exportResponses',
  'listResponses',
]

/** A `datetime-local` value (the browser's time zone) as an instant, or undefined when empty. */
function instant(local: string): string | undefined {
  return local ? new Date(local).toISOString() : undefined
}

export function AuditView() {
  const { api } = useApp()
  const [filter, setFilter] = useState<AuditFilter>({})
  /** The cursors of the pages before this one, and this one's (undefined: the newest). */
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined])
  const cursor = cursors[cursors.length - 1]
  const { data, error, reload, loading } = useLoad(() => api.audit.page(filter, cursor), [filter, cursor])
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  const apply = (next: AuditFilter) => {
    setFilter(next)
    setCursors([undefined])
  }
  return (
    <>
      <AuditFilters filter={filter} zone={zone} onApply={apply} />
      <ErrorMessage error={error} onRetry={reload} />
      {loading && !data && <Skeleton label="Loading the audit log" />}
      {data && data.items.length === 0 && (
        <Empty>
          <p>No events{Object.values(filter).some(Boolean) ? ' match these filters' : ' yet'}.</p>
        </Empty>
      )}
      {data && data.items.length > 0 && (
        <div class="table-wrap">
          <table class="audit">
            <caption class="visually-hidden">Audit events, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Actor</th>
                <th scope="col">Action</th>
                <th scope="col">Target</th>
                <th scope="col">Address</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((event) => (
                <AuditRow key={event.id} event={event} onActor={(actor) => apply({ ...filter, actor })} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && (cursors.length > 1 || data.next) && (
        <nav class="pager" aria-label="Audit log pages">
          <button
            type="button"
            disabled={cursors.length <= 1}
            onClick={() => setCursors(cursors.slice(0, -1))}
          >
            Newer
          </button>
          <span aria-live="polite">Page {cursors.length}</span>
          <button
            type="button"
            disabled={!data.next}
            onClick={() => data.next && setCursors([...cursors, data.next])}
          >
            Older
          </button>
        </nav>
      )}
    </>
  )
}

function AuditRow({ event, onActor }: { event: AuditEvent; onActor: (actor: string) => void }) {
  const actor = event.actor.name ?? event.actor.id ?? event.actor.type
  const details = event.details && Object.keys(event.details).length > 0 ? JSON.stringify(event.details) : ''
  return (
    <tr>
      <td class="nowrap" data-label="When">
        {formatTime(event.at)}
      </td>
      <td data-label="Actor">
        {event.actor.id ? (
          <button
            type="button"
            class="link"
            title="Show only this actor's events"
            onClick={() => onActor(event.actor.id ?? '')}
          >
            {actor}
          </button>
        ) : (
          actor
        )}
        {actor !== event.actor.type && <span class="meta"> {event.actor.type}</span>}
      </td>
      <td data-label="Action">
        <code>{event.action}</code>
        {details && <div class="meta audit-details">{details}</div>}
      </td>
      <td data-label="Target">
        {event.target ? `${event.target.type}${event.target.id ? ` ${event.target.id}` : ''}` : '—'}
      </td>
      <td data-label="Address">{event.address ?? '—'}</td>
    </tr>
  )
}

function AuditFilters(props: { filter: AuditFilter; zone: string; onApply: (filter: AuditFilter) => void }) {
  return (
    <form
      class="filters audit-filters"
      aria-label="Filter the audit log"
      key={JSON.stringify(props.filter)}
      onSubmit={(event) => {
        event.preventDefault()
        const fields = new FormData(event.currentTarget)
        const text = (name: string) => String(fields.get(name) ?? '').trim() || undefined
        props.onApply({
          actor: text('actor'),
          action: text('action'),
          since: instant(String(fields.get('since') ?? '')),
          until: instant(String(fields.get('until') ?? '')),
        })
      }}
    >
      <label>
        Actor
        <input
          name="actor"
          defaultValue={props.filter.actor ?? ''}
          size={16}
          placeholder="id, or member, token, system"
        />
      </label>
      <label>
        Action
        <input name="action" list="audit-actions" defaultValue={props.filter.action ?? ''} size={18} />
        <datalist id="audit-actions">
          {commonActions.map((action) => (
            <option key={action} value={action} />
          ))}
        </datalist>
      </label>
      <label>
        Since ({props.zone})
        <input type="datetime-local" name="since" defaultValue={localOf(props.filter.since)} />
      </label>
      <label>
        Until ({props.zone})
        <input type="datetime-local" name="until" defaultValue={localOf(props.filter.until)} />
      </label>
      <button type="submit">Apply filter</button>
      {Object.values(props.filter).some(Boolean) && (
        <button type="button" class="link" onClick={() => props.onApply({})}>
          Clear filters
        </button>
      )}
    </form>
  )
}

/** An instant as a `datetime-local` value in the browser's time zone. */
function localOf(at: string | undefined): string {
  if (!at) return ''
  const date = new Date(at)
  const offset = date.getTimezoneOffset() * 60_000
  return new Date(date.getTime() - offset).toISOString().slice(0, 16)
}
