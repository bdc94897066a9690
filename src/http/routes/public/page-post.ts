import type { FormView } from '../../../domain/forms/forms.js'
import type { FieldError } from '../../../shared/field-error.js'
import { planOf } from '../../../shared/flow/plan.js'
import type { DraftAnswers } from '../../../shared/flow/progress.js'
import type { Translate } from '../../../shared/i18n/locales.js'
import { answerFromFields } from '../../../shared/pages/answer-messages.js'
import { HIDDEN_PREFIX, typedFields, typedValues } from '../../../shared/pages/fields.js'
import type { PageState } from '../../../shared/pages/flow-view.js'

// What one page's post of a hosted multi-page form carries (flow-pages.tsx): its answers and
// hidden values as fields give them, and what keeps it from going on.

/** The page's answers as fields give them: an empty control removes the answer (null). */
export function pageChange(form: FormView, pageId: string, fields: URLSearchParams): Record<string, unknown> {
  const values = typedValues(fields)
  const plan = planOf(form)
  const page = plan.pages[plan.pageIndex.get(pageId) ?? -1]
  const answers: Record<string, unknown> = {}
  for (const id of page?.questions ?? []) {
    const question = plan.questions.get(id)
    if (question) answers[id] = answerFromFields(question, typedFields(question, values) ?? []) ?? null
  }
  return answers
}

/** Hidden values a post carries, for names the form declares. */
export function postedHidden(form: FormView, fields: URLSearchParams): Record<string, string> {
  const hidden: Record<string, string> = {}
  for (const name of form.hidden) {
    const value = fields.get(HIDDEN_PREFIX + name)
    if (value !== null) hidden[name] = value
  }
  return hidden
}

/** Says why a page was not saved, when its network sent too many answers (429). */
export function retryNotice(retryAfter: number, t: Translate) {
  return { heading: t('limit.submissionsTitle'), message: t('limit.pageNotice', { seconds: retryAfter }) }
}

/**
 * What keeps a page's Next from going on: questions a rule showed on this page as it was
 * answered, which the page did not show (`shownField`: the page again, with them; with JavaScript
 * on, its script showed them already; not an error yet), and the required ones unanswered.
 */
export function pageProblems(state: PageState, merged: DraftAnswers, shownField: string | null) {
  const shownBefore = new Set((shownField ?? '').split(' '))
  const appeared = [...state.shown].filter(
    (id) => shownField !== null && !shownBefore.has(id) && merged.answers[id] === undefined,
  )
  const missing: FieldError[] = [...state.required]
    .filter((id) => merged.answers[id] === undefined && !appeared.includes(id))
    .map((id) => ({ path: `/answers/${id}`, message: 'required' }))
  return { appeared, missing }
}
