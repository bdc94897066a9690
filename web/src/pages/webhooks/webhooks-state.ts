import type { Webhook } from '../../api'

// What the webhooks page knows besides the list of webhooks loaded, changed only by the events
// below, each named for what the person did or what came of it.

export interface WebhooksState {
  /** The webhook in the editor, 'new' for one being added; null while the editor is closed. */
  editing: Webhook | 'new' | null
  /** The tag of the webhook whose delivery log is open. */
  log: string | null
  /** The tag of the webhook whose deletion waits for the person to confirm. */
  deleting: string | null
  actionError: unknown
  notice: string
  /** The secret the dashboard made for a webhook just created, shown once until dismissed. */
  revealed: { tag: string; secret: string } | null
}

export type WebhooksEvent =
  | { type: 'editorOpened'; webhook: Webhook | 'new' }
  | { type: 'editorCancelled' }
  | { type: 'saved'; notice: string; revealed: { tag: string; secret: string } | null }
  | { type: 'secretDismissed' }
  | { type: 'logToggled'; tag: string }
  | { type: 'deleteAsked'; tag: string }
  | { type: 'deleteCancelled' }
  | { type: 'deleteConfirmed' }
  | { type: 'actionStarted' }
  | { type: 'actionDone'; notice: string }
  | { type: 'actionFailed'; error: unknown }

export function startingState(): WebhooksState {
  return { editing: null, log: null, deleting: null, actionError: null, notice: '', revealed: null }
}

export function reduceWebhooks(state: WebhooksState, event: WebhooksEvent): WebhooksState {
  switch (event.type) {
    case 'editorOpened':
      return { ...state, editing: event.webhook }
    case 'editorCancelled':
      return { ...state, editing: null }
    case 'saved':
      return { ...state, editing: null, notice: event.notice, revealed: event.revealed }
    case 'secretDismissed':
      return { ...state, revealed: null }
    case 'logToggled':
      return { ...state, log: state.log === event.tag ? null : event.tag }
    case 'deleteAsked':
      return { ...state, deleting: event.tag }
    // The dialog also reports closing itself after a confirmation: nothing changes then.
    case 'deleteCancelled':
    case 'deleteConfirmed':
      return state.deleting === null ? state : { ...state, deleting: null }
    case 'actionStarted':
      return { ...state, actionError: null }
    case 'actionDone':
      return { ...state, notice: event.notice }
    case 'actionFailed':
      return { ...state, actionError: event.error }
  }
}
