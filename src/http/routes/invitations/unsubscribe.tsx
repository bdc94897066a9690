import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import type { VNode } from 'preact'
import { Type } from 'typebox'
import { DomainError } from '../../../domain/errors.js'
import { renderPage } from '../../../shared/pages/layout.js'
import { ApiError, apiErrorOf } from '../../errors.js'
import { groupedKey } from '../../limit-store.js'
import { discardRest } from '../../oversized.js'
import { pageLanguageOf } from '../../pages/language.js'
import { errorPage } from '../../pages/message-pages.js'
import {
  unsubscribedPage,
  unsubscribeLimitedPage,
  unsubscribeNotFoundPage,
  unsubscribePage,
} from '../../pages/unsubscribe-pages.js'
import { clientAddressKey } from '../../rate-limit.js'

// docs/api.md#unsubscribing: the page behind every invitation's unsubscribe link, `/u/{token}`. GET
// asks; POST unsubscribes and needs nothing else: no cookie, no CSRF token, any body or none, so
// the one-click POST a mail client sends (RFC 8058, `List-Unsubscribe=One-Click`) works as the
// page's own button does. Requests are counted per client address, as public submissions are
// (CANVASS_PUBLIC_RATE_LIMIT a minute), so tokens cannot be guessed at speed.

const UNSUBSCRIBE_BODY_LIMIT = 4096
const WINDOW_MS = 60_000

const policy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** Sends a page in the best of Canvass's languages for the browser (the mail's form is not known here). */
function sendPage(reply: FastifyReply, status: number, page: VNode): FastifyReply {
  const language = pageLanguageOf(reply.request)
  return reply
    .code(status)
    .header('content-security-policy', policy)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('content-language', language.words.lang)
    .header('vary', 'accept-language')
    .type('text/html; charset=utf-8')
    .send(renderPage(page, language))
}

export async function unsubscribeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const invitations = app.ctx.invitations
  const perMinute = app.ctx.config.publicRateLimit

  // Whatever a mail client posts (a form body, multipart, nothing) is read and set aside.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: UNSUBSCRIBE_BODY_LIMIT }, (_r, _b, done) =>
    done(null, undefined),
  )

  app.setErrorHandler(async (error: FastifyError | DomainError, request, reply) => {
    // A DomainError is the client's too: the app-wide check that refuses NUL in a path throws one.
    const status =
      error instanceof ApiError
        ? error.statusCode
        : error instanceof DomainError
          ? apiErrorOf(error).statusCode
          : (error.statusCode ?? 500)
    if (status >= 500) request.log.error({ err: error, reqId: request.id }, 'unhandled error')
    if (status === 413) await discardRest(request.raw)
    if ('validation' in error && error.validation && error.validationContext === 'params')
      return sendPage(reply, 404, unsubscribeNotFoundPage())
    if (status === 429)
      return sendPage(reply, 429, unsubscribeLimitedPage(Number(reply.getHeader('retry-after') ?? 60)))
    return sendPage(reply, status >= 400 && status < 600 ? status : 500, errorPage(status))
  })

  const check =
    perMinute > 0
      ? app.createRateLimit({
          max: perMinute,
          timeWindow: WINDOW_MS,
          allowList: () => false,
          keyGenerator: (request) => groupedKey('unsubscribe', clientAddressKey(request.ip)),
        })
      : undefined
  const limited = async (request: Parameters<NonNullable<typeof check>>[0], reply: FastifyReply) => {
    if (!check) return
    const verdict = await check(request)
    if (verdict.isAllowed || !verdict.isExceeded) return
    const seconds = Math.max(1, verdict.ttlInSeconds)
    reply.header('retry-after', String(seconds))
    return sendPage(reply, 429, unsubscribeLimitedPage(seconds))
  }

  const schema = { params: Type.Object({ token: Type.String({ maxLength: 64 }) }), hide: true }

  app.get('/u/:token', { config: { public: true }, schema, onRequest: limited }, async (request, reply) => {
    const target = await invitations.unsubscribeTarget(request.params.token)
    if (!target) return sendPage(reply, 404, unsubscribeNotFoundPage())
    return sendPage(reply, 200, unsubscribePage(target, request.params.token))
  })

  app.post(
    '/u/:token',
    { config: { public: true }, schema, onRequest: limited, bodyLimit: UNSUBSCRIBE_BODY_LIMIT },
    async (request, reply) => {
      const target = await invitations.unsubscribe(request.params.token)
      if (!target) return sendPage(reply, 404, unsubscribeNotFoundPage())
      return sendPage(reply, 200, unsubscribedPage(target))
    },
  )
}
