import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { notFound } from '../../../domain/errors.js'
import { workspaceOf } from '../../auth.js'
import { boundedMemoryNote, sendPlannedItems } from '../../memory.js'
import { PageQuery, pagingOf } from '../../pagination.js'
import { FormParams, ref } from '../../schemas.js'
import { formBodyValidatorCompiler } from './definition-check.js'
import { FormBody, FormPage, FormSchema } from './schemas.js'

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
        response: { 201: ref(FormSchema) },
      },
      validatorCompiler: formBodyValidatorCompiler,
    },
    async (request, reply) => {
      const form = await app.ctx.forms.create(workspaceOf(request), request.body)
      return reply.code(201).send(form)
    },
  )

  app.get(
    '/v1/forms',
    {
      config: { scope: 'forms:read' },
      schema: {
        tags,
        operationId: 'listForms',
        summary: 'List forms, oldest first',
        description: boundedMemoryNote,
        querystring: Type.Object(PageQuery, { additionalProperties: false }),
        response: { 200: ref(FormPage) },
      },
    },
    async (request, reply) => {
      const page = request.query
      // A definition may be as large as a request body (4 MiB): the page is read and written in batches.
      const planned = await app.ctx.forms.page(workspaceOf(request), pagingOf(page))
      return sendPlannedItems(request, reply, app.listMemory, page, planned, FormSchema)
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
        response: { 200: ref(FormSchema) },
      },
    },
    async (request) => {
      const form = await app.ctx.forms.find(workspaceOf(request), request.params.form_id)
      if (!form) throw notFound('form', request.params.form_id)
      return form
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
          'Question ids given are kept; missing ones are generated. Stored responses are not rewritten.',
        params: FormParams,
        body: FormBody,
        response: { 200: ref(FormSchema) },
      },
      validatorCompiler: formBodyValidatorCompiler,
    },
    async (request) => {
      const form = await app.ctx.forms.replace(workspaceOf(request), request.params.form_id, request.body)
      if (!form) throw notFound('form', request.params.form_id)
      return form
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
