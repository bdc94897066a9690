import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { type ValidContact, validateContact } from '../../../domain/contacts/validation.js'
import type { FieldError } from '../../../domain/errors.js'
import { conflict, notFound, validationFailed } from '../../../domain/errors.js'
import { workspaceOf } from '../../auth.js'
import { ref } from '../../schemas.js'
import { validatorCompiler } from '../../validation.js'
import {
  ContactInput,
  ContactListBody,
  ContactListSchema,
  ContactParams,
  ListParams,
  StoredContactSchema,
} from './schemas.js'

// Renaming a list and changing one contact (docs/api.md#contact-lists).
export async function contactEditRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['contacts']

  app.patch(
    '/v1/contact-lists/:list_id',
    {
      config: { scope: 'contacts:write' },
      schema: {
        tags,
        operationId: 'renameContactList',
        summary: 'Rename a contact list',
        params: ListParams,
        body: ContactListBody,
        response: { 200: ref(ContactListSchema) },
      },
    },
    async (request) => {
      const { list_id } = request.params
      const list = await app.ctx.contacts.renameList(workspaceOf(request), list_id, request.body.name)
      if (!list) throw notFound('contact list', list_id)
      return list
    },
  )

  app.put(
    '/v1/contacts/:contact_id',
    {
      config: { scope: 'contacts:write' },
      schema: {
        tags,
        operationId: 'replaceContact',
        summary: 'Change a contact’s name, address and data',
        description:
          'The whole contact is sent, by the rules of the bulk add. An address another contact of the ' +
          'same list has is a `409 conflict`.',
        params: ContactParams,
        body: ContactInput,
        response: { 200: ref(StoredContactSchema) },
      },
      // The body is checked by the bulk add's own rules, so the two cannot differ.
      validatorCompiler: (route) => {
        if (route.httpPart !== 'body') return validatorCompiler(route)
        return (body: unknown) => {
          const errors: FieldError[] = []
          const value = validateContact(body, '', errors)
          return value ? { value } : { error: validationFailed(errors) }
        }
      },
    },
    async (request) => {
      const { contact_id } = request.params
      const body = request.body as unknown as ValidContact
      const contact = await app.ctx.contacts.replace(workspaceOf(request), contact_id, body)
      if (contact === undefined) throw notFound('contact', contact_id)
      if (contact === 'taken') throw conflict(`another contact of this list has the address ${body.email}`)
      return contact
    },
  )
}
