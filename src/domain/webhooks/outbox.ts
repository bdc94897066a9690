import { sql } from 'kysely'
import type { Transaction } from '../../db/database.js'
import { queueEvent } from './deliveries.js'
import type { DeliverySignal } from './signal.js'
import { eventTypesOf, type WebhookRow } from './webhooks.js'

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
  // Raw SQL: on this hot path (every submission) the query builder cost more than the query.
  const { rows: webhooks } = await sql<Pick<WebhookRow, 'id' | 'event_types'>>`
    select id, event_types from webhooks
    where form_id = ${event.formId} and workspace_id = ${event.workspaceId} and enabled = 1
    order by created_at asc`.execute(trx)
  const subscribed = webhooks.filter((webhook) => eventTypesOf(webhook).form_response)
  await queueEvent(trx, signal, subscribed, 'form_response', (header) => ({
    ...header,
    form_response: { form_id: event.formId, ...event.item },
  }))
}
