import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { registerDeliveryMetrics } from '../../../delivery/metrics.js'
import {
  deliveryView,
  findDelivery,
  listDeliveries,
  queuePing,
  redeliver,
} from '../../../domain/webhooks/deliveries.js'
import {
  deleteWebhook,
  findWebhookRow,
  listWebhooks,
  putWebhook,
  type WebhookRow,
  webhookView,
} from '../../../domain/webhooks/webhooks.js'
import { workspaceOf } from '../../auth.js'
import { notFound, validationFailed } from '../../errors.js'
import { PagedList, PageQuery, pageOffset, pageResult } from '../../pagination.js'
import {
  DeliveryDetailEnvelope,
  DeliveryEnvelope,
  DeliveryParams,
  DeliverySchema,
  FormParams,
  NoQuery,
  WebhookBody,
  WebhookEnvelope,
  WebhookList,
  WebhookParams,
} from './schemas.js'

/** These POSTs take no body: none, or an empty JSON object (a schema cannot say "optional body"). */
async function noBody(request: FastifyRequest): Promise<void> {
  const body = request.body
  if (body === undefined || body === null) return
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw validationFailed([{ path: '', message: 'must be empty or an empty JSON object' }])
  }
  const keys = Object.keys(body)
  if (keys.length > 0) {
    throw validationFailed(keys.map((key) => ({ path: `/${key}`, message: 'is not a known property' })))
  }
}

// CONTRACT 5 and seed 4.3/4.4: webhooks of a form, their delivery log, redeliver and test ping.
export async function webhookRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['webhooks']
  registerDeliveryMetrics(app.metrics.registry, app.deliveryMetrics, app.database.db)

  /** The webhook, or the same 404 whether the form or webhook is unknown or another workspace's. */
  async function webhookOf(
    request: FastifyRequest,
    params: { form_id: string; tag: string },
  ): Promise<WebhookRow> {
    const row = await findWebhookRow(app.database.db, workspaceOf(request), params.form_id, params.tag)
    if (!row) throw notFound('webhook', params.tag)
    return row
  }

  app.get(
    '/v1/forms/:form_id/webhooks',
    {
      config: { scope: 'webhooks:read' },
      schema: {
        tags,
        summary: 'List the webhooks of a form, in creation order',
        params: FormParams,
        querystring: NoQuery,
        response: { 200: WebhookList },
      },
    },
    async (request) => {
      const items = await listWebhooks(app.database.db, workspaceOf(request), request.params.form_id)
      if (!items) throw notFound('form', request.params.form_id)
      return { items }
    },
  )

  app.get(
    '/v1/forms/:form_id/webhooks/:tag',
    {
      config: { scope: 'webhooks:read' },
      schema: {
        tags,
        summary: 'Get a webhook',
        params: WebhookParams,
        querystring: NoQuery,
        response: { 200: WebhookEnvelope },
      },
    },
    async (request) => {
      return { webhook: webhookView(await webhookOf(request, request.params)) }
    },
  )

  app.put(
    '/v1/forms/:form_id/webhooks/:tag',
    {
      config: { scope: 'webhooks:write' },
      schema: {
        tags,
        summary: 'Create (201) or update (200) a webhook',
        description:
          'Creates the webhook `tag` (`url` required; `enabled` defaults to true) or changes the fields given; `secret: null` removes the secret. The secret is never returned.',
        params: WebhookParams,
        querystring: NoQuery,
        body: WebhookBody,
        response: { 200: WebhookEnvelope, 201: WebhookEnvelope },
      },
    },
    async (request, reply) => {
      const { form_id, tag } = request.params
      const result = await putWebhook(
        app.database,
        { allowPrivate: app.config.webhookAllowPrivate },
        workspaceOf(request),
        form_id,
        tag,
        request.body,
      )
      if (!result) throw notFound('form', form_id)
      return reply.code(result.created ? 201 : 200).send({ webhook: result.webhook })
    },
  )

  app.delete(
    '/v1/forms/:form_id/webhooks/:tag',
    {
      config: { scope: 'webhooks:write' },
      schema: {
        tags,
        summary: 'Delete a webhook and its delivery log',
        params: WebhookParams,
        querystring: NoQuery,
        response: { 204: Type.Null({ description: 'Deleted.' }) },
      },
    },
    async (request, reply) => {
      const { form_id, tag } = request.params
      if (!(await deleteWebhook(app.database.db, workspaceOf(request), form_id, tag)))
        throw notFound('webhook', tag)
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/v1/forms/:form_id/webhooks/:tag/deliveries',
    {
      config: { scope: 'webhooks:read' },
      schema: {
        tags,
        summary: 'The delivery log of a webhook, newest first',
        params: WebhookParams,
        querystring: Type.Object(PageQuery, { additionalProperties: false }),
        response: { 200: PagedList(DeliverySchema) },
      },
    },
    async (request, reply) => {
      const webhook = await webhookOf(request, request.params)
      const page = request.query
      const rows = await listDeliveries(app.database.db, webhook.id, {
        offset: pageOffset(page),
        limit: page.page_size + 1,
      })
      return pageResult(request, reply, page, rows)
    },
  )

  app.get(
    '/v1/forms/:form_id/webhooks/:tag/deliveries/:delivery_id',
    {
      config: { scope: 'webhooks:read' },
      schema: {
        tags,
        summary: 'A delivery with every attempt, oldest first',
        params: DeliveryParams,
        querystring: NoQuery,
        response: { 200: DeliveryDetailEnvelope },
      },
    },
    async (request) => {
      const webhook = await webhookOf(request, request.params)
      const delivery = await findDelivery(app.database.db, webhook.id, request.params.delivery_id)
      if (!delivery) throw notFound('delivery', request.params.delivery_id)
      return { delivery }
    },
  )

  app.post(
    '/v1/forms/:form_id/webhooks/:tag/deliveries/:delivery_id/redeliver',
    {
      preValidation: noBody,
      config: { scope: 'webhooks:write' },
      schema: {
        tags,
        summary: 'Deliver an event again, soon',
        description:
          'Makes the delivery pending and due now, with a fresh retry schedule and the same `webhook-id`.',
        params: DeliveryParams,
        querystring: NoQuery,
        response: { 202: DeliveryEnvelope },
      },
    },
    async (request, reply) => {
      const webhook = await webhookOf(request, request.params)
      const delivery = await redeliver(
        app.database.db,
        app.deliverySignal,
        webhook.id,
        request.params.delivery_id,
      )
      if (!delivery) throw notFound('delivery', request.params.delivery_id)
      return reply.code(202).send({ delivery })
    },
  )

  app.post(
    '/v1/forms/:form_id/webhooks/:tag/test',
    {
      preValidation: noBody,
      config: { scope: 'webhooks:write' },
      schema: {
        tags,
        summary: 'Send a ping event to the webhook',
        description:
          'Queues `{event_id, event_type: "ping", created_at, webhook: {form_id, tag}}` through the same durable, signed, retried path as real events.',
        params: WebhookParams,
        querystring: NoQuery,
        response: { 202: DeliveryEnvelope },
      },
    },
    async (request, reply) => {
      const webhook = await webhookOf(request, request.params)
      const delivery = await queuePing(app.database, app.deliverySignal, webhook)
      return reply.code(202).send({ delivery: deliveryView(delivery) })
    },
  )
}
