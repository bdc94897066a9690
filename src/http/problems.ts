import { randomUUID } from 'node:crypto'
import type { Duplex } from 'node:stream'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import FindMyWay from 'find-my-way'
import { DomainError } from '../domain/errors.js'
import { isStorableString } from '../shared/storable.js'
import { ApiError, apiErrorOf, type ErrorCode, errorStatus, problemOf } from './errors.js'
import { discardRest } from './oversized.js'
import { fieldErrorsFromAjv } from './validation.js'

// Every failure leaves as a problem document (docs/api.md#errors): thrown errors, unknown routes
// and wrong methods, malformed URLs, and requests Node's HTTP parser refuses before any route.
// The hosted form pages answer their own errors as HTML (routes/public/pages.tsx).

// Request line and headers together. Node's 16 KiB default is too small for the documented
// 1000 ids of `included_response_ids` (1000 x 64 characters, commas percent-encoded: ~67 KB).
export const MAX_HEADER_BYTES = 128 * 1024

/** The error handler and the not-found handler of the app; add before any route. */
export function answerProblems(app: FastifyInstance): void {
  const bodyLimit = app.ctx.config.bodyLimit
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const apiError = toApiError(error, bodyLimit)
    if (apiError.code === 'internal') request.log.error({ err: error, reqId: request.id }, 'unhandled error')
    // So that the client, still sending, can read the 413 rather than a reset connection.
    if (apiError.code === 'payload_too_large') await discardRest(request.raw)
    return sendProblem(reply, request, apiError)
  })

  const methodsAt = routeMethods(app)
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    const allowed = methodsAt(path)
    if (allowed.length > 0) {
      reply.header('allow', allowed.join(', '))
      const detail = `${request.method} is not allowed on ${path}; use ${allowed.join(', ')}`
      return sendProblem(reply, request, new ApiError('method_not_allowed', detail))
    }
    return sendProblem(reply, request, new ApiError('not_found', `no route ${request.method} ${path}`))
  })
}

/**
 * The methods of the route a path names, to tell a wrong method (405) from an unknown path (404).
 * A router of its own, with every declared path whatever its method: Fastify's router answers
 * whether one method routes a path, not which route the path names. `/v1/contacts/bulk` is the
 * bulk add (POST) and also matches GET and DELETE `/v1/contacts/{contact_id}`: asked per method,
 * a PATCH there would be told to use DELETE, GET, HEAD or POST; here, as the static path wins
 * over the parameter, it is told POST.
 */
function routeMethods(app: FastifyInstance): (path: string) => string[] {
  const router = FindMyWay({ maxParamLength: 4096 })
  const methods = new Map<string, Set<string>>()
  app.addHook('onRoute', (route) => {
    const list = Array.isArray(route.method) ? route.method : [route.method]
    let set = methods.get(route.url)
    if (!set) {
      set = new Set()
      methods.set(route.url, set)
      router.on('GET', route.url, () => undefined, { url: route.url })
    }
    for (const method of list) set.add(method)
  })
  return (path) => {
    if (!isStorableString(path)) return []
    const found = router.find('GET', path)
    const url = (found?.store as { url?: string } | undefined)?.url
    return url ? [...(methods.get(url) ?? [])].sort() : []
  }
}

/** Malformed URLs (bad percent-encoding) are the caller's mistake, answered as problems. */
export function answerMalformedUrl(error: Error, request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-request-id', request.id)
  sendProblem(
    reply,
    request,
    new ApiError('validation_failed', `the request URL is malformed: ${error.message}`),
  )
}

/** Answers a request Node's HTTP parser refused with a 400 problem document, or drops a dead connection. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || !socket.writable) {
    socket.destroy()
    return
  }
  const detail =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? `the request line and headers are larger than the limit of ${MAX_HEADER_BYTES / 1024} KiB`
      : 'the request is not well-formed HTTP'
  const requestId = randomUUID()
  const body = JSON.stringify(problemOf(new ApiError('validation_failed', detail), requestId))
  socket.end(
    'HTTP/1.1 400 Bad Request\r\n' +
      'Content-Type: application/problem+json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${requestId}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  )
}

function sendProblem(reply: FastifyReply, request: FastifyRequest, error: ApiError) {
  for (const [name, value] of Object.entries(error.headers ?? {})) reply.header(name, value)
  return reply
    .code(error.statusCode)
    .type('application/problem+json; charset=utf-8')
    .serializer(JSON.stringify)
    .send(problemOf(error, request.id))
}

const frameworkCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation_failed',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
}

// For errors thrown by plugins with only a status: the first code listed for that status.
const codeByStatus = new Map<number, ErrorCode>(
  (Object.entries(errorStatus) as [ErrorCode, number][]).reverse().map(([code, status]) => [status, code]),
)

function toApiError(error: FastifyError, bodyLimit: number): ApiError {
  if (error instanceof ApiError) return error
  if (error instanceof DomainError) return apiErrorOf(error)
  if (error.validation) {
    return new ApiError(
      'validation_failed',
      `invalid ${error.validationContext ?? 'request'}`,
      fieldErrorsFromAjv(error.validation as Parameters<typeof fieldErrorsFromAjv>[0]),
    )
  }
  const mapped = error.code ? frameworkCodes[error.code] : undefined
  if (mapped === 'payload_too_large') {
    return new ApiError(mapped, `the request body is larger than ${bodyLimit} bytes (CANVASS_BODY_LIMIT)`)
  }
  if (mapped === 'unsupported_media_type') {
    return new ApiError(mapped, 'a request body must be sent with Content-Type: application/json')
  }
  if (mapped) return new ApiError(mapped, error.message)
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) {
    return new ApiError(codeByStatus.get(status) ?? 'validation_failed', error.message)
  }
  return new ApiError('internal', 'an internal error occurred; it has been logged with this request id')
}
