import { randomBytes } from 'node:crypto'
import { queueMails } from '../../../src/domain/mail/outbox.js'
import type { TestContext } from '../../support/context.js'
import { addMember } from '../../support/members.js'
import { fillTemplate, type Operation } from './openapi.js'
import { sampleOf } from './samples.js'

// Real resources of one workspace, made through the API, whose ids fill the path
// parameters of every operation; and, per operation, one request that must succeed.
// A path parameter or an operation this file does not know makes the suite fail: new routes
// cannot slip in untested.

export interface Fixtures {
  params: Record<string, string>
  responseId?: string
  webhookSecret: string
}

export const formDefinition = {
  title: 'Reliability survey',
  questions: [
    { id: 'q_sat', title: 'How satisfied are you?', type: 'customer_sat', required: true },
    { id: 'q_note', title: 'Anything else?', type: 'short_text' },
    { id: 'q_file', title: 'A file, if you like', type: 'file_upload' },
  ],
  hidden: ['run'],
  variables: [{ name: 'score', calculations: [{ op: 'add', question_id: 'q_sat' }] }],
  // The team's drafts listing answers only for a form that shows drafts.
  settings: { partial_responses: true },
}

export function submission(run: string, satisfaction = 4) {
  return { answers: { q_sat: satisfaction, q_note: `note ${run}` }, hidden: { run } }
}

export function uniqueEmail(label = 'c'): string {
  return `${label}-${randomBytes(6).toString('hex')}@example.com`
}

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`
}

/** How fixtures reach Canvass: app.inject (TestContext.request) or HTTP to a child process. */
export interface SendOptions {
  method: string
  url: string
  payload?: string
  headers?: Record<string, string>
  token?: string | null
}
export interface Reply {
  statusCode: number
  body: string
  headers: Record<string, unknown>
  // biome-ignore lint/suspicious/noExplicitAny: answers are read loosely, as a client would
  json(): any
}
export type Send = (options: SendOptions) => Promise<Reply>

// The contexts behind Sends made by viaInject: fixtures the API cannot make yet are written through them.
const injected = new WeakMap<Send, TestContext>()

export function viaInject(ctx: TestContext): Send {
  const send: Send = ({ method, ...options }) => ctx.request({ ...options, method: method as 'GET' })
  injected.set(send, ctx)
  return send
}

function created(response: Reply, what: string) {
  if (response.statusCode < 200 || response.statusCode >= 300) {
    throw new Error(`creating ${what} answered ${response.statusCode}: ${response.body}`)
  }
  return response.json()
}

/** Creates a form with a response, a webhook with a delivery, a contact list with a contact. */
export async function createFixtures(send: Send, token: string): Promise<Fixtures> {
  const forms = await createFormFixtures(send, token)
  const contacts = await createContactFixtures(send, token)
  const params = { ...forms.params, ...contacts }
  const invitation = await createInvitationFixture(send, token, params)
  // After the invitation, whose mails are then the newest of the outbox.
  const mail = await createMailFixtures(send, token)
  const team = await createTeamFixtures(send, token)
  return { ...forms, params: { ...params, ...invitation, ...mail, ...team } }
}

export const memberInvitationExample = () => ({ email: uniqueEmail('invitee'), role: 'viewer' })

/**
 * A member (an editor), a pending invitation to the team and a token of the token's workspace.
 * No operation of the API adds a member without the code its invitation mails (which the outbox
 * does not show), so in-process the member is written as accepting would write it; over HTTP
 * its id is one that never existed (the operations still answer, with 404).
 */
async function createTeamFixtures(send: Send, token: string): Promise<Record<string, string>> {
  const post = jsonPost(send, token)
  const invitation = created(
    await post('/v1/members/invitations', memberInvitationExample()),
    'an invitation',
  )
  const made = created(await post('/v1/tokens', { name: 'Fixture token', scopes: ['forms:read'] }), 'a token')
  const ctx = injected.get(send)
  const workspaceId = ctx && token === ctx.otherToken ? ctx.otherWorkspaceId : ctx?.workspaceId
  const member = ctx
    ? await addMember(ctx, { role: 'editor', ...(workspaceId ? { workspaceId } : {}) })
    : undefined
  return {
    member_id: member?.id ?? `mem_${randomBytes(16).toString('base64url')}`,
    member_invitation_id: invitation.id,
    token_id: made.id,
  }
}

export const invitationExample = (listId: string | undefined) => ({
  list_id: listId,
  subject: 'Your opinion, {{name}}',
  message: 'Hello {{name}},\n\nplease answer {{form_title}}: {{link}}',
})

/** An invitation of the fixtures' list to their form. */
async function createInvitationFixture(
  send: Send,
  token: string,
  params: Record<string, string>,
): Promise<Record<string, string>> {
  const post = jsonPost(send, token)
  const url = `/v1/forms/${params['form_id']}/invitations`
  const invitation = created(await post(url, invitationExample(params['list_id'])), 'an invitation')
  return { invitation_id: invitation.id }
}

const jsonPost =
  (send: Send, token: string) =>
  (url: string, body: unknown, method = 'POST') =>
    send({
      method,
      url,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
      token,
    })

async function createFormFixtures(send: Send, token: string): Promise<Fixtures> {
  const post = jsonPost(send, token)
  const webhookSecret = newWebhookSecret()
  const form = created(await post('/v1/forms', formDefinition), 'a form')
  created(
    await post(
      `/v1/forms/${form.id}/webhooks/reliability`,
      { url: 'http://127.0.0.1:9/hook', secret: webhookSecret },
      'PUT',
    ),
    'a webhook',
  )
  const response = created(await post(`/v1/forms/${form.id}/responses`, submission('fixture')), 'a response')
  const deliveries = created(
    await send({ method: 'GET', url: `/v1/forms/${form.id}/webhooks/reliability/deliveries`, token }),
    'deliveries',
  )
  const file = created(
    await send({
      method: 'POST',
      url: `/v1/forms/${form.id}/files?question=q_file`,
      payload: fileUpload.body,
      headers: { 'content-type': fileUpload.contentType },
      token,
    }),
    'a file',
  )
  // q_note is the form's short_text question (its latest answers).
  const params: Record<string, string> = {
    form_id: form.id,
    tag: 'reliability',
    question_id: 'q_note',
    file_id: file.id,
  }
  if (deliveries.items?.[0]?.id) params['delivery_id'] = deliveries.items[0].id
  return { params, responseId: response.id, webhookSecret }
}

async function createContactFixtures(send: Send, token: string): Promise<Record<string, string>> {
  const post = jsonPost(send, token)
  const list = created(await post('/v1/contact-lists', { name: 'Reliability list' }), 'a contact list')
  const bulk = created(
    await post('/v1/contacts/bulk', {
      list_id: list.id,
      contacts: [{ name: 'Ada', email: uniqueEmail('fixture'), data: { city: 'Berlin' } }],
    }),
    'a contact',
  )
  return { list_id: list.id, contact_id: bulk.added_contacts[0].id }
}

/**
 * A mail of the token's workspace: the newest of its outbox, or else (in-process only) one queued
 * as the code that causes mail queues it, since no operation of the API queues one directly.
 */
async function createMailFixtures(send: Send, token: string): Promise<Record<string, string>> {
  const listed = await send({ method: 'GET', url: '/v1/mail?page_size=1', token })
  const newest = listed.statusCode === 200 ? listed.json().items?.[0]?.id : undefined
  if (typeof newest === 'string') return { mail_id: newest }
  const ctx = injected.get(send)
  if (!ctx) return {}
  const workspaceId = token === ctx.otherToken ? ctx.otherWorkspaceId : ctx.workspaceId
  const [mailId] = await ctx.database.transaction((trx) =>
    queueMails(trx, ctx.clock, ctx.deliverySignal, ctx.config, [
      {
        workspaceId,
        kind: 'notification',
        to: uniqueEmail('mail'),
        subject: 'Reliability mail',
        body: { text: 'A fixture.', html: '<p>A fixture.</p>' },
      },
    ]),
  )
  return mailId ? { mail_id: mailId } : {}
}

/**
 * After a successful DELETE: new resources for what it may have removed (a form takes its
 * webhook, deliveries and responses with it; a list its contacts).
 */
export async function refreshAfterDelete(
  template: string,
  fixtures: Fixtures,
  send: Send,
  token: string,
): Promise<Fixtures> {
  if (template.startsWith('/v1/contact')) {
    return { ...fixtures, params: { ...fixtures.params, ...(await createContactFixtures(send, token)) } }
  }
  if (template.startsWith('/v1/members') || template.startsWith('/v1/tokens')) {
    return { ...fixtures, params: { ...fixtures.params, ...(await createTeamFixtures(send, token)) } }
  }
  if (template.includes('{form_id}') && !template.endsWith('/responses')) {
    const forms = await createFormFixtures(send, token)
    const params = { ...fixtures.params, ...forms.params }
    return { ...forms, params: { ...params, ...(await createInvitationFixture(send, token, params)) } }
  }
  return fixtures
}

export interface PlannedRequest {
  method: string
  url: string
  path: string
  query: Record<string, string>
  body: unknown
  /** A body sent as it is (a multipart upload), not as JSON. */
  contentType?: string
}

/** A small text file in a multipart body, as an upload sends it (docs/api.md#file-uploads). */
const boundary = 'reliability-boundary'
export const fileUpload = {
  contentType: `multipart/form-data; boundary=${boundary}`,
  body: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="note.txt"\r\nContent-Type: text/plain\r\n\r\nA fixture file.\r\n--${boundary}--\r\n`,
}

// Bodies and queries that the schemas alone cannot make valid (domain rules, references).
const examples: Record<
  string,
  (f: Fixtures) => { body?: unknown; query?: Record<string, string>; contentType?: string }
> = {
  'POST /v1/forms/{form_id}/files': () => ({
    query: { question: 'q_file' },
    body: fileUpload.body,
    contentType: fileUpload.contentType,
  }),
  'POST /v1/forms': () => ({ body: formDefinition }),
  'PUT /v1/forms/{form_id}': () => ({ body: formDefinition }),
  'POST /v1/forms/{form_id}/responses': () => ({ body: submission('example') }),
  'DELETE /v1/forms/{form_id}/responses': (f) => ({
    query: { included_response_ids: f.responseId ?? 'rsp_none' },
  }),
  'GET /v1/forms/{form_id}/responses/export': () => ({ query: { format: 'ndjson' } }),
  'POST /v1/contact-lists': () => ({ body: { name: 'Example list' } }),
  'POST /v1/contacts/bulk': (f) => ({
    body: { list_id: f.params['list_id'], contacts: [{ name: 'Bo', email: uniqueEmail('example') }] },
  }),
  'PUT /v1/contacts/{contact_id}': () => ({
    body: { name: 'Ada', email: uniqueEmail('edited'), data: { city: 'Hamburg' } },
  }),
  'POST /v1/forms/{form_id}/invitations': (f) => ({ body: invitationExample(f.params['list_id']) }),
  'PATCH /v1/members/{member_id}': () => ({ body: { role: 'viewer' } }),
  'POST /v1/members/invitations': () => ({ body: memberInvitationExample() }),
  // A token holding only tokens:write can make one with that scope; a member's role caps it too.
  'POST /v1/tokens': () => ({ body: { name: 'Example token', scopes: ['tokens:write'] } }),
  // Erases an address no fixture holds: it answers zeros, and deletes nothing other tests need.
  'POST /v1/erasure': () => ({ body: { email: uniqueEmail('erased') } }),
  'PUT /v1/forms/{form_id}/webhooks/{tag}': (f) => ({
    body: { url: 'http://127.0.0.1:9/hook', secret: f.webhookSecret },
  }),
}

export function hasExample(operation: Operation): boolean {
  return operation.key in examples
}

/** The request of an operation that must succeed for the fixtures' workspace. */
export function validRequest(operation: Operation, fixtures: Fixtures): PlannedRequest {
  const path = fillTemplate(operation.template, fixtures.params)
  const example = examples[operation.key]?.(fixtures) ?? {}
  const body = example.body ?? (operation.body ? sampleOf(operation.body) : undefined)
  const query = example.query ?? {}
  const search = new URLSearchParams(query).toString()
  const url = search ? `${path}?${search}` : path
  return {
    method: operation.method,
    url,
    path,
    query,
    body,
    ...(example.contentType ? { contentType: example.contentType } : {}),
  }
}

export function injectOptions(request: PlannedRequest) {
  return {
    method: request.method as 'GET',
    url: request.url,
    ...(request.body === undefined
      ? {}
      : request.contentType
        ? { payload: request.body as string, headers: { 'content-type': request.contentType } }
        : { payload: JSON.stringify(request.body), headers: { 'content-type': 'application/json' } }),
  }
}
