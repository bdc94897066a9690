import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { notFound } from '../../../domain/errors.js'
import { workspaceOf } from '../../auth.js'
import { ApiError } from '../../errors.js'
import { boundedMemoryNote, itemSerializer, sendPage } from '../../listings.js'
import { PageQuery, pageResult } from '../../pagination.js'
import { ref } from '../../schemas.js'
import {
  ContactDetailSchema,
  ContactListBody,
  ContactListPage,
  ContactListSchema,
  ContactPage,
  ContactParams,
  ListParams,
  StoredContactSchema,
} from './schemas.js'

// Contact lists and single contacts (docs/api.md#contact-lists).
export async function contactListRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['contacts']
  const Deleted = Type.Null({ description: 'Deleted.' })

  app.post(
    '/v1/contact-lists',
    {
      config: { scope: 'contacts:write' },
      schema: {
        tags,
        operationId: 'createContactList',
        summary: 'Create a contact list',
        body: ContactListBody,
        response: { 201: ref(ContactListSchema) },
      },
    },
    async (request, reply) => {
      const list = await app.ctx.contacts.createList(workspaceOf(request), request.body.name)
      return reply.code(201).send(list)
    },
  )

  app.get(
    '/v1/contact-lists',
    {
      config: { scope: 'contacts:read' },
      schema: {
        tags,
        operationId: 'listContactLists',
        summary: 'List contact lists, oldest first',
        querystring: Type.Object(PageQuery, { additionalProperties: false }),
        response: { 200: ref(ContactListPage) },
      },
    },
    async (request, reply) => {
      const page = request.query
      const lists = await app.ctx.contacts.lists(workspaceOf(request), page)
      return pageResult(request, reply, page, lists)
    },
  )

  app.get(
    '/v1/contact-lists/:list_id',
    {
      config: { scope: 'contacts:read' },
      schema: {
        tags,
        operationId: 'getContactList',
        summary: 'Get a contact list',
        params: ListParams,
        response: { 200: ref(ContactListSchema) },
      },
    },
    async (request) => {
      const list = await app.ctx.contacts.findList(workspaceOf(request), request.params.list_id)
      if (!list) throw notFound('contact list', request.params.list_id)
      return list
    },
  )

  app.delete(
    '/v1/contact-lists/:list_id',
    {
      config: { scope: 'contacts:write' },
      schema: {
        tags,
        operationId: 'deleteContactList',
        summary: 'Delete a contact list with its contacts',
        params: ListParams,
        response: { 204: Deleted },
      },
    },
    async (request, reply) => {
      const deleted = await app.ctx.contacts.deleteList(workspaceOf(request), request.params.list_id)
      if (!deleted) throw notFound('contact list', request.params.list_id)
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/v1/contact-lists/:list_id/contacts',
    {
      config: { scope: 'contacts:read' },
      schema: {
        tags,
        operationId: 'listContacts',
        summary: 'List the contacts of a list, oldest first',
        description: boundedMemoryNote,
        params: ListParams,
        querystring: Type.Object(PageQuery, { additionalProperties: false }),
        response: { 200: ref(ContactPage) },
      },
    },
    async (request, reply) => {
      const { list_id } = request.params
      const page = request.query
      // Contacts may carry up to ~200 KB of data each: the page is read and written in batches.
      const listing = await app.ctx.contacts.contactsOfList(
        workspaceOf(request),
        list_id,
        page,
        app.listMemory,
      )
      if (!listing) throw notFound('contact list', list_id)
      return sendPage(
        request,
        reply,
        app.listMemory,
        page,
        listing,
        itemSerializer(reply, StoredContactSchema),
      )
    },
  )

  app.get(
    '/v1/contacts/:contact_id',
    {
      config: { scope: 'contacts:read' },
      schema: {
        tags,
        operationId: 'getContact',
        summary: 'Get a contact, with its responses',
        description:
          'The contact and the responses it gave through personal links (`/i/{token}`), newest first.',
        params: ContactParams,
        response: { 200: ref(ContactDetailSchema) },
      },
    },
    async (request) => {
      refuseBulkPath(request.params.contact_id)
      const contact = await app.ctx.contacts.findWithResponses(
        workspaceOf(request),
        request.params.contact_id,
      )
      if (!contact) throw notFound('contact', request.params.contact_id)
      return contact
    },
  )

  app.delete(
    '/v1/contacts/:contact_id',
    {
      config: { scope: 'contacts:write' },
      schema: {
        tags,
        operationId: 'deleteContact',
        summary: 'Delete a contact',
        description: 'Removes the person’s data, including stored idempotent answers that carried it.',
        params: ContactParams,
        response: { 204: Deleted },
      },
    },
    async (request, reply) => {
      refuseBulkPath(request.params.contact_id)
      const deleted = await app.ctx.contacts.delete(workspaceOf(request), request.params.contact_id)
      if (!deleted) throw notFound('contact', request.params.contact_id)
      return reply.code(204).send(null)
    },
  )
}

/** `/v1/contacts/bulk` is the bulk add, not a contact: other methods there are a 405, not a 404. */
function refuseBulkPath(contactId: string): void {
  if (contactId === 'bulk') {
    throw new ApiError('method_not_allowed', 'only POST is allowed on /v1/contacts/bulk', undefined, {
      allow: 'POST',
    })
  }
}
