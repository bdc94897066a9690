import type { Transaction } from '../../db/database.js'
import { queueEvent } from './deliveries.js'
import type { DeliverySignal } from './signal.js'
import { eventTypesOf } from './webhooks.js'

export interface FormResponseEvent {
  workspaceId: string
  formId: string
  /** The response exactly as the listing shows it (`{id, submitted_at, answers, hidden, variables}`). */
  item: object
}

/**
 * Records a `form_response` event for every enabled webhook of the form. Called inside the
 * transaction that stores the response, so the event exists if and only if the response does.
 */
export async function enqueueFormResponseEvent(
  trx: Transaction,
  signal: DeliverySignal,
  event: FormResponseEvent,
): Promise<void> {
  const webhooks = await trx
    .selectFrom('webhooks')
    .select(['id', 'event_types'])
    .where('form_id', '=', event.formId)
    .where('workspace_id', '=', event.workspaceId)
    .where('enabled', '=', 1)
    .orderBy('created_at', 'asc')
    .execute()
  const subscribed = webhooks.filter((webhook) => eventTypesOf(webhook).form_response)
  await queueEvent(trx, signal, subscribed, 'form_response', (header) => ({
    ...header,
    form_response: { form_id: event.formId, ...event.item },
  }))
}
