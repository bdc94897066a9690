import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import {
  createForm,
  deleteForm,
  type FormView,
  findForm,
  loadForms,
  planForms,
  replaceForm,
} from '../../../domain/forms/forms.js'
import { workspaceOf } from '../../auth.js'
import { notFound } from '../../errors.js'
import { boundedMemoryNote, pageItemSerializer, sendPlannedPage } from '../../memory.js'
import { PagedList, PageQuery, pageOffset } from '../../pagination.js'
import { FormBody, FormParams, FormSchema } from './schemas.js'

// CONTRACT 2: form definitions.
export async function formDefinitionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['forms']

  app.post(
    '/v1/forms',
    {
      config: { scope: 'forms:write' },
      schema: {
        tags,
        summary: 'Create a form',
        body: FormBody,
        response: { 201: FormSchema },
      },
    },
    async (request, reply) => {
      const form = await createForm(app.database.db, workspaceOf(request), request.body)
      return reply.code(201).send(form)
    },
  )

  app.get(
    '/v1/forms',
    {
      config: { scope: 'forms:read' },
      schema: {
        tags,
        summary: 'List forms, oldest first',
        description: boundedMemoryNote,
        querystring: Type.Object(PageQuery, { additionalProperties: false }),
        response: { 200: PagedList(FormSchema) },
      },
    },
    async (request, reply) => {
      const page = request.query
      // A definition may be as large as a request body (4 MiB): the page is read and written in batches.
      const db = app.database.db
      const workspaceId = workspaceOf(request)
      const plan = await planForms(db, workspaceId, { offset: pageOffset(page), limit: page.page_size + 1 })
      return sendPlannedPage(
        request,
        reply,
        app.listMemory,
        page,
        plan,
        (ids) => loadForms(db, workspaceId, ids),
        pageItemSerializer<FormView>(reply, FormSchema),
      )
    },
  )

  app.get(
    '/v1/forms/:form_id',
    {
      config: { scope: 'forms:read' },
      schema: { tags, summary: 'Get a form', params: FormParams, response: { 200: FormSchema } },
    },
    async (request) => {
      const form = await findForm(app.database.db, workspaceOf(request), request.params.form_id)
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
        summary: 'Replace a form’s definition',
        description:
          'Question ids given are kept; missing ones are generated. Stored responses are not rewritten.',
        params: FormParams,
        body: FormBody,
        response: { 200: FormSchema },
      },
    },
    async (request) => {
      const form = await replaceForm(app.database, workspaceOf(request), request.params.form_id, request.body)
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
        summary: 'Delete a form with its responses and webhooks',
        params: FormParams,
        response: { 204: Type.Null({ description: 'Deleted.' }) },
      },
    },
    async (request, reply) => {
      const deleted = await deleteForm(app.database, workspaceOf(request), request.params.form_id)
      if (!deleted) throw notFound('form', request.params.form_id)
      return reply.code(204).send(null)
    },
  )
}
