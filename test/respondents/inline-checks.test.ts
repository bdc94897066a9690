import { join } from 'node:path'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { artifacts } from '../support/browser.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { checkScreen } from '../support/screens.js'
import { launchBrowser } from './support/browser.js'

// Issue 27 items 11 and 12 on the hosted page, in Chromium: with JavaScript on, answers are checked
// where they are typed, by the server's rules and in its words, without a request; with it off the
// server's page says the same. Messages say the rule under the question ("Required") and the summary
// names the question. Descriptions describe their control. An NPS scale is one row on a phone.

let ctx: TestContext
let base: string
let browser: Browser
let formId: string

const visit = {
  title: 'Your visit',
  questions: [
    {
      id: 'how',
      title: 'How was it?',
      type: 'short_text',
      required: true,
      description: 'A few words are enough.',
    },
    {
      id: 'score',
      title: 'How likely are you to recommend us?',
      type: 'nps',
      required: true,
      description: 'Think of a friend who likes museums.',
    },
    { id: 'email', title: 'E-mail', type: 'email' },
    { id: 'age', title: 'Age', type: 'number', properties: { min: 0, max: 120 } },
  ],
  settings: { public: true },
}

beforeAll(async () => {
  ctx = await createTestContext({ publicRateLimit: 1000 })
  base = (await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1')
  browser = await launchBrowser()
  const response = await ctx.request({ method: 'POST', url: '/v1/forms', payload: visit })
  expect(response.statusCode).toBe(201)
  formId = response.json().id
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await ctx?.close()
})

interface Opened {
  context: BrowserContext
  page: Page
  /** Requests the page made after it loaded (its answers sent, any check asked of the server). */
  requests: string[]
  /** Anything the browser refused under the page's Content-Security-Policy. */
  refusals: string[]
}

async function open(javaScriptEnabled: boolean, width = 1280): Promise<Opened> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 800 } })
  context.setDefaultTimeout(45_000)
  const page = await context.newPage()
  const refusals: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refusals.push(message.text())
  })
  await page.goto(`${base}/f/${formId}`)
  await page.waitForLoadState('load')
  const requests: string[] = []
  page.on('request', (request) => {
    if (!request.url().endsWith('/favicon.ico')) requests.push(`${request.method()} ${request.url()}`)
  })
  return { context, page, requests, refusals }
}

/** The text of the elements that describe a control (aria-describedby), in order. */
const description = (control: Locator) =>
  control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' | '),
  )

const npsGroup = (page: Page) => page.getByRole('group', { name: /How likely are you to recommend us\?/ })

/** Leaves some answers wrong and others empty, then asks to send them. */
async function answerBadly(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'E-mail' }).fill('grace@')
  await page.getByRole('spinbutton', { name: 'Age' }).fill('500')
  await page.getByRole('button', { name: 'Submit' }).click()
  await page.getByRole('alert').waitFor()
}

/** What the page says about each answer: the summary's links and the messages under the questions. */
async function messages(page: Page): Promise<{ summary: string[]; fields: string[] }> {
  const summary = await page.getByRole('alert').getByRole('link').allTextContents()
  const fields = await page.locator('.error-message').allTextContents()
  return { summary, fields }
}

const expectedSummary = [
  'How was it?: Required',
  'How likely are you to recommend us?: Required',
  'E-mail: Enter an e-mail address, e.g. name@example.com',
  'Age: Enter a whole number from 0 to 120',
]

describe('the hosted page with JavaScript on', () => {
  it('checks an answer when it is left, without a request, and clears the message once fixed', async () => {
    const { context, page, requests, refusals } = await open(true)
    try {
      const email = page.getByRole('textbox', { name: 'E-mail' })
      await email.fill('grace@')
      await page.keyboard.press('Tab')
      await expect(description(email)).resolves.toBe(
        'Error: Enter an e-mail address, e.g. name@example.com | An e-mail address, e.g. name@example.com',
      )
      expect(await email.getAttribute('aria-invalid')).toBe('true')
      // Tabbing past an empty question says nothing yet.
      await expect(description(page.getByRole('textbox', { name: 'How was it?' }))).resolves.toBe(
        'A few words are enough.',
      )
      await email.fill('grace@example.com')
      await page.keyboard.press('Tab')
      await expect(description(email)).resolves.toBe('An e-mail address, e.g. name@example.com')
      expect(await email.getAttribute('aria-invalid')).toBeNull()
      expect(requests).toEqual([])
      expect(refusals).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('stops a submission with wrong answers: a focused summary naming each question, "Required" under it', async () => {
    const { context, page, requests, refusals } = await open(true)
    try {
      await answerBadly(page)
      const summary = page.getByRole('alert')
      await expect(summary.evaluate((element) => element === document.activeElement)).resolves.toBe(true)
      expect((await messages(page)).summary).toEqual(expectedSummary)
      const how = page.getByRole('textbox', { name: 'How was it?' })
      await expect(description(how)).resolves.toBe('Error: Required | A few words are enough.')
      expect(await how.getAttribute('aria-invalid')).toBe('true')
      await expect(description(npsGroup(page))).resolves.toBe(
        'Error: Required | Think of a friend who likes museums. | 0: Not at all likely10: Extremely likely',
      )
      expect(await page.title()).toBe('Error: Your visit')
      expect(requests).toEqual([])
      await checkScreen(page, 'hosted-inline-errors', { folder: 'hosted' })

      // The summary's link takes the respondent to the question; answering fixes its message.
      await summary.getByRole('link', { name: 'How was it?: Required' }).click()
      await expect(how.evaluate((element) => element === document.activeElement)).resolves.toBe(true)
      await how.fill('Lovely')
      await page.keyboard.press('Tab')
      await expect(description(how)).resolves.toBe('A few words are enough.')
      await npsGroup(page).getByRole('radio', { name: '9' }).check()
      await expect(description(npsGroup(page))).resolves.not.toContain('Required')
      await page.getByRole('textbox', { name: 'E-mail' }).fill('grace@example.com')
      await page.getByRole('spinbutton', { name: 'Age' }).fill('42')
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.waitForURL(`${base}/f/${formId}/thanks`)
      expect(requests.filter((request) => request.startsWith('POST'))).toHaveLength(1)
      expect(refusals).toEqual([])
    } finally {
      await context.close()
    }
  }, 180_000)
})

describe('the hosted page with JavaScript off', () => {
  it('has the server say the same as the script: summary naming the question, the rule under it', async () => {
    const on = await open(true)
    const off = await open(false)
    try {
      await answerBadly(on.page)
      await answerBadly(off.page)
      expect(off.requests.filter((request) => request.startsWith('POST'))).toHaveLength(1)
      const fromServer = await messages(off.page)
      expect(fromServer.summary).toEqual(expectedSummary)
      expect(fromServer.fields).toEqual([
        'Error: Required',
        'Error: Required',
        'Error: Enter an e-mail address, e.g. name@example.com',
        'Error: Enter a whole number from 0 to 120',
      ])
      expect(await messages(on.page)).toEqual(fromServer)
      await expect(description(off.page.getByRole('textbox', { name: 'How was it?' }))).resolves.toBe(
        'Error: Required | A few words are enough.',
      )
      // axe needs script in the page; the same markup is checked by axe with JavaScript on above.
      for (const width of [390, 1280]) {
        await off.page.setViewportSize({ width, height: 800 })
        await off.page.screenshot({
          path: join(artifacts, 'hosted', `hosted-server-errors-${width}.png`),
          fullPage: true,
        })
      }
    } finally {
      await on.context.close()
      await off.context.close()
    }
  }, 180_000)
})

describe('the hosted page on a phone', () => {
  for (const width of [390, 360]) {
    it(`keeps the NPS 0-10 scale on one row at ${width} px, nothing scrolls sideways`, async () => {
      const { context, page } = await open(true, width)
      try {
        const boxes = await npsGroup(page)
          .locator('label')
          .evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect().toJSON()))
        expect(boxes).toHaveLength(11)
        expect(new Set(boxes.map((box) => Math.round(box.top))).size).toBe(1)
        for (const box of boxes) {
          expect(box.width).toBeGreaterThanOrEqual(22)
          expect(box.right).toBeLessThanOrEqual(width)
        }
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        )
        expect(overflow).toBe(0)
        if (width === 390) await checkScreen(page, 'hosted-form', { folder: 'hosted' })
      } finally {
        await context.close()
      }
    }, 180_000)
  }
})
