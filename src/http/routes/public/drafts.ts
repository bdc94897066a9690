import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { noDraft } from '../../../domain/forms/drafts/complete.js'
import type { OpenDraft } from '../../../domain/forms/drafts/store.js'
import { FormParams } from '../../schemas.js'
import { SubmissionBody } from '../forms/schemas.js'
import {
  acceptingForm,
  limitPublicSubmission,
  PUBLIC_BODY_LIMIT,
  preflights,
  problem,
  publicRefusal,
} from './common.js'

// docs/api.md#drafts: a respondent's answers kept between pages (and devices) under a resume
// token, for custom front-ends. The public API's rules (CORS, limits, only forms that accept
// answers) hold for every route here.

declare module 'fastify' {
  interface FastifyRequest {
    /** The open draft a request's resume token names, found before the rate limit counts it. */
    openDraft: OpenDraft | undefined
  }
}

const TokenParams = Type.Object(
  {
    resume_token: Type.String({
      description: 'The resume token the draft was started with: `cvd_` and 22 URL-safe characters.',
    }),
  },
  { additionalProperties: false },
)

const DraftState = Type.Object(
  {
    resume_token: Type.String({ description: 'Names the draft; keep it to change or complete it.' }),
    pages: Type.Array(Type.String(), {
      description: 'Page ids of the path so far: from the first up to `next_page`, or the whole path.',
    }),
    next_page: Type.Union([Type.String(), Type.Null()], {
      description:
        'The first page of the path with a required question still unanswered; null when the draft can be completed.',
    }),
  },
  { description: 'How far a draft has come.' },
)

const DraftChangeBody = Type.Object(
  {
    answers: Type.Optional(SubmissionBody.properties.answers),
    hidden: Type.Optional(SubmissionBody.properties.hidden),
  },
  {
    additionalProperties: false,
    description: 'Merged by question id and hidden name: a value replaces the one kept, `null` removes it.',
  },
)

const refusals = {
  400: problem('Invalid answers (`validation_failed`), every problem listed, or not JSON.'),
  404: problem('No such form, or it is not public; or no open draft has this token (`not_found`).'),
  410: problem('The form does not accept answers now (`form_closed`): it has closed, or opens later.'),
  413: problem('Body over 256 KiB (`payload_too_large`).'),
  415: problem('A body without `Content-Type: application/json`.'),
  429: problem('Too many submissions from this address (`rate_limited`); see `Retry-After`.'),
}

const limits =
  'No token; answers CORS from any origin. Counted with submissions against the per-address limit ' +
  '(`CANVASS_PUBLIC_RATE_LIMIT`); body at most 256 KiB.'

export async function publicDraftRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['public']
  app.decorateRequest('openDraft', undefined)

  preflights(app, {
    '/v1/public/forms/:form_id/drafts': 'POST',
    '/v1/public/drafts/:resume_token': 'PATCH',
    '/v1/public/drafts/:resume_token/complete': 'POST',
  })

  /** Finds the token's draft and counts the request against its form's limit. */
  const draftOfToken = {
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      const { resume_token: token } = request.params as { resume_token: string }
      const draft = await app.ctx.drafts.find(token)
      // A personal link's draft is answered through its link alone (docs/api.md#personal-links).
      request.openDraft = draft?.recipient_id === null ? draft : undefined
      if (request.openDraft) await limitPublicSubmission(app, request, reply, request.openDraft.form_id)
      // A token that names no open draft is a failed authentication: guesses are limited as
      // unknown API tokens are (CANVASS_AUTH_FAILURE_LIMIT per address).
      else await app.limitFailedAuthentication(request)
    },
  }

  app.post(
    '/v1/public/forms/:form_id/drafts',
    {
      config: { public: true },
      bodyLimit: PUBLIC_BODY_LIMIT,
      onRequest: (request, reply) => limitPublicSubmission(app, request, reply, request.params.form_id),
      schema: {
        tags,
        operationId: 'startDraft',
        summary: 'Start a draft: answers kept on the server until completed',
        description: `Answers are checked as a submission checks them, but none is required. ${limits}`,
        security: [],
        params: FormParams,
        body: SubmissionBody,
        response: { 201: DraftState, ...refusals },
      },
    },
    async (request, reply) => {
      const found = acceptingForm(app, request.submittedForm, request.params.form_id)
      return reply.code(201).send(await app.ctx.drafts.start(found, request.body))
    },
  )

  app.patch(
    '/v1/public/drafts/:resume_token',
    {
      config: { public: true },
      bodyLimit: PUBLIC_BODY_LIMIT,
      ...draftOfToken,
      schema: {
        tags,
        operationId: 'updateDraft',
        summary: 'Merge answers into a draft',
        description: `Answers off the path so far are kept but do not count. ${limits}`,
        security: [],
        params: TokenParams,
        body: DraftChangeBody,
        response: {
          200: DraftState,
          ...refusals,
          409: problem(
            'The draft kept changing under other requests at the same time (`conflict`): send it again.',
          ),
        },
      },
    },
    async (request) => {
      const draft = request.openDraft
      if (!draft) throw noDraft()
      const found = acceptingForm(app, request.submittedForm, draft.form_id)
      return app.ctx.drafts.update(found, request.params.resume_token, draft, request.body)
    },
  )

  app.post(
    '/v1/public/drafts/:resume_token/complete',
    {
      config: { public: true },
      bodyLimit: PUBLIC_BODY_LIMIT,
      ...draftOfToken,
      schema: {
        tags,
        operationId: 'completeDraft',
        summary: 'Complete a draft: store its response and end it',
        description:
          'Stores the answers on the path as a public submission would, with its webhook events; ' +
          `refused (400), the draft stays as it was. No body needed. ${limits}`,
        security: [],
        params: TokenParams,
        response: { 201: Type.Object({ id: Type.String(), submitted_at: Type.String() }), ...refusals },
      },
    },
    async (request, reply) => {
      const draft = request.openDraft
      if (!draft) throw noDraft()
      const found = acceptingForm(app, request.submittedForm, draft.form_id)
      try {
        const stored = await app.ctx.drafts.complete(found, draft)
        return reply.code(201).send({ id: stored.item.id, submitted_at: stored.item.submitted_at })
      } catch (error) {
        throw publicRefusal(error, draft.form_id)
      }
    },
  )
}
