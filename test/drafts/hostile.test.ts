import { describe, expect, it } from 'vitest'
import { everyKindForm } from '../forms/fixtures.js'
import { useTestContext } from '../support/context.js'
import { draftForm, patchDraft, startDraft } from './support.js'

// docs/api.md#drafts: whatever a respondent's front-end sends, a clear 4xx, never a 5xx; a draft's
// answers are checked as a submission's are, but none is required.

const ctx = useTestContext({ publicRateLimit: 10_000 })

describe('hostile drafts', () => {
  it('checks every given answer as a submission does, naming each place', async () => {
    const formId = await draftForm(ctx, {}, everyKindForm)
    const started = await startDraft(ctx, formId, {
      answers: { q_number: 'ten', q_nope: 1, q_yes: 'yes', q_short: 'x'.repeat(21), 'a/b~c': 1 },
      hidden: { nope: 'x', source: 5 },
    })
    expect(started.statusCode).toBe(400)
    expect(started.json().code).toBe('validation_failed')
    expect(
      started
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual([
      '/answers/a~1b~0c',
      '/answers/q_nope',
      '/answers/q_number',
      '/answers/q_short',
      '/answers/q_yes',
      '/hidden/nope',
      '/hidden/source',
    ])
    // Nothing required: an empty draft is fine.
    const empty = await startDraft(ctx, formId, { answers: {} })
    expect(empty.statusCode).toBe(201)
    expect(empty.json().next_page).toBe('page_1')
    const token = empty.json().resume_token
    const bad = await patchDraft(ctx, token, { answers: { q_number: 1.5, q_choices: [] } })
    expect(bad.statusCode).toBe(400)
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['/answers/q_choices', '/answers/q_number'])
  })

  it('refuses bodies that are not a draft: not an object, not JSON, unknown fields, too large', async () => {
    const formId = await draftForm(ctx, {}, everyKindForm)
    const token = (await startDraft(ctx, formId, { answers: {} })).json().resume_token
    const send = (method: 'POST' | 'PATCH', url: string, payload: string, type = 'application/json') =>
      ctx.request({ method, url, token: null, headers: { 'content-type': type }, payload })
    const urls = [
      ['POST', `/v1/public/forms/${formId}/drafts`],
      ['PATCH', `/v1/public/drafts/${token}`],
    ] as const
    for (const [method, url] of urls) {
      for (const payload of [
        '[1,2]',
        '"answers"',
        'null',
        '{"answers": []}',
        '{"answers": {}, "extra": 1}',
        '{"answers": 5}',
      ]) {
        const response = await send(method, url, payload)
        expect(response.statusCode, `${method} ${payload}`).toBe(400)
        expect(response.json().code).toBe('validation_failed')
      }
      expect((await send(method, url, '{"answers": {')).json().code).toBe('invalid_json')
      expect((await send(method, url, '{"answers": {}}', 'text/plain')).statusCode).toBe(415)
      const huge = JSON.stringify({ answers: { q_long: 'x'.repeat(300 * 1024) } })
      const tooLarge = await send(method, url, huge)
      expect(tooLarge.statusCode).toBe(413)
      expect(tooLarge.json().code).toBe('payload_too_large')
      const deep = `{"answers": {"q_long": ${'['.repeat(5000)}${']'.repeat(5000)}}}`
      expect((await send(method, url, deep)).statusCode).toBeLessThan(500)
    }
    // A long text within the limits is kept.
    const long = await patchDraft(ctx, token, { answers: { q_long: 'y'.repeat(10_000) } })
    expect(long.statusCode).toBe(200)
  })

  it('holds no more answers than one submission could send, however many changes bring them', async () => {
    const questions = Array.from({ length: 30 }, (_, n) => ({
      id: `q${n}`,
      title: `Q${n}`,
      type: 'long_text',
      properties: { max_length: 10_000 },
    }))
    const formId = await draftForm(ctx, {}, { title: 'Long', questions })
    const token = (await startDraft(ctx, formId, { answers: {} })).json().resume_token
    let refusedAt = -1
    for (const [n, question] of questions.entries()) {
      const response = await patchDraft(ctx, token, { answers: { [question.id]: 'z'.repeat(10_000) } })
      if (response.statusCode === 200) continue
      expect(response.statusCode).toBe(400)
      expect(response.json().errors[0]).toMatchObject({ path: '/answers' })
      refusedAt = n
      break
    }
    // 256 KiB of answers: the 27th of 10,000 characters goes past it.
    expect(refusedAt).toBe(26)
    // What it held stays, and a change that keeps within the bound is taken.
    expect(
      (await patchDraft(ctx, token, { answers: { q0: null, q26: 'z'.repeat(10_000) } })).statusCode,
    ).toBe(200)
  })

  it('answers 404 for a token that is no token, whatever its shape', async () => {
    for (const token of [
      '',
      'a',
      '%2e%2e',
      '%20',
      'A'.repeat(22),
      `cvd_${'A'.repeat(22)}`,
      'A'.repeat(200),
      '%F0%9F%98%80'.repeat(5),
    ]) {
      const response = await ctx.request({
        method: 'PATCH',
        url: `/v1/public/drafts/${token}`,
        token: null,
        payload: { answers: {} },
      })
      expect(response.statusCode, token).toBeGreaterThanOrEqual(400)
      expect(response.statusCode, token).toBeLessThan(500)
      if (token !== '') expect(response.statusCode, token).toBe(404)
    }
  })
})
