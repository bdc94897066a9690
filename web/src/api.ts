// The dashboard's one way to the server: the same /v1 API a token holder uses, authenticated by
// the session cookie. Shaped after @canvass/client (resources with list/get/put/delete, errors
// carrying the problem document) so that package can replace this file later.

export interface FieldError {
  path: string
  message: string
}

/** A problem document (RFC 9457) the server answered with. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors: FieldError[] = [],
  ) {
    super(detail)
  }

  /** The route itself does not exist on this server (an older Canvass), not a missing resource. */
  get routeMissing(): boolean {
    return this.status === 404 && this.detail.startsWith('no route ')
  }
}

export interface Page<T> {
  items: T[]
  hasNext: boolean
}

export interface Session {
  scopes: string[]
  expires_at: string | null
}

export interface Question {
  id: string
  title: string
  type: string
  required?: boolean
  properties?: Record<string, unknown>
}

export interface FormSettings {
  public?: boolean
  closes_at?: string | null
  max_responses?: number | null
}

export interface Form {
  id: string
  title: string
  questions: Question[]
  created_at?: string
  updated_at?: string
  response_count?: number
  settings?: FormSettings
}

export interface Answer {
  question: { id: string; title: string; type: string }
  type: string
  [value: string]: unknown
}

export interface ResponseItem {
  id: string
  submitted_at: string
  answers: Answer[]
  hidden: { name: string; value: string }[]
  variables: { name: string; value: number }[]
}

export interface ContactList {
  id: string
  name: string
  contact_count: number
  created_at: string
}

export interface Contact {
  id: string
  name: string
  email: string
  data: string
  created_at: string
}

export interface Webhook {
  form_id: string
  tag: string
  url: string
  enabled: boolean
  verify_ssl: boolean
  created_at: string
  updated_at: string
}

export interface Attempt {
  attempted_at: string
  duration_ms: number
  status_code: number | null
  error: string | null
  response_excerpt: string | null
}

export interface Delivery {
  id: string
  event_id: string
  status: 'pending' | 'succeeded' | 'failed'
  attempts: number
  last_status_code: number | null
  last_error: string | null
  next_attempt_at: string | null
  created_at: string
  delivered_at: string | null
  attempt_log?: Attempt[]
}

export interface ResponseFilter {
  since?: string | undefined
  until?: string | undefined
}

type Query = Record<string, string | number | undefined>

function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(name, String(value))
  const text = params.toString()
  return text ? `${path}?${text}` : path
}

async function problemOf(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { code?: string; detail?: string; errors?: FieldError[] }
    return new ApiError(
      response.status,
      body.code ?? 'error',
      body.detail ?? response.statusText,
      body.errors ?? [],
    )
  } catch {
    return new ApiError(
      response.status,
      'error',
      `the server answered ${response.status} ${response.statusText}`,
    )
  }
}

export interface ApiOptions {
  /** Called when the session is gone (401), so the app can show the sign-in page. */
  onSignedOut?: () => void
}

export function createApi(options: ApiOptions = {}) {
  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        // Writes with the cookie need it; a cross-site form cannot send it (docs/api.md#dashboard-sessions).
        'x-canvass-csrf': '1',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }
    let response: Response
    try {
      response = await fetch(path, init)
    } catch {
      throw new ApiError(0, 'network', 'the server cannot be reached; check your connection and try again')
    }
    if (!response.ok) {
      const error = await problemOf(response)
      if (error.status === 401 && path !== '/v1/session') options.onSignedOut?.()
      throw error
    }
    return response
  }
  async function json<T>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<T> {
    const response = await call(method, path, body, headers)
    return response.status === 204 || response.status === 202
      ? (undefined as T)
      : ((await response.json()) as T)
  }
  async function page<T>(path: string, query: Query): Promise<Page<T>> {
    const response = await call('GET', withQuery(path, query))
    const body = (await response.json()) as { items: T[] }
    return { items: body.items, hasNext: /rel="next"/.test(response.headers.get('link') ?? '') }
  }
  const form = (formId: string) => `/v1/forms/${encodeURIComponent(formId)}`
  const hook = (formId: string, tag: string) => `${form(formId)}/webhooks/${encodeURIComponent(tag)}`

  return {
    session: {
      signIn: (token: string) => json<Session>('POST', '/v1/session', { token }),
      get: () => json<Session>('GET', '/v1/session'),
      signOut: () => json<void>('DELETE', '/v1/session'),
    },
    forms: {
      list: (pageNumber: number, pageSize = 100) =>
        page<Form>('/v1/forms', { page: pageNumber, page_size: pageSize }),
      get: (formId: string) => json<Form>('GET', form(formId)),
    },
    responses: {
      list: (formId: string, pageNumber: number, pageSize: number, filter: ResponseFilter = {}) =>
        page<ResponseItem>(`${form(formId)}/responses`, { page: pageNumber, page_size: pageSize, ...filter }),
      delete: (formId: string, ids: string[]) =>
        json<void>(
          'DELETE',
          withQuery(`${form(formId)}/responses`, { included_response_ids: ids.join(',') }),
        ),
      exportUrl: (formId: string, format: 'csv' | 'ndjson', filter: ResponseFilter = {}) =>
        withQuery(`${form(formId)}/responses/export`, { format, ...filter }),
      streamUrl: (formId: string) => `${form(formId)}/responses/stream`,
    },
    insights: {
      get: (formId: string, filter: ResponseFilter = {}) =>
        json<Record<string, unknown>>('GET', withQuery(`${form(formId)}/insights`, { ...filter })),
    },
    contactLists: {
      list: (pageNumber: number) =>
        page<ContactList>('/v1/contact-lists', { page: pageNumber, page_size: 100 }),
      get: (listId: string) => json<ContactList>('GET', `/v1/contact-lists/${encodeURIComponent(listId)}`),
      create: (name: string) => json<ContactList>('POST', '/v1/contact-lists', { name }),
      contacts: (listId: string, pageNumber: number, pageSize: number) =>
        page<Contact>(`/v1/contact-lists/${encodeURIComponent(listId)}/contacts`, {
          page: pageNumber,
          page_size: pageSize,
        }),
    },
    contacts: {
      delete: (contactId: string) => json<void>('DELETE', `/v1/contacts/${encodeURIComponent(contactId)}`),
      bulkAdd: (
        listId: string,
        contacts: { email: string; name?: string; data?: Record<string, string> }[],
        idempotencyKey: string,
      ) =>
        json<{ added_contacts: Contact[] }>(
          'POST',
          '/v1/contacts/bulk',
          { list_id: listId, contacts },
          {
            'idempotency-key': idempotencyKey,
          },
        ),
    },
    webhooks: {
      list: (formId: string) => json<{ items: Webhook[] }>('GET', `${form(formId)}/webhooks`),
      put: (formId: string, tag: string, body: { url?: string; enabled?: boolean; secret?: string | null }) =>
        json<{ webhook: Webhook }>('PUT', hook(formId, tag), body),
      delete: (formId: string, tag: string) => json<void>('DELETE', hook(formId, tag)),
      test: (formId: string, tag: string) => json<void>('POST', `${hook(formId, tag)}/test`),
      deliveries: (formId: string, tag: string, pageNumber: number) =>
        page<Delivery>(`${hook(formId, tag)}/deliveries`, { page: pageNumber, page_size: 25 }),
      delivery: async (formId: string, tag: string, deliveryId: string) =>
        (
          await json<{ delivery: Delivery }>(
            'GET',
            `${hook(formId, tag)}/deliveries/${encodeURIComponent(deliveryId)}`,
          )
        ).delivery,
      redeliver: (formId: string, tag: string, deliveryId: string) =>
        json<void>('POST', `${hook(formId, tag)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`),
    },
  }
}

export type Api = ReturnType<typeof createApi>
