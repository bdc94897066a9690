import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { notFound } from '../../../domain/errors.js'
import type { PublicForm } from '../../../domain/forms/public.js'
import { type Acceptance, NotAcceptingError } from '../../../shared/forms/settings.js'
import { ApiError } from '../../errors.js'

// What every /v1/public route shares (docs/api.md#public-api): the body limit, the per-address
// limit, and the answers for a form that does not take answers.

export const PUBLIC_BODY_LIMIT = 256 * 1024

export const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
})

/** 410 `form_closed`: closed now, or not open yet (saying when it opens, when that is known). */
export function formClosed(formId: string, opensAt?: string | null): ApiError {
  return opensAt === undefined
    ? new ApiError('form_closed', `form ${formId} no longer accepts answers`)
    : new ApiError(
        'form_closed',
        opensAt === null
          ? `form ${formId} does not accept answers yet`
          : `form ${formId} does not accept answers before ${opensAt}`,
      )
}

/** What a respondent gets from a form that does not take answers: 404 when it is not public (or unknown), else 410. */
export function refusalOf(
  formId: string,
  acceptance: Acceptance | undefined,
  opensAt?: string | null,
): Error {
  if (acceptance === 'closed') return formClosed(formId)
  if (acceptance === 'not_open') return formClosed(formId, opensAt ?? null)
  return notFound('form', formId)
}

/** The form when it accepts answers now; else the 404 or 410 a respondent gets, counted as refused. */
export function acceptingForm(
  app: FastifyInstance,
  found: PublicForm | undefined,
  formId: string,
): PublicForm {
  if (found?.acceptance === 'accepting') return found
  app.ctx.publicForms.refused(found?.acceptance ?? 'not_public')
  throw refusalOf(formId, found?.acceptance, found?.form.settings.opens_at)
}

/** A refusal met under the form's lock (NotAcceptingError) as a respondent gets it; other errors as they are. */
export function publicRefusal(error: unknown, formId: string): unknown {
  if (!(error instanceof NotAcceptingError)) return error
  return refusalOf(formId, error.reason)
}

/**
 * Counts a submission of the client's address to `formId` (the form is kept as
 * request.submittedForm); throws 429 once the address is over CANVASS_PUBLIC_RATE_LIMIT.
 */
export async function limitPublicSubmission(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  formId: string,
): Promise<void> {
  const verdict = await app.countPublicSubmission(request, formId)
  if (!verdict.exceeded) return
  app.ctx.publicForms.refused('rate_limited')
  reply.header('retry-after', String(verdict.retryAfter))
  throw new ApiError(
    'rate_limited',
    `too many submissions from this address; retry in ${verdict.retryAfter} s`,
  )
}

/** OPTIONS preflights of public paths: any origin, these methods, a JSON body. */
export function preflights(app: FastifyInstance, methods: Record<string, string>): void {
  for (const [url, allowed] of Object.entries(methods)) {
    app.options(url, { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
      reply
        .code(204)
        .header('access-control-allow-methods', allowed)
        .header('access-control-allow-headers', 'Content-Type')
        .header('access-control-max-age', '600')
        .send(),
    )
  }
}
