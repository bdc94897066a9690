import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { VNode } from 'preact'
import { Type } from 'typebox'
import { publicBaseUrl } from '../../../config.js'
import type { FormView } from '../../../domain/forms/forms.js'
import type { PublicForm } from '../../../domain/forms/public.js'
import type { Translate } from '../../../shared/i18n/locales.js'
import { isPaged } from '../../../shared/pages/flow-view.js'
import { SaidPage } from '../../../shared/pages/layout.js'
import { emailProblem } from '../../../shared/strings.js'
import { pageLanguageOf } from '../../pages/language.js'
import { notFoundPage } from '../../pages/message-pages.js'
import { continueLaterPage, resumeGonePage, resumeMailedPage } from '../../pages/resume-pages.js'
import { FormParams } from '../../schemas.js'

// "Email me this link" (docs/api.md#hosted-multi-page-forms): with mail configured, the "Continue
// later" page of a hosted multi-page form offers to mail the resume link to an address the
// respondent types. A plain form post, JavaScript or not; counted as a submission to the form
// (CANVASS_PUBLIC_RATE_LIMIT per address); a token that names no open draft of the form counts
// as a failed authentication, as opening it would.

type SendPage = (reply: FastifyReply, status: number, page: VNode, form?: FormView) => FastifyReply
type ClosedOrMissing = (reply: FastifyReply, found: PublicForm | undefined) => FastifyReply | undefined

/** Where the "Email me this link" form of a draft posts. */
export const resumeMailAction = (formId: string, token: string) => `/f/${formId}/r/${token}/mail`

// One address and nothing else.
const BODY_LIMIT = 4096

const ResumeParams = Type.Object({
  form_id: FormParams.properties.form_id,
  token: Type.String({ maxLength: 64 }),
})

function tooManyPage(retryAfter: number) {
  return (
    <SaidPage
      title="limit.requestsTitle"
      heading="limit.requestsTitle"
      message="limit.requests"
      values={{ seconds: retryAfter }}
    />
  )
}

/** Why the typed address is refused, in the page's words. */
const addressMessage = (typed: string, t: Translate) =>
  typed === '' ? t('error.required') : t('error.email')

export function resumeMailRoute(
  fastify: FastifyInstance,
  sendPage: SendPage,
  closedOrMissing: ClosedOrMissing,
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { config, drafts, publicForms } = app.ctx
  const overLimit = new WeakMap<object, number>()

  app.post(
    '/f/:form_id/r/:token/mail',
    {
      config: { public: true },
      schema: { params: ResumeParams, hide: true },
      bodyLimit: BODY_LIMIT,
      onRequest: async (request, reply) => {
        const verdict = await app.countPublicSubmission(request, request.params.form_id)
        if (!verdict.exceeded) return
        reply.header('retry-after', String(verdict.retryAfter))
        overLimit.set(request, verdict.retryAfter)
      },
    },
    async (request, reply) => {
      const { form_id: formId, token } = request.params
      if (config.smtpUrl === undefined) return sendPage(reply, 404, notFoundPage())
      const found = request.submittedForm
      const closed = closedOrMissing(reply, found)
      if (closed || !found) return closed
      if (!isPaged(found.form)) return sendPage(reply, 404, notFoundPage())
      const retryAfter = overLimit.get(request)
      if (retryAfter !== undefined) return sendPage(reply, 429, tooManyPage(retryAfter), found.form)
      const draft = await drafts.find(token)
      // A personal link's draft opens only at its link, whose mail the respondent has already.
      if (!draft || draft.form_id !== formId || draft.recipient_id !== null) {
        await app.limitFailedAuthentication(request)
        return sendPage(reply, 404, resumeGonePage(), found.form)
      }
      const fields = request.body instanceof URLSearchParams ? request.body : new URLSearchParams()
      const typed = (fields.get('email') ?? '').trim()
      // The link a mail carries is on CANVASS_PUBLIC_URL, as every link Canvass mails is.
      const link = `${publicBaseUrl(config)}/f/${formId}/r/${token}`
      if (emailProblem(typed) !== undefined) {
        const form = {
          action: resumeMailAction(formId, token),
          value: typed,
          error: addressMessage(typed, pageLanguageOf(request, found.form).words.t),
        }
        return sendPage(reply, 422, continueLaterPage(found.form, link, config.draftDays, form), found.form)
      }
      await publicForms.mailResumeLink(found, typed, link, config.draftDays)
      return sendPage(reply, 200, resumeMailedPage(found.form), found.form)
    },
  )
}
