import { afterAll, describe, expect, it } from 'vitest'
import { TestClock } from '../support/clock.js'
import { useTestContext } from '../support/context.js'
import { answer, type Receiver, startReceiver } from '../support/receiver.js'
import { waitUntil } from '../support/wait.js'
import { completeDraft, draftForm, patchDraft, startDraft } from './support.js'

// docs/api.md#drafts and docs/webhooks.md#draft_updated: what the team sees of drafts, only when
// the form's settings.partial_responses asks for it; and retention, by the context's clock.

const clock = new TestClock()
const ctx = useTestContext({ publicRateLimit: 10_000, draftDays: 30 }, { clock })
const receivers: Receiver[] = []
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()))
})

const drafts = (formId: string, query = '', token?: string) =>
  ctx.request({ method: 'GET', url: `/v1/forms/${formId}/drafts${query}`, ...(token ? { token } : {}) })

describe('the team listing of drafts', () => {
  it('is 404, saying why, while partial_responses is false', async () => {
    const formId = await draftForm(ctx)
    await startDraft(ctx, formId, { answers: { name: 'Ada' } })
    const response = await drafts(formId)
    expect(response.statusCode).toBe(404)
    expect(response.json().code).toBe('not_found')
    expect(response.json().detail).toContain('partial_responses')
    expect((await drafts('frm_nope')).json().detail).toBe('form frm_nope does not exist')
  })

  it('lists open drafts newest first, answers on the path as the responses listing shows them', async () => {
    const formId = await draftForm(ctx, { partial_responses: true })
    const first = (
      await startDraft(ctx, formId, { answers: { name: 'Ada' }, hidden: { source: 'mail' } })
    ).json()
    const second = (await startDraft(ctx, formId, { answers: { name: 'Bob', travelled: false } })).json()
    const done = (await startDraft(ctx, formId, { answers: { name: 'Cy', travelled: false } })).json()
    expect((await completeDraft(ctx, done.resume_token)).statusCode).toBe(201)
    // Off the path (travelled is true): kept, not shown.
    await patchDraft(ctx, first.resume_token, { answers: { travelled: true, why: 'Price', rating: 2 } })

    const response = await drafts(formId)
    expect(response.statusCode).toBe(200)
    const { page, page_size, items } = response.json()
    expect([page, page_size]).toEqual(['1', '25'])
    expect(items).toHaveLength(2)
    const [newest, oldest] = items
    expect(Object.keys(newest).sort()).toEqual([
      'answers',
      'hidden',
      'id',
      'last_page',
      'started_at',
      'updated_at',
    ])
    expect(newest.id).toMatch(/^drf_/)
    expect(newest.last_page).toBe('not_travelled')
    expect(newest.answers.map((a: { question: { id: string } }) => a.question.id)).toEqual([
      'name',
      'travelled',
    ])
    expect(oldest.answers).toEqual([
      { question: { id: 'name', title: 'Your name?', type: 'short_text' }, type: 'text', text: 'Ada' },
      {
        question: { id: 'travelled', title: 'Did you travel with us, {{question:name}}?', type: 'yes_no' },
        type: 'boolean',
        boolean: true,
      },
      { question: { id: 'rating', title: 'How was the trip?', type: 'rating' }, type: 'number', number: '2' },
    ])
    expect(oldest.hidden).toEqual([{ name: 'source', value: 'mail' }])
    expect(oldest.last_page).toBe('stay')
    expect(oldest.updated_at > oldest.started_at).toBe(true)
    expect(oldest.started_at < newest.started_at).toBe(true)
    // No resume token is ever shown to the team.
    expect(response.body).not.toContain(first.resume_token)
    expect(response.body).not.toContain(second.resume_token)

    const paged = await drafts(formId, '?page=2&page_size=1')
    expect(paged.json().items.map((d: { id: string }) => d.id)).toEqual([oldest.id])
    expect(paged.headers.link).toContain('rel="prev"')
    expect((await drafts(formId, '?page=0')).statusCode).toBe(400)
  })

  it('needs responses:read, and another workspace sees no form', async () => {
    const formId = await draftForm(ctx, { partial_responses: true })
    const formsOnly = await ctx.tokenWithScopes(['forms:read'])
    expect((await drafts(formId, '', formsOnly)).statusCode).toBe(403)
    expect((await drafts(formId, '', ctx.otherToken)).statusCode).toBe(404)
  })
})

describe('draft_updated events', () => {
  it('reach a real receiver only when subscribed and only while partial_responses is on', async () => {
    const worker = ctx.startWorker({ pollMs: 50 })
    const subscribed = await startReceiver(answer(200))
    const plain = await startReceiver(answer(200))
    receivers.push(subscribed, plain)
    const formId = await draftForm(ctx, { partial_responses: true })
    const put = (tag: string, payload: object) =>
      ctx.request({ method: 'PUT', url: `/v1/forms/${formId}/webhooks/${tag}`, payload })
    expect(
      (await put('drafts', { url: subscribed.url, event_types: { draft_updated: true } })).statusCode,
    ).toBe(201)
    expect((await put('plain', { url: plain.url })).statusCode).toBe(201)

    const token = (await startDraft(ctx, formId, { answers: { name: 'Ada' } })).json().resume_token
    await patchDraft(ctx, token, { answers: { travelled: false } })
    await subscribed.waitFor((requests) => requests.length >= 2)
    const events = subscribed.requests.map((request) => JSON.parse(request.body))
    expect(events.map((event) => event.event_type)).toEqual(['draft_updated', 'draft_updated'])
    // Deliveries to one webhook run at once: the two events may arrive in either order.
    const byAnswers = (count: number) => events.find((event) => event.draft.answers.length === count)
    const listedDraft = (await drafts(formId)).json().items[0]
    expect(byAnswers(2)?.draft).toEqual({ form_id: formId, ...listedDraft })
    expect(byAnswers(1)?.draft.answers).toHaveLength(1)

    // Completing sends the response (form_response) to both, and no draft event.
    expect((await completeDraft(ctx, token)).statusCode).toBe(201)
    await subscribed.waitFor((requests) => requests.length >= 3)
    await plain.waitFor((requests) => requests.length >= 1)
    expect(subscribed.requests.map((request) => JSON.parse(request.body).event_type).sort()).toEqual([
      'draft_updated',
      'draft_updated',
      'form_response',
    ])
    expect(plain.requests.map((request) => JSON.parse(request.body).event_type)).toEqual(['form_response'])

    // partial_responses off: drafts are the respondent's alone, no event.
    const quiet = await draftForm(ctx)
    const quietHook = await ctx.request({
      method: 'PUT',
      url: `/v1/forms/${quiet}/webhooks/drafts`,
      payload: { url: subscribed.url, event_types: { draft_updated: true } },
    })
    expect(quietHook.statusCode).toBe(201)
    await startDraft(ctx, quiet, { answers: { name: 'Bob' } })
    const deliveries = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${quiet}/webhooks/drafts/deliveries`,
    })
    expect(deliveries.json().items).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(subscribed.requests).toHaveLength(3)
    expect(plain.requests).toHaveLength(1)
    await worker.stop()
  })
})

describe('retention', () => {
  it('deletes drafts untouched for CANVASS_DRAFT_DAYS, and keeps those touched since', async () => {
    const formId = await draftForm(ctx, { partial_responses: true })
    const old = (await startDraft(ctx, formId, { answers: { name: 'Old' } })).json().resume_token
    const touched = (await startDraft(ctx, formId, { answers: { name: 'Touched' } })).json().resume_token
    clock.advance(20 * 24 * 3600 * 1000)
    expect((await patchDraft(ctx, touched, { answers: { travelled: false } })).statusCode).toBe(200)
    clock.advance(11 * 24 * 3600 * 1000)
    const worker = ctx.startWorker({ pollMs: 50, pruneEveryMs: 50 })
    try {
      await waitUntil(async () => (await patchDraft(ctx, old, { answers: {} })).statusCode === 404, 10_000)
    } finally {
      await worker.stop()
    }
    expect((await patchDraft(ctx, touched, { answers: {} })).statusCode).toBe(200)
    const names = (await drafts(formId))
      .json()
      .items.map((d: { answers: { text?: string }[] }) => d.answers[0]?.text)
    expect(names).toEqual(['Touched'])
  })
})
