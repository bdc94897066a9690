import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { DomainError, notFound } from '../../../domain/errors.js'
import type { Answer } from '../../../shared/forms/answers.js'
import { workspaceOf } from '../../auth.js'
import { itemSerializer, sendPage } from '../../listings.js'
import { PagedList, PageQuery } from '../../pagination.js'
import { FormParams, ref, Timestamp } from '../../schemas.js'

// docs/api.md#drafts: the team's view of respondents' drafts, only for a form whose settings ask
// for it (`partial_responses`). Drafts are never listed, exported or counted as responses.

export const DraftSchema = Type.Object(
  {
    id: Type.String(),
    started_at: Timestamp,
    updated_at: Timestamp,
    last_page: Type.Union([Type.String(), Type.Null()], {
      description: 'The last page of the path so far (see `pages` of a draft).',
    }),
    answers: Type.Array(Type.Unsafe<Answer>({ $ref: 'Answer#' }), {
      description: 'The answers on the path so far, as the responses listing shows answers.',
    }),
    hidden: Type.Array(Type.Object({ name: Type.String(), value: Type.String() })),
  },
  { $id: 'Draft', description: 'A draft as the team sees it: answers so far, not a response.' },
)

export const DraftPage = PagedList(ref(DraftSchema), 'DraftPage')

export async function draftRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/v1/forms/:form_id/drafts',
    {
      config: { scope: 'responses:read', audit: true },
      schema: {
        tags: ['responses'],
        operationId: 'listDrafts',
        summary: 'List open drafts, newest first',
        description:
          'Only for a form with `settings.partial_responses` true; otherwise `404` saying so. ' +
          'Completed drafts are responses and are not listed here.',
        params: FormParams,
        querystring: Type.Object(PageQuery, { additionalProperties: false }),
        response: { 200: ref(DraftPage) },
      },
    },
    async (request, reply) => {
      const formId = request.params.form_id
      const page = request.query
      const listing = await app.ctx.drafts.page(workspaceOf(request), formId, page, app.listMemory)
      if (!listing) throw notFound('form', formId)
      if (listing === 'hidden')
        throw new DomainError(
          'not_found',
          `form ${formId} does not show drafts: its settings.partial_responses is false`,
        )
      return sendPage(request, reply, app.listMemory, page, listing, itemSerializer(reply, DraftSchema))
    },
  )
}
