import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { bulkRequestDigest, type IdempotencyKey } from '../../../domain/contacts/bulk.js'
import { type BulkRequest, validateBulkRequest } from '../../../domain/contacts/validation.js'
import { notFound, validationFailed } from '../../../domain/errors.js'
import { workspaceOf } from '../../auth.js'
import { validatorCompiler } from '../../validation.js'
import { BulkBody, BulkHeaders, BulkResponse } from './schemas.js'

const idempotencyKeyPattern = /^[\x20-\x7e]{1,255}$/

// The bulk add, a frozen wire format (docs/api.md#bulk-add).
export async function bulkRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const bulkMax = app.ctx.config.bulkMax

  app.post(
    '/v1/contacts/bulk',
    {
      config: { scope: 'contacts:write' },
      schema: {
        tags: ['contacts'],
        operationId: 'createContactsBulk',
        summary: 'Add contacts to a list, in bulk',
        description:
          `1..${bulkMax} contacts, all or nothing. Addresses already on the list are skipped (not in ` +
          '`added_contacts`); the same address twice in one request is a 400 naming both places. ' +
          'An unknown list is a 404.',
        headers: BulkHeaders,
        body: BulkBody(bulkMax),
        response: {
          201: BulkResponse,
          409: {
            description: 'The Idempotency-Key was used with another request body (`idempotency_key_reused`).',
            content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
          },
        },
      },
      // The body is checked by the rules `contacts import` shares, so every problem of every
      // contact is listed at once; the schema above documents the same rules.
      validatorCompiler: (route) => {
        if (route.httpPart !== 'body') return validatorCompiler(route)
        return (body: unknown) => {
          const checked = validateBulkRequest(body, bulkMax)
          return checked.value ? { value: checked.value } : { error: validationFailed(checked.errors) }
        }
      },
    },
    async (request, reply) => {
      const body = request.body as unknown as BulkRequest
      const idempotency = idempotencyOf(request.headers['idempotency-key'], body)
      const outcome = await app.ctx.contacts.addToList(workspaceOf(request), body, idempotency)
      if (!outcome) throw notFound('contact list', body.list_id)
      // Only 201 answers are stored, so a replay is a 201 as well.
      reply.code(outcome.status as 201)
      if (!('text' in outcome)) return reply.send(outcome.body)
      if (outcome.replayed) reply.header('idempotent-replayed', 'true')
      return reply
        .type('application/json; charset=utf-8')
        .serializer((text) => text as string)
        .send(outcome.text as never)
    },
  )
}

function idempotencyOf(header: string | string[] | undefined, body: BulkRequest): IdempotencyKey | undefined {
  if (header === undefined) return undefined
  if (typeof header !== 'string' || !idempotencyKeyPattern.test(header)) {
    throw validationFailed([
      { path: '/headers/idempotency-key', message: 'must be 1..255 printable ASCII characters, sent once' },
    ])
  }
  return { key: header, digest: bulkRequestDigest(body) }
}
