import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { notFound } from '../../../domain/errors.js'
import { publicFormView } from '../../../domain/forms/public.js'
import { NotAcceptingError } from '../../../shared/forms/settings.js'
import { ApiError } from '../../errors.js'
import { FormParams } from '../../schemas.js'
import { FormSchema, SubmissionBody } from '../forms/schemas.js'
import { SettingsSchema } from '../forms/settings-schemas.js'

// docs/api.md#public-api: the JSON endpoints for respondents' own front-ends. No token; any origin may call
// them (CORS), and only them: no other /v1 path answers CORS.

export const PUBLIC_BODY_LIMIT = 256 * 1024

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
})

function formClosed(formId: string): ApiError {
  return new ApiError('form_closed', `form ${formId} no longer accepts answers`)
}

const PublicFormSchema = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    questions: FormSchema.properties.questions,
    hidden: Type.Array(Type.String()),
    settings: SettingsSchema,
  },
  { description: 'What a respondent needs to render the form.' },
)

export async function publicApiRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['public']

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('access-control-allow-origin', '*')
    return payload
  })

  for (const url of ['/v1/public/forms/:form_id', '/v1/public/forms/:form_id/responses']) {
    app.options(url, { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
      reply
        .code(204)
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', 'Content-Type')
        .header('access-control-max-age', '600')
        .send(),
    )
  }

  app.get(
    '/v1/public/forms/:form_id',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'getPublicForm',
        summary: 'Get a public form, to render it in your own front-end',
        description: 'No token. Answers CORS from any origin.',
        security: [],
        params: FormParams,
        response: {
          200: PublicFormSchema,
          404: problem('No such form, or it is not public (`not_found`).'),
          410: problem('The form is public but no longer accepts answers (`form_closed`).'),
        },
      },
    },
    async (request) => {
      const found = await app.ctx.publicForms.find(request.params.form_id)
      if (!found || found.acceptance === 'not_public') throw notFound('form', request.params.form_id)
      if (found.acceptance === 'closed') throw formClosed(request.params.form_id)
      return publicFormView(found.form)
    },
  )

  app.post(
    '/v1/public/forms/:form_id/responses',
    {
      config: { public: true },
      bodyLimit: PUBLIC_BODY_LIMIT,
      onRequest: async (request, reply) => {
        const verdict = await app.countPublicSubmission(request, request.params.form_id)
        if (verdict.exceeded) {
          app.ctx.publicForms.refused('rate_limited')
          reply.header('retry-after', String(verdict.retryAfter))
          throw new ApiError(
            'rate_limited',
            `too many submissions from this address; retry in ${verdict.retryAfter} s`,
          )
        }
      },
      schema: {
        tags,
        operationId: 'submitPublicResponse',
        summary: 'Submit a response to a public form',
        description:
          'No token. The same rules as a token submission; limited per client address (IPv6: per /64) ' +
          'and form (`CANVASS_PUBLIC_RATE_LIMIT` a minute), counting only submissions to a form that ' +
          'accepts answers. Body at most 256 KiB. Answers CORS from any origin.',
        security: [],
        params: FormParams,
        body: SubmissionBody,
        response: {
          201: Type.Object({ id: Type.String(), submitted_at: Type.String() }),
          400: problem('Invalid submission (`validation_failed`), every problem listed, or not JSON.'),
          404: problem('No such form, or it is not public (`not_found`).'),
          410: problem('The form no longer accepts answers (`form_closed`).'),
          413: problem('Body over 256 KiB (`payload_too_large`).'),
          415: problem('A body without `Content-Type: application/json`.'),
          429: problem('Too many submissions from this address (`rate_limited`); see `Retry-After`.'),
        },
      },
    },
    async (request, reply) => {
      const { form_id: formId } = request.params
      const found = request.submittedForm
      if (found?.acceptance !== 'accepting') {
        app.ctx.publicForms.refused(found?.acceptance === 'closed' ? 'closed' : 'not_public')
        throw found?.acceptance === 'closed' ? formClosed(formId) : notFound('form', formId)
      }
      try {
        const stored = await app.ctx.publicForms.submit(found.workspaceId, formId, request.body)
        if (!stored) throw notFound('form', formId)
        return reply.code(201).send({ id: stored.item.id, submitted_at: stored.item.submitted_at })
      } catch (error) {
        if (error instanceof NotAcceptingError) {
          throw error.reason === 'closed' ? formClosed(formId) : notFound('form', formId)
        }
        throw error
      }
    },
  )
}
