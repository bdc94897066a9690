import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { type Static, Type } from 'typebox'
import { notFound, validationFailed } from '../../../domain/errors.js'
import type { FormView } from '../../../domain/forms/forms.js'
import type { FormInput } from '../../../shared/forms/definition.js'
import { type TranslationGap, translationGaps } from '../../../shared/forms/translations.js'
import { workspaceOf } from '../../auth.js'
import { ApiError } from '../../errors.js'
import { formEtag, ifMatchVersions } from '../../etag.js'
import { boundedMemoryNote, itemSerializer, sendPage } from '../../listings.js'
import { FormParams, ref } from '../../schemas.js'
import { formBodyValidatorCompiler } from './definition-check.js'
import { FormBody, FormListQuery, FormPage, FormSchema, IfMatchHeaders } from './schemas.js'

/** The form, with its version in the response headers (see src/http/etag.ts). */
const formWithEtag = (description: string) =>
  Type.Unsafe<Static<typeof FormSchema>>({
    $ref: 'Form#',
    description,
    headers: {
      ETag: {
        type: 'string',
        description:
          'The version of the form’s definition as last saved; give it as `If-Match` to `PUT` so that a ' +
          'change made since is not overwritten. Responses arriving do not change it.',
      },
    },
  })

/** A single form's answer: with `translation_gaps` when it has several languages. */
function withGaps(form: FormView): FormView & { translation_gaps?: TranslationGap[] } {
  return (form.languages?.length ?? 0) > 1 ? { ...form, translation_gaps: translationGaps(form) } : form
}

// Form definitions (docs/api.md#forms).
export async function formDefinitionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['forms']

  app.post(
    '/v1/forms',
    {
      config: { scope: 'forms:write' },
      schema: {
        tags,
        operationId: 'createForm',
        summary: 'Create a form',
        body: FormBody,
        response: { 201: formWithEtag('The form created.') },
      },
      validatorCompiler: formBodyValidatorCompiler,
    },
    async (request, reply) => {
      refuseLargerUploads(request.body, app.ctx.config.uploadMax)
      const form = await app.ctx.forms.create(workspaceOf(request), request.body)
      return reply.code(201).header('etag', formEtag(form)).send(withGaps(form))
    },
  )

  app.get(
    '/v1/forms',
    {
      config: { scope: 'forms:read' },
      schema: {
        tags,
        operationId: 'listForms',
        summary: 'List forms, oldest first unless sorted newest first; optionally by title',
        description: boundedMemoryNote,
        querystring: FormListQuery,
        response: { 200: ref(FormPage) },
      },
    },
    async (request, reply) => {
      const { sort, title, ...page } = request.query
      const order = { newestFirst: sort === 'created_at,desc', title }
      // A definition may be as large as a request body (4 MiB): the page is read and written in batches.
      const listing = await app.ctx.forms.page(workspaceOf(request), page, app.listMemory, order)
      return sendPage(request, reply, app.listMemory, page, listing, itemSerializer(reply, FormSchema))
    },
  )

  app.get(
    '/v1/forms/:form_id',
    {
      config: { scope: 'forms:read' },
      schema: {
        tags,
        operationId: 'getForm',
        summary: 'Get a form',
        params: FormParams,
        response: { 200: formWithEtag('The form.') },
      },
    },
    async (request, reply) => {
      const form = await app.ctx.forms.find(workspaceOf(request), request.params.form_id)
      if (!form) throw notFound('form', request.params.form_id)
      return reply.header('etag', formEtag(form)).send(withGaps(form))
    },
  )

  app.put(
    '/v1/forms/:form_id',
    {
      config: { scope: 'forms:write' },
      schema: {
        tags,
        operationId: 'replaceForm',
        summary: 'Replace a form’s definition',
        description:
          'Question ids given are kept; missing ones are generated. Stored responses are not rewritten. ' +
          'With `If-Match` (the `ETag` of a `GET`, `POST` or `PUT`), the form is replaced only if it has not ' +
          'been saved since: otherwise `412 precondition_failed`, with the current `ETag`. Without it, the ' +
          'last save wins.',
        params: FormParams,
        headers: IfMatchHeaders,
        body: FormBody,
        response: {
          200: formWithEtag('The form as saved.'),
          412: {
            description: 'The form was saved since the version given in `If-Match` (`precondition_failed`).',
            content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
          },
        },
      },
      validatorCompiler: formBodyValidatorCompiler,
    },
    async (request, reply) => {
      const workspaceId = workspaceOf(request)
      const formId = request.params.form_id
      const expected = ifMatchVersions(request.headers['if-match'])
      refuseLargerUploads(request.body, app.ctx.config.uploadMax)
      const form = await app.ctx.forms.replace(workspaceId, formId, request.body, expected)
      if (!form) throw notFound('form', formId)
      if (form === 'stale') {
        const current = await app.ctx.forms.find(workspaceId, formId)
        if (!current) throw notFound('form', formId)
        const etag = formEtag(current)
        throw new ApiError(
          'precondition_failed',
          `form ${formId} was saved at ${current.updated_at}, after the version given in If-Match; ` +
            `get it again (ETag ${etag}), apply your changes and retry`,
          undefined,
          { etag },
        )
      }
      return reply.header('etag', formEtag(form)).send(withGaps(form))
    },
  )

  app.delete(
    '/v1/forms/:form_id',
    {
      config: { scope: 'forms:write' },
      schema: {
        tags,
        operationId: 'deleteForm',
        summary: 'Delete a form with its responses and webhooks',
        params: FormParams,
        response: { 204: Type.Null({ description: 'Deleted.' }) },
      },
    },
    async (request, reply) => {
      const deleted = await app.ctx.forms.delete(workspaceOf(request), request.params.form_id)
      if (!deleted) throw notFound('form', request.params.form_id)
      return reply.code(204).send(null)
    },
  )
}

/** A file question may not accept more than this server takes (CANVASS_UPLOAD_MAX). */
function refuseLargerUploads(body: FormInput, uploadMax: number): void {
  const errors = body.questions.flatMap((question, index) => {
    const max = (question.properties as Record<string, unknown> | undefined)?.['max_size']
    return question.type === 'file_upload' && typeof max === 'number' && max > uploadMax
      ? [
          {
            path: `/questions/${index}/properties/max_size`,
            message: `must be at most ${uploadMax} bytes, this server's CANVASS_UPLOAD_MAX`,
          },
        ]
      : []
  })
  if (errors.length > 0) throw validationFailed(errors)
}
