import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { notFound } from '../../../domain/errors.js'
import { workspaceOf } from '../../auth.js'
import { boundedMemoryNote, itemSerializer, sendPage } from '../../listings.js'
import { PageQuery } from '../../pagination.js'
import { FormParams, IdString, ref } from '../../schemas.js'
import { InsightsSchema, TextAnswerPage, TextAnswerSchema } from './insights-schemas.js'
import { responseFilter } from './responses.js'
import { ResponseFilterQuery } from './schemas.js'

// docs/api.md#insights: the figures of a form's responses, kept up to date as they are stored and deleted.

export async function insightsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/v1/forms/:form_id/insights',
    {
      config: { scope: 'responses:read' },
      schema: {
        tags: ['insights'],
        operationId: 'getInsights',
        summary: 'Figures of the responses: NPS, CSAT, distributions, means, a timeline',
        description:
          'Filters as in the responses listing (`sort` is accepted and changes nothing). The figures are ' +
          'maintained as responses are stored and deleted: the cost of a request does not grow with the ' +
          'number of responses. Responses counted one by one (`included_response_ids`, the partial minutes ' +
          "at a window's edges) are read as the answers they count, never as whole items, within the " +
          "process's `CANVASS_LIST_MEMORY` (default 64 MiB); when that is in use, the request waits for room. " +
          '`funnel` counts respondents (drafts and responses submitted in one go) by when they started, ' +
          'kept up to date as drafts and responses are written.',
        params: FormParams,
        querystring: Type.Object(ResponseFilterQuery, { additionalProperties: false }),
        response: { 200: InsightsSchema },
      },
    },
    async (request) => {
      const filter = responseFilter(request.query)
      const formId = request.params.form_id
      const insights = await app.ctx.insights.summary(workspaceOf(request), formId, filter, app.listMemory)
      if (!insights) throw notFound('form', formId)
      return insights
    },
  )

  app.get(
    '/v1/forms/:form_id/insights/questions/:question_id/answers',
    {
      config: { scope: 'responses:read', audit: true },
      schema: {
        tags: ['insights'],
        operationId: 'listTextAnswers',
        summary: "A text question's latest answers, newest first",
        description:
          'For short_text, long_text, email, url and phone_number questions (another kind is a `400`). ' +
          '`since`/`until` as in the responses listing. Each page is an index range of the answers ' +
          `kept for the question, whatever the number of responses. ${boundedMemoryNote}`,
        params: Type.Object({ form_id: IdString, question_id: IdString }, { additionalProperties: false }),
        querystring: Type.Object(
          { ...PageQuery, since: ResponseFilterQuery.since, until: ResponseFilterQuery.until },
          { additionalProperties: false },
        ),
        response: { 200: ref(TextAnswerPage) },
      },
    },
    async (request, reply) => {
      const { page, page_size, ...window } = request.query
      const { since, until } = responseFilter(window)
      const listing = await app.ctx.insights.textAnswers(
        workspaceOf(request),
        request.params.form_id,
        request.params.question_id,
        { since, until },
        { page, page_size },
        app.listMemory,
      )
      return sendPage(
        request,
        reply,
        app.listMemory,
        { page, page_size },
        listing,
        itemSerializer(reply, TextAnswerSchema),
      )
    },
  )
}
