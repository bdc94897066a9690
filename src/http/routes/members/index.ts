import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { DomainError } from '../../../domain/errors.js'
import type { Principal } from '../../../domain/principal.js'
import { teamService } from '../../../domain/team/service.js'
import { unauthorized } from '../../auth.js'
import { ApiError } from '../../errors.js'
import { itemSerializer, sendPage } from '../../listings.js'
import { NoQuery, ref } from '../../schemas.js'
import { csrfRefusal, setSessionCookie } from '../../session-cookie.js'
import { endCarriedSession } from '../accounts/member-session.js'
import {
  AcceptBody,
  CodeQuery,
  InvitationBody,
  InvitationOfferSchema,
  ListQuery,
  MemberInvitationPage,
  MemberInvitationParams,
  MemberInvitationSchema,
  MemberPage,
  MemberParams,
  MemberSchema,
  RoleBody,
} from './schemas.js'

// The team (docs/api.md#team-members-invitations-and-tokens): members listed, their role changed,
// removed; invitations by mail, and accepting one, which signs the new member in.

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
})

const ownership = problem(
  'Only an owner makes, demotes or removes an owner, or invites or withdraws an owner’s invitation (`forbidden`).',
)

function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized()
  return request.principal
}

export async function memberRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['team']
  const team = teamService(app.ctx)
  const lifetimeSeconds = app.ctx.config.sessionHours * 3600

  app.get(
    '/v1/members',
    {
      config: { scope: 'members:read' },
      schema: {
        tags,
        operationId: 'listMembers',
        summary: 'List the members of the workspace, in the order they joined',
        querystring: ListQuery,
        response: { 200: ref(MemberPage) },
      },
    },
    async (request, reply) => {
      const page = { page: request.query.page, page_size: request.query.page_size }
      const listing = await team.members(principalOf(request), page, app.listMemory)
      return sendPage(request, reply, app.listMemory, page, listing, itemSerializer(reply, MemberSchema))
    },
  )

  app.patch(
    '/v1/members/:member_id',
    {
      config: { scope: 'members:write' },
      schema: {
        tags,
        operationId: 'updateMember',
        summary: 'Change the role of a member',
        description:
          'Takes effect on its sessions and tokens within seconds. The last owner cannot be demoted (`409`).',
        params: MemberParams,
        querystring: NoQuery,
        body: RoleBody,
        response: {
          200: ref(MemberSchema),
          403: ownership,
          409: problem('This would leave the workspace without an owner (`conflict`).'),
        },
      },
    },
    async (request) => {
      const member = await team.changeRole(principalOf(request), request.params.member_id, request.body.role)
      // Its sessions and tokens act with the new role at once here, within seconds elsewhere.
      app.forgetMember(member.id)
      return member
    },
  )

  app.delete(
    '/v1/members/:member_id',
    {
      config: { scope: 'members:write' },
      schema: {
        tags,
        operationId: 'deleteMember',
        summary: 'Remove a member: its sessions end and its tokens stop working',
        description:
          'At once on this process, within seconds on every other. The last owner cannot be removed (`409`).',
        params: MemberParams,
        querystring: NoQuery,
        response: {
          204: Type.Null({ description: 'Removed.' }),
          403: ownership,
          409: problem('This would leave the workspace without an owner (`conflict`).'),
        },
      },
    },
    async (request, reply) => {
      const removed = await team.remove(principalOf(request), request.params.member_id)
      // Already ended with the member; said again through the service every sign-out goes through.
      await app.ctx.sessions.endMember(removed.id)
      app.forgetMember(removed.id)
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/v1/members/invitations',
    {
      config: { scope: 'members:write' },
      schema: {
        tags,
        operationId: 'inviteMember',
        summary: 'Invite someone to the team by mail',
        description:
          'Mails a link to `/app/accept?code=…`, valid 7 days and once, through the outbox. A pending ' +
          'invitation of the same address is replaced (its link stops working).',
        querystring: NoQuery,
        body: InvitationBody,
        response: {
          201: ref(MemberInvitationSchema),
          403: ownership,
          409: problem(
            'The address is a member already, or mail cannot be sent with links people can open (`conflict`).',
          ),
        },
      },
    },
    async (request, reply) => reply.code(201).send(await team.invite(principalOf(request), request.body)),
  )

  app.get(
    '/v1/members/invitations',
    {
      config: { scope: 'members:read' },
      schema: {
        tags,
        operationId: 'listMemberInvitations',
        summary: 'List the pending invitations to the team, newest first',
        querystring: ListQuery,
        response: { 200: ref(MemberInvitationPage) },
      },
    },
    async (request, reply) => {
      const page = { page: request.query.page, page_size: request.query.page_size }
      const listing = await team.invitations(principalOf(request), page, app.listMemory)
      const write = itemSerializer(reply, MemberInvitationSchema)
      return sendPage(request, reply, app.listMemory, page, listing, write)
    },
  )

  app.delete(
    '/v1/members/invitations/:member_invitation_id',
    {
      config: { scope: 'members:write' },
      schema: {
        tags,
        operationId: 'deleteMemberInvitation',
        summary: 'Withdraw a pending invitation: its link stops working',
        params: MemberInvitationParams,
        querystring: NoQuery,
        response: { 204: Type.Null({ description: 'Withdrawn.' }), 403: ownership },
      },
    },
    async (request, reply) => {
      await team.withdraw(principalOf(request), request.params.member_invitation_id)
      return reply.code(204).send(null)
    },
  )

  /** An unknown code counts as a failed authentication of the client (it is a credential). */
  async function withCode<T>(request: FastifyRequest, run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'not_found')
        await app.limitFailedAuthentication(request)
      throw error
    }
  }

  app.get(
    '/v1/members/accept',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'getMemberInvitationOffer',
        summary: 'What an invitation link offers, for the accept page',
        description: 'No token needed: the code is the credential.',
        querystring: CodeQuery,
        response: {
          200: InvitationOfferSchema,
          404: problem('The code is unknown, used, withdrawn or expired (`not_found`).'),
          429: problem('Too many failed attempts from this address (`rate_limited`).'),
        },
      },
    },
    async (request) => withCode(request, () => team.offer(request.query.code)),
  )

  app.post(
    '/v1/members/accept',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'acceptMemberInvitation',
        summary: 'Accept an invitation: join the team and sign in',
        description:
          'Creates the member with the name and password chosen and sets the session cookie, as signing in ' +
          'does (`POST /v1/session`). Must come from this server’s own origin with `X-Canvass-CSRF: 1`. ' +
          'A code works once, even when two accepts race.',
        querystring: NoQuery,
        body: AcceptBody,
        response: {
          201: ref(MemberSchema),
          403: problem('Not from this server’s origin, or without `X-Canvass-CSRF: 1` (`forbidden`).'),
          404: problem('The code is unknown, used, withdrawn or expired (`not_found`).'),
          409: problem('The address became a member meanwhile (`conflict`).'),
          429: problem('Too many failed attempts from this address (`rate_limited`).'),
        },
      },
    },
    async (request, reply) => {
      const refusal = csrfRefusal(request)
      if (refusal) throw new ApiError('forbidden', refusal)
      const { member, workspaceId } = await withCode(request, () => team.accept(request.body))
      await endCarriedSession(fastify, request)
      const session = await app.ctx.sessions.startMember(member.id, lifetimeSeconds * 1_000_000)
      await app.ctx.audit.record({
        workspaceId,
        actor: { type: 'member', id: member.id, name: member.name },
        action: 'member.join',
        target: { type: 'member', id: member.id },
        address: request.ip,
        details: { role: member.role },
      })
      setSessionCookie(request, reply, session.secret, lifetimeSeconds)
      return reply.code(201).send(member)
    },
  )
}
