import { useReducer } from 'preact/hooks'
import type { Form, Webhook } from '../../api'
import { useApp } from '../../app-context'
import { useLoad } from '../../components'
import { reduceWebhooks, startingState, type WebhooksEvent, type WebhooksState } from './webhooks-state'

// The webhooks page's state: the editor, the delivery log open, and the actions on a webhook
// (test ping, enable or disable, delete once confirmed), each reported in the page's notice.

/** What a webhook's card can ask of the page. */
export interface WebhookActions {
  toggleLog(tag: string): void
  ping(webhook: Webhook): void
  edit(webhook: Webhook): void
  toggleEnabled(webhook: Webhook): void
  askToDelete(tag: string): void
}

export interface Webhooks extends WebhooksState, WebhookActions {
  /** The form's webhooks, once loaded. */
  data: { items: Webhook[] } | undefined
  loadError: unknown
  /** Reads the webhooks again (after a failed load). */
  retry(): void
  /** Whether this token may change webhooks; the controls are hidden without it. */
  canWrite: boolean
  add(): void
  /** The editor closed: saved with this notice (and the secret it made), or cancelled without one. */
  closeEditor(notice?: string, made?: { tag: string; secret: string }): void
  dismissSecret(): void
  cancelDelete(): void
  deleteWebhook(): void
}

export function useWebhooks(form: Form): Webhooks {
  const { api, can } = useApp()
  const { data, error, reload } = useLoad(() => api.webhooks.list(form.id), [form.id])
  const [state, dispatch] = useReducer(reduceWebhooks, undefined, startingState)
  const act = (work: () => Promise<unknown>, done: string) => perform(work, done, dispatch, reload)

  return {
    ...state,
    data,
    loadError: error,
    retry: reload,
    canWrite: can('webhooks:write'),
    add: () => dispatch({ type: 'editorOpened', webhook: 'new' }),
    edit: (webhook) => dispatch({ type: 'editorOpened', webhook }),
    closeEditor: (notice, made) => {
      if (!notice) return dispatch({ type: 'editorCancelled' })
      dispatch({ type: 'saved', notice, revealed: made ?? null })
      reload()
    },
    dismissSecret: () => dispatch({ type: 'secretDismissed' }),
    toggleLog: (tag) => dispatch({ type: 'logToggled', tag }),
    ping: ({ tag }) => act(() => api.webhooks.test(form.id, tag), `Test ping sent to ${tag}`),
    toggleEnabled: ({ tag, enabled }) =>
      act(
        () => api.webhooks.put(form.id, tag, { enabled: !enabled }),
        `${tag} ${enabled ? 'disabled' : 'enabled'}`,
      ),
    askToDelete: (tag) => dispatch({ type: 'deleteAsked', tag }),
    cancelDelete: () => dispatch({ type: 'deleteCancelled' }),
    deleteWebhook: () => {
      const tag = state.deleting as string
      dispatch({ type: 'deleteConfirmed' })
      act(() => api.webhooks.delete(form.id, tag), `${tag} deleted`)
    },
  }
}

/** One action on a webhook: its outcome in the notice, or its error shown until the next one. */
async function perform(
  work: () => Promise<unknown>,
  done: string,
  dispatch: (event: WebhooksEvent) => void,
  reload: () => void,
): Promise<void> {
  dispatch({ type: 'actionStarted' })
  try {
    await work()
    dispatch({ type: 'actionDone', notice: done })
    reload()
  } catch (problem) {
    dispatch({ type: 'actionFailed', error: problem })
  }
}
