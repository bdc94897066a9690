import type { ExportFormat } from '../../api'
import type { StreamState } from '../../components'

/** The exports of what the filter shows, the deletion of the ticked responses, and the live status. */
export function ResponsesToolbar(props: {
  exportUrl: (format: ExportFormat) => string
  /** Shows the delete button; without it the token cannot delete. */
  canDelete: boolean
  selectedCount: number
  askToDelete: () => void
  live: StreamState
}) {
  return (
    <p class="toolbar">
      <a class="button" href={props.exportUrl('csv')} download>
        Export CSV
      </a>
      <a class="button" href={props.exportUrl('xlsx')} download>
        Export XLSX
      </a>
      <a class="button" href={props.exportUrl('ndjson')} download>
        Export NDJSON
      </a>
      {props.canDelete && (
        <button type="button" class="danger" disabled={props.selectedCount === 0} onClick={props.askToDelete}>
          Delete selected ({props.selectedCount})
        </button>
      )}
      <span class="live" role="status">
        {liveStatus(props.live)}
      </span>
    </p>
  )
}

function liveStatus(live: StreamState): string {
  if (live === 'on') return 'Live: new responses appear here'
  if (live === 'unavailable') return 'Live updates are not available on this server'
  return ''
}
