import type { Clock } from '../../clock.js'
import type { Config } from '../../config.js'
import type { Database } from '../../db/database.js'
import { webhookSigning } from '../../shared/webhook-secrets.js'
import type { Page } from '../listing.js'
import { findDelivery, listDeliveries, queuePing, redeliver } from './deliveries/views.js'
import type { DeliverySignal } from './signal.js'
import type { Resolver } from './ssrf.js'
import { deleteWebhook, findWebhookRow, listWebhooks, putWebhook, type WebhookInput } from './webhooks.js'

// Webhooks of a form and their deliveries, closed over the database (see forms/service.ts).
// A webhook is named by (workspace, form, tag); `undefined` answers "no such webhook (or form)
// in this workspace".

export interface WebhookRef {
  workspaceId: string
  formId: string
  tag: string
}

export function webhooksService(
  database: Database,
  clock: Clock,
  config: Pick<Config, 'webhookAllowPrivate' | 'webhooksPerForm'>,
  resolver: Resolver,
) {
  const { db } = database
  return {
    put: (ref: WebhookRef, input: WebhookInput) =>
      putWebhook(
        database,
        clock,
        { allowPrivate: config.webhookAllowPrivate, maxPerForm: config.webhooksPerForm, resolver },
        ref.workspaceId,
        ref.formId,
        ref.tag,
        input,
      ),
    find: (ref: WebhookRef) => findWebhookRow(db, ref.workspaceId, ref.formId, ref.tag),
    /** How the webhook's deliveries are signed (never the secret); undefined when it is unknown. */
    async signing(ref: WebhookRef) {
      const row = await findWebhookRow(db, ref.workspaceId, ref.formId, ref.tag)
      return row && webhookSigning(row.secret)
    },
    list: (workspaceId: string, formId: string) => listWebhooks(db, workspaceId, formId),
    delete: (ref: WebhookRef) => deleteWebhook(db, ref.workspaceId, ref.formId, ref.tag),
  }
}

export function deliveriesService(database: Database, clock: Clock, signal: DeliverySignal) {
  const { db } = database
  const webhookOf = (ref: WebhookRef) => findWebhookRow(db, ref.workspaceId, ref.formId, ref.tag)
  return {
    /** A page of the webhook's deliveries, newest first; undefined when the webhook is unknown. */
    async list(ref: WebhookRef, page: Page) {
      const webhook = await webhookOf(ref)
      return webhook && listDeliveries(db, webhook.id, page)
    },
    /** One delivery with its attempt log. Undefined when the webhook is unknown; null when it has no such delivery. */
    async find(ref: WebhookRef, deliveryId: string) {
      const webhook = await webhookOf(ref)
      return webhook && ((await findDelivery(db, webhook.id, deliveryId)) ?? null)
    },
    /** Undefined when the webhook is unknown; null when it has no such delivery. */
    async redeliver(ref: WebhookRef, deliveryId: string) {
      const webhook = await webhookOf(ref)
      return webhook && ((await redeliver(db, clock, signal, webhook.id, deliveryId)) ?? null)
    },
    async ping(ref: WebhookRef) {
      const webhook = await webhookOf(ref)
      return webhook && (await queuePing(database, clock, signal, webhook))
    },
  }
}

export type WebhooksService = ReturnType<typeof webhooksService>
export type DeliveriesService = ReturnType<typeof deliveriesService>
