import type { Delivery } from '../../api'
import { ErrorMessage, formatTime, Pager } from '../../components'
import { Skeleton } from '../../skeleton'
import { useDeliveryLog } from './use-delivery-log'

/** What was sent to a webhook, newest first, each delivery with its attempts and a redelivery. */
export function DeliveryLog({ formId, tag }: { formId: string; tag: string }) {
  const log = useDeliveryLog(formId, tag)
  const { data, open } = log
  return (
    <section aria-label={`Deliveries of ${tag}`}>
      <h3>Deliveries</h3>
      <button type="button" onClick={log.refresh}>
        Refresh deliveries
      </button>
      <p role="status">{log.notice}</p>
      <ErrorMessage error={log.loadError} onRetry={log.refresh} />
      <ErrorMessage error={log.actionError} />
      {!data && !log.loadError && <Skeleton label="Loading deliveries" lines={1} />}
      {data && data.items.length === 0 && (
        <p>Nothing sent yet. Send a test ping, or wait for the next response.</p>
      )}
      {data && data.items.length > 0 && (
        <div class="table-wrap">
          <table>
            <caption class="visually-hidden">Deliveries of {tag}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Created</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last answer</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((delivery) => (
                <DeliveryRow
                  key={delivery.id}
                  delivery={delivery}
                  showAttempts={() => log.showAttempts(delivery.id)}
                  redeliver={log.canRedeliver ? () => log.redeliver(delivery.id) : undefined}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && (
        <Pager
          page={log.page}
          hasNext={data.hasNext}
          onPage={log.turnPage}
          label={`Deliveries pages of ${tag}`}
        />
      )}
      {open && <DeliveryAttempts delivery={open} onClose={log.closeAttempts} />}
    </section>
  )
}

function DeliveryRow(props: {
  delivery: Delivery
  showAttempts: () => void
  /** Absent when the token may not redeliver. */
  redeliver: (() => void) | undefined
}) {
  const { delivery, redeliver } = props
  return (
    <tr>
      <td>{formatTime(delivery.created_at)}</td>
      <td>{delivery.status}</td>
      <td>{delivery.attempts}</td>
      <td>{delivery.last_status_code ?? delivery.last_error ?? '—'}</td>
      <td class="actions">
        <button type="button" onClick={props.showAttempts}>
          Attempts<span class="visually-hidden"> of delivery {delivery.id}</span>
        </button>
        {redeliver && (
          <button type="button" onClick={redeliver}>
            Redeliver<span class="visually-hidden"> delivery {delivery.id}</span>
          </button>
        )}
      </td>
    </tr>
  )
}

function DeliveryAttempts({ delivery, onClose }: { delivery: Delivery; onClose: () => void }) {
  const attempts = delivery.attempt_log ?? []
  return (
    <div class="panel">
      <h4>Attempts of delivery {delivery.id}</h4>
      {attempts.length === 0 ? (
        <p>No attempt yet.</p>
      ) : (
        <ol class="attempts">
          {attempts.map((attempt) => (
            <li key={attempt.attempted_at}>
              {formatTime(attempt.attempted_at)}: {attempt.status_code ?? 'no answer'}
              {attempt.error ? ` (${attempt.error})` : ''}, {attempt.duration_ms} ms
              {attempt.response_excerpt && <pre>{attempt.response_excerpt}</pre>}
            </li>
          ))}
        </ol>
      )}
      <button type="button" onClick={onClose}>
        Close attempts
      </button>
    </div>
  )
}
