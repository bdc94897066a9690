import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../support/browser.js'
import { TestClock } from '../support/clock.js'
import { createTestContext, type TestContext } from '../support/context.js'

// The hosted form past the public limit (CANVASS_PUBLIC_RATE_LIMIT, SECURITY.md): the 429 page is
// the form again with the respondent's answers kept, saying when to send them, so waiting and
// pressing Submit once more sends them. With JavaScript on and off.

const form = {
  title: 'Meetup feedback',
  questions: [
    { id: 'talk', title: 'How was the talk?', type: 'nps', required: true },
    { id: 'comment', title: 'Anything else?', type: 'long_text' },
  ],
  hidden: ['source'],
  settings: { public: true },
}

let browser: Browser
let ctx: TestContext
let base: string
// Stands still until moved: the minute's window ends when the test says so.
const clock = new TestClock({ stopped: true })

beforeAll(async () => {
  ctx = await createTestContext({ publicRateLimit: 2 }, { clock })
  base = (await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1')
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  await ctx?.close()
})

async function createForm(): Promise<string> {
  return (await ctx.request({ method: 'POST', url: '/v1/forms', payload: form })).json().id
}

async function listed(formId: string) {
  const page = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses` })
  return page.json().items as { answers: { question: { id: string } }[]; hidden: { value: string }[] }[]
}

describe.each([
  ['with JavaScript', true],
  ['with JavaScript off', false],
])('a respondent past the limit %s', (_name, javaScriptEnabled) => {
  it('gets the form back with the answers kept, and sends them once the minute is over', async () => {
    const formId = await createForm()
    const context = await browser.newContext({ javaScriptEnabled })
    const page = await context.newPage()
    try {
      const statuses: number[] = []
      for (let attempt = 0; attempt < 3; attempt++) {
        await page.goto(`${base}/f/${formId}?source=slide`)
        await page.getByRole('radio', { name: '9' }).check()
        await page.getByLabel('Anything else?').fill(`Great talk, attempt ${attempt + 1}`)
        const response = page.waitForResponse((r) => r.request().method() === 'POST')
        await page.getByRole('button', { name: 'Submit' }).click()
        statuses.push((await response).status())
        await page.waitForLoadState()
      }
      expect(statuses).toEqual([303, 303, 429])
      expect(await page.getByRole('heading', { name: 'Too many submissions' }).isVisible()).toBe(true)
      expect(await page.getByRole('alert').textContent()).toMatch(
        /kept below: press Submit again in \d+ seconds/,
      )
      expect(await page.getByRole('radio', { name: '9' }).isChecked()).toBe(true)
      expect(await page.getByLabel('Anything else?').inputValue()).toBe('Great talk, attempt 3')
      expect(await listed(formId)).toHaveLength(2)

      clock.advance(61_000)
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.waitForURL(`${base}/f/${formId}/thanks`)
      const items = await listed(formId)
      expect(items).toHaveLength(3)
      expect(JSON.stringify(items[0])).toContain('Great talk, attempt 3')
      expect(items[0]?.hidden).toEqual([{ name: 'source', value: 'slide' }])
    } finally {
      await context.close()
    }
  })
})
