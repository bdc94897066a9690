import createClient, { type Client } from 'openapi-fetch'
import { CanvassError, errorOf } from './errors.js'
import { type RetryOptions, retryingFetch } from './retry.js'
import type { components, operations, paths } from './schema.js'

// The Canvass client: typed calls (types generated from the OpenAPI document, transport by
// openapi-fetch), lists as async iterables over every page, retries, and errors as CanvassError.
// fetch only, so the same code runs in Node 20+ and in browsers.

export { CanvassError, type FieldError } from './errors.js'
export { type RetryOptions, retryAfter } from './retry.js'
export type { components, operations, paths } from './schema.js'
export { verifyWebhook, type WebhookHeaders } from './webhooks.js'

type Schemas = components['schemas']
export type Form = Schemas['Form']
export type Question = Schemas['Question']
export type FlowPage = Schemas['Page']
export type Rule = Schemas['Rule']
export type Condition = Schemas['Condition']
export type Action = Schemas['Action']
export type Ending = Schemas['Ending']
export type Answer = Schemas['Answer']
export type FormResponse = Schemas['Response']
export type ContactList = Schemas['ContactList']
export type Contact = Schemas['Contact']
export type Webhook = Schemas['Webhook']
export type Delivery = Schemas['Delivery']
export type Problem = Schemas['Problem']

type Body<Op extends keyof operations> = operations[Op] extends {
  requestBody: { content: { 'application/json': infer B } }
}
  ? B
  : never
type Query<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>

export type FormInput = Body<'createForm'>
export type Submission = Body<'submitResponse'>
export type ContactInput = Body<'createContactsBulk'>['contacts'][number]
export type WebhookInput = Body<'putWebhook'>
export type ResponseFilter = Omit<Query<'listResponses'>, 'page' | 'page_size'>
/** Which forms a page of forms shows: `sort` (oldest first by default) and `title` (contains). */
export type FormListing = Omit<Query<'listForms'>, 'page' | 'page_size'>

export interface CanvassOptions {
  /** Where Canvass answers, e.g. `http://127.0.0.1:3000`. */
  baseUrl: string
  /**
   * An API token (`cvs_...`). Leave it out in a browser signed in to the dashboard
   * (`session.signIn`): its session cookie goes with every request instead (`credentials`).
   */
  token?: string | undefined
  /** Headers sent with every request; with a session cookie, `{'x-canvass-csrf': '1'}` (docs/client.md). */
  headers?: Record<string, string>
  /** Whether the browser sends cookies; `same-origin` for a dashboard session. */
  credentials?: RequestCredentials
  retry?: RetryOptions
  /** Items asked for per page while listing (1..1000, default 100). */
  pageSize?: number
  /** Defaults to the global fetch. */
  fetch?: (request: Request) => Promise<Response>
}

interface Answered<T> {
  data?: T
  error?: unknown
  response: Response
}

/** The data of a 2xx answer, or the CanvassError of any other. */
function dataOf<T>(answer: Answered<T>): T {
  if (!answer.response.ok) throw errorOf(answer.response, answer.error)
  return answer.data as T
}

/** Network failures become CanvassErrors too, so callers catch one kind of error. */
async function call<T>(send: () => Promise<Answered<T>>): Promise<T> {
  let answer: Answered<T>
  try {
    answer = await send()
  } catch (error) {
    if (error instanceof CanvassError) throw error
    const cause = (error as { cause?: { message?: string } }).cause?.message
    const message = error instanceof Error ? error.message : String(error)
    throw new CanvassError({ status: 0, code: 'network_error', detail: cause ?? message, cause: error })
  }
  return dataOf(answer)
}

const hasNext = (response: Response) => /rel="?next"?/.test(response.headers.get('link') ?? '')

/** One page of a list, and whether another follows (its Link header names a next one). */
export interface Page<T> {
  items: T[]
  hasNext: boolean
}

async function onePage<T>(fetchPage: () => Promise<Answered<{ items: T[] }>>): Promise<Page<T>> {
  let response: Response | undefined
  const data = await call(async () => {
    const answer = await fetchPage()
    response = answer.response
    return answer
  })
  return { items: data.items, hasNext: response !== undefined && hasNext(response) }
}

/** The data of an answer with its `ETag` (a form's version: `forms.getVersioned`). */
async function versioned<T>(send: () => Promise<Answered<T>>): Promise<{ value: T; etag: string }> {
  let response: Response | undefined
  const value = await call(async () => {
    const answer = await send()
    response = answer.response
    return answer
  })
  return { value, etag: response?.headers.get('etag') ?? '' }
}

export function createCanvass(options: CanvassOptions) {
  const fetchOnce = options.fetch ?? ((request: Request) => globalThis.fetch(request))
  const api: Client<paths> = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { ...options.headers, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    fetch: retryingFetch(fetchOnce, options.retry),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  })
  const pageSize = options.pageSize ?? 100
  const pageSizeOr = () => pageSize

  /** Every item of a paged list, page after page until the Link header names no next one. */
  async function* everything<T>(
    fetchPage: (page: { page: number; page_size: number }) => Promise<Answered<{ items: T[] }>>,
  ): AsyncGenerator<T, void, undefined> {
    for (let page = 1; ; page++) {
      let response: Response | undefined
      const data = await call(async () => {
        const answer = await fetchPage({ page, page_size: pageSize })
        response = answer.response
        return answer
      })
      yield* data.items
      if (!response || !hasNext(response) || data.items.length === 0) return
    }
  }

  const form_id = (id: string) => ({ form_id: id })

  return {
    /** The openapi-fetch client itself, for anything the helpers below leave out. */
    api,
    /** The dashboard's sign-in: a token exchanged for an HttpOnly session cookie (browsers). */
    session: {
      signIn: (token: string) => call(() => api.POST('/v1/session', { body: { token } })),
      /** Who is calling: the scopes of this token or session. */
      get: () => call(() => api.GET('/v1/session')),
      signOut: () => call(() => api.DELETE('/v1/session')).then(() => undefined),
    },
    forms: {
      list: () => everything((query) => api.GET('/v1/forms', { params: { query } })),
      page: (page: number, pageSize = pageSizeOr(), listing: FormListing = {}) =>
        onePage(() => api.GET('/v1/forms', { params: { query: { ...listing, page, page_size: pageSize } } })),
      get: (formId: string) =>
        call(() => api.GET('/v1/forms/{form_id}', { params: { path: form_id(formId) } })),
      create: (form: FormInput) => call(() => api.POST('/v1/forms', { body: form })),
      replace: (formId: string, form: FormInput) =>
        call(() => api.PUT('/v1/forms/{form_id}', { params: { path: form_id(formId) }, body: form })),
      /** The form and its `ETag`: the version to give `replaceIfUnchanged`. */
      getVersioned: async (formId: string) => {
        const { value, etag } = await versioned(() =>
          api.GET('/v1/forms/{form_id}', { params: { path: form_id(formId) } }),
        )
        return { form: value, etag }
      },
      /**
       * Replaces the form only if nobody saved it since `etag` (from `getVersioned` or an earlier
       * `replaceIfUnchanged`); otherwise a CanvassError with status 412 and nothing changes.
       */
      replaceIfUnchanged: async (formId: string, form: FormInput, etag: string) => {
        const { value, etag: next } = await versioned(() =>
          api.PUT('/v1/forms/{form_id}', {
            params: { path: form_id(formId), header: { 'if-match': etag } },
            body: form,
          }),
        )
        return { form: value, etag: next }
      },
      delete: (formId: string) =>
        call(() => api.DELETE('/v1/forms/{form_id}', { params: { path: form_id(formId) } })).then(
          () => undefined,
        ),
      /** The path `submission` takes through the form (pages, questions, missing, ending); nothing is stored. */
      simulate: (formId: string, submission: Submission) =>
        call(() =>
          api.POST('/v1/forms/{form_id}/simulate', { params: { path: form_id(formId) }, body: submission }),
        ),
      /** The same for a definition not yet saved; one that could not be saved is a 400 at `/form/...`. */
      simulateDefinition: (form: FormInput, submission: Submission) =>
        call(() => api.POST('/v1/forms/simulate', { body: { form, ...submission } })),
    },
    responses: {
      /** Every response matching `filter` (newest first unless `sort` says otherwise). */
      list: (formId: string, filter: ResponseFilter = {}) =>
        everything((page) =>
          api.GET('/v1/forms/{form_id}/responses', {
            params: { path: form_id(formId), query: { ...filter, ...page } },
          }),
        ),
      /** One page of responses matching `filter`. */
      page: (formId: string, page: number, pageSize = pageSizeOr(), filter: ResponseFilter = {}) =>
        onePage(() =>
          api.GET('/v1/forms/{form_id}/responses', {
            params: { path: form_id(formId), query: { ...filter, page, page_size: pageSize } },
          }),
        ),
      submit: (formId: string, submission: Submission) =>
        call(() =>
          api.POST('/v1/forms/{form_id}/responses', { params: { path: form_id(formId) }, body: submission }),
        ),
      /** Deletes responses by id (at most 1000 per call); unknown ids are ignored. */
      delete: (formId: string, ids: string[]) =>
        call(() =>
          api.DELETE('/v1/forms/{form_id}/responses', {
            params: { path: form_id(formId), query: { included_response_ids: ids.join(',') } },
          }),
        ).then(() => undefined),
    },
    drafts: {
      /** Every open draft of a form whose `settings.partial_responses` is true (newest first). */
      list: (formId: string) =>
        everything((query) =>
          api.GET('/v1/forms/{form_id}/drafts', { params: { path: form_id(formId), query } }),
        ),
      page: (formId: string, page: number, pageSize = pageSizeOr()) =>
        onePage(() =>
          api.GET('/v1/forms/{form_id}/drafts', {
            params: { path: form_id(formId), query: { page, page_size: pageSize } },
          }),
        ),
      /** Starts a draft of a public form (no token needed): its resume token, pages so far, next page. */
      start: (formId: string, submission: Submission) =>
        call(() =>
          api.POST('/v1/public/forms/{form_id}/drafts', {
            params: { path: form_id(formId) },
            body: submission,
          }),
        ),
      /** Merges answers into a draft by question id; `null` removes one. */
      update: (resumeToken: string, change: Partial<Submission>) =>
        call(() =>
          api.PATCH('/v1/public/drafts/{resume_token}', {
            params: { path: { resume_token: resumeToken } },
            body: change,
          }),
        ),
      /** Stores the draft's response (as a public submission would) and ends the draft. */
      complete: (resumeToken: string) =>
        call(() =>
          api.POST('/v1/public/drafts/{resume_token}/complete', {
            params: { path: { resume_token: resumeToken } },
          }),
        ),
    },
    insights: {
      /** NPS, CSAT, distributions, means and the timeline of the responses matching `filter`. */
      get: (formId: string, filter: ResponseFilter = {}) =>
        call(() =>
          api.GET('/v1/forms/{form_id}/insights', { params: { path: form_id(formId), query: filter } }),
        ),
      /** One page of a text question's latest answers (newest first) within `filter`'s since/until. */
      answers: (
        formId: string,
        questionId: string,
        page: number,
        pageSize = pageSizeOr(),
        filter: Pick<ResponseFilter, 'since' | 'until'> = {},
      ) =>
        onePage(() =>
          api.GET('/v1/forms/{form_id}/insights/questions/{question_id}/answers', {
            params: {
              path: { ...form_id(formId), question_id: questionId },
              query: { since: filter.since, until: filter.until, page, page_size: pageSize },
            },
          }),
        ),
    },
    contactLists: {
      list: () => everything((query) => api.GET('/v1/contact-lists', { params: { query } })),
      page: (page: number, pageSize = pageSizeOr()) =>
        onePage(() => api.GET('/v1/contact-lists', { params: { query: { page, page_size: pageSize } } })),
      get: (listId: string) =>
        call(() => api.GET('/v1/contact-lists/{list_id}', { params: { path: { list_id: listId } } })),
      create: (name: string) => call(() => api.POST('/v1/contact-lists', { body: { name } })),
      rename: (listId: string, name: string) =>
        call(() =>
          api.PATCH('/v1/contact-lists/{list_id}', { params: { path: { list_id: listId } }, body: { name } }),
        ),
      delete: (listId: string) =>
        call(() => api.DELETE('/v1/contact-lists/{list_id}', { params: { path: { list_id: listId } } })).then(
          () => undefined,
        ),
    },
    contacts: {
      /** Every contact of a list, oldest first. */
      list: (listId: string) =>
        everything((query) =>
          api.GET('/v1/contact-lists/{list_id}/contacts', { params: { path: { list_id: listId }, query } }),
        ),
      page: (listId: string, page: number, pageSize = pageSizeOr()) =>
        onePage(() =>
          api.GET('/v1/contact-lists/{list_id}/contacts', {
            params: { path: { list_id: listId }, query: { page, page_size: pageSize } },
          }),
        ),
      get: (contactId: string) =>
        call(() => api.GET('/v1/contacts/{contact_id}', { params: { path: { contact_id: contactId } } })),
      delete: (contactId: string) =>
        call(() =>
          api.DELETE('/v1/contacts/{contact_id}', { params: { path: { contact_id: contactId } } }),
        ).then(() => undefined),
      /** Replaces a contact's name, address and data (a 409 when another contact of its list has the address). */
      replace: (contactId: string, contact: ContactInput) =>
        call(() =>
          api.PUT('/v1/contacts/{contact_id}', {
            params: { path: { contact_id: contactId } },
            body: contact,
          }),
        ),
      /**
       * Adds contacts to a list, all or nothing; addresses already there are skipped. Every call
       * carries an Idempotency-Key (a fresh one unless given), so its retries never add twice.
       */
      addBulk: (
        listId: string,
        contacts: ContactInput[],
        idempotencyKey: string = globalThis.crypto.randomUUID(),
      ) =>
        call(() =>
          api.POST('/v1/contacts/bulk', {
            params: { header: { 'idempotency-key': idempotencyKey } },
            body: { list_id: listId, contacts },
          }),
        ),
    },
    webhooks: {
      list: (formId: string) =>
        call(() => api.GET('/v1/forms/{form_id}/webhooks', { params: { path: form_id(formId) } })).then(
          (data) => data.items,
        ),
      get: (formId: string, tag: string) =>
        call(() =>
          api.GET('/v1/forms/{form_id}/webhooks/{tag}', { params: { path: { form_id: formId, tag } } }),
        ).then((data) => data.webhook),
      /** How its deliveries are signed: `unsigned`, `weak` (a secret under 32 characters) or `strong`. */
      signing: (formId: string, tag: string) =>
        call(() =>
          api.GET('/v1/forms/{form_id}/webhooks/{tag}/signing', {
            params: { path: { form_id: formId, tag } },
          }),
        ).then((data) => data.signing),
      /** Creates the webhook `tag` (`url` needed) or changes the fields given. */
      put: (formId: string, tag: string, webhook: WebhookInput) =>
        call(() =>
          api.PUT('/v1/forms/{form_id}/webhooks/{tag}', {
            params: { path: { form_id: formId, tag } },
            body: webhook,
          }),
        ).then((data) => data.webhook),
      delete: (formId: string, tag: string) =>
        call(() =>
          api.DELETE('/v1/forms/{form_id}/webhooks/{tag}', { params: { path: { form_id: formId, tag } } }),
        ).then(() => undefined),
      /** Queues a signed `ping` event through the delivery path. */
      test: (formId: string, tag: string) =>
        call(() =>
          api.POST('/v1/forms/{form_id}/webhooks/{tag}/test', { params: { path: { form_id: formId, tag } } }),
        ).then((data) => data.delivery),
    },
    deliveries: {
      /** Every delivery of a webhook, newest first. */
      list: (formId: string, tag: string) =>
        everything((query) =>
          api.GET('/v1/forms/{form_id}/webhooks/{tag}/deliveries', {
            params: { path: { form_id: formId, tag }, query },
          }),
        ),
      page: (formId: string, tag: string, page: number, pageSize = pageSizeOr()) =>
        onePage(() =>
          api.GET('/v1/forms/{form_id}/webhooks/{tag}/deliveries', {
            params: { path: { form_id: formId, tag }, query: { page, page_size: pageSize } },
          }),
        ),
      get: (formId: string, tag: string, deliveryId: string) =>
        call(() =>
          api.GET('/v1/forms/{form_id}/webhooks/{tag}/deliveries/{delivery_id}', {
            params: { path: { form_id: formId, tag, delivery_id: deliveryId } },
          }),
        ).then((data) => data.delivery),
      redeliver: (formId: string, tag: string, deliveryId: string) =>
        call(() =>
          api.POST('/v1/forms/{form_id}/webhooks/{tag}/deliveries/{delivery_id}/redeliver', {
            params: { path: { form_id: formId, tag, delivery_id: deliveryId } },
          }),
        ).then((data) => data.delivery),
    },
  }
}

export type Canvass = ReturnType<typeof createCanvass>
