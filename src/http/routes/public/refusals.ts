import type { VNode } from 'preact'
import type { FormView } from '../../../domain/forms/forms.js'
import { LinkUsedError } from '../../../domain/mail/link-completion.js'
import { type Acceptance, NotAcceptingError } from '../../../shared/forms/settings.js'
import { closedPage, notOpenPage } from '../../../shared/pages/outcome-pages.js'
import { linkUsedPage } from '../../pages/link-pages.js'
import { notFoundPage } from '../../pages/message-pages.js'

/**
 * The page for answers refused as they were stored, by a one-page post or a draft's completion:
 * the form closed meanwhile or is not open yet (410) or is no longer public (404), or another tab
 * answered through the same personal link first (410). Undefined for any other error.
 */
export function refusalPage(error: unknown, form: FormView): { status: number; page: VNode } | undefined {
  if (error instanceof NotAcceptingError) return acceptancePage(error.reason, form)

  if (error instanceof LinkUsedError) return { status: 410, page: linkUsedPage() }
  return undefined
}

/** The page of a form that does not take answers now, by why: 404, or 410 closed or not open yet. */
export function acceptancePage(
  acceptance: Exclude<Acceptance, 'accepting'>,
  form: FormView,
): { status: number; page: VNode } {
  if (acceptance === 'closed') return { status: 410, page: closedPage(form) }
  if (acceptance === 'not_open') return { status: 410, page: notOpenPage(form) }
  return { status: 404, page: notFoundPage() }
}
