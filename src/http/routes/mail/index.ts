import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { notFound } from '../../../domain/errors.js'
import { workspaceOf } from '../../auth.js'
import { itemSerializer, sendPage } from '../../listings.js'
import { NoQuery, ref } from '../../schemas.js'
import { MailDetailSchema, MailPage, MailParams, MailQuery, MailSchema } from './schemas.js'

// The mail outbox of a workspace (docs/api.md#mail): what Canvass sent, holds or retries.
export async function mailRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['outbox']

  app.get(
    '/v1/mail',
    {
      config: { scope: 'invitations:read' },
      schema: {
        tags,
        operationId: 'listMail',
        summary: 'List the outbox, newest first',
        description:
          'Every mail of the workspace: held (no SMTP configured), queued, sent, failed or bounced. Filter with `status` and `kind`.',
        querystring: MailQuery,
        response: { 200: ref(MailPage) },
      },
    },
    async (request, reply) => {
      const { page, page_size, status, kind } = request.query
      const listing = await app.ctx.mail.page(
        workspaceOf(request),
        { page, page_size },
        { status, kind },
        app.listMemory,
      )
      return sendPage(
        request,
        reply,
        app.listMemory,
        { page, page_size },
        listing,
        itemSerializer(reply, MailSchema),
      )
    },
  )

  app.get(
    '/v1/mail/:mail_id',
    {
      config: { scope: 'invitations:read' },
      schema: {
        tags,
        operationId: 'getMail',
        summary: 'Get a mail with its text, HTML and every attempt',
        params: MailParams,
        querystring: NoQuery,
        response: { 200: ref(MailDetailSchema) },
      },
    },
    async (request) => {
      const mail = await app.ctx.mail.find(workspaceOf(request), request.params.mail_id)
      if (!mail) throw notFound('mail', request.params.mail_id)
      return mail
    },
  )
}
