import { describe, expect, it } from 'vitest'
import { findActiveToken } from '../../src/domain/tokens.js'
import {
  createFixtures,
  type Fixtures,
  formDefinition,
  injectOptions,
  submission,
  validRequest,
  viaInject,
} from '../reliability/support/fixtures.js'
import { loadDocument, loadOperations } from '../reliability/support/openapi.js'
import { useTestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'
import { addMember, cookieWriteHeaders } from '../support/members.js'
import { countEvents, storedEvents } from './support.js'

// docs/api.md#audit-log: every successful write of the API, every listing, export and stream of
// responses, recorded with its operation's id, the caller, what it acted on and the client's
// address (behind one trusted proxy here: CANVASS_TRUST_PROXY=1).

const ctx = useTestContext({ trustProxy: 1 })
const proxied = { 'x-forwarded-for': '198.51.100.23, 203.0.113.9' }
const address = '203.0.113.9'

async function tokenActor(token: string) {
  const principal = await findActiveToken(ctx.database.db, token)
  if (!principal) throw new Error('the test token is not active')
  return principal.actor
}

describe(`recording calls on ${testBackend}`, () => {
  it('records every write operation of the OpenAPI document: action, actor, target, address', async () => {
    const send = viaInject(ctx)
    const document = await loadDocument(send)
    const writes = (await loadOperations(send)).filter(
      (operation) => operation.scope && operation.method !== 'GET' && operation.template !== '/v1/session',
    )
    expect(writes.length).toBeGreaterThan(10)
    const actor = await tokenActor(ctx.token)
    const shared = await createFixtures(send, ctx.token)
    for (const operation of writes) {
      const operationId = (
        document.paths[operation.template]?.[operation.method.toLowerCase()] as { operationId?: string }
      )?.operationId as string
      // Operations that remove things get resources of their own.
      const fixtures: Fixtures =
        operation.method === 'DELETE' ? await createFixtures(send, ctx.token) : shared
      const request = validRequest(operation, fixtures)
      const options = injectOptions(request)
      const answer = await ctx.request({ ...options, headers: { ...(options.headers ?? {}), ...proxied } })
      expect(operation.successStatuses, `${operation.key}: ${answer.body.slice(0, 300)}`).toContain(
        answer.statusCode,
      )
      const [event] = await storedEvents(ctx, { action: operationId })
      expect(event, `no event ${operationId} for ${operation.key}`).toBeDefined()
      if (!event) continue
      expect({ type: event.actor_type, id: event.actor_id, name: event.actor_name }, operation.key).toEqual(
        actor,
      )
      expect(event.address, operation.key).toBe(address)
      const made = answer.statusCode === 201 && answer.body.startsWith('{') ? answer.json().id : undefined
      const params = Object.keys(operation.pathParams)
      const lastParam = params.at(-1)
      const expected = made && /s$/.test(operation.template) ? made : lastParam && fixtures.params[lastParam]
      expect(event.target_id, `${operation.key} target`).toBe(expected ?? null)
      expect(event.target_type === null, `${operation.key} target type`).toBe(event.target_id === null)
      // Never a body's content: no answer, secret or address given in it is kept.
      expect(JSON.stringify(event.details ?? {}), operation.key).not.toMatch(/whsec_|@example\.com|note /)
    }
  })

  it('names what a create made and where: a response of a form', async () => {
    const send = viaInject(ctx)
    const { params } = await createFixtures(send, ctx.token)
    const answer = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${params['form_id']}/responses`,
      payload: submission('audit'),
    })
    expect(answer.statusCode).toBe(201)
    const [event] = await storedEvents(ctx, { action: 'submitResponse' })
    expect(event?.target_type).toBe('response')
    expect(event?.target_id).toBe(answer.json().id)
    expect(event?.details).toEqual({ form_id: params['form_id'] })
  })

  it('records listings, exports and the stream of responses, and their filters', async () => {
    const send = viaInject(ctx)
    const { params } = await createFixtures(send, ctx.token)
    const formId = params['form_id'] as string
    const reads = [
      ['listResponses', `/v1/forms/${formId}/responses?page_size=5&since=2020-01-01T00:00:00Z`],
      ['exportResponses', `/v1/forms/${formId}/responses/export?format=csv`],
      ['listDrafts', `/v1/forms/${formId}/drafts`],
      ['listTextAnswers', `/v1/forms/${formId}/insights/questions/q_note/answers`],
    ] as const
    for (const [action, url] of reads) {
      const answer = await ctx.request({ method: 'GET', url, headers: proxied })
      expect(answer.statusCode, `${url}: ${answer.body.slice(0, 200)}`).toBe(200)
      const [event] = await storedEvents(ctx, { action })
      expect(event?.address, action).toBe(address)
      expect(event?.target_id === formId || event?.details?.['form_id'] === formId, action).toBe(true)
    }
    const [listing] = await storedEvents(ctx, { action: 'listResponses' })
    expect(listing?.target_type).toBe('form')
    expect(listing?.details).toMatchObject({ page_size: 5, since: '2020-01-01T00:00:00Z' })
    const [exported] = await storedEvents(ctx, { action: 'exportResponses' })
    expect(exported?.details).toMatchObject({ format: 'csv' })

    // The stream answers outside Fastify's hooks: it records itself when it starts.
    const started = await ctx.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined)
    const base = started ?? `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`
    const controller = new AbortController()
    const stream = await fetch(`${base}/v1/forms/${formId}/responses/stream`, {
      headers: { authorization: `Bearer ${ctx.token}`, ...proxied },
      signal: controller.signal,
    })
    expect(stream.status).toBe(200)
    controller.abort()
    await stream.body?.cancel().catch(() => undefined)
    const [streamed] = await storedEvents(ctx, { action: 'streamResponses' })
    expect(streamed?.target_id).toBe(formId)
    expect(streamed?.address).toBe(address)
  })

  it('names the member who acted with the session cookie', async () => {
    const member = await addMember(ctx, { role: 'editor' })
    const answer = await ctx.request({
      method: 'POST',
      url: '/v1/contact-lists',
      payload: { name: 'By a member' },
      token: null,
      headers: { ...cookieWriteHeaders(member), ...proxied },
    })
    expect(answer.statusCode, answer.body).toBe(201)
    const [event] = await storedEvents(ctx, { action: 'createContactList' })
    expect(event).toMatchObject({
      actor_type: 'member',
      actor_id: member.id,
      actor_name: member.name,
      target_type: 'contact_list',
      target_id: answer.json().id,
      address,
    })
  })

  it('records nothing of a refused call, a plain read, or a respondent', async () => {
    const form = await ctx.request({
      method: 'POST',
      url: '/v1/forms',
      payload: { ...formDefinition, settings: { public: true } },
    })
    const formId = form.json().id as string
    const before = await countEvents(ctx)
    const reader = await ctx.tokenWithScopes(['forms:read'])
    const refused = [
      ctx.request({ method: 'POST', url: '/v1/forms', payload: { title: 'x' }, token: reader }),
      ctx.request({ method: 'DELETE', url: '/v1/forms/frm_none' }),
      ctx.request({ method: 'POST', url: '/v1/forms', payload: { nonsense: true } }),
      ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses`, token: reader }),
      ctx.request({ method: 'GET', url: `/v1/forms/${formId}` }),
      ctx.request({ method: 'GET', url: '/v1/forms' }),
      ctx.request({
        method: 'POST',
        url: `/v1/public/forms/${formId}/responses`,
        payload: submission('respondent'),
        token: null,
      }),
    ]
    const statuses = (await Promise.all(refused)).map((answer) => answer.statusCode)
    expect(statuses.slice(0, 4).every((status) => status >= 400)).toBe(true)
    expect(statuses.slice(4)).toEqual([200, 200, 201])
    expect(await countEvents(ctx)).toBe(before)
  })
})
