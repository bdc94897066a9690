import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { VNode } from 'preact'
import { Type } from 'typebox'
import type { FormView } from '../../../domain/forms/forms.js'
import type { PublicForm } from '../../../domain/forms/public.js'
import { contactHidden, LINK_TOKEN, type LinkRecipient } from '../../../domain/mail/links.js'
import { linkAcceptance } from '../../../shared/forms/settings.js'
import { HONEYPOT_FIELD, hiddenFromQuery } from '../../../shared/pages/fields.js'
import { isPaged } from '../../../shared/pages/flow-view.js'
import { FormPage } from '../../../shared/pages/form-page.js'
import { linkNotFoundPage, linkRateLimitedPage, linkUsedPage } from '../../pages/link-pages.js'
import { PUBLIC_BODY_LIMIT } from './common.js'
import { resumeDraft } from './draft-cookie.js'
import { flowPages } from './flow-pages.js'
import { postOnePage, thanksLocation } from './one-page.js'
import { postedFields } from './page-uploads.js'
import type { AnswerPlace } from './place.js'
import { acceptancePage } from './refusals.js'

// Personal links (docs/api.md#personal-links): `/i/{token}` is the form of an invitation's
// recipient, answered as `/f/{form_id}` is (one page, or several with a draft), whether the form is
// public or not, until it closes; one response per link, which completes the recipient. Every
// request counts against its address before anything is read; an unknown and a used link then
// cost the same (one indexed read) and answer pages that name no one. No site may frame them.

type SendPage = (
  reply: FastifyReply,
  status: number,
  page: VNode,
  form?: FormView,
  framed?: boolean,
) => FastifyReply

export interface LinkPageHelpers {
  sendPage: SendPage
  /** The seconds to wait of requests over their limit (the app's error handler answers them too). */
  overLimit: WeakMap<object, number>
  showThanks(
    request: FastifyRequest,
    reply: FastifyReply,
    form: FormView,
    framed?: boolean,
  ): Promise<FastifyReply>
}

/** A link that may be answered now: its recipient, its form (accepting) and where it is answered. */
type Opened = { recipient: LinkRecipient; found: PublicForm; place: AnswerPlace }

export function personalLinkRoutes(fastify: FastifyInstance, helpers: LinkPageHelpers): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { links, publicForms, clock } = app.ctx
  const { overLimit, showThanks } = helpers
  const send = (reply: FastifyReply, status: number, page: VNode, form?: FormView) =>
    helpers.sendPage(reply, status, page, form, false)
  const flow = flowPages(app, send)
  // The token's shape is checked by the handler: a malformed link answers as an unknown one.
  const TokenParams = Type.Object({ token: Type.String() })
  const PageParams = Type.Object({ token: Type.String(), page_id: Type.String({ maxLength: 64 }) })
  const ResumeParams = Type.Object({ token: Type.String(), resume: Type.String({ maxLength: 64 }) })
  const options = {
    config: { public: true },
    // Counted before the body is read and before any lookup: a guess costs one, whatever it names.
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      const verdict = await app.countLinkRequest(request)
      if (!verdict.exceeded) return
      reply.header('retry-after', String(verdict.retryAfter))
      overLimit.set(request, verdict.retryAfter)
    },
  }

  /** What a well-formed token names, used or not (one indexed read); undefined otherwise. */
  const lookUp = (token: string) =>
    LINK_TOKEN.test(token) ? links.lookUp(token) : Promise.resolve(undefined)

  /**
   * The link when it may be answered now; else the page that says why, sent: too many requests,
   * unknown (404), used (410, the same for every used link), or its form closed (410). Only an
   * open link's recipient is read (a second read, by its id).
   */
  async function open(
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
  ): Promise<Opened | { sent: FastifyReply }> {
    const retryAfter = overLimit.get(request)
    if (retryAfter !== undefined) return { sent: send(reply, 429, linkRateLimitedPage(retryAfter)) }
    const link = await lookUp(token)
    if (!link) return { sent: send(reply, 404, linkNotFoundPage()) }
    if (link.completed_at !== null) return { sent: send(reply, 410, linkUsedPage()) }
    const found = await publicForms.find(link.form_id)
    if (!found) return { sent: send(reply, 404, linkNotFoundPage()) }
    const { form } = found
    const acceptance = linkAcceptance(form.settings, form.response_count, clock.nowMicros())
    if (acceptance !== 'accepting') {
      const { status, page } = acceptancePage(acceptance, form)
      return { sent: send(reply, status, page, form) }
    }
    const recipient = await links.recipient(link.id)
    if (!recipient) return { sent: send(reply, 404, linkNotFoundPage()) }
    const place = { base: `/i/${token}`, recipientId: recipient.id, hidden: contactHidden(form, recipient) }
    return { recipient, found: { ...found, acceptance }, place }
  }

  app.get(
    '/i/:token',
    { ...options, schema: { params: TokenParams, hide: true } },
    async (request, reply) => {
      const opened = await open(request, reply, request.params.token)
      if ('sent' in opened) return opened.sent
      const { recipient, found, place } = opened
      await links.opened(recipient)
      if (isPaged(found.form)) return flow.show(request, reply, found, place)
      const query = hiddenFromQuery(found.form, request.query as Record<string, unknown>)
      const hidden = new Map([...query, ...Object.entries(place.hidden)])
      const page = <FormPage form={found.form} hidden={hidden} action={place.base} />
      return send(reply, 200, page, found.form)
    },
  )

  app.get(
    '/i/:token/p/:page_id',
    { ...options, schema: { params: PageParams, hide: true } },
    async (request, reply) => {
      const opened = await open(request, reply, request.params.token)
      if ('sent' in opened) return opened.sent
      const { recipient, found, place } = opened
      if (!isPaged(found.form)) return reply.redirect(place.base, 303)
      await links.opened(recipient)
      return flow.show(request, reply, found, place, request.params.page_id)
    },
  )

  app.get(
    '/i/:token/r/:resume',
    { ...options, schema: { params: ResumeParams, hide: true } },
    async (request, reply) => {
      const opened = await open(request, reply, request.params.token)
      if ('sent' in opened) return opened.sent
      return resumeDraft(app, request, reply, send, opened.found, opened.place, request.params.resume)
    },
  )

  // Once answered, used or not: the link's last page.
  app.get(
    '/i/:token/thanks',
    { ...options, schema: { params: TokenParams, hide: true } },
    async (request, reply) => {
      const retryAfter = overLimit.get(request)
      if (retryAfter !== undefined) return send(reply, 429, linkRateLimitedPage(retryAfter))
      const link = await lookUp(request.params.token)
      const found = link && (await publicForms.find(link.form_id))
      if (!found) return send(reply, 404, linkNotFoundPage())
      return showThanks(request, reply, found.form, false)
    },
  )

  app.post(
    '/i/:token',
    { ...options, schema: { params: TokenParams, hide: true }, bodyLimit: PUBLIC_BODY_LIMIT },
    async (request, reply) => {
      const opened = await open(request, reply, request.params.token)
      if ('sent' in opened) return opened.sent
      const { recipient, found, place } = opened
      const fields = await postedFields(app, request, found.form)
      const thanks = (ending: string | null) => thanksLocation(found.form, ending, place)
      const trapped = () => publicForms.refused('honeypot')
      if (isPaged(found.form)) {
        if ((fields.get(HONEYPOT_FIELD) ?? '') !== '') {
          trapped()
          return reply.redirect(thanks(null), 303)
        }
        return flow.post(request, reply, found, place, fields, thanks, undefined)
      }
      const store = (submission: Parameters<typeof links.submit>[2]) =>
        links.submit(found, recipient, submission)
      return postOnePage(reply, send, found, place, fields, store, trapped)
    },
  )
}
