import { closedBy, type FormSettings, publicAcceptance } from './settings.js'

// A form's state as the dashboard's status chip names it (issue 27): Draft, Live, Scheduled or
// Closed. Decided by publicAcceptance, the rule the hosted page and public submissions follow
// (docs/api.md#form-settings), so the chip says Closed exactly when /f answers 410 and Draft
// exactly when it answers 404. Free of Node APIs: the dashboard bundles it.

export type FormState = 'draft' | 'live' | 'scheduled' | 'closed'

export interface FormStatus {
  state: FormState
  /** What closes the form (or would, once published): its closing time or its most responses. */
  closedBy: 'closes_at' | 'max_responses' | undefined
}

export const formStateLabels: Record<FormState, string> = {
  draft: 'Draft',
  live: 'Live',
  scheduled: 'Scheduled',
  closed: 'Closed',
}

/**
 * Draft: not public, its link answers 404. Closed: public but its closing time has come or it has
 * its most responses, its link answers 410. Scheduled: public, with an opening time to come (its
 * link answers 410 until then, saying when it opens) or open with a closing time to come. Live:
 * public and open with no closing time.
 */
export function formStatus(settings: FormSettings, responseCount: number, nowMicros: number): FormStatus {
  const acceptance = publicAcceptance(settings, responseCount, nowMicros)
  const state: FormState =
    acceptance === 'not_public'
      ? 'draft'
      : acceptance === 'closed'
        ? 'closed'
        : acceptance === 'not_open' || settings.closes_at !== null
          ? 'scheduled'
          : 'live'
  return { state, closedBy: closedBy(settings, responseCount, nowMicros) }
}
