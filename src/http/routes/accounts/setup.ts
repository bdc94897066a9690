import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { formatTimestamp } from '../../../clock.js'
import { ApiError } from '../../errors.js'
import { ref, Timestamp } from '../../schemas.js'
import { csrfRefusal } from '../../session-cookie.js'
import { startMemberCookie } from './member-session.js'
import {
  CodeField,
  EmailField,
  MemberSchema,
  NameField,
  NewPasswordField,
  problem,
  RoleSchema,
} from './schemas.js'

// The one-time setup link (docs/api.md#team-sign-in-and-passwords): printed by the first start
// (the owner) and by `canvass member create` (one person, one role); valid 24 hours, used once.

const unknownLink = 'this setup link is unknown, has been used or has expired'

export async function setupRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['session']

  app.get(
    '/v1/setup',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'getSetup',
        summary: 'What a setup link creates: for the setup page',
        description: 'Public: the code is the credential. `404` when it is unknown, used or expired.',
        querystring: Type.Object({ code: CodeField }, { additionalProperties: false }),
        response: {
          200: Type.Object({
            email: Type.Union([EmailField, Type.Null()], {
              description: 'The address the link is for; null: whoever opens it chooses.',
            }),
            role: RoleSchema,
            expires_at: Timestamp,
          }),
          404: problem('Unknown, used or expired (`not_found`).'),
        },
      },
    },
    async (request) => {
      const setup = await app.ctx.accounts.describeSetup(request.query.code)
      if (!setup) throw new ApiError('not_found', unknownLink)
      return { email: setup.email, role: setup.role, expires_at: formatTimestamp(setup.expiresAt) }
    },
  )

  app.post(
    '/v1/setup',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'completeSetup',
        summary: 'Create the member a setup link stands for, and sign it in',
        description:
          'Public: the code is the credential, and it works once (of two requests with it, exactly ' +
          'one succeeds). Answers the new member and sets the session cookie, as signing in does. ' +
          'Must come from this server’s origin with `X-Canvass-CSRF: 1`.',
        body: Type.Object(
          { code: CodeField, email: EmailField, name: NameField, password: NewPasswordField },
          { additionalProperties: false },
        ),
        response: {
          201: ref(MemberSchema),
          400: problem(
            'A field is invalid: the password is too short, too long or too common, or the link is ' +
              'for another e-mail address (`validation_failed`).',
          ),
          403: problem('Not from this server’s origin, or without `X-Canvass-CSRF: 1` (`forbidden`).'),
          404: problem('Unknown, used or expired (`not_found`).'),
          409: problem('A member with this e-mail address exists already (`conflict`).'),
        },
      },
    },
    async (request, reply) => {
      const refusal = csrfRefusal(request)
      if (refusal) throw new ApiError('forbidden', refusal)
      const member = await app.ctx.accounts.completeSetup(request.body)
      const session = await startMemberCookie(fastify, request, reply, member)
      const actor = { type: 'member' as const, id: member.id, name: member.name }
      const target = { type: 'member', id: member.id }
      const address = request.ip ?? null
      await app.ctx.audit.record(
        {
          workspaceId: member.workspaceId,
          actor,
          action: 'member.setup',
          target,
          address,
          details: { role: member.role },
        },
        {
          workspaceId: member.workspaceId,
          actor,
          action: 'session.sign_in',
          target,
          address,
          details: { method: 'setup' },
        },
      )
      return reply.code(201).send(session.member)
    },
  )
}
