// A Canvass problem document (RFC 9457, docs/api.md#errors) as an exception a caller can branch on.

export interface FieldError {
  /** JSON pointer into the request, e.g. `/contacts/3/email`. */
  path: string
  message: string
}

export class CanvassError extends Error {
  override readonly name = 'CanvassError'
  /** The HTTP status, or 0 when no answer came. */
  readonly status: number
  /** The stable error code (`validation_failed`, `not_found`, ...), or `network_error` when no answer came. */
  readonly code: string
  readonly detail: string
  /** Every problem of the request, for `validation_failed`. */
  readonly errors: FieldError[]
  /** The `request_id` of the answer (also its `X-Request-Id`): quote it in a bug report. */
  readonly requestId: string | undefined

  constructor(init: {
    status: number
    code: string
    detail: string
    errors?: FieldError[] | undefined
    requestId?: string | undefined
    cause?: unknown
  }) {
    super(`${init.status ? `${init.status} ` : ''}${init.code}: ${init.detail}`, { cause: init.cause })
    this.status = init.status
    this.code = init.code
    this.detail = init.detail
    this.errors = init.errors ?? []
    this.requestId = init.requestId
  }
}

/** The error an answer that is not 2xx stands for; `body` is what openapi-fetch read of it. */
export function errorOf(response: Response, body: unknown): CanvassError {
  const problem = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const text = typeof body === 'string' ? body.slice(0, 200) : undefined
  const errors = Array.isArray(problem['errors']) ? (problem['errors'] as FieldError[]) : undefined
  return new CanvassError({
    status: response.status,
    code: typeof problem['code'] === 'string' ? problem['code'] : `http_${response.status}`,
    detail:
      typeof problem['detail'] === 'string'
        ? problem['detail']
        : text || response.statusText || 'the server answered without a problem document',
    errors,
    requestId:
      typeof problem['request_id'] === 'string'
        ? problem['request_id']
        : (response.headers.get('x-request-id') ?? undefined),
  })
}
