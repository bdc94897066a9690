import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { ApiError } from '../../errors.js'
import { NoQuery } from '../../schemas.js'
import { clearSessionCookie, csrfRefusal } from '../../session-cookie.js'
import { CodeField, EmailField, NewPasswordField, problem } from './schemas.js'

// Password reset by mail (docs/api.md#team-sign-in-and-passwords). The request is answered before
// anything is looked up, so the answer and its time are the same for every address; the mail is
// queued after (a `member` mail of the outbox, a link valid one hour and used once).

export async function passwordResetRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['session']

  app.post(
    '/v1/password-reset',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'requestPasswordReset',
        summary: 'Mail a password reset link to a member',
        description:
          'Public. Always `202`, at once, whether or not the address is a member’s; a member gets a ' +
          'mail with `/app/reset?code=...`, valid one hour, used once. Counts against the same limits ' +
          'as a password sign-in (`CANVASS_SIGN_IN_ACCOUNT_LIMIT` per e-mail address, ' +
          '`CANVASS_SIGN_IN_ADDRESS_LIMIT` per client address). Must come from this server’s origin ' +
          'with `X-Canvass-CSRF: 1`.',
        querystring: NoQuery,
        body: Type.Object({ email: EmailField }, { additionalProperties: false }),
        response: {
          202: Type.Null({ description: 'Taken: a member of this address gets the mail.' }),
          403: problem('Not from this server’s origin, or without `X-Canvass-CSRF: 1` (`forbidden`).'),
          429: problem('Too many attempts for this address or from this client (`rate_limited`).'),
        },
      },
    },
    async (request, reply) => {
      const refusal = csrfRefusal(request)
      if (refusal) throw new ApiError('forbidden', refusal)
      const { email } = request.body
      await app.limitPasswordAttempt(request, email)
      const address = request.ip ?? null
      // Not awaited: a member's answer would otherwise take longer than a stranger's.
      void app.ctx.accounts
        .requestReset(email)
        .then(async (asked) => {
          if (!asked) return
          const target = { type: 'member', id: asked.memberId }
          await app.ctx.audit.record({
            workspaceId: asked.workspaceId,
            action: 'member.password_reset_requested',
            target,
            address,
          })
        })
        .catch((error: unknown) => request.log.error({ err: error }, 'password reset mail not queued'))
      return reply.code(202).send(null)
    },
  )

  app.post(
    '/v1/password-reset/confirm',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'confirmPasswordReset',
        summary: 'Set a new password with the code of a reset link',
        description:
          'Public: the code is the credential, and it works once. Every session of the member ends ' +
          '(sign in again with the new password). Must come from this server’s origin with ' +
          '`X-Canvass-CSRF: 1`.',
        querystring: NoQuery,
        body: Type.Object({ code: CodeField, password: NewPasswordField }, { additionalProperties: false }),
        response: {
          204: Type.Null({ description: 'The password is set; every session of the member has ended.' }),
          400: problem('The password is too short, too long or too common (`validation_failed`).'),
          403: problem('Not from this server’s origin, or without `X-Canvass-CSRF: 1` (`forbidden`).'),
          404: problem('The link is unknown, used or expired (`not_found`).'),
        },
      },
    },
    async (request, reply) => {
      const refusal = csrfRefusal(request)
      if (refusal) throw new ApiError('forbidden', refusal)
      const member = await app.ctx.accounts.confirmReset(request.body)
      fastify.forgetMember(member.id)
      await app.ctx.audit.record({
        workspaceId: member.workspaceId,
        actor: { type: 'member', id: member.id, name: member.name },
        action: 'member.password_reset',
        target: { type: 'member', id: member.id },
        address: request.ip ?? null,
      })
      clearSessionCookie(request, reply)
      return reply.code(204).send(null)
    },
  )
}
