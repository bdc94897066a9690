import type { FieldError } from '../field-error.js'
import { httpUrlOf, sentUrlProblem, URL_MAX } from '../strings.js'
import { formatTimestamp, parseTimestamp } from '../timestamps.js'
import {
  type ConfirmationSettings,
  type NotifySettings,
  normaliseConfirmation,
  normaliseNotify,
} from './mail-settings.js'

// A form's respondent settings (docs/api.md#form-settings): whether anyone may answer it without a token, until
// when, how many times, and what they see afterwards. Stored in the definition JSON, so forms
// saved before settings existed read back with the defaults: private.

export interface ThankYou {
  title: string | null
  message: string | null
  redirect_url: string | null
}

export interface FormSettings {
  public: boolean
  /** No answers before this instant (public or through personal links); null: open at once. */
  opens_at: string | null
  closes_at: string | null
  max_responses: number | null
  closed_message: string | null
  thank_you: ThankYou
  /** The team sees drafts (docs/api.md#drafts): listed, and sent to webhooks that ask for them. */
  partial_responses: boolean
  /** Mail the team about new responses (docs/api.md#notifications-and-confirmations); null: none. */
  notify: NotifySettings | null
  /** Mail the respondent a copy of their answers; null: none. */
  confirmation: ConfirmationSettings | null
  /**
   * Answers through personal links are not linked to their contacts (docs/api.md#personal-links):
   * no hidden field is filled from the contact, and no record ties the response to it.
   */
  anonymous: boolean
}

export interface FormSettingsInput {
  public?: boolean
  opens_at?: string | null
  closes_at?: string | null
  max_responses?: number | null
  closed_message?: string | null
  thank_you?: Partial<ThankYou>
  partial_responses?: boolean
  notify?: NotifySettings | null
  confirmation?: ConfirmationSettings | null
  anonymous?: boolean
}

export const CLOSED_MESSAGE_MAX = 1000
export const THANK_YOU_TITLE_MAX = 200
export const THANK_YOU_MESSAGE_MAX = 2000
export const REDIRECT_URL_MAX = URL_MAX

export function defaultSettings(): FormSettings {
  return {
    public: false,
    opens_at: null,
    closes_at: null,
    max_responses: null,
    closed_message: null,
    thank_you: { title: null, message: null, redirect_url: null },
    partial_responses: false,
    notify: null,
    confirmation: null,
    anonymous: false,
  }
}

/** The whole settings object: what was given, the defaults for the rest. */
export function completeSettings(input: FormSettingsInput | undefined): FormSettings {
  const defaults = defaultSettings()
  return {
    public: input?.public ?? defaults.public,
    opens_at: input?.opens_at ?? null,
    closes_at: input?.closes_at ?? null,
    max_responses: input?.max_responses ?? null,
    closed_message: input?.closed_message ?? null,
    thank_you: { ...defaults.thank_you, ...(input?.thank_you ?? {}) },
    partial_responses: input?.partial_responses ?? defaults.partial_responses,
    notify: input?.notify ?? null,
    confirmation: input?.confirmation ?? null,
    anonymous: input?.anonymous ?? defaults.anonymous,
  }
}

/**
 * Checks what the schema cannot say (a real instant, an absolute http(s) URL) and writes
 * `closes_at` in the one timestamp format of the API.
 */
export function normaliseSettings(input: FormSettingsInput | undefined, errors: FieldError[]): FormSettings {
  const settings = completeSettings(input)
  const instant = (field: 'opens_at' | 'closes_at'): number | undefined => {
    const given = settings[field]
    if (given === null) return undefined
    const micros = parseTimestamp(given)
    if (micros === undefined || !given.includes('T')) {
      errors.push({
        path: `/settings/${field}`,
        message: 'must be an ISO 8601 timestamp, e.g. 2026-12-31T23:59:59Z',
      })
      return undefined
    }
    settings[field] = formatTimestamp(micros)
    return micros
  }
  const opens = instant('opens_at')
  const closes = instant('closes_at')
  if (opens !== undefined && closes !== undefined && opens >= closes) {
    errors.push({ path: '/settings/opens_at', message: 'must be before closes_at' })
  }
  const redirect = settings.thank_you.redirect_url
  // The one URL rule of answers and webhook targets; kept as it goes into a Location header.
  const problem = redirect === null ? undefined : sentUrlProblem(redirect)
  if (problem !== undefined) errors.push({ path: '/settings/thank_you/redirect_url', message: problem })
  else if (redirect !== null) settings.thank_you.redirect_url = httpUrlOf(redirect)
  settings.notify = normaliseNotify(settings.notify, errors)
  settings.confirmation = normaliseConfirmation(settings.confirmation, errors)
  return settings
}

/**
 * Where a respondent is sent after answering instead of the thank-you page, as a browser requests
 * it; undefined for none. A redirect saved before redirects were kept encoded is encoded here, so
 * the answer to a stored response never fails on it; one no longer valid is ignored.
 */
export function redirectLocation(thankYou: ThankYou): string | undefined {
  const redirect = thankYou.redirect_url
  if (redirect === null || sentUrlProblem(redirect) !== undefined) return undefined
  return httpUrlOf(redirect)
}

export type Acceptance = 'accepting' | 'not_public' | 'not_open' | 'closed'

/** Whether a form takes public answers now, given how many responses it has. */
export function publicAcceptance(
  settings: FormSettings,
  responseCount: number,
  nowMicros: number,
): Acceptance {
  if (!settings.public) return 'not_public'
  return linkAcceptance(settings, responseCount, nowMicros)
}

/**
 * Whether a form takes answers through a personal link now (docs/api.md#personal-links): public
 * or not, once it opens and until it closes.
 */
export function linkAcceptance(settings: FormSettings, responseCount: number, nowMicros: number): Acceptance {
  if (closedBy(settings, responseCount, nowMicros) !== undefined) return 'closed'
  return isOpenYet(settings, nowMicros) ? 'accepting' : 'not_open'
}

/** Whether a form's opening time (if any) has come. */
export function isOpenYet(settings: Pick<FormSettings, 'opens_at'>, nowMicros: number): boolean {
  const opens = settings.opens_at ?? null
  return opens === null || (parseTimestamp(opens) ?? 0) <= nowMicros
}

/**
 * What closes a form now, public or not: its closing time has come, or it has its most responses;
 * undefined when neither. The dashboard's status chip says the same (src/shared/forms/state.ts).
 */
export function closedBy(
  settings: Pick<FormSettings, 'closes_at' | 'max_responses'>,
  responseCount: number,
  nowMicros: number,
): 'closes_at' | 'max_responses' | undefined {
  if (settings.closes_at !== null && (parseTimestamp(settings.closes_at) ?? 0) <= nowMicros)
    return 'closes_at'
  if (settings.max_responses !== null && responseCount >= settings.max_responses) return 'max_responses'
  return undefined
}

/** A public submission reached a form that does not take it; the transaction rolls back. */
export class NotAcceptingError extends Error {
  constructor(readonly reason: Exclude<Acceptance, 'accepting'>) {
    super(
      reason === 'closed'
        ? 'the form no longer accepts answers'
        : reason === 'not_open'
          ? 'the form does not accept answers yet'
          : 'the form is not public',
    )
  }
}
