import { useReducer } from 'preact/hooks'
import type { Api, Form, Page, ResponseItem } from '../../api'
import { useApp } from '../../app-context'
import { type StreamState, useLoad, useResponseStream } from '../../components'
import { filterOf } from './answers'
import { type ResponsesEvent, type ResponsesState, reduceResponses, startingState } from './responses-state'

// The responses page's state: the page and filter shown, the responses ticked, the one open, and
// deleting the ticked ones once confirmed.

const PAGE_SIZE = 25

export interface Responses extends ResponsesState {
  /** The page of responses, once loaded. */
  data: Page<ResponseItem> | undefined
  loadError: unknown
  live: StreamState
  /** Whether this token may delete responses; the controls are hidden without it. */
  canWrite: boolean
  exportUrl(format: 'csv' | 'ndjson'): string
  applyFilter(from: string, to: string): void
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
  const { page, from, to } = state
  const filter = filterOf(from, to)
  const { data, error, reload } = useLoad(
    () => api.responses.list(form.id, page, PAGE_SIZE, filter),
    [form.id, page, from, to],
  )

  // New responses appear without a reload while the first page is shown.
  const live = useResponseStream(api.responses.streamUrl(form.id), reload)

  return {
    ...state,
    data,
    loadError: error,
    live,
    canWrite: can('responses:write'),
    exportUrl: (format) => api.responses.exportUrl(form.id, format, filter),
    applyFilter: (nextFrom, nextTo) => dispatch({ type: 'filtered', from: nextFrom, to: nextTo }),
    turnPage: (next) => dispatch({ type: 'paged', page: next }),
    toggle: (id) => dispatch({ type: 'toggled', id }),
    view: (item) => dispatch({ type: 'opened', item }),
    closeView: () => dispatch({ type: 'closed' }),
    askToDelete: () => dispatch({ type: 'deleteAsked' }),
    cancelDelete: () => dispatch({ type: 'deleteCancelled' }),
    deleteSelected: () => deleteResponses(api, form.id, state.selected, dispatch, reload),
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
