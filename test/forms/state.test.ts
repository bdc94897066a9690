import { describe, expect, it } from 'vitest'
import { completeSettings, type FormSettingsInput } from '../../src/shared/forms/settings.js'
import { type FormState, formStatus } from '../../src/shared/forms/state.js'
import { parseTimestamp } from '../../src/shared/timestamps.js'
import { TestClock } from '../support/clock.js'
import { useTestContext } from '../support/context.js'

// Issue 27, item 11: the status chip (Draft, Live, Scheduled, Closed) is computed by one function
// the dashboard bundles, from the rule the hosted page follows, so it agrees with what /f answers.

const now = parseTimestamp('2026-11-26T12:00:00Z') as number
const status = (settings: FormSettingsInput, count = 0) => formStatus(completeSettings(settings), count, now)

describe('formStatus', () => {
  it('is Draft while the form is not public, whatever else is set', () => {
    expect(status({})).toEqual({ state: 'draft', closedBy: undefined })
    expect(status({ public: false, closes_at: '2026-12-01T00:00:00Z' }).state).toBe('draft')
    // Publishing it would not open it: the panel says so.
    expect(status({ public: false, closes_at: '2026-11-01T00:00:00Z' })).toEqual({
      state: 'draft',
      closedBy: 'closes_at',
    })
    expect(status({ public: false, max_responses: 2 }, 2)).toEqual({
      state: 'draft',
      closedBy: 'max_responses',
    })
  })

  it('is Live when public and open with no closing time', () => {
    expect(status({ public: true })).toEqual({ state: 'live', closedBy: undefined })
    expect(status({ public: true, max_responses: 10 }, 9).state).toBe('live')
  })

  it('is Scheduled when public and open with a closing time to come', () => {
    expect(status({ public: true, closes_at: '2026-11-26T12:00:01Z' })).toEqual({
      state: 'scheduled',
      closedBy: undefined,
    })
    expect(status({ public: true, closes_at: '2027-01-01T00:00:00Z', max_responses: 5 }, 4).state).toBe(
      'scheduled',
    )
  })

  it('is Scheduled when public with an opening time to come, Live or Scheduled once it opens', () => {
    expect(status({ public: true, opens_at: '2026-11-26T12:00:01Z' })).toEqual({
      state: 'scheduled',
      closedBy: undefined,
    })
    expect(status({ public: false, opens_at: '2026-11-27T00:00:00Z' }).state).toBe('draft')
    expect(status({ public: true, opens_at: '2026-11-26T12:00:00Z' }).state).toBe('live')
    expect(
      status({ public: true, opens_at: '2026-11-26T11:00:00Z', closes_at: '2026-11-27T00:00:00Z' }).state,
    ).toBe('scheduled')
    // Full before it opens (token submissions count): closed.
    expect(status({ public: true, opens_at: '2026-12-01T00:00:00Z', max_responses: 1 }, 1).state).toBe(
      'closed',
    )
  })

  it('is Closed from the closing instant on, or once the most responses are in', () => {
    expect(status({ public: true, closes_at: '2026-11-26T12:00:00Z' })).toEqual({
      state: 'closed',
      closedBy: 'closes_at',
    })
    expect(status({ public: true, closes_at: '2026-11-26T11:59:59.999999Z' }).state).toBe('closed')
    expect(status({ public: true, max_responses: 3 }, 3)).toEqual({
      state: 'closed',
      closedBy: 'max_responses',
    })
    expect(status({ public: true, max_responses: 3 }, 4).state).toBe('closed')
    // A scheduled form that fills up is closed before its time.
    expect(status({ public: true, closes_at: '2027-01-01T00:00:00Z', max_responses: 1 }, 1)).toEqual({
      state: 'closed',
      closedBy: 'max_responses',
    })
  })
})

const clock = new TestClock()
const ctx = useTestContext({}, { clock })

async function createForm(settings: FormSettingsInput): Promise<string> {
  const payload = {
    title: 'Chip',
    questions: [{ id: 'q', title: 'Anything?', type: 'short_text' }],
    settings,
  }
  const response = await ctx.request({ method: 'POST', url: '/v1/forms', payload })
  expect(response.statusCode).toBe(201)
  return response.json().id
}

/** The chip of a form as the dashboard computes it from GET /v1/forms/{id}, beside what /f answers. */
async function chipAndPage(formId: string): Promise<[FormState, number]> {
  const form = (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })).json()
  const chip = formStatus(form.settings, form.response_count, clock.nowMicros()).state
  const page = await ctx.request({ method: 'GET', url: `/f/${formId}`, token: null })
  return [chip, page.statusCode]
}

describe('the chip and the hosted page agree', () => {
  it('Draft is a 404, Live and Scheduled a 200 (410 before it opens), Closed a 410', async () => {
    const inAnHour = new Date(clock.now() + 3_600_000).toISOString()
    const draft = await createForm({})
    const live = await createForm({ public: true })
    const scheduled = await createForm({ public: true, closes_at: inAnHour })
    const full = await createForm({ public: true, max_responses: 1 })
    const opensLater = await createForm({ public: true, opens_at: inAnHour })
    expect(await chipAndPage(opensLater)).toEqual(['scheduled', 410])
    expect(await chipAndPage(draft)).toEqual(['draft', 404])
    expect(await chipAndPage(live)).toEqual(['live', 200])
    expect(await chipAndPage(scheduled)).toEqual(['scheduled', 200])
    expect(await chipAndPage(full)).toEqual(['live', 200])

    const answer = await ctx.request({
      method: 'POST',
      url: `/v1/public/forms/${full}/responses`,
      payload: { answers: { q: 'yes' } },
      token: null,
    })
    expect(answer.statusCode).toBe(201)
    expect(await chipAndPage(full)).toEqual(['closed', 410])

    clock.advance(2 * 3_600_000)
    expect(await chipAndPage(opensLater)).toEqual(['live', 200])
    expect(await chipAndPage(scheduled)).toEqual(['closed', 410])
    expect(await chipAndPage(live)).toEqual(['live', 200])
  })
})
