import { sql } from 'kysely'
import type { Clock } from '../../clock.js'
import type { Transaction } from '../../db/database.js'
import type { IdPool } from '../../ids.js'
import type { LinkContact } from '../mail/link-completion.js'
import { type EventHeader, queueEvents } from './deliveries/queue.js'
import type { DeliverySignal } from './signal.js'
import { eventTypesOf, type WebhookRow } from './webhooks.js'

export interface FormResponseEvents {
  workspaceId: string
  formId: string
  /** The responses exactly as the listing shows them: stored `{"id":…,"submitted_at":…,…}` texts, in order. */
  itemJsons: readonly string[]
  /** The ending each response reached through the form's flow, in the same order (null: none). */
  endings: readonly (string | null)[]
  /**
   * The contact each response is linked to (a personal link's, on a form that is not anonymous),
   * in the same order; left out when none is, as for every response not from a personal link.
   */
  contacts?: readonly (LinkContact | null)[]
}

/**
 * Records a `form_response` event per response for every enabled webhook of the form. Called
 * inside the transaction that stores the responses, so an event exists if and only if its
 * response does.
 */
export async function enqueueFormResponseEvents(
  trx: Transaction,
  clock: Clock,
  signal: DeliverySignal,
  events: FormResponseEvents,
  ids?: IdPool,
): Promise<void> {
  // Raw SQL: on this hot path (every submission) the query builder cost more than the query.
  const { rows: webhooks } = await sql<Pick<WebhookRow, 'id' | 'event_types'>>`
    select id, event_types from webhooks
    where form_id = ${events.formId} and workspace_id = ${events.workspaceId} and enabled = 1
    order by created_at asc`.execute(trx)
  const subscribed = webhooks.filter((webhook) => eventTypesOf(webhook).form_response).map(({ id }) => id)
  await queueEvents(
    trx,
    clock,
    signal,
    subscribed,
    'form_response',
    events.itemJsons.map(
      (itemJson, index) => (header: EventHeader) =>
        formResponsePayload(
          header,
          events.formId,
          itemJson,
          events.endings[index] ?? null,
          events.contacts?.[index] ?? undefined,
        ),
    ),
    { ids },
  )
}

/**
 * The body of a `form_response` event, byte for byte what JSON.stringify gives for
 * `{...header, form_response: {form_id, ...item, ending, contact?}}`, built from the item's stored
 * text (an object with at least its id) so that a submission serialises its response once, not
 * twice. `contact` only for a response linked to its contact (docs/webhooks.md#the-event).
 */
export function formResponsePayload(
  header: object,
  formId: string,
  itemJson: string,
  ending: string | null,
  contact?: LinkContact,
): string {
  const linked = contact ? `,"contact":${JSON.stringify({ id: contact.id, email: contact.email })}` : ''
  return `${JSON.stringify(header).slice(0, -1)},"form_response":{"form_id":${JSON.stringify(formId)},${itemJson.slice(1, -1)},"ending":${JSON.stringify(ending)}${linked}}}`
}
