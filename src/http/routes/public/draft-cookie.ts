import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { VNode } from 'preact'
import type { FormView } from '../../../domain/forms/forms.js'
import type { PublicForm } from '../../../domain/forms/public.js'
import { resumeGonePage } from '../../pages/resume-pages.js'
import type { AnswerPlace } from './place.js'

// The cookie that names a respondent's draft on a hosted multi-page form
// (docs/api.md#hosted-multi-page-forms), and the resume link that moves a draft to this browser.

type SendPage = (reply: FastifyReply, status: number, page: VNode, form?: FormView) => FastifyReply

export const DRAFT_COOKIE = 'canvass_draft'
/** Sent by the page's script with a page it posts in the background (web/hosted/flow.ts). */
export const SCRIPT_HEADER = 'x-canvass-script'
const TOKEN = /^cvd_[A-Za-z0-9_-]{22}$/

/** The resume token the request's cookie holds, if it has the right shape. */
export function draftTokenOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at < 0 || part.slice(0, at).trim() !== DRAFT_COOKIE) continue
    const value = part.slice(at + 1).trim()
    if (TOKEN.test(value)) return value
  }
  return undefined
}

/**
 * The cookie naming a draft, for the pages of the place it is answered at only (`base`: the
 * form's, or a personal link's). Over https it may be sent inside a frame of another site
 * (SameSite=None, partitioned by that site), so an embedded form keeps its draft.
 */
export function draftCookie(request: FastifyRequest, base: string, token: string, maxAge: number): string {
  const site = request.protocol === 'https' ? 'SameSite=None; Secure; Partitioned' : 'SameSite=Lax'
  return `${DRAFT_COOKIE}=${token}; Path=${base}; Max-Age=${maxAge}; HttpOnly; ${site}`
}

/** Whether a draft belongs where it is opened: a personal link's drafts there alone, others on /f. */
export function draftBelongs(draft: { recipient_id: string | null }, place: AnswerPlace): boolean {
  return (draft.recipient_id ?? undefined) === place.recipientId
}

/** GET {base}/r/{token}: the draft opened on this browser, at the page it reached. */
export async function resumeDraft(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  sendPage: SendPage,
  found: PublicForm,
  place: AnswerPlace,
  token: string,
): Promise<FastifyReply> {
  const draft = TOKEN.test(token) ? await app.ctx.drafts.find(token) : undefined
  if (!draft || draft.form_id !== found.form.id || !draftBelongs(draft, place)) {
    await app.limitFailedAuthentication(request)
    return sendPage(reply, 404, resumeGonePage(), found.form)
  }
  // The link moves the draft to this browser under a new token: the link is spent, so one sent to
  // someone else (to read what they then answer) opens nothing once they used it.
  const renewed = await app.ctx.drafts.renew(draft)
  if (renewed === undefined) return sendPage(reply, 404, resumeGonePage(), found.form)
  reply.header('set-cookie', draftCookie(request, place.base, renewed, app.ctx.config.draftDays * 86_400))
  return reply.redirect(place.base, 303)
}
