import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { notFound } from '../../../domain/errors.js'
import { workspaceOf } from '../../auth.js'
import { boundedMemoryNote, sendExport } from '../../listings.js'
import { PageQuery, pageResult } from '../../pagination.js'
import { FormParams, NoQuery, ref } from '../../schemas.js'
import { noBody } from '../../validation.js'
import {
  InvitationBody,
  InvitationPage,
  InvitationParams,
  InvitationSchema,
  RecipientPage,
  RecipientQuery,
} from './schemas.js'

// Invitations of a contact list to a form, their recipients and recipients.csv (docs/api.md#invitations).
export async function invitationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['invitations']
  const invitations = app.ctx.invitations
  const conflictAnswer = {
    description:
      'Mail is configured (`CANVASS_SMTP_URL`) but `CANVASS_PUBLIC_URL` is not: the links would point at this server’s own address (`conflict`).',
    content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
  }

  app.post(
    '/v1/forms/:form_id/invitations',
    {
      config: { scope: 'invitations:write' },
      schema: {
        tags,
        operationId: 'createInvitation',
        summary: 'Invite a contact list to a form',
        description:
          'One recipient with a personal link per contact on the list now, and one invitation mail each, due at `send_at`. ' +
          'A contact that already holds a link to this form is skipped; an address unsubscribed from the workspace becomes an `unsubscribed` recipient and gets no mail. ' +
          'Without `CANVASS_SMTP_URL` the mails are kept as `held` (`GET /v1/mail`) and the links work all the same.',
        params: FormParams,
        querystring: NoQuery,
        body: InvitationBody,
        response: { 201: ref(InvitationSchema), 409: conflictAnswer },
      },
    },
    async (request, reply) => {
      const { form_id } = request.params
      const invitation = await invitations.create(workspaceOf(request), form_id, request.body)
      if (!invitation) throw notFound('form', form_id)
      return reply.code(201).send(invitation)
    },
  )

  app.get(
    '/v1/forms/:form_id/invitations',
    {
      config: { scope: 'invitations:read' },
      schema: {
        tags,
        operationId: 'listInvitations',
        summary: 'List the invitations of a form, newest first',
        params: FormParams,
        querystring: Type.Object(PageQuery, { additionalProperties: false }),
        response: { 200: ref(InvitationPage) },
      },
    },
    async (request, reply) => {
      const page = request.query
      const rows = await invitations.list(workspaceOf(request), request.params.form_id, page)
      if (!rows) throw notFound('form', request.params.form_id)
      return pageResult(request, reply, page, rows)
    },
  )

  app.get(
    '/v1/forms/:form_id/invitations/:invitation_id',
    {
      config: { scope: 'invitations:read' },
      schema: {
        tags,
        operationId: 'getInvitation',
        summary: 'Get an invitation with its counts',
        params: InvitationParams,
        querystring: NoQuery,
        response: { 200: ref(InvitationSchema) },
      },
    },
    async (request) => {
      const { form_id, invitation_id } = request.params
      const invitation = await invitations.find(workspaceOf(request), form_id, invitation_id)
      if (!invitation) throw notFound('invitation', invitation_id)
      return invitation
    },
  )

  app.post(
    '/v1/forms/:form_id/invitations/:invitation_id/cancel',
    {
      preValidation: noBody,
      config: { scope: 'invitations:write' },
      schema: {
        tags,
        operationId: 'cancelInvitation',
        summary: 'Cancel an invitation',
        description:
          'Its mails not sent yet (queued or held) are never sent: they show in `GET /v1/mail` as `failed` with the error `cancelled`, ' +
          'recipients still waiting for theirs become `failed`, and no reminder follows. Links already sent keep working. ' +
          'Cancelling again answers the invitation as it is.',
        params: InvitationParams,
        querystring: NoQuery,
        response: { 200: ref(InvitationSchema) },
      },
    },
    async (request) => {
      const { form_id, invitation_id } = request.params
      const invitation = await invitations.cancel(workspaceOf(request), form_id, invitation_id)
      if (!invitation) throw notFound('invitation', invitation_id)
      return invitation
    },
  )

  app.get(
    '/v1/forms/:form_id/invitations/:invitation_id/recipients',
    {
      config: { scope: 'invitations:read' },
      schema: {
        tags,
        operationId: 'listInvitationRecipients',
        summary: 'List the recipients of an invitation, by address',
        params: InvitationParams,
        querystring: RecipientQuery,
        response: { 200: ref(RecipientPage) },
      },
    },
    async (request, reply) => {
      const { form_id, invitation_id } = request.params
      const { status, ...page } = request.query
      const rows = await invitations.recipients(workspaceOf(request), form_id, invitation_id, page, status)
      if (!rows) throw notFound('invitation', invitation_id)
      return pageResult(request, reply, page, rows)
    },
  )

  app.get(
    '/v1/forms/:form_id/invitations/:invitation_id/recipients.csv',
    {
      config: { scope: 'invitations:read' },
      schema: {
        tags,
        operationId: 'exportInvitationRecipients',
        summary: 'The personal links as CSV, to send from elsewhere',
        description:
          '`email,name,link`, one line a recipient by address, beginning with a UTF-8 byte order mark; unsubscribed recipients are left out. ' +
          "A cell a spreadsheet would read as a formula gets a leading `'`. " +
          boundedMemoryNote,
        params: InvitationParams,
        querystring: NoQuery,
        response: {
          200: {
            description: 'The recipients, streamed.',
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const { form_id, invitation_id } = request.params
      const budget = app.listMemory
      const csv = await invitations.recipientsCsv(workspaceOf(request), form_id, invitation_id, budget)
      if (!csv) throw notFound('invitation', invitation_id)
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="recipients-${invitation_id}.csv"`)
      return sendExport(request, reply, budget, csv.listing, { head: csv.head, line: (item) => [item] })
    },
  )
}
