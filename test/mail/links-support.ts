import { expect } from 'vitest'
import type { TestContext } from '../support/context.js'
import { CookieJar } from '../support/cookie-jar.js'

// A respondent's browser with JavaScript off, at a personal link: its cookies, the pages it gets,
// and the posts it sends (docs/api.md#personal-links).

export function respondentAt(ctx: TestContext, link: string, remoteAddress?: string) {
  const jar = new CookieJar()
  const send = async (method: 'GET' | 'POST', url: string, fields?: [string, string][]) => {
    const cookie = jar.header(url.split('?')[0] as string)
    const response = await ctx.app.inject({
      method,
      url,
      ...(remoteAddress ? { remoteAddress } : {}),
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(fields ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(fields ? { payload: new URLSearchParams(fields).toString() } : {}),
    })
    jar.store(response.headers['set-cookie'])
    return response
  }
  return {
    jar,
    open: (url = link) => send('GET', url),
    /** A one-page form's post. */
    submit: (fields: [string, string][]) => send('POST', link, fields),
    /** Page `page` of a form of several pages, with these answers and action. */
    page: (page: string, fields: [string, string][], action = 'next') =>
      send('POST', link, [['canvass:page', page], ['canvass:action', action], ...fields]),
  }
}

/** The responses of a form, as the team lists them. */
export async function listed(ctx: TestContext, formId: string) {
  const response = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses` })
  expect(response.statusCode).toBe(200)
  return response.json().items as {
    id: string
    submitted_at: string
    answers: { question: { id: string }; [type: string]: unknown }[]
    hidden: { name: string; value: string }[]
  }[]
}

export async function createForm(ctx: TestContext, form: object): Promise<string> {
  const response = await ctx.request({ method: 'POST', url: '/v1/forms', payload: form })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id as string
}

/** A private one-page form with hidden fields the contact can fill. */
export const onePageForm = (settings: object = {}) => ({
  title: 'Staff survey',
  questions: [
    { id: 'mood', title: 'How are you?', type: 'short_text', required: true },
    { id: 'score', title: 'Score', type: 'rating' },
  ],
  hidden: ['email', 'name', 'team', 'source', 'missing'],
  settings,
})

/** The hidden inputs of a page, by name. */
export function hiddenInputs(html: string): Record<string, string> {
  const found: Record<string, string> = {}
  for (const match of html.matchAll(/<input type="hidden" name="hidden:([^"]+)" value="([^"]*)"\/>/g))
    found[match[1] as string] = match[2] as string
  return found
}
