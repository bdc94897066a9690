import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { Duplex } from 'node:stream'
import { constants as zlibConstants } from 'node:zlib'
import compress from '@fastify/compress'
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify'
import FindMyWay from 'find-my-way'
import secureJson from 'secure-json-parse'
import type { AppContext } from '../context.js'
import { DomainError } from '../domain/errors.js'
import type { Scope } from '../domain/scopes.js'
import { isStorableString, rejectUnstorable } from '../domain/storable.js'
import type { TokenPrincipal } from '../domain/tokens.js'
import { redactUrl } from '../logger.js'
import {
  authenticate,
  type CallerCheck,
  callerCheck,
  type FailureLimit,
  SessionCache,
  TokenCache,
} from './auth.js'
import { charsetOf, isUtf8Charset } from './charset.js'
import { ApiError, apiErrorOf, type ErrorCode, errorStatus, ProblemSchema, problemOf } from './errors.js'
import { bodyMemoryGate, MemoryBudget } from './memory.js'
import { createMetrics, type HttpMetrics } from './metrics.js'
import { registerOpenApi } from './openapi.js'
import { discardRest } from './oversized.js'
import { BlankPages } from './pages/blank-pages.js'
import { formPageFastPath } from './pages/fast-path.js'
import { registerRateLimits } from './rate-limit.js'
import { registerRoutes } from './routes/index.js'
import { addSecurityHeaders } from './security-headers.js'
import { registerSignInLimits } from './sign-in-limit.js'
import { coerceQuery, fieldErrorsFromAjv, validatorCompiler } from './validation.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope a /v1 route needs; every /v1 route names one unless it is `public`. */
    scope?: Scope
    public?: boolean
    /** Needs a valid token or session, whatever its scopes (the session routes). */
    signedIn?: boolean
  }
  interface FastifyRequest {
    principal: TokenPrincipal | null
  }
  interface FastifyInstance {
    /** Config, database and the services handlers call (src/context.ts). */
    ctx: AppContext
    metrics: HttpMetrics
    /** The process's budget for stored items held by pages and exports (CANVASS_LIST_MEMORY). */
    listMemory: MemoryBudget
    blankPages: BlankPages
    /** Sessions looked up by cookie; signing out forgets one at once. */
    sessions: SessionCache
    /** Counts a failed sign-in of this client; throws once it is over its limit. */
    limitFailedAuthentication: FailureLimit
    /** Whether a request's token or session is still valid, through the caches requests use. */
    callerStillValid: CallerCheck
  }
}

export type App = FastifyInstance

const requestIdPattern = /^[A-Za-z0-9._:@/+=-]{1,128}$/

// Request line and headers together. Node's 16 KiB default is too small for the documented
// 1000 ids of `included_response_ids` (1000 x 64 characters, commas percent-encoded: ~67 KB).
const MAX_HEADER_BYTES = 128 * 1024

export async function buildApp(ctx: AppContext): Promise<App> {
  const metrics = createMetrics()
  const blankPages = new BlankPages()
  const fastPath = formPageFastPath({
    forms: ctx.publicForms,
    pages: blankPages,
    metrics,
    logger: ctx.logger,
    clock: ctx.clock,
  })
  const app = Fastify({
    // The server Fastify would make, with the hosted form page's fast path in front of it.
    serverFactory: (handler, given) => {
      const options = given as {
        keepAliveTimeout?: number
        requestTimeout?: number
        connectionTimeout?: number
      }
      // Node answers an HTTP/1.1 request without Host with a bare 400; the hook below answers it
      // with a problem document instead (RFC 9112 3.2 requires the 400).
      const http = { requireHostHeader: false, maxHeaderSize: MAX_HEADER_BYTES }
      const server = createServer(http, (request, response) => {
        if (request.method !== 'GET' || !request.url?.startsWith('/f/')) return handler(request, response)
        fastPath(request, response).then((answered) => answered || handler(request, response))
      })
      server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000
      server.requestTimeout = options.requestTimeout ?? 0
      server.setTimeout(options.connectionTimeout ?? 0)
      return server
    },
    loggerInstance: ctx.logger as FastifyBaseLogger,
    // One log line per request, written by the onResponse hook below.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: ctx.config.bodyLimit,
    genReqId: (req) => {
      const given = req.headers['x-request-id']
      return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID()
    },
    routerOptions: { maxParamLength: 4096 },
    // The client address is the one the nearest CANVASS_TRUST_PROXY proxies vouch for.
    trustProxy: (_address: string, hop: number) => hop < ctx.config.trustProxy,
    // Requests Node's HTTP parser refuses (malformed lines or headers, conflicting lengths,
    // headers over the limit) get a problem document too, like every other error.
    clientErrorHandler: answerClientError,
    // Malformed URLs (bad percent-encoding) are the caller's mistake, answered as problems.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id)
      sendProblem(
        reply,
        request,
        new ApiError('validation_failed', `the request URL is malformed: ${error.message}`),
      )
    },
  })

  app.decorate('ctx', ctx)
  app.decorate('metrics', metrics)
  app.decorate('blankPages', blankPages)
  app.decorate('listMemory', new MemoryBudget(ctx.config.listMemory))
  app.decorateRequest('principal', null)
  app.setValidatorCompiler(validatorCompiler)
  app.addSchema(ProblemSchema)

  // Fastify closes the connections that are idle when it starts closing, then waits for the others;
  // one whose answer was still being written became idle after that and stayed open for its
  // keep-alive (72 s). Until the server has closed, connections are closed as they become idle.
  app.addHook('preClose', (done) => {
    if (app.server.listening) {
      const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100).unref()
      app.server.once('close', () => clearInterval(closeIdle))
    }
    done()
  })
  registerJsonParser(app)
  addSecurityHeaders(app)
  // Only for clients that send Accept-Encoding; streamed answers are piped through the encoder,
  // so backpressure (and the memory bound) hold. Low levels: JSON compresses well already at
  // level 4, and higher levels cost more CPU than they save on most links (issue 11).
  await app.register(compress, {
    global: true,
    encodings: ['gzip', 'br', 'deflate'],
    threshold: 1024,
    customTypes: /^(application\/([a-z.+-]+\+)?json|application\/x-ndjson|text\/)/,
    zlibOptions: { level: 4 },
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  })
  const routesByPath = collectRoutes(app)

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id)
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      throw new ApiError('validation_failed', 'an HTTP/1.1 request must carry a Host header')
    }
  })
  const limitFailure = await registerRateLimits(app, ctx.config, ctx.clock)
  registerSignInLimits(app, ctx.config)
  const sessions = new SessionCache(ctx.database.db, ctx.clock)
  app.decorate('sessions', sessions)
  const tokens = new TokenCache(ctx.database.db, ctx.clock)
  app.decorate('limitFailedAuthentication', limitFailure ?? (async () => undefined))
  app.decorate('callerStillValid', callerCheck(tokens, sessions, ctx.clock))
  app.addHook('onRequest', authenticate(tokens, sessions, limitFailure))
  app.addHook('preParsing', bodyMemoryGate(new MemoryBudget(ctx.config.bodyMemory), ctx.config.bodyLimit))
  // Query and path strings that the databases cannot store faithfully never reach them.
  app.addHook('preValidation', async (request) => {
    for (const part of [request.query, request.params]) {
      if (part && typeof part === 'object') rejectUnstorable(part)
    }
    const query = request.query as Record<string, unknown> | undefined
    if (query && typeof query === 'object') coerceQuery(query, request.routeOptions.schema?.querystring)
  })
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched'
    const labels = { method: request.method, route, status_code: String(reply.statusCode) }
    const seconds = reply.elapsedTime / 1000
    app.metrics.requests.inc(labels)
    app.metrics.duration.observe(labels, seconds)
    request.log.info(
      {
        method: request.method,
        url: redactUrl(request.url),
        route,
        status: reply.statusCode,
        ms: reply.elapsedTime,
      },
      'request',
    )
  })

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const apiError = toApiError(error, ctx.config.bodyLimit)
    if (apiError.code === 'internal') request.log.error({ err: error, reqId: request.id }, 'unhandled error')
    // So that the client, still sending, can read the 413 rather than a reset connection.
    if (apiError.code === 'payload_too_large') await discardRest(request.raw)
    return sendProblem(reply, request, apiError)
  })

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    const allowed = routesByPath(path)
    if (allowed.length > 0) {
      reply.header('allow', allowed.join(', '))
      return sendProblem(
        reply,
        request,
        new ApiError(
          'method_not_allowed',
          `${request.method} is not allowed on ${path}; use ${allowed.join(', ')}`,
        ),
      )
    }
    return sendProblem(reply, request, new ApiError('not_found', `no route ${request.method} ${path}`))
  })

  await registerOpenApi(app)
  await app.register(registerRoutes)
  return app
}

/** Answers a request Node's HTTP parser refused with a 400 problem document, or drops a dead connection. */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
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

function registerJsonParser(app: FastifyInstance) {
  app.removeAllContentTypeParsers()
  // Fatal: bytes that are not UTF-8 are refused rather than stored as U+FFFD.
  const utf8 = new TextDecoder('utf-8', { fatal: true })
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const charset = charsetOf(request.headers['content-type'])
    if (!isUtf8Charset(charset)) {
      return done(
        new ApiError(
          'unsupported_media_type',
          `a JSON body must be UTF-8; charset=${charset} is not supported`,
        ),
      )
    }
    let text: string
    try {
      text = utf8.decode(body as Buffer)
    } catch {
      return done(new ApiError('invalid_json', 'the request body is not valid UTF-8'))
    }
    // An empty body is no body; routes that need one say so through their schema.
    if (text.trim() === '') return done(null, undefined)
    let value: unknown
    try {
      value = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' })
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (message.includes('forbidden prototype property')) {
        return done(
          new ApiError(
            'validation_failed',
            'the body uses a forbidden key (__proto__ or constructor.prototype)',
            [{ path: '', message: 'keys __proto__ and constructor.prototype are not allowed' }],
          ),
        )
      }
      return done(new ApiError('invalid_json', `the request body is not valid JSON: ${message}`))
    }
    // Escapes are the only way a NUL or an unpaired surrogate can reach a parsed string.
    if (/\\u(0000|d[89a-f])/i.test(text)) {
      try {
        rejectUnstorable(value)
      } catch (error) {
        return done(error as Error)
      }
    }
    done(null, value)
  })
  // Any other (or no) Content-Type: an empty body is no body, as curl -d '' or an HTML form
  // sends to operations that take none; a body that is there must be JSON.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    if ((body as Buffer).length === 0) return done(null, undefined)
    done(
      new ApiError(
        'unsupported_media_type',
        'a request body must be sent with Content-Type: application/json',
      ),
    )
  })
}

/** Keeps a router of every declared path, to tell a wrong method (405) from an unknown path (404). */
function collectRoutes(app: FastifyInstance): (path: string) => string[] {
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
