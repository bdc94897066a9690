import { describe, expect, it } from 'vitest'
import { createForm, listed, onePageForm, respondentAt } from '../mail/links-support.js'
import { TestClock } from '../support/clock.js'
import { useTestContext } from '../support/context.js'
import { contactList, invite } from '../support/recipients.js'

// docs/api.md#form-settings: `settings.opens_at` joins `closes_at`. Before it, the form takes no
// answers, public or through personal links: its page and /v1/public answer 410 `form_closed`
// saying when it opens; from that instant on it takes answers as any open form does.

const clock = new TestClock()
const ctx = useTestContext({ publicRateLimit: 0, linkRateLimit: 0 }, { clock })

const hourFromNow = () => new Date(clock.nowMicros() / 1000 + 3_600_000).toISOString()

const publicGet = (formId: string) =>
  ctx.request({ method: 'GET', url: `/v1/public/forms/${formId}`, token: null })
const publicPost = (formId: string) =>
  ctx.request({
    method: 'POST',
    url: `/v1/public/forms/${formId}/responses`,
    token: null,
    payload: { answers: { mood: 'Early' } },
  })

describe('settings.opens_at', () => {
  it('is checked, written in the API format, and must come before closes_at', async () => {
    const created = await ctx.request({
      method: 'POST',
      url: '/v1/forms',
      payload: onePageForm({ opens_at: '2030-01-02T03:04:05+01:00' }),
    })
    expect(created.statusCode).toBe(201)
    expect(created.json().settings.opens_at).toBe('2030-01-02T02:04:05.000000Z')

    for (const [settings, path] of [
      [{ opens_at: 'tomorrow' }, '/settings/opens_at'],
      [{ opens_at: '2030-01-02' }, '/settings/opens_at'],
      [{ opens_at: '2030-01-02T00:00:00Z', closes_at: '2030-01-01T00:00:00Z' }, '/settings/opens_at'],
      [{ opens_at: '2030-01-01T00:00:00Z', closes_at: '2030-01-01T00:00:00Z' }, '/settings/opens_at'],
      [{ opens_at: 5 }, '/settings/opens_at'],
    ] as const) {
      const refused = await ctx.request({ method: 'POST', url: '/v1/forms', payload: onePageForm(settings) })
      expect(refused.statusCode, JSON.stringify(settings)).toBe(400)
      expect(refused.json().errors.map((error: { path: string }) => error.path)).toContain(path)
    }
  })

  it('keeps a public form from answers until it opens, then takes them', async () => {
    const id = await createForm(ctx, onePageForm({ public: true, opens_at: hourFromNow() }))
    const opensAt = (await ctx.request({ method: 'GET', url: `/v1/forms/${id}` })).json().settings.opens_at

    const page = await ctx.app.inject({ method: 'GET', url: `/f/${id}` })
    expect(page.statusCode).toBe(410)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    const shown = new Date(opensAt)
    const day = shown.toLocaleDateString('en-GB', { dateStyle: 'long', timeZone: 'UTC' })
    expect(page.body).toContain(`This form opens on ${day}`)
    expect(page.body).toContain('UTC')
    expect(page.body).not.toContain('How are you?')

    const get = await publicGet(id)
    expect(get.statusCode).toBe(410)
    expect(get.json()).toMatchObject({ code: 'form_closed' })
    expect(get.json().detail).toContain(opensAt)
    const post = await publicPost(id)
    expect(post.statusCode).toBe(410)
    expect(post.json().code).toBe('form_closed')
    const posted = await respondentAt(ctx, `/f/${id}`).submit([['mood', 'Early']])
    expect(posted.statusCode).toBe(410)
    expect(posted.body).toContain('This form opens on')
    const draft = await ctx.request({
      method: 'POST',
      url: `/v1/public/forms/${id}/drafts`,
      token: null,
      payload: { answers: { mood: 'Early' } },
    })
    expect(draft.statusCode).toBe(410)
    expect(await listed(ctx, id)).toEqual([])
    // A token submission ignores the settings, as with closes_at.
    const byToken = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${id}/responses`,
      payload: { answers: { mood: 'By the team' } },
    })
    expect(byToken.statusCode).toBe(201)

    clock.advance(3_600_000 + 200)
    expect((await ctx.app.inject({ method: 'GET', url: `/f/${id}` })).statusCode).toBe(200)
    expect((await publicGet(id)).json().settings.opens_at).toBe(opensAt)
    expect((await publicPost(id)).statusCode).toBe(201)
    expect(await listed(ctx, id)).toHaveLength(2)
  })

  it('keeps personal links closed until it opens too', async () => {
    const id = await createForm(ctx, onePageForm({ opens_at: hourFromNow() }))
    const [recipient] = await invite(
      ctx,
      id,
      await contactList(ctx, [{ name: 'Ada', email: 'ada@example.com' }]),
    )
    if (!recipient) throw new Error('no recipient')
    const early = respondentAt(ctx, recipient.link)
    const opened = await early.open()
    expect(opened.statusCode).toBe(410)
    expect(opened.body).toContain('This form opens on')
    expect((await early.submit([['mood', 'Early']])).statusCode).toBe(410)

    clock.advance(3_600_000 + 200)
    const later = respondentAt(ctx, recipient.link)
    expect((await later.open()).statusCode).toBe(200)
    expect((await later.submit([['mood', 'On time']])).statusCode).toBe(303)
    expect(await listed(ctx, id)).toHaveLength(1)
  })
})
