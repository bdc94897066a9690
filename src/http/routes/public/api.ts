import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { notFound } from '../../../domain/errors.js'
import { publicFormView } from '../../../domain/forms/public.js'
import { FormParams } from '../../schemas.js'
import { passMultipart, receiveUpload, UploadedFileSchema, UploadQuery } from '../files/receive.js'
import { FormSchema, SubmissionBody } from '../forms/schemas.js'
import { PublicSettingsSchema } from '../forms/settings-schemas.js'
import {
  acceptingForm,
  limitPublicSubmission,
  PUBLIC_BODY_LIMIT,
  preflights,
  problem,
  publicRefusal,
  refusalOf,
} from './common.js'
import { publicDraftRoutes } from './drafts.js'

// docs/api.md#public-api: the JSON endpoints for respondents' own front-ends. No token; any origin may call
// them (CORS), and only them: no other /v1 path answers CORS.

const PublicFormSchema = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    questions: FormSchema.properties.questions,
    hidden: Type.Array(Type.String()),
    settings: PublicSettingsSchema,
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

  preflights(app, {
    '/v1/public/forms/:form_id': 'GET, POST',
    '/v1/public/forms/:form_id/responses': 'GET, POST',
    '/v1/public/forms/:form_id/files': 'POST',
  })
  passMultipart(app)
  // Inside this plugin, so the drafts' answers carry the same CORS header.
  await app.register(publicDraftRoutes)

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
          410: problem(
            'The form is public but does not accept answers now (`form_closed`): it has closed, or it opens later (`settings.opens_at`, named in `detail`).',
          ),
        },
      },
    },
    async (request) => {
      const found = await app.ctx.publicForms.find(request.params.form_id)
      if (found?.acceptance !== 'accepting')
        throw refusalOf(request.params.form_id, found?.acceptance, found?.form.settings.opens_at)
      return publicFormView(found.form)
    },
  )

  app.post(
    '/v1/public/forms/:form_id/responses',
    {
      config: { public: true },
      bodyLimit: PUBLIC_BODY_LIMIT,
      onRequest: (request, reply) => limitPublicSubmission(app, request, reply, request.params.form_id),
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
          410: problem(
            'The form does not accept answers now (`form_closed`): it has closed, or opens later.',
          ),
          413: problem('Body over 256 KiB (`payload_too_large`).'),
          415: problem('A body without `Content-Type: application/json`.'),
          429: problem('Too many submissions from this address (`rate_limited`); see `Retry-After`.'),
        },
      },
    },
    async (request, reply) => {
      const { form_id: formId } = request.params
      const found = acceptingForm(app, request.submittedForm, formId)
      try {
        const stored = await app.ctx.publicForms.submit(found.workspaceId, formId, request.body)
        if (!stored) throw notFound('form', formId)
        return reply.code(201).send({ id: stored.item.id, submitted_at: stored.item.submitted_at })
      } catch (error) {
        throw publicRefusal(error, formId)
      }
    },
  )

  app.post(
    '/v1/public/forms/:form_id/files',
    {
      config: { public: true },
      onRequest: (request, reply) => limitPublicSubmission(app, request, reply, request.params.form_id),
      schema: {
        tags,
        operationId: 'uploadPublicFile',
        summary: 'Upload a file that answers a file_upload question of a public form',
        description:
          "No token; counted with the submissions of the client address to the form. A multipart/form-data body whose part `file` is the file, streamed to disk: refused (`413`, the connection closed) once it passes the question's `max_size`, and (`415`) when its bytes are not of a type in `properties.types`. The submission then names it by `id`. Answers CORS from any origin.",
        security: [],
        params: FormParams,
        querystring: UploadQuery,
        response: {
          201: UploadedFileSchema,
          400: problem(
            'Not a file_upload question, no part `file`, an empty file, or not multipart (`validation_failed`).',
          ),
          404: problem('No such form, or it is not public (`not_found`).'),
          410: problem('The form does not accept answers now (`form_closed`).'),
          413: problem("The file is over the question's `max_size` (`payload_too_large`)."),
          415: problem(
            'Not multipart/form-data, or a file of a type the question does not accept (`unsupported_media_type`).',
          ),
          429: problem('Too many submissions from this address (`rate_limited`); see `Retry-After`.'),
        },
      },
    },
    async (request, reply) => {
      const found = acceptingForm(app, request.submittedForm, request.params.form_id)
      return reply
        .code(201)
        .send(await receiveUpload(app, request, found.form, request.query.question, 'outside'))
    },
  )
}
