import type { FieldError } from '../shared/field-error.js'
import { unstorableStrings } from '../shared/storable.js'

// The domain's own failure vocabulary. Domain code throws a DomainError with one of these kinds;
// the HTTP layer maps each kind to its status and problem document (src/http/errors.ts), the CLI
// prints it. Nothing here knows about HTTP.

export const domainErrorKinds = [
  'validation_failed',
  'not_found',
  'conflict',
  'idempotency_key_reused',
  'forbidden',
] as const

export type DomainErrorKind = (typeof domainErrorKinds)[number]

export type { FieldError }

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly detail: string,
    readonly errors?: FieldError[],
  ) {
    super(detail)
  }
}

/** "form frm_x does not exist": the one wording for a resource the caller cannot see. */
export function notFound(kind: string, id: string): DomainError {
  return new DomainError('not_found', `${kind} ${id} does not exist`)
}

export function validationFailed(errors: FieldError[]): DomainError {
  const first = errors[0]
  const detail =
    errors.length === 1 && first
      ? `${first.path || 'the request'}: ${first.message}`
      : `the request has ${errors.length} invalid values`
  return new DomainError('validation_failed', detail, errors)
}

export function conflict(detail: string): DomainError {
  return new DomainError('conflict', detail)
}

/** The caller may not do this, whatever it names (only an owner makes or unmakes an owner, say). */
export function forbidden(detail: string): DomainError {
  return new DomainError('forbidden', detail)
}

/** Refuses a parsed body holding a string the databases cannot store faithfully. */
export function rejectUnstorable(value: unknown): void {
  const errors = unstorableStrings(value)
  if (errors.length > 0) throw validationFailed(errors)
}
