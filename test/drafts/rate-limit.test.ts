import { describe, expect, it } from 'vitest'
import { everyKindForm } from '../forms/fixtures.js'
import { TestClock } from '../support/clock.js'
import { useTestContext } from '../support/context.js'
import { draftForm, patchDraft, startDraft } from './support.js'

// docs/api.md#drafts: drafts share the public submissions' limit per address and form
// (CANVASS_PUBLIC_RATE_LIMIT), in one window the stopped clock holds still.

const ctx = useTestContext(
  { publicRateLimit: 3, authFailureLimit: 1 },
  { clock: new TestClock({ stopped: true }) },
)

describe('the per-address limit', () => {
  it('counts drafts against the per-address limit, per form', async () => {
    const formId = await draftForm(ctx, {}, everyKindForm)
    const token = (await startDraft(ctx, formId, { answers: {} })).json().resume_token
    expect((await patchDraft(ctx, token, { answers: {} })).statusCode).toBe(200)
    expect((await patchDraft(ctx, token, { answers: {} })).statusCode).toBe(200)
    const limited = await patchDraft(ctx, token, { answers: {} })
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
    expect((await startDraft(ctx, formId, { answers: {} })).statusCode).toBe(429)
    // Another form has a count of its own.
    const other = await draftForm(ctx, {}, everyKindForm)
    expect((await startDraft(ctx, other, { answers: {} })).statusCode).toBe(201)
  })

  it('counts a token that names no draft as a failed authentication, per address', async () => {
    const guesses = []
    for (let n = 0; n < 8; n++)
      guesses.push((await patchDraft(ctx, `cvd_${String(n).padStart(22, 'A')}`, { answers: {} })).statusCode)
    // CANVASS_AUTH_FAILURE_LIMIT 1: two a window, then 429s.
    expect(guesses.slice(0, 2)).toEqual([404, 404])
    expect(guesses).toContain(429)
    expect(guesses.filter((status) => status !== 404 && status !== 429)).toEqual([])
  })
})
