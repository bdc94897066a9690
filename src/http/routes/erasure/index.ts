import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { validationFailed } from '../../../domain/errors.js'
import type { Principal } from '../../../domain/principal.js'
import { allScopes, type Scope } from '../../../domain/scopes.js'
import { emailProblem } from '../../../shared/strings.js'
import { unauthorized } from '../../auth.js'
import { ApiError } from '../../errors.js'

// Erasure of an address (docs/api.md#erasure): everything of one person in the workspace, on request.

/** What erasure needs: the audit log's reader and every scope that writes. */
export const erasureScopes: readonly Scope[] = [
  'audit:read',
  ...allScopes.filter((scope) => scope.endsWith(':write')),
]

const EMAIL_BODY_MAX = 320

const ErasureBody = Type.Object(
  {
    email: Type.String({
      minLength: 1,
      maxLength: EMAIL_BODY_MAX,
      description: 'The address to erase; compared trimmed and without case.',
    }),
  },
  { additionalProperties: false },
)

const count = (what: string) => Type.Integer({ minimum: 0, description: `How many ${what} were deleted.` })

const ErasureReceipt = Type.Object(
  {
    contacts: count('contacts (in every list)'),
    responses: count('responses'),
    drafts: count('drafts'),
    mails: count('mails of the outbox'),
  },
  { description: 'The receipt of an erasure.' },
)

/** The caller, when it holds every one of `erasureScopes`; refused naming those it lacks. */
function eraser(request: FastifyRequest): Principal {
  const principal = request.principal
  if (!principal) throw unauthorized()
  const missing = erasureScopes.filter((scope) => !principal.scopes.has(scope))
  if (missing.length > 0) {
    throw new ApiError(
      'forbidden',
      `erasure needs every one of ${erasureScopes.join(', ')}; missing: ${missing.join(', ')}`,
    )
  }
  return principal
}

export async function erasureRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.post(
    '/v1/erasure',
    {
      config: { scope: 'audit:read' },
      // Before the body is read: a caller without every scope learns that first, whatever it sent.
      preValidation: async (request) => {
        eraser(request)
      },
      schema: {
        tags: ['erasure'],
        operationId: 'eraseAddress',
        summary: 'Erase an address from the workspace',
        description: `Deletes, in the caller's workspace, the address's contacts in every list, the responses linked to them through personal links or carrying the address in an \`email\` answer or a hidden field, the drafts holding it, the mails to it (with their attempts), its invitation recipients, and what is derived from them (insights, search text, webhook deliveries). Answers how many contacts, responses, drafts and mails went, and records the erasure in the audit log (action \`erasure\`) with a SHA-256 of the address, never the address. The workspace's unsubscribe entry of the address is kept. Needs \`audit:read\` and every \`:write\` scope: ${erasureScopes.map((scope) => `\`${scope}\``).join(', ')}; a caller lacking any gets 403 naming them.`,
        body: ErasureBody,
        response: { 200: ErasureReceipt },
      },
    },
    async (request) => {
      const { workspaceId, actor } = eraser(request)
      const email = request.body.email.trim()
      const problem = emailProblem(email)
      if (problem) throw validationFailed([{ path: '/email', message: problem }])
      const receipt = await app.ctx.erasure.erase(workspaceId, email)
      await app.ctx.audit.record({
        workspaceId,
        actor,
        action: 'erasure',
        target: { type: 'address', id: null },
        address: request.ip,
        // The receipt alone: a digest of an address is the address to whoever guesses it.
        details: { ...receipt },
      })
      return receipt
    },
  )
}
