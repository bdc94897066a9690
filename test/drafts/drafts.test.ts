import { describe, expect, it } from 'vitest'
import { findPublicForm } from '../../src/domain/forms/public.js'
import { useTestContext } from '../support/context.js'
import { completeDraft, draftForm, listed, patchDraft, startDraft } from './support.js'

// docs/api.md#drafts: start, merge, complete; what a draft is (not a response) and what its
// completion stores (exactly a one-shot submission's response).

const ctx = useTestContext({ publicRateLimit: 10_000 })

describe('a draft', () => {
  it('follows the path as answers come, and completes into the response a one-shot submission stores', async () => {
    const formId = await draftForm(ctx)
    const started = await startDraft(ctx, formId, { answers: { name: 'Ada' }, hidden: { source: 'mail' } })
    expect(started.statusCode).toBe(201)
    expect(started.headers['access-control-allow-origin']).toBe('*')
    const { resume_token: token, ...first } = started.json()
    expect(token).toMatch(/^cvd_[A-Za-z0-9_-]{22}$/)
    // `travelled` (intro) is required and unanswered: the draft is on its first page.
    expect(first).toEqual({ pages: ['intro'], next_page: 'intro' })

    const travelled = await patchDraft(ctx, token, { answers: { travelled: true } })
    expect(travelled.statusCode).toBe(200)
    expect(travelled.json()).toEqual({ resume_token: token, pages: ['intro', 'trip'], next_page: 'trip' })

    // `why` is on a page this path skips: kept, but it does not count.
    const offPath = await patchDraft(ctx, token, { answers: { rating: 5, why: 'Price' } })
    // Nothing required is left: the whole path, its last page (stay) having no required question.
    expect(offPath.json()).toEqual({ resume_token: token, pages: ['intro', 'trip', 'stay'], next_page: null })
    // Nothing is a response yet.
    expect(await listed(ctx, formId)).toEqual([])

    const completed = await completeDraft(ctx, token)
    expect(completed.statusCode).toBe(201)
    expect(Object.keys(completed.json()).sort()).toEqual(['id', 'submitted_at'])
    const oneShot = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${formId}/responses`,
      payload: { answers: { name: 'Ada', travelled: true, rating: 5 }, hidden: { source: 'mail' } },
    })
    expect(oneShot.statusCode).toBe(201)
    const items = await listed(ctx, formId)
    expect(items).toHaveLength(2)
    const fromDraft = items.find((item) => item.id === completed.json().id)
    expect(fromDraft).toEqual({
      ...oneShot.json(),
      id: completed.json().id,
      submitted_at: completed.json().submitted_at,
    })

    // Ended: the token names nothing any more.
    expect((await patchDraft(ctx, token, { answers: { name: 'Bob' } })).statusCode).toBe(404)
    const again = await completeDraft(ctx, token)
    expect(again.statusCode).toBe(404)
    expect(again.json().code).toBe('not_found')
    expect(await listed(ctx, formId)).toHaveLength(2)
  })

  it('merges by question id, and null removes an answer', async () => {
    const formId = await draftForm(ctx)
    const token = (await startDraft(ctx, formId, { answers: { name: 'Ada', travelled: false } })).json()
      .resume_token
    // travelled = false jumps to the not_travelled page, whose `why` is optional.
    expect((await patchDraft(ctx, token, { answers: {} })).json()).toEqual({
      resume_token: token,
      pages: ['intro', 'not_travelled'],
      next_page: null,
    })
    const removed = await patchDraft(ctx, token, { answers: { travelled: null } })
    expect(removed.json()).toMatchObject({ pages: ['intro'], next_page: 'intro' })
    const back = await patchDraft(ctx, token, { answers: { travelled: false, why: 'Time' } })
    expect(back.json()).toMatchObject({ next_page: null })
    const completed = await completeDraft(ctx, token)
    expect(completed.statusCode).toBe(201)
    const [item] = await listed(ctx, formId)
    expect(
      (item as unknown as { answers: { question: { id: string } }[] }).answers.map((a) => a.question.id),
    ).toEqual(['name', 'travelled', 'why'])
  })

  it('keeps answers off the path, and counts them once a change brings their question back', async () => {
    const formId = await draftForm(ctx)
    const token = (
      await startDraft(ctx, formId, { answers: { name: 'Ada', travelled: true, why: 'Time' } })
    ).json().resume_token
    expect((await patchDraft(ctx, token, { answers: { travelled: false } })).json().next_page).toBeNull()
    expect((await completeDraft(ctx, token)).statusCode).toBe(201)
    const [item] = (await listed(ctx, formId)) as unknown as { answers: { question: { id: string } }[] }[]
    expect(item?.answers.map((answer) => answer.question.id)).toEqual(['name', 'travelled', 'why'])
  })

  it('stays as it was when completing is refused, and can be completed once fixed', async () => {
    const formId = await draftForm(ctx)
    const token = (await startDraft(ctx, formId, { answers: { name: 'Ada' } })).json().resume_token
    const invalid = async () =>
      (await ctx.appContext.productMetrics.publicSubmissionsRefused.get()).values.find(
        (value) => value.labels['kind'] === 'invalid',
      )?.value ?? 0
    const before = await invalid()
    const refused = await completeDraft(ctx, token)
    expect(refused.statusCode).toBe(400)
    // Counted on /metrics as a refused public submission is.
    expect(await invalid()).toBe(before + 1)
    expect(refused.json().code).toBe('validation_failed')
    expect(refused.json().errors).toEqual([
      { path: '/answers/travelled', message: 'is required', code: 'missing' },
      { path: '/answers/rating', message: 'is required', code: 'missing' },
    ])
    expect(await listed(ctx, formId)).toEqual([])
    const fixed = await patchDraft(ctx, token, { answers: { travelled: false } })
    expect(fixed.json().next_page).toBeNull()
    expect((await completeDraft(ctx, token)).statusCode).toBe(201)
    expect(await listed(ctx, formId)).toHaveLength(1)
  })

  it('completes once when asked twice at once', async () => {
    const formId = await draftForm(ctx)
    const token = (await startDraft(ctx, formId, { answers: { name: 'Ada', travelled: false } })).json()
      .resume_token
    const [a, b] = await Promise.all([completeDraft(ctx, token), completeDraft(ctx, token)])
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 404])
    expect(await listed(ctx, formId)).toHaveLength(1)
  })

  it('completes with the answers it holds as it ends, not those it held when the request read it', async () => {
    const formId = await draftForm(ctx)
    const token = (await startDraft(ctx, formId, { answers: { name: 'Ada', travelled: false } })).json()
      .resume_token
    // The completion has read the draft (as its route does first); a change commits meanwhile.
    const read = await ctx.appContext.drafts.find(token)
    expect((await patchDraft(ctx, token, { answers: { name: 'Grace', why: 'Time' } })).statusCode).toBe(200)
    const found = await findPublicForm(ctx.database.db, ctx.clock, formId)
    if (!read || !found) throw new Error('the draft and its form are there')
    const stored = await ctx.appContext.drafts.complete(found, read)
    expect(stored.item.answers.map((answer) => answer.question.id)).toEqual(['name', 'travelled', 'why'])
    expect(stored.json).toContain('"Grace"')
    expect(stored.json).toContain('"Time"')
    expect(stored.json).not.toContain('"Ada"')
  })

  it('answers 404 for unknown and malformed tokens, and for forms that are not public', async () => {
    for (const token of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', 'x'.repeat(32), '%00', '..']) {
      const patched = await patchDraft(ctx, encodeURIComponent(token), { answers: {} })
      expect(patched.statusCode).toBe(404)
      expect(patched.headers['content-type']).toMatch(/^application\/problem\+json/)
      expect((await completeDraft(ctx, encodeURIComponent(token))).statusCode).toBe(404)
    }
    const privateForm = await draftForm(ctx, { public: false })
    expect((await startDraft(ctx, privateForm, { answers: {} })).statusCode).toBe(404)
    expect((await startDraft(ctx, 'frm_nope', { answers: {} })).statusCode).toBe(404)
  })

  it('answers 410 once the form closes, and 404 once it is private, for every draft route', async () => {
    const formId = await draftForm(ctx)
    const token = (await startDraft(ctx, formId, { answers: { name: 'Ada', travelled: false } })).json()
      .resume_token
    const form = (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })).json()
    const {
      id: _id,
      response_count: _c,
      last_response_at: _l,
      created_at: _a,
      updated_at: _u,
      ...definition
    } = form
    const put = (settings: object) =>
      ctx.request({
        method: 'PUT',
        url: `/v1/forms/${formId}`,
        payload: { ...definition, settings: { ...definition.settings, ...settings } },
      })
    expect((await put({ closes_at: '2020-01-01T00:00:00Z' })).statusCode).toBe(200)
    for (const response of [
      await startDraft(ctx, formId, { answers: {} }),
      await patchDraft(ctx, token, { answers: { name: 'Bob' } }),
      await completeDraft(ctx, token),
    ]) {
      expect(response.statusCode).toBe(410)
      expect(response.json().code).toBe('form_closed')
    }
    expect((await put({ closes_at: null, public: false })).statusCode).toBe(200)
    expect((await completeDraft(ctx, token)).statusCode).toBe(404)
    // Open again: the draft was kept all along.
    expect((await put({ public: true })).statusCode).toBe(200)
    expect((await completeDraft(ctx, token)).statusCode).toBe(201)
  })

  it('is not a response: not listed, exported or counted', async () => {
    const formId = await draftForm(ctx)
    await startDraft(ctx, formId, { answers: { name: 'Ada', travelled: false } })
    expect(await listed(ctx, formId)).toEqual([])
    const exported = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${formId}/responses/export?format=ndjson`,
    })
    expect(exported.statusCode).toBe(200)
    expect(exported.body).toBe('')
    const form = (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })).json()
    expect(form.response_count).toBe(0)
    const insights = (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/insights` })).json()
    expect(insights.responses).toBe(0)
  })

  it('answers CORS preflights of its paths', async () => {
    for (const [url, method] of [
      ['/v1/public/forms/frm_x/drafts', 'POST'],
      ['/v1/public/drafts/abc', 'PATCH'],
      ['/v1/public/drafts/abc/complete', 'POST'],
    ] as const) {
      const response = await ctx.request({
        method: 'OPTIONS',
        url,
        token: null,
        headers: { origin: 'http://elsewhere.test', 'access-control-request-method': method },
      })
      expect(response.statusCode).toBe(204)
      expect(response.headers['access-control-allow-origin']).toBe('*')
      expect(response.headers['access-control-allow-methods']).toContain(method)
    }
  })
})

describe('changes at once', () => {
  it('count every change made to one draft at the same time', async () => {
    const formId = await draftForm(ctx)
    const token = (await startDraft(ctx, formId, { answers: {} })).json().resume_token
    const changes = await Promise.all([
      patchDraft(ctx, token, { answers: { name: 'Ada' } }),
      patchDraft(ctx, token, { answers: { travelled: false } }),
      patchDraft(ctx, token, { answers: { why: 'Time' } }),
    ])
    expect(changes.map((change) => change.statusCode)).toEqual([200, 200, 200])
    const last = await patchDraft(ctx, token, { answers: {} })
    expect(last.json()).toMatchObject({ pages: ['intro', 'not_travelled'], next_page: null })
    expect((await completeDraft(ctx, token)).statusCode).toBe(201)
    const [item] = (await listed(ctx, formId)) as unknown as { answers: { question: { id: string } }[] }[]
    expect(item?.answers.map((answer) => answer.question.id)).toEqual(['name', 'travelled', 'why'])
  })

  it('answers 404, not 500, when the form is deleted', async () => {
    const formId = await draftForm(ctx)
    const token = (await startDraft(ctx, formId, { answers: { name: 'Ada' } })).json().resume_token
    expect((await ctx.request({ method: 'DELETE', url: `/v1/forms/${formId}` })).statusCode).toBe(204)
    expect((await startDraft(ctx, formId, { answers: {} })).statusCode).toBe(404)
    expect((await patchDraft(ctx, token, { answers: {} })).statusCode).toBe(404)
    expect((await completeDraft(ctx, token)).statusCode).toBe(404)
  })
})
