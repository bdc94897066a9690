import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import type { Principal } from '../../../domain/principal.js'
import { teamService } from '../../../domain/team/service.js'
import { unauthorized } from '../../auth.js'
import { itemSerializer, sendPage } from '../../listings.js'
import { NoQuery, ref } from '../../schemas.js'
import { ListQuery, NewTokenBody, NewTokenSchema, TokenPage, TokenParams, TokenSchema } from './schemas.js'

// API tokens as the team manages them (docs/api.md#team-members-invitations-and-tokens): for
// machines, and for members, who may always list, make and revoke their own. A token caller needs
// the scopes; a signed-in member without them acts on its own tokens only (ownForMembers).

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
})

function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized()
  return request.principal
}

export async function tokenRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['team']
  const team = teamService(app.ctx)

  app.get(
    '/v1/tokens',
    {
      config: { scope: 'tokens:read', ownForMembers: true },
      schema: {
        tags,
        operationId: 'listTokens',
        summary: 'List the live tokens: every one of the workspace, or the member’s own',
        description:
          'With `tokens:read`, every live token of the workspace; a member without it sees its own. ' +
          'Never a secret or its digest.',
        querystring: ListQuery,
        response: { 200: ref(TokenPage) },
      },
    },
    async (request, reply) => {
      const page = { page: request.query.page, page_size: request.query.page_size }
      const listing = await team.tokens(principalOf(request), page, app.listMemory)
      return sendPage(request, reply, app.listMemory, page, listing, itemSerializer(reply, TokenSchema))
    },
  )

  app.post(
    '/v1/tokens',
    {
      config: { scope: 'tokens:write', ownForMembers: true },
      schema: {
        tags,
        operationId: 'createToken',
        summary: 'Make a token; its secret is in this answer only',
        description:
          'With at most the caller’s scopes. A token a member makes (signed in, or with a token it made) ' +
          'belongs to it and acts with at most its current role: demoting the member narrows the token.',
        querystring: NoQuery,
        body: NewTokenBody,
        response: {
          201: ref(NewTokenSchema),
          403: problem('The caller lacks `tokens:write`, or a scope asked for (`forbidden`).'),
        },
      },
    },
    async (request, reply) => reply.code(201).send(await team.makeToken(principalOf(request), request.body)),
  )

  app.delete(
    '/v1/tokens/:token_id',
    {
      config: { scope: 'tokens:write', ownForMembers: true },
      schema: {
        tags,
        operationId: 'deleteToken',
        summary: 'Revoke a token',
        description:
          'It and its dashboard sessions stop working at once on the process that revoked it, and within ' +
          'seconds on every other (their caches keep a token at most 2 s). A member without `tokens:write` revokes only its own. Revoking twice is not an error.',
        params: TokenParams,
        querystring: NoQuery,
        response: {
          204: Type.Null({ description: 'Revoked.' }),
          403: problem('Without `tokens:write`, another’s token (`forbidden`).'),
        },
      },
    },
    async (request, reply) => {
      await team.revokeToken(principalOf(request), request.params.token_id)
      request.server.forgetToken(request.params.token_id)
      return reply.code(204).send(null)
    },
  )
}
