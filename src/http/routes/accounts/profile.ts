import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { ApiError } from '../../errors.js'
import { NoQuery, ref } from '../../schemas.js'
import { startMemberCookie } from './member-session.js'
import { MemberSchema, memberJson, NameField, NewPasswordField, PasswordField, problem } from './schemas.js'

// The signed-in member's own profile (docs/api.md#team-sign-in-and-passwords): its name and its
// password. Only a member's session has one: a token, even one a member made, gets 403.

const notAMember = problem('The caller is a token, not a signed-in member (`forbidden`).')

function memberOf(request: FastifyRequest): { id: string; email: string } {
  const principal = request.principal
  if (principal?.actor.type !== 'member' || !principal.member) {
    throw new ApiError(
      'forbidden',
      'only a member signed in to the dashboard has a profile; a token has none',
    )
  }
  return principal.member
}

export async function profileRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['session']

  const found = async (id: string) => {
    const member = await app.ctx.accounts.find(id)
    // Removed since its session was looked up (within the caches' 2 s).
    if (!member) throw new ApiError('unauthorized', 'this member no longer exists')
    return member
  }

  app.get(
    '/v1/profile',
    {
      config: { signedIn: true },
      schema: {
        tags,
        operationId: 'getProfile',
        summary: 'The signed-in member',
        description: 'Needs a member’s session (no scope); a token gets `403`.',
        querystring: NoQuery,
        response: { 200: ref(MemberSchema), 403: notAMember },
      },
    },
    async (request) => memberJson(await found(memberOf(request).id)),
  )

  app.patch(
    '/v1/profile',
    {
      config: { signedIn: true },
      schema: {
        tags,
        operationId: 'updateProfile',
        summary: 'Change the signed-in member’s name',
        description: 'Needs a member’s session (no scope); a token gets `403`.',
        querystring: NoQuery,
        body: Type.Object({ name: NameField }, { additionalProperties: false }),
        response: {
          200: ref(MemberSchema),
          400: problem('The name is empty or too long (`validation_failed`).'),
          403: notAMember,
        },
      },
    },
    async (request) => {
      const { id } = memberOf(request)
      await app.ctx.accounts.rename(id, request.body.name)
      return memberJson(await found(id))
    },
  )

  app.put(
    '/v1/profile/password',
    {
      config: { signedIn: true },
      schema: {
        tags,
        operationId: 'changePassword',
        summary: 'Change the signed-in member’s password',
        description:
          'Needs a member’s session (no scope) and the current password; a token gets `403`. Every ' +
          'other session of the member ends at once; this one gets a fresh session cookie. Counts ' +
          'against `CANVASS_SIGN_IN_ACCOUNT_LIMIT` like a password sign-in.',
        querystring: NoQuery,
        body: Type.Object(
          { current_password: PasswordField, password: NewPasswordField },
          { additionalProperties: false },
        ),
        response: {
          204: Type.Null({ description: 'Changed; the answer sets a new session cookie.' }),
          400: problem(
            'The current password is wrong, or the new one too short, too long or too common (`validation_failed`).',
          ),
          403: notAMember,
          429: problem('Too many attempts for this member or from this address (`rate_limited`).'),
        },
      },
    },
    async (request, reply) => {
      const { id, email } = memberOf(request)
      await app.limitPasswordAttempt(request, email)
      const { current_password: currentPassword, password } = request.body
      await app.ctx.accounts.changePassword(id, { currentPassword, password })
      fastify.forgetMember(id)
      const member = await found(id)
      await startMemberCookie(fastify, request, reply, member)
      await app.ctx.audit.record({
        workspaceId: member.workspaceId,
        actor: { type: 'member', id: member.id, name: member.name },
        action: 'member.password_change',
        target: { type: 'member', id: member.id },
        address: request.ip ?? null,
      })
      return reply.code(204).send(null)
    },
  )
}
