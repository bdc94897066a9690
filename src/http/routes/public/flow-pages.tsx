import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { VNode } from 'preact'
import { DomainError } from '../../../domain/errors.js'
import { NoDraftError } from '../../../domain/forms/drafts/complete.js'
import type { Placing } from '../../../domain/forms/drafts/service.js'
import type { DraftRow, OpenDraft } from '../../../domain/forms/drafts/store.js'
import { draftAnswersOf } from '../../../domain/forms/drafts/store.js'
import type { FormView } from '../../../domain/forms/forms.js'
import type { PublicForm } from '../../../domain/forms/public.js'
import type { FieldError } from '../../../shared/field-error.js'
import { flowPath } from '../../../shared/flow/path.js'
import { type DraftAnswers, draftChangeErrors, mergeDraft } from '../../../shared/flow/progress.js'
import { localise } from '../../../shared/forms/translations.js'
import { hiddenFromQuery, pageErrors, type TypedValues, typedValues } from '../../../shared/pages/fields.js'
import {
  ACTION_FIELD,
  FlowPage,
  type FlowPageProps,
  PAGE_FIELD,
  SHOWN_FIELD,
} from '../../../shared/pages/flow-page.js'
import { pageState, questionsAsShown, reachedPage, recallValuesOf } from '../../../shared/pages/flow-view.js'
import { pageLanguageOf } from '../../pages/language.js'
import { errorPage } from '../../pages/message-pages.js'
import { continueLaterPage, resumeGonePage } from '../../pages/resume-pages.js'
import { draftBelongs, draftCookie, draftTokenOf, SCRIPT_HEADER } from './draft-cookie.js'
import { pageChange, pageProblems, postedHidden, retryNotice } from './page-post.js'
import type { AnswerPlace } from './place.js'
import { refusalPage } from './refusals.js'
import { resumeMailAction } from './resume-mail.js'

// Hosted forms of several pages (docs/api.md#hosted-multi-page-forms). Each page posts to
// /f/{form_id} (or the personal link it was opened at, /i/{token}: its place) with its answers;
// they are merged into the respondent's draft (section 11), named by a resume token in an HttpOnly
// cookie scoped to the place's pages, and the answer is a 303 to the next page on the path. The
// last page completes the draft. Which page may be opened, what it shows and what it requires are
// the flow engine's (src/shared/pages/flow-view.ts), as in the page's script.

type SendPage = (reply: FastifyReply, status: number, page: VNode, form?: FormView) => FastifyReply

/** Thrown by a post answering from a draft as kept, before an answer that writes nothing. */
class ReadAgain extends Error {}

/** What a page's post carries, and where it was sent. */
interface Posted {
  place: AnswerPlace
  fields: URLSearchParams
  thanks: (ending: string | null) => string
  retryAfter: number | undefined
}

const asText = (hidden: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(hidden).map(([name, value]) => [name, String(value)]))

export function flowPages(app: FastifyInstance, sendPage: SendPage) {
  const { drafts, config } = app.ctx
  const maxAge = config.draftDays * 86_400

  /**
   * The draft of this form and place the request's cookie names: open, or ended (its answers
   * sent). A token that names no draft at all is a failed authentication, as a guessed resume link
   * is. A draft read `toChange` may be as this process last wrote it (`kept`, drafts.findForChange).
   */
  async function draftOf(
    request: FastifyRequest,
    formId: string,
    place: AnswerPlace,
    toChange = false,
  ): Promise<{ open?: OpenDraft; ended?: DraftRow; kept?: boolean }> {
    const token = draftTokenOf(request)
    if (token === undefined) return {}
    const found = toChange
      ? await drafts.findForChange(token)
      : { draft: await drafts.find(token), kept: false }
    const open = found?.draft
    if (open) return open.form_id === formId && draftBelongs(open, place) ? { open, kept: found.kept } : {}
    const any = await drafts.findAny(token)
    if (!any) await app.limitFailedAuthentication(request)
    // An ended draft no longer names its link (complete.ts); a link completed answers 410 first.
    return any?.form_id === formId && place.recipientId === undefined ? { ended: any } : {}
  }

  /**
   * Sends the respondent on to `location`: a 303, or, for the page's script (which posts in the
   * background and moves by itself), a 204 naming where the server says to go.
   */
  function go(request: FastifyRequest, reply: FastifyReply, location: string): FastifyReply {
    if (request.headers[SCRIPT_HEADER] !== '1') return reply.redirect(location, 303)
    return reply.code(204).header('x-canvass-location', location).send()
  }

  /** Whether a post comes from the form's own page: its origin is this server's (or says so). */
  function sameOrigin(request: FastifyRequest): boolean {
    const origin = request.headers.origin
    if (origin === undefined || request.headers['sec-fetch-site'] === 'same-origin') return true
    const own = [
      `${request.protocol}://${request.host}`,
      config.publicUrl && new URL(config.publicUrl).origin,
    ]
    return own.includes(origin)
  }

  /** The errors of a page placed beside its questions, named as the page shows them. */
  function errorsOf(
    reply: FastifyReply,
    form: FormView,
    draft: DraftAnswers,
    errors: FieldError[],
    values: TypedValues,
  ) {
    const path = flowPath(form, draft.answers, draft.hidden)
    const { words } = pageLanguageOf(reply.request, form)
    const read = localise(form, words.lang).form
    const questions = questionsAsShown(read, path, recallValuesOf(path, draft.answers, draft.hidden))
    return pageErrors({ ...read, questions }, errors, values, words.t)
  }

  /** Renders page `pageId` of the draft's answers, posting to its place. */
  function render(
    reply: FastifyReply,
    status: number,
    form: FormView,
    place: AnswerPlace,
    draft: DraftAnswers,
    pageId: string,
    extra: Pick<FlowPageProps, 'values' | 'errors' | 'notice'> = {},
  ): FastifyReply {
    const state = pageState(form, draft.answers, draft.hidden, pageId)
    if (!state) return reply.redirect(place.base, 303)
    const page = (
      <FlowPage
        form={form}
        page={pageId}
        state={state}
        answers={draft.answers}
        hidden={asText(draft.hidden)}
        action={place.base}
        {...extra}
      />
    )
    return sendPage(reply, status, page, form)
  }

  /**
   * Writes the change into the request's draft, or a new one (its cookie set on the reply); the
   * draft's token. `placing` says the page the respondent goes on to and the path of the change.
   */
  async function save(
    request: FastifyRequest,
    reply: FastifyReply,
    found: PublicForm,
    place: AnswerPlace,
    draft: OpenDraft | undefined,
    change: Partial<DraftAnswers>,
    { reached, path }: Required<Pick<Placing, 'reached' | 'path'>>,
  ): Promise<string> {
    // Kept for the next page's post (drafts.findForChange).
    const placing = { reached, path, keep: true }
    const token = draftTokenOf(request)
    if (draft && token !== undefined) {
      await drafts.update(found, token, draft, change, placing)
      return token
    }
    const started = await drafts.start(found, change, placing, place.recipientId ?? null)
    reply.header('set-cookie', draftCookie(request, place.base, started.resume_token, maxAge))
    return started.resume_token
  }

  /** The furthest of the page reached before and the one gone on to, on the new path (its pages). */
  function furthest(pages: string[], before: string | null, next: string): string {
    return before !== null && pages.indexOf(before) > pages.indexOf(next) ? before : next
  }

  return {
    /**
     * A page of the form (`pageId`, else the one the draft reached): the draft's answers filled
     * in; a page past what the answers allow goes to the one they reached.
     */
    async show(
      request: FastifyRequest,
      reply: FastifyReply,
      found: PublicForm,
      place: AnswerPlace,
      pageId?: string,
    ) {
      const { form } = found
      const { open: draft } = await draftOf(request, form.id, place)
      if (!draft && draftTokenOf(request) !== undefined)
        reply.header('set-cookie', draftCookie(request, place.base, '', 0))
      const kept = draft ? draftAnswersOf(draft) : { answers: {}, hidden: {} }
      const query = Object.fromEntries(hiddenFromQuery(form, request.query as Record<string, unknown>))
      const answers = { answers: kept.answers, hidden: { ...kept.hidden, ...query, ...place.hidden } }
      const path = flowPath(form, answers.answers, answers.hidden)
      const reached = reachedPage(path, form, draft?.last_page ?? null)
      if (pageId === undefined) return render(reply, 200, form, place, answers, reached)
      const allowed = path.pages.indexOf(pageId)
      if (allowed < 0 || allowed > path.pages.indexOf(reached))
        return reply.redirect(`${place.base}/p/${encodeURIComponent(reached)}`, 303)
      return render(reply, 200, form, place, answers, pageId)
    },

    /**
     * A page's post: Next (on, or complete on the last page), Back, or Continue later. Its draft
     * is first taken as this process last wrote it, which only its write checks (the draft may
     * have ended, had its link renewed, or expired since, maybe in another process): when that
     * write fails, and before any answer that writes nothing, the post is answered again from the
     * draft as stored.
     */
    async post(
      request: FastifyRequest,
      reply: FastifyReply,
      found: PublicForm,
      place: AnswerPlace,
      fields: URLSearchParams,
      thanks: (ending: string | null) => string,
      retryAfter: number | undefined,
    ) {
      const posted = { place, fields, thanks, retryAfter }
      const page = (recent: boolean) => postPage(request, reply, found, posted, recent)
      return page(true).catch((error: unknown) => {
        if (!(error instanceof NoDraftError || error instanceof ReadAgain)) throw error
        return page(false)
      })
    },
  }

  /** A page's post, its draft read as `post` says. */
  async function postPage(
    request: FastifyRequest,
    reply: FastifyReply,
    found: PublicForm,
    { place, fields, thanks, retryAfter }: Posted,
    recent: boolean,
  ) {
    const { form } = found
    const { base } = place
    // Over https the cookie goes with posts from other sites too (SameSite=None, for embedding):
    // a post from another origin may not change a draft. The form's own page, framed or not,
    // posts from this origin.
    if (draftTokenOf(request) !== undefined && !sameOrigin(request))
      return sendPage(reply, 403, errorPage(403), form)
    const { open: draft, ended, kept } = await draftOf(request, form.id, place, recent)
    /** Before an answer that writes nothing: a draft as kept is read again first (see post). */
    const unwritten = () => {
      if (kept) throw new ReadAgain()
    }
    const pageId = fields.get(PAGE_FIELD) ?? ''
    // Answers already sent (a second press of Submit, an older tab): sent once, to their ending.
    if (ended) {
      const kept = draftAnswersOf(ended)
      return go(request, reply, thanks(flowPath(form, kept.answers, kept.hidden).ending))
    }
    // A draft starts on the first page: a later page without one is a page of a draft gone.
    if (!draft && pageId !== form.pages[0]?.id) return go(request, reply, base)
    const before = draft ? draftAnswersOf(draft) : { answers: {}, hidden: {} }
    const values = typedValues(fields)
    const hiddenChange = { ...postedHidden(form, fields), ...place.hidden }
    const seen = { answers: before.answers, hidden: { ...before.hidden, ...hiddenChange } }
    const answers = await app.ctx.files.resolveAnswers(form, pageChange(form, pageId, fields))
    const given = Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== null))
    const typeErrors = draftChangeErrors(form, { answers: given })
    if (retryAfter !== undefined) {
      unwritten()
      return render(reply, 429, form, place, seen, pageId, {
        values,
        notice: retryNotice(retryAfter, pageLanguageOf(request, form).words.t),
      })
    }
    const action = fields.get(ACTION_FIELD) ?? 'next'
    /** The page again when the draft refuses the change (over its size): what was typed kept. */
    const refused = (error: unknown, merged: DraftAnswers) => {
      if (!(error instanceof DomainError && error.kind === 'validation_failed')) throw error
      unwritten()
      return render(reply, 422, form, place, merged, pageId, {
        values,
        errors: errorsOf(reply, form, merged, error.errors ?? [], values),
      })
    }
    if (action !== 'next') {
      // Back and Continue later keep what can be kept: answers of the wrong kind are left out.
      const wrong = new Set(typeErrors.map((error) => error.path))
      const kept = Object.fromEntries(
        Object.entries(answers).filter(([id]) => !wrong.has(`/answers/${id}`) || answers[id] === null),
      )
      const change = { answers: kept, hidden: hiddenChange }
      const merged = mergeDraft(before, change)
      const state = pageState(form, merged.answers, merged.hidden, pageId)
      if (!state) {
        unwritten()
        return go(request, reply, base)
      }
      const goTo = action === 'back' ? state.previous : undefined
      let token: string
      try {
        const reached = draft?.last_page ?? pageId
        token = await save(request, reply, found, place, draft, change, { reached, path: state.path })
      } catch (error) {
        return refused(error, merged)
      }
      if (action === 'later') {
        const link = `${config.publicUrl ?? `${request.protocol}://${request.host}`}${base}/r/${token}`
        // With mail configured, the respondent may have the link mailed (resume-mail.tsx); one who
        // came by a personal link has that link in their mail already.
        const mailed = config.smtpUrl !== undefined && base === `/f/${form.id}`
        const mail = mailed ? { action: resumeMailAction(form.id, token) } : undefined
        return sendPage(reply, 200, continueLaterPage(form, link, config.draftDays, mail, base), form)
      }
      return go(request, reply, goTo ? `${base}/p/${encodeURIComponent(goTo)}` : base)
    }
    const change = { answers, hidden: hiddenChange }
    const merged = mergeDraft(before, change)
    // A page's own answers never decide whether it is visited (checked at save): a page the
    // answers no longer lead to was left behind by a change in another tab; the page they reach.
    const state = pageState(form, merged.answers, merged.hidden, pageId)
    if (!state) {
      unwritten()
      return go(request, reply, base)
    }
    const { appeared, missing } = pageProblems(state, merged, fields.get(SHOWN_FIELD))
    const errors = [...typeErrors, ...missing]
    if (errors.length > 0) {
      unwritten()
      return render(reply, 422, form, place, merged, pageId, {
        values,
        errors: errorsOf(reply, form, merged, errors, values),
      })
    }
    const next = appeared.length > 0 ? pageId : state.next
    if (next !== null) {
      try {
        const reached = furthest(state.path.pages, draft?.last_page ?? null, next)
        await save(request, reply, found, place, draft, change, { reached, path: state.path })
      } catch (error) {
        return refused(error, merged)
      }
      return go(request, reply, `${base}/p/${encodeURIComponent(next)}`)
    }
    let token: string
    try {
      token = await save(request, reply, found, place, draft, change, { reached: pageId, path: state.path })
    } catch (error) {
      return refused(error, merged)
    }
    return complete(reply, found, place, token, pageId, values, thanks)
  }

  /** The last page's post, its answers saved in the draft of `token`: the draft completed as a response. */
  async function complete(
    reply: FastifyReply,
    found: PublicForm,
    place: AnswerPlace,
    token: string,
    pageId: string,
    values: TypedValues,
    thanks: (ending: string | null) => string,
  ) {
    const { form } = found
    const saved = await drafts.find(token)
    if (!saved) return sendPage(reply, 404, resumeGonePage(), form)
    const held = draftAnswersOf(saved)
    try {
      await drafts.complete(found, saved)
    } catch (error) {
      const refusal = refusalPage(error, form)
      if (refusal) return sendPage(reply, refusal.status, refusal.page, form)
      if (!(error instanceof DomainError && error.kind === 'validation_failed')) {
        if (error instanceof DomainError && error.kind === 'not_found')
          return sendPage(reply, 404, resumeGonePage(), form)
        throw error
      }
      // A problem of an earlier page (changed in another tab): that page, with its problems.
      const errors = error.errors ?? []
      const first = errors.map((entry) => /^\/answers\/([^/]+)$/.exec(entry.path)?.[1]).find(Boolean)
      const at =
        form.pages.find((page) => first !== undefined && page.questions.includes(first))?.id ?? pageId
      const shown = at === pageId ? values : typedValues(new URLSearchParams())
      return render(reply, 422, form, place, held, at, {
        values: shown,
        errors: errorsOf(reply, form, held, errors, shown),
      })
    }
    return reply.redirect(thanks(flowPath(form, held.answers, held.hidden).ending), 303)
  }
}
