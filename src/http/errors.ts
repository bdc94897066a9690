import { type Static, Type } from 'typebox'
import { DomainError, type DomainErrorKind, type FieldError } from '../domain/errors.js'

// The closed set of error codes (docs/api.md#errors), each with its HTTP status. Every failure
// leaves Canvass as an RFC 9457 problem document built from an ApiError.

export const errorStatus = {
  invalid_json: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  idempotency_key_reused: 409,
  form_closed: 410,
  precondition_failed: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
} as const

export type ErrorCode = keyof typeof errorStatus

export type { FieldError }

// Every domain error kind is an error code of the API: this fails to compile if one is not.
const _domainKindsAreCodes: Record<DomainErrorKind, ErrorCode> = {
  validation_failed: 'validation_failed',
  not_found: 'not_found',
  conflict: 'conflict',
  idempotency_key_reused: 'idempotency_key_reused',
  forbidden: 'forbidden',
}

export class ApiError extends Error {
  readonly statusCode: number

  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string | string[]>,
  ) {
    super(detail)
    this.statusCode = errorStatus[code]
  }
}

/** The problem a domain error becomes on the wire. */
export function apiErrorOf(error: DomainError): ApiError {
  return new ApiError(_domainKindsAreCodes[error.kind], error.detail, error.errors)
}

export { DomainError }

export const ProblemSchema = Type.Object(
  {
    type: Type.String({ description: 'Always `about:blank`.' }),
    title: Type.String({ description: 'The HTTP reason phrase.' }),
    status: Type.Integer(),
    code: Type.Unsafe<ErrorCode>({
      type: 'string',
      enum: Object.keys(errorStatus),
      description: 'Stable, machine-readable error code.',
    }),
    detail: Type.String(),
    description: Type.String({ description: 'The same text as `detail`.' }),
    request_id: Type.String(),
    errors: Type.Optional(
      Type.Array(
        Type.Object({
          path: Type.String({ description: 'JSON pointer' }),
          message: Type.String(),
          code: Type.Optional(
            Type.Union([Type.Literal('missing'), Type.Literal('not_on_path')], {
              description:
                'On a submission: `missing`, a required answer (by the form or by a rule of its flow) is not given; `not_on_path`, an answer to a question the path these answers take does not show.',
            }),
          ),
        }),
      ),
    ),
  },
  { $id: 'Problem', description: 'An RFC 9457 problem document.' },
)

export type Problem = Static<typeof ProblemSchema>

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
}

export function problemOf(error: ApiError, requestId: string): Problem {
  const problem: Problem = {
    type: 'about:blank',
    title: titles[error.statusCode] ?? 'Error',
    status: error.statusCode,
    code: error.code,
    detail: error.detail,
    description: error.detail,
    request_id: requestId,
  }
  if (error.errors) problem.errors = error.errors
  return problem
}
