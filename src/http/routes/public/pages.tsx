import { readFile } from 'node:fs/promises'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { VNode } from 'preact'
import { Type } from 'typebox'
import { DomainError } from '../../../domain/errors.js'
import { draftAnswersOf } from '../../../domain/forms/drafts/store.js'
import type { FormView } from '../../../domain/forms/forms.js'
import type { PublicForm } from '../../../domain/forms/public.js'
import { flowPath } from '../../../shared/flow/path.js'
import type { Submission } from '../../../shared/forms/answers.js'
import { HONEYPOT_FIELD, hiddenFromQuery } from '../../../shared/pages/fields.js'
import { isPaged } from '../../../shared/pages/flow-view.js'
import { FormPage } from '../../../shared/pages/form-page.js'
import { renderPage } from '../../../shared/pages/layout.js'
import { thanksPage } from '../../../shared/pages/outcome-pages.js'
import { ApiError, apiErrorOf } from '../../errors.js'
import { discardRest } from '../../oversized.js'
import { pageSecurityPolicy } from '../../pages/blank-pages.js'
import { parseFormBody } from '../../pages/form-body.js'
import { pageLanguageOf } from '../../pages/language.js'
import { errorPage, notFoundPage, rateLimitedFormPage, rateLimitedPage } from '../../pages/message-pages.js'
import { FormParams } from '../../schemas.js'
import { PUBLIC_BODY_LIMIT } from './common.js'
import { draftTokenOf, resumeDraft } from './draft-cookie.js'
import { flowPages } from './flow-pages.js'
import { postOnePage, submittedFields, thanksLocation } from './one-page.js'
import { acceptPageUploads, postedFields } from './page-uploads.js'
import { personalLinkRoutes } from './personal-links.js'
import { formPlace } from './place.js'
import { acceptancePage } from './refusals.js'
import { resumeMailRoute } from './resume-mail.js'

// docs/api.md#hosted-form-pages: the hosted form pages, their stylesheet and script, and the embed loader. Plain
// server-rendered HTML posting application/x-www-form-urlencoded; any site may frame /f pages.

const staticFiles = {
  'form.css': 'text/css; charset=utf-8',
  'form.js': 'text/javascript; charset=utf-8',
  'flow.js': 'text/javascript; charset=utf-8',
  'embed.js': 'text/javascript; charset=utf-8',
} as const
type StaticName = keyof typeof staticFiles

// Where each file is, from this module in src/ or dist/ alike: the scripts are built from
// web/hosted/form.ts and flow-main.ts by `npm run build` (they bundle the shared answer rules),
// the others are as written.
const staticPaths: Record<StaticName, string> = {
  'form.css': '../../../../static/form.css',
  'form.js': '../../../../dist/static/form.js',
  'flow.js': '../../../../dist/static/flow.js',
  'embed.js': '../../../../static/embed.js',
}

/** Sends a page. `framed`: any site may frame it (the /f pages); else none may (personal links). */
function sendPage(
  reply: FastifyReply,
  status: number,
  page: VNode | string,
  form?: FormView,
  framed = true,
): FastifyReply {
  if (framed) reply.removeHeader('x-frame-options')
  const language = pageLanguageOf(reply.request, form)
  return reply
    .code(status)
    .header('content-security-policy', pageSecurityPolicy(form, framed))
    .header('cache-control', 'no-store')
    .header('content-language', language.words.lang)
    .header('vary', 'accept-encoding, accept-language')
    .type('text/html; charset=utf-8')
    .send(typeof page === 'string' ? page : renderPage(page, language))
}

/**
 * The status an error answers with. A DomainError is the client's too: the app-wide check that
 * refuses NUL in any query string or path throws one before the route runs.
 */
function statusOf(error: FastifyError | DomainError): number {
  if (error instanceof ApiError) return error.statusCode
  if (error instanceof DomainError) return apiErrorOf(error).statusCode
  return error.statusCode ?? 500
}

function closedOrMissing(reply: FastifyReply, found: PublicForm | undefined): FastifyReply | undefined {
  if (!found || found.acceptance === 'not_public') return sendPage(reply, 404, notFoundPage())
  if (found.acceptance === 'accepting') return undefined
  const { status, page } = acceptancePage(found.acceptance, found.form)
  return sendPage(reply, status, page, found.form)
}

export async function publicPageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const forms = app.ctx.publicForms
  const assets = new Map<StaticName, Buffer>()
  for (const name of Object.keys(staticFiles) as StaticName[]) {
    assets.set(name, await readFile(new URL(staticPaths[name], import.meta.url)))
  }

  // Only these routes read HTML form posts; every other route keeps to JSON.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer', bodyLimit: PUBLIC_BODY_LIMIT },
    (request, body, done) => {
      try {
        done(null, parseFormBody(body as Buffer, request.headers['content-type']))
      } catch (error) {
        done(error as Error)
      }
    },
  )

  acceptPageUploads(app)

  // Posts over the public limit, and their seconds to wait: counted before the body is read, answered
  // once it is, with the form and the answers kept (a post that cannot be read: the plain 429 page).
  const overLimit = new WeakMap<object, number>()

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const status = statusOf(error)
    if (status >= 500) request.log.error({ err: error, reqId: request.id }, 'unhandled error')
    // As for the API: the client reads the 413 rather than a reset (src/http/oversized.ts).
    if (status === 413) await discardRest(request.raw)
    const retryAfter = overLimit.get(request)
    // A personal link's pages may not be framed (personal-links.tsx).
    const framed = !request.url.startsWith('/i/')
    if (retryAfter !== undefined && status < 500)
      return sendPage(reply, 429, rateLimitedPage(retryAfter), undefined, framed)
    // A malformed form id names no form.
    if (error.validation && error.validationContext === 'params')
      return sendPage(reply, 404, notFoundPage(), undefined, framed)
    return sendPage(reply, status >= 400 && status < 600 ? status : 500, errorPage(status), undefined, framed)
  })

  // A page chosen by `?lang=` keeps its language where a post or a page sends the respondent next.
  app.addHook('onSend', async (request, reply, payload) => {
    const lang = (request.query as Record<string, unknown> | undefined)?.['lang']
    if (typeof lang !== 'string' || lang.length > 35) return payload
    for (const name of ['location', 'x-canvass-location']) {
      const location = reply.getHeader(name)
      if (typeof location === 'string' && /^\/(?![/\\])/.test(location) && !/[?&]lang=/.test(location))
        reply.header(name, `${location}${location.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}`)
    }
    return payload
  })

  const params = { params: FormParams, hide: true }
  const flow = flowPages(app, sendPage)
  resumeMailRoute(app, sendPage, closedOrMissing)
  const PageParams = Type.Object({
    form_id: FormParams.properties.form_id,
    page_id: Type.String({ maxLength: 64 }),
  })
  const ResumeParams = Type.Object({
    form_id: FormParams.properties.form_id,
    token: Type.String({ maxLength: 64 }),
  })

  app.get(
    '/f/:form_id/p/:page_id',
    { config: { public: true }, schema: { params: PageParams, hide: true } },
    async (request, reply) => {
      const found = await forms.find(request.params.form_id)
      const closed = closedOrMissing(reply, found)
      if (closed || !found) return closed
      if (!isPaged(found.form)) return reply.redirect(`/f/${found.form.id}`, 303)
      return flow.show(request, reply, found, formPlace(found.form.id), request.params.page_id)
    },
  )

  app.get(
    '/f/:form_id/r/:token',
    { config: { public: true }, schema: { params: ResumeParams, hide: true } },
    async (request, reply) => {
      const found = await forms.find(request.params.form_id)
      const closed = closedOrMissing(reply, found)
      if (closed || !found) return closed
      return resumeDraft(app, request, reply, sendPage, found, formPlace(found.form.id), request.params.token)
    },
  )

  app.get('/f/:form_id', { config: { public: true }, schema: params }, async (request, reply) => {
    const found = await forms.find(request.params.form_id)
    const closed = closedOrMissing(reply, found)
    if (closed || !found) return closed
    if (isPaged(found.form)) return flow.show(request, reply, found, formPlace(found.form.id))
    const hidden = hiddenFromQuery(found.form, request.query as Record<string, unknown>)
    if (hidden.size > 0)
      return sendPage(reply, 200, <FormPage form={found.form} hidden={hidden} />, found.form)
    // Mostly answered before the framework (pages/fast-path.ts); here when the client's encodings ask.
    const { lang } = pageLanguageOf(request, found.form).words
    return sendPage(reply, 200, app.blankPages.get(found.form, lang).html, found.form)
  })

  app.post(
    '/f/:form_id',
    {
      config: { public: true },
      schema: params,
      bodyLimit: PUBLIC_BODY_LIMIT,
      onRequest: async (request, reply) => {
        const verdict = await app.countPublicSubmission(request, request.params.form_id)
        if (verdict.exceeded) {
          forms.refused('rate_limited')
          reply.header('retry-after', String(verdict.retryAfter))
          overLimit.set(request, verdict.retryAfter)
        }
      },
    },
    async (request, reply) => {
      const { form_id: formId } = request.params
      const found = request.submittedForm
      const retryAfter = overLimit.get(request)
      // Over the limit, the page comes back with what was typed; a file picked is not kept.
      const accepting = found?.acceptance === 'accepting' ? found.form : undefined
      const fields = await postedFields(app, request, accepting, retryAfter === undefined)
      const place = formPlace(formId)
      if (found?.acceptance === 'accepting' && isPaged(found.form)) {
        if ((fields.get(HONEYPOT_FIELD) ?? '') !== '') {
          forms.refused('honeypot')
          return reply.redirect(thanksLocation(found.form, null, place), 303)
        }
        const thanks = (ending: string | null) => thanksLocation(found.form, ending, place)
        return flow.post(request, reply, found, place, fields, thanks, retryAfter)
      }
      // Only a form that accepts answers is counted, so one over the limit is found.
      if (retryAfter !== undefined && found) {
        return sendPage(
          reply,
          429,
          rateLimitedFormPage(found.form, submittedFields(fields), retryAfter),
          found.form,
        )
      }
      const closed = closedOrMissing(reply, found)
      if (closed || !found) {
        forms.refused(found && found.acceptance !== 'accepting' ? found.acceptance : 'not_public')
        return closed
      }
      const submit = (submission: Submission) => forms.submit(found.workspaceId, formId, submission)
      return postOnePage(reply, sendPage, found, place, fields, submit, () => forms.refused('honeypot'))
    },
  )

  /** The page once answered: the draft just completed on this browser recalled in its words. */
  async function showThanks(request: FastifyRequest, reply: FastifyReply, form: FormView, framed = true) {
    // The draft just completed on this browser: its ending, and the answers its words recall.
    const token = draftTokenOf(request)
    const draft = token === undefined ? undefined : await app.ctx.drafts.findAny(token)
    const recalled = draft?.form_id === form.id && draft.ended_at !== null ? draftAnswersOf(draft) : undefined
    const path = recalled && flowPath(form, recalled.answers, recalled.hidden)
    const asked = (request.query as Record<string, unknown>)['ending']
    const ending = path ? path.ending : typeof asked === 'string' ? asked : null
    const values = path &&
      recalled && { answers: recalled.answers, hidden: recalled.hidden, variables: path.variables }
    return sendPage(reply, 200, thanksPage(form, ending, values), form, framed)
  }

  app.get('/f/:form_id/thanks', { config: { public: true }, schema: params }, async (request, reply) => {
    const found = await forms.find(request.params.form_id)
    // The last respondent before max_responses closes the form still sees their thanks.
    if (!found || found.acceptance === 'not_public') return sendPage(reply, 404, notFoundPage())
    return showThanks(request, reply, found.form)
  })

  personalLinkRoutes(app, { sendPage, overLimit, showThanks })

  for (const [name, type] of Object.entries(staticFiles) as [StaticName, string][]) {
    const url = name === 'embed.js' ? '/embed.js' : `/static/${name}`
    app.get(url, { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
      reply
        .type(type)
        .header('cache-control', 'public, max-age=300')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(assets.get(name)),
    )
  }
}
