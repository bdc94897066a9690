import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { registerDeliveryMetrics } from '../../../delivery/metrics.js'
import { notFound } from '../../../domain/errors.js'
import type { WebhookRef } from '../../../domain/webhooks/service.js'
import { webhookView } from '../../../domain/webhooks/webhooks.js'
import { workspaceOf } from '../../auth.js'
import { PageQuery, pageResult } from '../../pagination.js'
import { FormParams, NoQuery, ref } from '../../schemas.js'
import { noBody } from '../../validation.js'
import {
  DeliveryDetailEnvelope,
  DeliveryEnvelope,
  DeliveryPage,
  DeliveryParams,
  WebhookBody,
  WebhookEnvelope,
  WebhookList,
  WebhookParams,
  WebhookSigningSchema,
} from './schemas.js'

// Webhooks of a form, their delivery log, redeliver and test ping (docs/webhooks.md).
export async function webhookRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['webhooks']
  registerDeliveryMetrics(app.metrics.registry, app.ctx.deliveryMetrics, app.ctx.database.db)

  const refOf = (request: FastifyRequest, params: { form_id: string; tag: string }): WebhookRef => ({
    workspaceId: workspaceOf(request),
    formId: params.form_id,
    tag: params.tag,
  })
  /** The same 404 whether the form or webhook is unknown or another workspace's. */
  function found<T>(value: T | undefined, tag: string): T {
    if (value === undefined) throw notFound('webhook', tag)
    return value
  }
  /** A delivery of a webhook (null: the webhook has none by that id), with found's 404 first. */
  function foundDelivery<T>(value: T | null | undefined, params: { tag: string; delivery_id: string }): T {
    const delivery = found(value, params.tag)
    if (delivery === null) throw notFound('delivery', params.delivery_id)
    return delivery
  }

  app.get(
    '/v1/forms/:form_id/webhooks',
    {
      config: { scope: 'webhooks:read' },
      schema: {
        tags,
        operationId: 'listWebhooks',
        summary: 'List the webhooks of a form, in creation order',
        params: FormParams,
        querystring: NoQuery,
        response: { 200: WebhookList },
      },
    },
    async (request) => {
      const items = await app.ctx.webhooks.list(workspaceOf(request), request.params.form_id)
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
        operationId: 'getWebhook',
        summary: 'Get a webhook',
        params: WebhookParams,
        querystring: NoQuery,
        response: { 200: WebhookEnvelope },
      },
    },
    async (request) => {
      const row = await app.ctx.webhooks.find(refOf(request, request.params))
      return { webhook: webhookView(found(row, request.params.tag)) }
    },
  )

  app.get(
    '/v1/forms/:form_id/webhooks/:tag/signing',
    {
      config: { scope: 'webhooks:read' },
      schema: {
        tags,
        operationId: 'getWebhookSigning',
        summary: 'How a webhook’s deliveries are signed',
        description:
          'Whether the webhook has a secret, and whether it is shorter than 32 characters (`weak`), so a dashboard can flag unsigned and weakly signed webhooks. The secret is never returned.',
        params: WebhookParams,
        querystring: NoQuery,
        response: { 200: WebhookSigningSchema },
      },
    },
    async (request) => {
      const signing = await app.ctx.webhooks.signing(refOf(request, request.params))
      return { tag: request.params.tag, signing: found(signing, request.params.tag) }
    },
  )

  app.put(
    '/v1/forms/:form_id/webhooks/:tag',
    {
      config: { scope: 'webhooks:write' },
      schema: {
        tags,
        operationId: 'putWebhook',
        summary: 'Create (201) or update (200) a webhook',
        description: `Creates the webhook \`tag\` (\`url\` required; \`enabled\` defaults to true) or changes the fields given; \`secret: null\` removes the secret. The secret is never returned. A form has at most ${app.ctx.config.webhooksPerForm} webhooks (\`CANVASS_WEBHOOKS_PER_FORM\`).`,
        params: WebhookParams,
        querystring: NoQuery,
        body: WebhookBody,
        response: {
          200: WebhookEnvelope,
          201: WebhookEnvelope,
          409: {
            description: `Creating it would give the form more than ${app.ctx.config.webhooksPerForm} webhooks (\`conflict\`).`,
            content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const result = await app.ctx.webhooks.put(refOf(request, request.params), request.body)
      if (!result) throw notFound('form', request.params.form_id)
      return reply.code(result.created ? 201 : 200).send({ webhook: result.webhook })
    },
  )

  app.delete(
    '/v1/forms/:form_id/webhooks/:tag',
    {
      config: { scope: 'webhooks:write' },
      schema: {
        tags,
        operationId: 'deleteWebhook',
        summary: 'Delete a webhook and its delivery log',
        params: WebhookParams,
        querystring: NoQuery,
        response: { 204: Type.Null({ description: 'Deleted.' }) },
      },
    },
    async (request, reply) => {
      if (!(await app.ctx.webhooks.delete(refOf(request, request.params))))
        throw notFound('webhook', request.params.tag)
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/v1/forms/:form_id/webhooks/:tag/deliveries',
    {
      config: { scope: 'webhooks:read' },
      schema: {
        tags,
        operationId: 'listDeliveries',
        summary: 'The delivery log of a webhook, newest first',
        params: WebhookParams,
        querystring: Type.Object(PageQuery, { additionalProperties: false }),
        response: { 200: ref(DeliveryPage) },
      },
    },
    async (request, reply) => {
      const page = request.query
      const rows = await app.ctx.deliveries.list(refOf(request, request.params), page)
      return pageResult(request, reply, page, found(rows, request.params.tag))
    },
  )

  app.get(
    '/v1/forms/:form_id/webhooks/:tag/deliveries/:delivery_id',
    {
      config: { scope: 'webhooks:read' },
      schema: {
        tags,
        operationId: 'getDelivery',
        summary: 'A delivery with every attempt, oldest first',
        params: DeliveryParams,
        querystring: NoQuery,
        response: { 200: DeliveryDetailEnvelope },
      },
    },
    async (request) => {
      const delivery = await app.ctx.deliveries.find(
        refOf(request, request.params),
        request.params.delivery_id,
      )
      return { delivery: foundDelivery(delivery, request.params) }
    },
  )

  app.post(
    '/v1/forms/:form_id/webhooks/:tag/deliveries/:delivery_id/redeliver',
    {
      preValidation: noBody,
      config: { scope: 'webhooks:write' },
      schema: {
        tags,
        operationId: 'redeliver',
        summary: 'Deliver an event again, soon',
        description:
          'Makes the delivery pending and due now, with a fresh retry schedule and the same `webhook-id`.',
        params: DeliveryParams,
        querystring: NoQuery,
        response: { 202: DeliveryEnvelope },
      },
    },
    async (request, reply) => {
      const delivery = await app.ctx.deliveries.redeliver(
        refOf(request, request.params),
        request.params.delivery_id,
      )
      return reply.code(202).send({ delivery: foundDelivery(delivery, request.params) })
    },
  )

  app.post(
    '/v1/forms/:form_id/webhooks/:tag/test',
    {
      preValidation: noBody,
      config: { scope: 'webhooks:write' },
      schema: {
        tags,
        operationId: 'testWebhook',
        summary: 'Send a ping event to the webhook',
        description:
          'Queues `{event_id, event_type: "ping", created_at, webhook: {form_id, tag}}` through the same durable, signed, retried path as real events.',
        params: WebhookParams,
        querystring: NoQuery,
        response: { 202: DeliveryEnvelope },
      },
    },
    async (request, reply) => {
      const delivery = found(
        await app.ctx.deliveries.ping(refOf(request, request.params)),
        request.params.tag,
      )
      return reply.code(202).send({ delivery })
    },
  )
}
