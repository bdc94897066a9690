import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { everyKindAnswers, everyKindForm, tinyForm } from '../forms/fixtures.js'
import { createTestContext, type TestContext } from '../support/context.js'

// docs/api.md#hosted-form-pages: the hosted pages through app.inject; the browser suite drives them for real.

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext({ publicRateLimit: 1000 })
})
afterAll(async () => {
  await ctx.close()
})

async function formWith(settings: object, body: object = everyKindForm): Promise<string> {
  const response = await ctx.request({ method: 'POST', url: '/v1/forms', payload: { ...body, settings } })
  expect(response.statusCode).toBe(201)
  return response.json().id
}

const page = (url: string) => ctx.request({ method: 'GET', url, token: null })
const post = (formId: string, fields: [string, string][]) =>
  ctx.request({
    method: 'POST',
    url: `/f/${formId}`,
    token: null,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  })

/** everyKindAnswers as the page's controls send them. */
const everyKindFields: [string, string][] = Object.entries(everyKindAnswers).flatMap(([id, value]) =>
  Array.isArray(value) ? value.map((label) => [id, label] as [string, string]) : [[id, String(value)]],
)

describe('hosted form page', () => {
  it('renders every question kind with a native control, hidden fields from the query string', async () => {
    const id = await formWith({ public: true })
    const response = await page(`/f/${id}?source=mail&unknown=x`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    const html = response.body
    expect(html).toContain('<input type="hidden" name="hidden:source" value="mail"/>')
    expect(html).not.toContain('unknown')
    expect(html).toMatch(/<input id="q-q_short" name="q_short" required[^>]*maxlength="20"/)
    expect(html).toMatch(/<textarea id="q-q_long"[^>]*maxlength="10000"/)
    for (const [id, type] of [
      ['q_email', 'email'],
      ['q_url', 'url'],
      ['q_phone', 'tel'],
      ['q_number', 'number'],
      ['q_date', 'date'],
    ]) {
      expect(html).toMatch(new RegExp(`<input id="q-${id}"[^>]* type="${type}"`))
    }
    expect(html).toMatch(/min="-10" max="200"/)
    expect(html.match(/<fieldset/g)).toHaveLength(7)
    expect(html).toContain('<span>0: Not at all likely</span><span>10: Extremely likely</span>')
    expect(html).toContain('type="checkbox" id="q-q_choices" name="q_choices" value="Cheese"')
    expect(html).toContain('<select id="q-q_drop" name="q_drop">')
    expect(html).toContain('Name<span class="required"> (required)</span>')
  })

  it('stores a valid post as a token submission would, then 303 to the thank-you page', async () => {
    const id = await formWith({ public: true, thank_you: { title: 'Merci', message: 'See you.' } })
    const response = await post(id, [...everyKindFields, ['hidden:source', 'mail'], ['canvass:website', '']])
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe(`/f/${id}/thanks`)
    const token = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${id}/responses`,
      payload: { answers: everyKindAnswers, hidden: { source: 'mail' } },
    })
    const items = (
      await ctx.request({ method: 'GET', url: `/v1/forms/${id}/responses?sort=submitted_at,asc` })
    ).json().items
    expect(items).toHaveLength(2)
    const { id: _a, submitted_at: _b, ...fromPage } = items[0]
    const { id: _c, submitted_at: _d, ...fromToken } = token.json()
    expect(fromPage).toEqual(fromToken)
    const thanks = await page(`/f/${id}/thanks`)
    expect(thanks.statusCode).toBe(200)
    expect(thanks.body).toContain('Merci')
    expect(thanks.body).toContain('See you.')
  })

  it('shows an invalid post again: 422, messages beside controls and in a summary, values kept', async () => {
    const id = await formWith({ public: true })
    const response = await post(id, [
      ['q_email', 'not-an-address'],
      ['q_long', 'Kept <b>text</b>'],
      ['q_nps', '7'],
      ['q_choices', 'Ham'],
      ['hidden:source', 'mail'],
    ])
    expect(response.statusCode).toBe(422)
    const html = response.body
    expect(html).toContain('<a href="#q-q_short">Name: Required</a>')
    expect(html).toContain('<a href="#q-q_email">E-mail: Enter an e-mail address, e.g. name@example.com</a>')
    expect(html).toContain(
      '<p class="error-message" id="q-q_email-error" dir="auto"><span class="visually-hidden">Error: </span>' +
        'Enter an e-mail address, e.g. name@example.com</p>',
    )
    expect(html).toMatch(
      /id="q-q_email" name="q_email" aria-invalid="true" aria-describedby="q-q_email-error q-q_email-hint"/,
    )
    expect(html).toContain('value="not-an-address"')
    expect(html).toContain('Kept &lt;b>text&lt;/b></textarea>')
    expect(html).toContain('name="q_nps" value="7" checked')
    expect(html).toContain('value="Ham" checked')
    expect(html).toContain('name="hidden:source" value="mail"')
    expect(html).toMatch(/class="error-summary" tabindex="-1" autofocus/)
    const listed = await ctx.request({ method: 'GET', url: `/v1/forms/${id}/responses` })
    expect(listed.json().items).toEqual([])
  })

  it('follows redirect_url, answers a filled honeypot as a success and stores nothing', async () => {
    const id = await formWith(
      { public: true, thank_you: { redirect_url: 'https://example.com/thanks?x=1' } },
      tinyForm,
    )
    const bot = await post(id, [
      ['n', '3'],
      ['canvass:website', 'http://spam.test'],
    ])
    expect(bot.statusCode).toBe(303)
    expect((await ctx.request({ method: 'GET', url: `/v1/forms/${id}` })).json().response_count).toBe(0)
    const person = await post(id, [['n', '3']])
    expect(person.statusCode).toBe(303)
    expect(person.headers.location).toBe('https://example.com/thanks?x=1')
    expect((await ctx.request({ method: 'GET', url: `/v1/forms/${id}` })).json().response_count).toBe(1)
    // The page may post to itself and be redirected to the thank-you site.
    expect((await page(`/f/${id}`)).headers['content-security-policy']).toContain(
      "form-action 'self' https://example.com;",
    )
  })

  it('answers unpublished and unknown forms with a 404 page, closed ones with a 410 page', async () => {
    const privateId = await formWith({})
    for (const url of [`/f/${privateId}`, '/f/frm_unknown', '/f/bad%20id', `/f/${privateId}/thanks`]) {
      const response = await page(url)
      expect(response.statusCode).toBe(404)
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(response.body).toContain('This form is not available')
    }
    expect((await post(privateId, [['q_short', 'x']])).statusCode).toBe(404)
    const closed = await formWith({
      public: true,
      closes_at: '2020-01-01T00:00:00Z',
      closed_message: 'We are full.',
    })
    for (const response of [await page(`/f/${closed}`), await post(closed, [['q_short', 'x']])]) {
      expect(response.statusCode).toBe(410)
      expect(response.body).toContain('We are full.')
    }
    const full = await formWith({ public: true, max_responses: 1 }, tinyForm)
    expect((await post(full, [['n', '1']])).statusCode).toBe(303)
    const after = await page(`/f/${full}`)
    expect(after.statusCode).toBe(410)
    expect(after.body).toContain('This form is closed and no longer accepts answers.')
    expect((await page(`/f/${full}/thanks`)).statusCode).toBe(200)
  })

  it('limits bodies to 256 KiB, answered as a page', async () => {
    const id = await formWith({ public: true }, tinyForm)
    const response = await post(id, [['n', 'x'.repeat(300 * 1024)]])
    expect(response.statusCode).toBe(413)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
  })

  it('escapes every user-written string', async () => {
    const hostile = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', 'مرحبا <b>بالعالم</b>']
    const id = await formWith(
      { public: true, thank_you: { title: hostile[1], message: hostile[0] } },
      {
        title: hostile[0],
        questions: [
          { id: 'a', title: hostile[1], type: 'short_text', required: true },
          { id: 'b', title: hostile[2], type: 'multiple_choice', properties: { choices: hostile } },
        ],
        hidden: ['h'],
      },
    )
    const html = (await page(`/f/${id}?h=${encodeURIComponent(hostile[1] as string)}`)).body
    expect(html).not.toMatch(/<script>alert|<img|<b>/)
    expect(html).toContain('&lt;script>alert(1)&lt;/script>')
    expect(html).toContain('value="&quot;>&lt;img src=x onerror=alert(1)>"')
    const invalid = (
      await post(id, [
        ['a', hostile[1] as string],
        ['b', 'nope'],
      ])
    ).body
    expect(invalid).not.toMatch(/<script>alert|<img|<b>/)
    const thanks = (await page(`/f/${id}/thanks`)).body
    expect(thanks).not.toMatch(/<script>alert|<img/)
  })

  it('sends security headers: a strict policy on pages, no framing anywhere but /f', async () => {
    const id = await formWith({ public: true })
    const form = await page(`/f/${id}`)
    const policy = form.headers['content-security-policy'] as string
    expect(policy).toContain("default-src 'none'")
    expect(policy).toContain("script-src 'self'")
    expect(policy).toContain('frame-ancestors *')
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/)
    expect(form.headers['x-content-type-options']).toBe('nosniff')
    expect(form.headers['x-frame-options']).toBeUndefined()
    for (const url of ['/docs', '/v1/openapi.json', '/healthz', `/v1/forms/${id}`, '/embed.js']) {
      const response = await ctx.request({ method: 'GET', url })
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'")
      expect(response.headers['x-frame-options'], url).toBe('DENY')
      expect(response.headers['x-content-type-options'], url).toBe('nosniff')
    }
  })

  it('keeps HTML, CSS and script of a 14-question form under 40 KB, and embed.js small', async () => {
    const id = await formWith({ public: true })
    const html = (await page(`/f/${id}`)).body
    const css = (await page('/static/form.css')).body
    const script = (await page('/static/form.js')).body
    const embed = await page('/embed.js')
    expect(embed.headers['content-type']).toBe('text/javascript; charset=utf-8')
    const total = Buffer.byteLength(html) + Buffer.byteLength(css) + Buffer.byteLength(script)
    expect(total).toBeLessThan(40 * 1024)
    expect(Buffer.byteLength(embed.body)).toBeLessThan(2048)
  })
})

describe('hosted page submission limit', () => {
  it('answers past the limit with a 429 page and Retry-After', async () => {
    const limited = await createTestContext({ publicRateLimit: 2 })
    try {
      const id = (
        await limited.request({
          method: 'POST',
          url: '/v1/forms',
          payload: { ...tinyForm, settings: { public: true } },
        })
      ).json().id
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: `/f/${id}`,
          remoteAddress: '10.1.1.1',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'n=4',
        })
      expect((await send()).statusCode).toBe(303)
      expect((await send()).statusCode).toBe(303)
      const refused = await send()
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      expect(refused.body).toContain('Too many submissions')
    } finally {
      await limited.close()
    }
  })
})
