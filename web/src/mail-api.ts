import { type Canvass, CanvassError, type components, type FieldError, type Page } from '@canvass/client'

// Invitations and the outbox (docs/api.md#invitations, #mail), called through the typed client's
// own openapi-fetch client (`client.api`): the client has no helpers for them yet. Answers that are
// not 2xx become the same CanvassError the helpers throw.

type Schemas = components['schemas']
export type Invitation = Schemas['Invitation']
export type Recipient = Schemas['InvitationRecipient']
export type RecipientStatus = Recipient['status']
export type InvitationInput = {
  list_id: string
  subject: string
  message: string
  send_at?: string
  reminders?: { count: number; every_days: number }
}

export type Mail = Schemas['Mail'] & Partial<Pick<Schemas['MailDetail'], 'text' | 'html' | 'attempts_log'>>
export type MailStatus = Mail['status']

interface Answered {
  data?: unknown
  error?: unknown
  response: Response
}

function problemOf(response: Response, body: unknown): CanvassError {
  const problem = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  return new CanvassError({
    status: response.status,
    code: typeof problem['code'] === 'string' ? problem['code'] : `http_${response.status}`,
    detail: typeof problem['detail'] === 'string' ? problem['detail'] : response.statusText,
    errors: Array.isArray(problem['errors']) ? (problem['errors'] as FieldError[]) : undefined,
  })
}

async function call<T>(send: () => Promise<Answered>): Promise<T> {
  const answer = await send()
  if (!answer.response.ok) throw problemOf(answer.response, answer.error)
  return answer.data as T
}

async function page<T>(send: () => Promise<Answered>): Promise<Page<T>> {
  const answer = await send()
  if (!answer.response.ok) throw problemOf(answer.response, answer.error)
  const next = /rel="?next"?/.test(answer.response.headers.get('link') ?? '')
  return { items: (answer.data as { items: T[] }).items, hasNext: next }
}

export function mailApi(client: Canvass['api']) {
  const at = (formId: string, invitationId?: string) => ({
    form_id: formId,
    ...(invitationId ? { invitation_id: invitationId } : {}),
  })
  const invitationPath = (formId: string, invitationId: string) =>
    `/v1/forms/${encodeURIComponent(formId)}/invitations/${encodeURIComponent(invitationId)}`
  return {
    invitations: {
      list: (formId: string, pageNumber: number) =>
        page<Invitation>(() =>
          client.GET('/v1/forms/{form_id}/invitations', {
            params: { path: at(formId), query: { page: pageNumber, page_size: 25 } },
          }),
        ),
      get: (formId: string, invitationId: string) =>
        call<Invitation>(() =>
          client.GET('/v1/forms/{form_id}/invitations/{invitation_id}', {
            params: { path: { form_id: formId, invitation_id: invitationId } },
          }),
        ),
      create: (formId: string, body: InvitationInput) =>
        call<Invitation>(() =>
          client.POST('/v1/forms/{form_id}/invitations', { params: { path: at(formId) }, body }),
        ),
      cancel: (formId: string, invitationId: string) =>
        call<Invitation>(() =>
          client.POST('/v1/forms/{form_id}/invitations/{invitation_id}/cancel', {
            params: { path: { form_id: formId, invitation_id: invitationId } },
          }),
        ),
      recipients: (
        formId: string,
        invitationId: string,
        pageNumber: number,
        status: RecipientStatus | undefined,
      ) =>
        page<Recipient>(() =>
          client.GET('/v1/forms/{form_id}/invitations/{invitation_id}/recipients', {
            params: {
              path: { form_id: formId, invitation_id: invitationId },
              query: { page: pageNumber, page_size: 50, ...(status ? { status } : {}) },
            },
          }),
        ),
      csvUrl: (formId: string, invitationId: string) =>
        `${invitationPath(formId, invitationId)}/recipients.csv`,
    },
    mail: {
      list: (pageNumber: number, status: MailStatus | undefined, pageSize = 50) =>
        page<Mail>(() =>
          client.GET('/v1/mail', {
            params: { query: { page: pageNumber, page_size: pageSize, ...(status ? { status } : {}) } },
          }),
        ),
      get: (mailId: string) =>
        call<Mail>(() => client.GET('/v1/mail/{mail_id}', { params: { path: { mail_id: mailId } } })),
    },
  }
}
