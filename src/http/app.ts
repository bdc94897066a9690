import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import { constants as zlibConstants } from 'node:zlib'
import compress from '@fastify/compress'
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
} from 'fastify'
import type { AppContext } from '../context.js'
import { MemoryBudget } from '../domain/listing.js'
import type { Principal } from '../domain/principal.js'
import type { Scope } from '../domain/scopes.js'
import { decorateCallers } from './callers.js'
import { ProblemSchema } from './errors.js'
import { parseJsonBodies } from './json-body.js'
import { createMetrics, type HttpMetrics } from './metrics.js'
import { registerOpenApi } from './openapi.js'
import { BlankPages } from './pages/blank-pages.js'
import { type FastPath, formPageFastPath } from './pages/fast-path.js'
import { answerClientError, answerMalformedUrl, answerProblems, MAX_HEADER_BYTES } from './problems.js'
import { registerRateLimits } from './rate-limit.js'
import { checkRequests, logRequests, requestIdOf } from './requests.js'
import { registerRoutes } from './routes/index.js'
import { addSecurityHeaders } from './security-headers.js'
import { registerSignInLimits } from './sign-in-limit.js'
import { validatorCompiler } from './validation.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope a /v1 route needs; every /v1 route names one unless it is `public`. */
    scope?: Scope
    public?: boolean
    /** Needs a valid token or session, whatever its scopes (the session routes). */
    signedIn?: boolean
    /**
     * A signed-in member may call it without `scope`, for what is its own (its tokens): the
     * handler narrows what it sees and does. A token always needs the scope.
     */
    ownForMembers?: boolean
  }
  interface FastifyRequest {
    principal: Principal | null
  }
  interface FastifyInstance {
    /** Config, database and the services handlers call (src/context.ts). */
    ctx: AppContext
    metrics: HttpMetrics
    /** The process's budget for stored items held by pages and exports (CANVASS_LIST_MEMORY). */
    listMemory: MemoryBudget
    blankPages: BlankPages
  }
}

export type App = FastifyInstance

/**
 * The app over a context. What applies to every request is added to the app itself: problem
 * documents for every failure, body parsers, security headers, compression, the request's id and
 * checks, its log line and metrics, the limits' store and checks, the OpenAPI document. What
 * applies to some routes is added in their own plugin, and reaches no other route (callers.ts).
 */
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
  const app = Fastify(serverOptions(ctx, fastPath))
  app.decorate('ctx', ctx)
  app.decorate('metrics', metrics)
  app.decorate('blankPages', blankPages)
  app.decorate('listMemory', new MemoryBudget(ctx.config.listMemory))
  app.decorateRequest('principal', null)
  app.setValidatorCompiler(validatorCompiler)
  app.addSchema(ProblemSchema)
  closeIdleConnectionsOnClose(app)

  answerProblems(app)
  parseJsonBodies(app)
  // Before the request's own checks, so that an answer refusing it carries them too.
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
  checkRequests(app)
  logRequests(app)
  await registerRateLimits(app, ctx.config, ctx.clock)
  registerSignInLimits(app, ctx.config)
  decorateCallers(app)
  await registerOpenApi(app)
  await app.register(registerRoutes)
  return app
}

function serverOptions(ctx: AppContext, fastPath: FastPath): FastifyServerOptions {
  return {
    // The server Fastify would make, with the hosted form page's fast path in front of it.
    serverFactory: (handler, given) => {
      const options = given as {
        keepAliveTimeout?: number
        requestTimeout?: number
        connectionTimeout?: number
      }
      // Node answers an HTTP/1.1 request without Host with a bare 400; checkRequests answers it
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
    // One log line per request, written by logRequests.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: ctx.config.bodyLimit,
    genReqId: (request) => requestIdOf(request.headers['x-request-id'], randomUUID),
    routerOptions: { maxParamLength: 4096 },
    // The client address is the one the nearest CANVASS_TRUST_PROXY proxies vouch for.
    trustProxy: (_address: string, hop: number) => hop < ctx.config.trustProxy,
    // Requests Node's HTTP parser refuses (malformed lines or headers, conflicting lengths,
    // headers over the limit) get a problem document too, like every other error.
    clientErrorHandler: answerClientError,
    frameworkErrors: answerMalformedUrl,
  }
}

/**
 * Fastify closes the connections that are idle when it starts closing, then waits for the others;
 * one whose answer was still being written became idle after that and stayed open for its
 * keep-alive (72 s). Until the server has closed, connections are closed as they become idle.
 */
function closeIdleConnectionsOnClose(app: FastifyInstance): void {
  app.addHook('preClose', (done) => {
    if (app.server.listening) {
      const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100).unref()
      app.server.once('close', () => clearInterval(closeIdle))
    }
    done()
  })
}
