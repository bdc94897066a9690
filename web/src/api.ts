import {
  type Canvass,
  CanvassError,
  type Delivery as ClientDelivery,
  type ResponseFilter as ClientFilter,
  type Form as ClientForm,
  type ContactInput,
  createCanvass,
  type FormInput,
  type FormListing,
  type Submission,
} from '@canvass/client'
import { mailApi } from './mail-api'
import { type TeamSession, teamApi } from './team-api'

// The dashboard's one way to the server: @canvass/client (the typed client of docs/client.md) in
// its browser mode, without a token: the session cookie goes with every request, and every request
// carries the header a cross-site form cannot send (docs/api.md#dashboard-sessions). What the pages
// call is shaped for them (pages with hasNext, URLs for downloads and the stream); the types are
// the client's, generated from the OpenAPI document.

export type {
  Contact,
  ContactList,
  FieldError,
  FormResponse as ResponseItem,
  Page,
  Question,
  Webhook,
} from '@canvass/client'
/** A problem document (RFC 9457) the server answered with, or status 0 when none came. */
export { CanvassError as ApiError }

export type Form = ClientForm
export type FormSettings = ClientForm['settings']
type DeliveryInFull = Awaited<ReturnType<Canvass['deliveries']['get']>>
export type Attempt = DeliveryInFull['attempt_log'][number]
/** A delivery as listed; read one alone for its attempt_log. */
export type Delivery = ClientDelivery & { attempt_log?: Attempt[] }
/** Who is signed in: the scopes, and the member (null for a token's session). */
export type Session = TeamSession
export type Answer = Awaited<ReturnType<Canvass['responses']['page']>>['items'][number]['answers'][number]
export type Insights = Awaited<ReturnType<Canvass['insights']['get']>>
export type Simulation = Awaited<ReturnType<Canvass['forms']['simulateDefinition']>>
export type ResponseFilter = Pick<ClientFilter, 'since' | 'until' | 'query'>

/** The route itself does not exist on this server (an older Canvass), not a missing resource. */
export function routeMissing(error: unknown): boolean {
  return error instanceof CanvassError && error.status === 404 && error.detail.startsWith('no route ')
}

type Query = Record<string, string | number | undefined>

export type ExportFormat = 'csv' | 'xlsx' | 'ndjson'

function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(name, String(value))
  const text = params.toString()
  return text ? `${path}?${text}` : path
}

export interface ApiOptions {
  /** Called when the session is gone (401), so the app can show the sign-in page. */
  onSignedOut?: () => void
}

export function createApi(options: ApiOptions = {}) {
  const send = async (request: Request) => {
    let response: Response
    try {
      response = await globalThis.fetch(request)
    } catch (cause) {
      throw new CanvassError({
        status: 0,
        code: 'network_error',
        detail: 'the server cannot be reached; check your connection and try again',
        cause,
      })
    }
    if (response.status === 401 && new URL(request.url).pathname !== '/v1/session') options.onSignedOut?.()
    return response
  }
  const client = createCanvass({
    baseUrl: globalThis.location.origin,
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'x-canvass-csrf': '1' },
    fetch: send,
  })
  const team = teamApi(send)
  const form = (formId: string) => `/v1/forms/${encodeURIComponent(formId)}`
  const done = () => undefined

  return {
    ...mailApi(client.api),
    ...team,
    session: {
      ...team.session,
      signOut: () => client.session.signOut(),
    },
    forms: {
      list: (pageNumber: number, pageSize = 100, listing: FormListing = {}) =>
        client.forms.page(pageNumber, pageSize, listing),
      get: (formId: string) => client.forms.get(formId),
      getVersioned: (formId: string) => client.forms.getVersioned(formId),
      create: (form: FormInput) => client.forms.create(form),
      replaceIfUnchanged: (formId: string, form: FormInput, etag: string) =>
        client.forms.replaceIfUnchanged(formId, form, etag),
      delete: (formId: string) => client.forms.delete(formId),
      /** The path answers take through a definition not yet saved; nothing is stored. */
      simulateDefinition: (form: FormInput, submission: Submission) =>
        client.forms.simulateDefinition(form, submission),
    },
    responses: {
      list: (formId: string, pageNumber: number, pageSize: number, filter: ResponseFilter = {}) =>
        client.responses.page(formId, pageNumber, pageSize, filter),
      delete: (formId: string, ids: string[]) => client.responses.delete(formId, ids),
      exportUrl: (formId: string, format: ExportFormat, filter: ResponseFilter = {}) =>
        withQuery(`${form(formId)}/responses/export`, {
          format,
          ...filter,
        }),
      streamUrl: (formId: string) => `${form(formId)}/responses/stream`,
    },
    drafts: {
      page: (formId: string, pageNumber: number, pageSize: number) =>
        client.drafts.page(formId, pageNumber, pageSize),
    },
    insights: {
      get: (formId: string, filter: ResponseFilter = {}) => client.insights.get(formId, filter),
      answers: (
        formId: string,
        questionId: string,
        pageNumber: number,
        pageSize: number,
        filter: ResponseFilter = {},
      ) => client.insights.answers(formId, questionId, pageNumber, pageSize, filter),
    },
    contactLists: {
      list: (pageNumber: number) => client.contactLists.page(pageNumber, 100),
      get: (listId: string) => client.contactLists.get(listId),
      create: (name: string) => client.contactLists.create(name),
      rename: (listId: string, name: string) => client.contactLists.rename(listId, name),
      delete: (listId: string) => client.contactLists.delete(listId),
      contacts: (listId: string, pageNumber: number, pageSize: number) =>
        client.contacts.page(listId, pageNumber, pageSize),
    },
    contacts: {
      delete: (contactId: string) => client.contacts.delete(contactId),
      replace: (contactId: string, contact: ContactInput) => client.contacts.replace(contactId, contact),
      bulkAdd: (listId: string, contacts: ContactInput[], idempotencyKey: string) =>
        client.contacts.addBulk(listId, contacts, idempotencyKey),
    },
    webhooks: {
      list: async (formId: string) => ({ items: await client.webhooks.list(formId) }),
      put: async (
        formId: string,
        tag: string,
        body: { url?: string; enabled?: boolean; secret?: string | null },
      ) => ({
        webhook: await client.webhooks.put(formId, tag, body),
      }),
      delete: (formId: string, tag: string) => client.webhooks.delete(formId, tag),
      signing: (formId: string, tag: string) => client.webhooks.signing(formId, tag),
      test: (formId: string, tag: string) => client.webhooks.test(formId, tag).then(done),
      deliveries: (formId: string, tag: string, pageNumber: number) =>
        client.deliveries.page(formId, tag, pageNumber, 25),
      delivery: (formId: string, tag: string, deliveryId: string) =>
        client.deliveries.get(formId, tag, deliveryId),
      redeliver: (formId: string, tag: string, deliveryId: string) =>
        client.deliveries.redeliver(formId, tag, deliveryId).then(done),
    },
  }
}

export type Api = ReturnType<typeof createApi>
