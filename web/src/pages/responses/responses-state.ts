import type { ResponseItem } from '../../api'

// What the responses page knows besides the page of responses loaded, changed only by the events
// below, each named for what the person did or what came of it.

export interface ResponsesState {
  page: number
  /** The filter's first and last days (UTC, as the date inputs give them); empty for none. */
  from: string
  to: string
  /** Only responses whose text answers contain this (the server's `query`); empty for all. */
  query: string
  /** The responses ticked for deletion; a new page or filter starts with none. */
  selected: Set<string>
  /** The response shown in full. */
  open: ResponseItem | null
  /** The deletion waits for the person to confirm. */
  confirming: boolean
  actionError: unknown
  notice: string
}

export type ResponsesEvent =
  | { type: 'filtered'; from: string; to: string }
  | { type: 'searched'; query: string }
  | { type: 'paged'; page: number }
  | { type: 'toggled'; id: string }
  | { type: 'opened'; item: ResponseItem }
  | { type: 'closed' }
  | { type: 'deleteAsked' }
  | { type: 'deleteCancelled' }
  | { type: 'deleteConfirmed' }
  | { type: 'deleted'; count: number }
  | { type: 'deleteFailed'; error: unknown }

export function startingState(): ResponsesState {
  return {
    page: 1,
    from: '',
    to: '',
    query: '',
    selected: new Set(),
    open: null,
    confirming: false,
    actionError: null,
    notice: '',
  }
}

export function reduceResponses(state: ResponsesState, event: ResponsesEvent): ResponsesState {
  switch (event.type) {
    case 'filtered':
      return { ...state, from: event.from, to: event.to, page: 1, selected: new Set() }
    case 'searched':
      return { ...state, query: event.query.trim(), page: 1, selected: new Set() }
    case 'paged':
      return { ...state, page: event.page, selected: new Set() }
    case 'toggled':
      return { ...state, selected: toggled(state.selected, event.id) }
    case 'opened':
      return { ...state, open: event.item }
    case 'closed':
      return { ...state, open: null }
    case 'deleteAsked':
      return { ...state, confirming: true }
    // The dialog also reports closing itself after a confirmation: nothing changes then.
    case 'deleteCancelled':
    case 'deleteConfirmed':
      return state.confirming ? { ...state, confirming: false } : state
    case 'deleted':
      return {
        ...state,
        selected: new Set(),
        notice: `${event.count} ${event.count === 1 ? 'response' : 'responses'} deleted`,
      }
    case 'deleteFailed':
      return { ...state, actionError: event.error }
  }
}

function toggled(selected: Set<string>, id: string): Set<string> {
  const next = new Set(selected)
  if (next.has(id)) next.delete(id)
  else next.add(id)
  return next
}
