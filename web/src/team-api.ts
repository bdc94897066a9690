import { CanvassError, type FieldError, type Page } from '@canvass/client'
import type { Role } from '../../src/shared/roles'

// The team's routes (docs/api.md#team: sign-in with a password, setup, invitations to join,
// password reset, members, tokens, the audit log), called with the session cookie and the header a
// cross-site form cannot send, like every other call of the dashboard (api.ts). The shapes are
// those of CONTRACT.md section 13.

export type { Role }

export interface Member {
  id: string
  email: string
  name: string
  role: Role
  created_at: string
  last_sign_in_at: string | null
}

export interface TeamSession {
  scopes: string[]
  expires_at: string | null
  /** The member signed in; null when the caller signed in with a token. */
  member?: Member | null
  /** The token behind a token's session, where the server names it. */
  token?: { id: string; name: string } | null
}

export interface SignInMethods {
  password: boolean
  token: boolean
  oidc: boolean
  /** The provider's name for the button, where the server gives one. */
  oidc_name?: string
}

export interface CodeInfo {
  email: string | null
  role: Role
  expires_at: string
}

export interface PendingInvitation {
  id: string
  email: string
  role: Role
  created_at: string
  expires_at: string
}

export interface ApiToken {
  id: string
  name: string
  scopes: string[]
  created_at: string
  last_used_at?: string | null
  /** The member who made it, where the server names one. */
  member?: { id: string; name: string } | null
  member_id?: string | null
}

export interface AuditEvent {
  id: string
  at: string
  actor: { type: 'member' | 'token' | 'system'; id: string | null; name: string | null }
  action: string
  target: { type: string; id: string | null } | null
  address: string | null
  details: Record<string, unknown> | null
}

export interface AuditFilter {
  actor?: string
  action?: string
  since?: string
  until?: string
}

export interface AuditPage {
  items: AuditEvent[]
  /** Where the next (older) page starts; undefined on the last page. */
  next?: string
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

/**
 * One call of the team's routes through `send` (the dashboard's fetch, which reports a lost
 * session). Answers that are not 2xx become the same CanvassError as the typed client's.
 */
export function teamApi(send: (request: Request) => Promise<Response>) {
  const answer = async (method: Method, path: string, body?: unknown) => {
    const response = await send(
      new Request(new URL(path, globalThis.location.origin), {
        method,
        credentials: 'same-origin',
        headers: {
          accept: 'application/json',
          'x-canvass-csrf': '1',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    )
    const text = response.status === 204 ? '' : await response.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {
      // not JSON: errorOf quotes the text
    }
    if (!response.ok) throw errorOf(response, parsed)
    return { response, body: parsed }
  }
  const call = async <T>(method: Method, path: string, body?: unknown): Promise<T> =>
    (await answer(method, path, body)).body as T
  const done = async (method: Method, path: string, body?: unknown): Promise<void> => {
    await answer(method, path, body)
  }
  const list = async <T>(path: string, pageNumber: number, pageSize: number): Promise<Page<T>> => {
    const { response, body } = await answer('GET', query(path, { page: pageNumber, page_size: pageSize }))
    const hasNext = /rel="?next"?/.test(response.headers.get('link') ?? '')
    return { items: (body as { items: T[] }).items, hasNext }
  }
  const id = encodeURIComponent

  return {
    session: {
      methods: () => call<SignInMethods>('GET', '/v1/session/methods'),
      withPassword: (email: string, password: string) =>
        call<TeamSession>('POST', '/v1/session', { email, password }),
      withToken: (token: string) => call<TeamSession>('POST', '/v1/session', { token }),
      get: () => call<TeamSession>('GET', '/v1/session'),
      oidcUrl: '/v1/session/oidc',
    },
    setup: {
      get: (code: string) => call<CodeInfo>('GET', query('/v1/setup', { code })),
      create: (body: { code: string; email: string; name: string; password: string }) =>
        call<Member>('POST', '/v1/setup', body),
    },
    accept: {
      get: (code: string) => call<CodeInfo>('GET', query('/v1/members/accept', { code })),
      create: (body: { code: string; name: string; password: string }) =>
        call<Member>('POST', '/v1/members/accept', body),
    },
    passwordReset: {
      request: (email: string) => done('POST', '/v1/password-reset', { email }),
      confirm: (code: string, password: string) =>
        done('POST', '/v1/password-reset/confirm', { code, password }),
    },
    profile: {
      get: () => call<Member>('GET', '/v1/profile'),
      rename: (name: string) => call<Member>('PATCH', '/v1/profile', { name }),
      changePassword: (current: string, password: string) =>
        done('PUT', '/v1/profile/password', { current_password: current, password }),
    },
    members: {
      list: (pageNumber: number) => list<Member>('/v1/members', pageNumber, 50),
      setRole: (memberId: string, role: Role) =>
        call<Member>('PATCH', `/v1/members/${id(memberId)}`, { role }),
      remove: (memberId: string) => done('DELETE', `/v1/members/${id(memberId)}`),
      invite: (email: string, role: Role) =>
        call<PendingInvitation>('POST', '/v1/members/invitations', { email, role }),
      invitations: () => list<PendingInvitation>('/v1/members/invitations', 1, 100),
      revoke: (invitationId: string) => done('DELETE', `/v1/members/invitations/${id(invitationId)}`),
    },
    tokens: {
      list: (pageNumber: number) => list<ApiToken>('/v1/tokens', pageNumber, 50),
      create: (name: string, scopes: string[]) =>
        call<ApiToken & { token: string }>('POST', '/v1/tokens', { name, scopes }),
      revoke: (tokenId: string) => done('DELETE', `/v1/tokens/${id(tokenId)}`),
    },
    audit: {
      page: async (filter: AuditFilter, cursor: string | undefined, limit = 50): Promise<AuditPage> => {
        const { response, body } = await answer('GET', query('/v1/audit', { ...filter, limit, cursor }))
        const page = body as { items: AuditEvent[]; next_cursor?: string | null }
        return { items: page.items, next: page.next_cursor ?? cursorOf(response.headers.get('link')) }
      },
    },
  }
}

export type TeamApi = ReturnType<typeof teamApi>

function errorOf(response: Response, body: unknown): CanvassError {
  const problem = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  return new CanvassError({
    status: response.status,
    code: typeof problem['code'] === 'string' ? problem['code'] : `http_${response.status}`,
    detail:
      typeof problem['detail'] === 'string'
        ? problem['detail']
        : response.statusText || 'the server answered without a problem document',
    errors: Array.isArray(problem['errors']) ? (problem['errors'] as FieldError[]) : undefined,
  })
}

function query(path: string, values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(values))
    if (value !== undefined && value !== '') params.set(name, String(value))
  const text = params.toString()
  return text ? `${path}?${text}` : path
}

/** The cursor of a Link header's next page, if it has one. */
function cursorOf(link: string | null): string | undefined {
  const next = link?.split(',').find((part) => /rel="?next"?/.test(part))
  const target = next && /<([^>]+)>/.exec(next)?.[1]
  if (!target) return undefined
  return new URL(target, globalThis.location.origin).searchParams.get('cursor') ?? undefined
}

/** Whether an error is the server's "no such route" (a server without this part yet). */
export function isMissingRoute(error: unknown): boolean {
  return error instanceof CanvassError && error.status === 404 && error.detail.startsWith('no route ')
}
