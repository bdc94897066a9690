import type { FastifyReply } from 'fastify'
import type { VNode } from 'preact'
import { DomainError } from '../../../domain/errors.js'
import type { FormView } from '../../../domain/forms/forms.js'
import type { PublicForm } from '../../../domain/forms/public.js'
import { flowPath } from '../../../shared/flow/path.js'
import type { Submission } from '../../../shared/forms/answers.js'
import { redirectLocation } from '../../../shared/forms/settings.js'
import { HONEYPOT_FIELD, submissionFromFields, typedValues } from '../../../shared/pages/fields.js'
import { FormPage } from '../../../shared/pages/form-page.js'
import { pageErrorsIn } from '../../pages/language.js'
import { notFoundPage, type SubmittedFields } from '../../pages/message-pages.js'
import type { AnswerPlace } from './place.js'
import { refusalPage } from './refusals.js'

// The post of a hosted form of one page (docs/api.md#hosted-form-pages), at its own address or a
// personal link's: the answers stored, then a 303 to the thanks; invalid, the page again (422)
// with every problem beside its question and the values typed kept.

type SendPage = (reply: FastifyReply, status: number, page: VNode, form?: FormView) => FastifyReply

/** The answers and hidden fields of a form post, as the page shows them again. */
export function submittedFields(fields: URLSearchParams): SubmittedFields {
  const values = typedValues(fields)
  const hidden = new Map(
    [...values]
      .filter(([name]) => name.startsWith('hidden:'))
      .map(([name, list]) => [name.slice('hidden:'.length), list[0] ?? ''] as const),
  )
  return { values, hidden }
}

/** Where a respondent goes once their answers are stored: the ending's page or redirect, else the form's. */
export function thanksLocation(form: FormView, ending: string | null, place: AnswerPlace): string {
  const chosen = ending === null ? undefined : form.endings.find((candidate) => candidate.id === ending)
  if (chosen) return chosen.redirect_url ?? `${place.base}/thanks?ending=${encodeURIComponent(chosen.id)}`
  return redirectLocation(form.settings.thank_you) ?? `${place.base}/thanks`
}

/**
 * Stores a one-page form's post through `store` (undefined: the form is gone) and answers it. The
 * place's hidden values (a link's contact) stand over those the post carries.
 */
export async function postOnePage(
  reply: FastifyReply,
  sendPage: SendPage,
  found: PublicForm,
  place: AnswerPlace,
  fields: URLSearchParams,
  store: (submission: Submission) => Promise<unknown>,
  refused: () => void,
): Promise<FastifyReply> {
  const { form } = found
  // Decided before storing: nothing after the response is stored may fail.
  const thanks = thanksLocation(form, null, place)
  const values = typedValues(fields)
  const posted = submissionFromFields(form, values)
  const submission = { ...posted, hidden: { ...posted.hidden, ...place.hidden } }
  // A filled trap is a bot: it is told it succeeded, and nothing is stored.
  if ((fields.get(HONEYPOT_FIELD) ?? '') !== '') {
    refused()
    return reply.redirect(thanks, 303)
  }
  try {
    if (!(await store(submission))) return sendPage(reply, 404, notFoundPage())
  } catch (error) {
    const refusal = refusalPage(error, form)
    if (refusal) return sendPage(reply, refusal.status, refusal.page, form)
    if (error instanceof DomainError && error.kind === 'validation_failed' && error.errors) {
      const { hidden } = submittedFields(fields)
      for (const [name, value] of Object.entries(place.hidden)) hidden.set(name, value)
      const errors = pageErrorsIn(reply.request, form, error.errors, values)
      const page = (
        <FormPage form={form} hidden={hidden} values={values} errors={errors} action={place.base} />
      )
      return sendPage(reply, 422, page, form)
    }
    throw error
  }
  const { ending } = flowPath(form, submission.answers, submission.hidden)
  return reply.redirect(ending === null ? thanks : thanksLocation(form, ending, place), 303)
}
