import { useReducer } from 'preact/hooks'
import {
  type Api,
  type ExportFormat,
  type Form,
  type Page,
  type ResponseFilter,
  type ResponseItem,
  routeMissing,
} from '../../api'
import { useApp } from '../../app-context'
import { type StreamState, useLoad, useResponseStream } from '../../components'
import { viewerDayFilter, viewerZone } from './answers'
import { type ResponsesEvent, type ResponsesState, reduceResponses, startingState } from './responses-state'

// The responses page's state: the page and filter shown, the responses ticked, the one open, and
// deleting the ticked ones once confirmed.

const PAGE_SIZE = 25

export interface Responses extends ResponsesState {
  /** The page of responses, once loaded. */
  data: Page<ResponseItem> | undefined
  loadError: unknown
  /** Reads the page and its total again (after a failed load). */
  retry(): void
  /** How many responses the filter lets through, once known (see responseCount). */
  total: ResponseTotal | undefined
  /** The viewer's time zone: the filter's days, the table's and the drawer's times are in it. */
  zone: string
  live: StreamState
  /** Whether this token may delete responses; the controls are hidden without it. */
  canWrite: boolean
  exportUrl(format: ExportFormat): string
  applyFilter(from: string, to: string): void
  search(query: string): void
  turnPage(page: number): void
  toggle(id: string): void
  view(item: ResponseItem): void
  closeView(): void
  askToDelete(): void
  cancelDelete(): void
  deleteSelected(): Promise<void>
}

export function useResponses(form: Form): Responses {
  const { api, can } = useApp()
  const [state, dispatch] = useReducer(reduceResponses, undefined, startingState)
  const { page, from, to, query } = state
  const zone = viewerZone()
  const filter: ResponseFilter = { ...viewerDayFilter(from, to), query: query || undefined }
  const {
    data,
    error,
    reload: reloadPage,
  } = useLoad(() => api.responses.list(form.id, page, PAGE_SIZE, filter), [form.id, page, from, to, query])
  const { data: total, reload: reloadTotal } = useLoad(
    () => responseTotal(api, form, filter),
    [form.id, from, to, query],
  )
  const reload = () => {
    reloadPage()
    reloadTotal()
  }

  // New responses appear without a reload while the first page is shown.
  const live = useResponseStream(api.responses.streamUrl(form.id), reload)

  return {
    ...state,
    data,
    loadError: error,
    retry: reload,
    total,
    zone,
    live,
    canWrite: can('responses:write'),
    exportUrl: (format) => api.responses.exportUrl(form.id, format, filter),
    applyFilter: (nextFrom, nextTo) => dispatch({ type: 'filtered', from: nextFrom, to: nextTo }),
    search: (text) => dispatch({ type: 'searched', query: text }),
    turnPage: (next) => dispatch({ type: 'paged', page: next }),
    toggle: (id) => dispatch({ type: 'toggled', id }),
    view: (item) => dispatch({ type: 'opened', item }),
    closeView: () => dispatch({ type: 'closed' }),
    askToDelete: () => dispatch({ type: 'deleteAsked' }),
    cancelDelete: () => dispatch({ type: 'deleteCancelled' }),
    deleteSelected: () => deleteResponses(api, form.id, state.selected, dispatch, reload),
  }
}

/** A count of responses: those the filter lets through, or (`ofForm`) all the form's. */
export interface ResponseTotal {
  count: number
  /** The server cannot count a filter's responses (no insights): this is the form's total. */
  ofForm: boolean
}

/**
 * The listing has no total (its wire is frozen); insights count the responses of a window from
 * figures kept as responses are stored, at a cost that does not grow with them. A server without
 * insights gives the form's own count, which the page labels as such.
 */
async function responseTotal(api: Api, form: Form, filter: ResponseFilter): Promise<ResponseTotal> {
  try {
    return { count: (await api.insights.get(form.id, filter)).responses, ofForm: false }
  } catch (problem) {
    if (!routeMissing(problem)) throw problem
    const current = await api.forms.get(form.id)
    return { count: current.response_count, ofForm: true }
  }
}

async function deleteResponses(
  api: Api,
  formId: string,
  selected: Set<string>,
  dispatch: (event: ResponsesEvent) => void,
  reload: () => void,
): Promise<void> {
  dispatch({ type: 'deleteConfirmed' })
  try {
    await api.responses.delete(formId, [...selected])
    dispatch({ type: 'deleted', count: selected.size })
    reload()
  } catch (problem) {
    dispatch({ type: 'deleteFailed', error: problem })
  }
}
