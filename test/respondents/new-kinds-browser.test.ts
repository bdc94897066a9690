import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../support/context.js'
import { accessibilityViolations, launchBrowser, screenshots, tabTo } from './support/browser.js'

// A consent, a matrix and a ranking on the hosted page in a real browser (docs/api.md#question-kinds):
// answered by keyboard alone, with JavaScript on and off, every control named, no axe violation
// empty, invalid or answered, at a phone's width and a desktop's.

let ctx: TestContext
let base: string
let browser: Browser

beforeAll(async () => {
  ctx = await createTestContext({ publicRateLimit: 1000 })
  base = (await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1')
  browser = await launchBrowser()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await ctx?.close()
})

const form = {
  title: 'Office survey',
  questions: [
    {
      id: 'terms',
      title: 'I agree that my answers are kept for a year',
      type: 'consent',
      required: true,
      description: 'We delete them after that.',
    },
    {
      id: 'grid',
      title: 'How do we do?',
      type: 'matrix',
      required: true,
      properties: { rows: ['Speed', 'Price', 'Support'], columns: ['Poor', 'Fair', 'Good', 'Excellent'] },
    },
    {
      id: 'perks',
      title: 'Rank the perks',
      type: 'ranking',
      required: true,
      properties: { choices: ['Lunch', 'Gym', 'Train pass'] },
    },
  ],
  settings: { public: true },
}

async function newForm(): Promise<string> {
  const response = await ctx.request({ method: 'POST', url: '/v1/forms', payload: form })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id
}

async function open(formId: string, javaScriptEnabled: boolean, width = 1280): Promise<Page> {
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width, height: 800 },
    javaScriptEnabled,
  })
  const page = await context.newPage()
  await page.route(/^(?!http:\/\/127\.0\.0\.1[:/]).*/, (route) => {
    throw new Error(`request outside 127.0.0.1: ${route.request().url()}`)
  })
  await page.goto(`${base}/f/${formId}`)
  return page
}

/** Chooses a place in a ranking's list by keyboard: from "Place…", one ArrowDown per place. */
async function place(page: Page, label: string, at: number): Promise<void> {
  await tabTo(page, page.getByRole('combobox', { name: label, exact: true }))
  for (let step = 0; step < at; step++) await page.keyboard.press('ArrowDown')
}

/** Every control's name, as a screen reader announces it. */
async function unnamedControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('form input:not([type=hidden]), form select, form textarea'))
      .filter((control) => {
        const labelled = (control as HTMLInputElement).labels?.length ?? 0
        return (
          labelled === 0 && !control.getAttribute('aria-label') && !control.getAttribute('aria-labelledby')
        )
      })
      .map((control) => (control as HTMLInputElement).name),
  )
}

describe.each([
  ['with JavaScript', true],
  ['with JavaScript off', false],
])('consent, matrix and ranking %s', (_name, javaScriptEnabled) => {
  it('are answered by keyboard alone, and stored as the API would', async () => {
    const formId = await newForm()
    const page = await open(formId, javaScriptEnabled)
    try {
      expect(await unnamedControls(page)).toEqual([])
      await tabTo(page, page.getByRole('checkbox', { name: 'I accept' }))
      await page.keyboard.press('Space')
      const row = (name: string) =>
        page.getByRole('group', { name: 'How do we do?' }).getByRole('group', { name })
      // Tab reaches a row's first radio; Space picks it, an arrow moves to (and picks) the next.
      await tabTo(page, row('Speed').getByRole('radio', { name: 'Poor' }))
      await page.keyboard.press('ArrowRight')
      await page.keyboard.press('ArrowRight')
      await tabTo(page, row('Price').getByRole('radio', { name: 'Poor' }))
      await page.keyboard.press('Space')
      await tabTo(page, row('Support').getByRole('radio', { name: 'Poor' }))
      for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowRight')
      await place(page, 'Lunch', 2)
      await place(page, 'Gym', 3)
      await place(page, 'Train pass', 1)
      if (javaScriptEnabled) {
        expect(await accessibilityViolations(page)).toEqual([])
        await screenshots(page, 'new-kinds-answered')
      }
      await tabTo(page, page.getByRole('button', { name: 'Submit' }))
      await page.keyboard.press('Enter')
      await page.waitForURL(`${base}/f/${formId}/thanks`)
      const items = (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses` })).json().items
      expect(items).toHaveLength(1)
      expect(
        items[0].answers.map((answer: { type: string; [key: string]: unknown }) => answer[answer.type]),
      ).toEqual([
        true,
        { Speed: 'Good', Price: 'Poor', Support: 'Excellent' },
        ['Train pass', 'Lunch', 'Gym'],
      ])
    } finally {
      await page.context().close()
    }
  })

  it('say what is missing beside each question and in the summary, at a phone’s width too', async () => {
    const formId = await newForm()
    for (const width of [360, 1280]) {
      const page = await open(formId, javaScriptEnabled, width)
      try {
        if (javaScriptEnabled) expect(await accessibilityViolations(page)).toEqual([])
        await page.getByRole('group', { name: 'Speed' }).getByRole('radio', { name: 'Fair' }).check()
        await page.getByRole('combobox', { name: 'Lunch' }).selectOption('1')
        await page.getByRole('combobox', { name: 'Gym' }).selectOption('1')
        await page.getByRole('button', { name: 'Submit' }).click()
        const summary = page.getByRole('alert')
        await summary.waitFor()
        await page.waitForLoadState()
        for (const line of [
          'I agree that my answers are kept for a year: Required',
          'How do we do?: Choose an answer in every row',
          'Rank the perks: Give each item its own place, from 1 to 3',
        ]) {
          await expect(summary.getByRole('link', { name: line }).count(), line).resolves.toBe(1)
        }
        // What was chosen is kept.
        expect(
          await page.getByRole('group', { name: 'Speed' }).getByRole('radio', { name: 'Fair' }).isChecked(),
        ).toBe(true)
        expect(await page.getByRole('combobox', { name: 'Gym' }).inputValue()).toBe('1')
        // The page is no wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
        if (javaScriptEnabled) {
          expect(await accessibilityViolations(page)).toEqual([])
          if (width === 1280) await screenshots(page, 'new-kinds-invalid')
        }
      } finally {
        await page.context().close()
      }
    }
    const items = (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses` })).json().items
    expect(items).toEqual([])
  })
})

describe('consent, matrix and ranking on a form of several pages, with JavaScript', () => {
  it('keep their answers through Next and Back, and the response holds them', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/v1/forms',
      payload: {
        ...form,
        // Pages list questions in form order: the consent last, on its own page. Optional here, so
        // the script's background post of a page (not a refusal's plain post) carries them.
        questions: [
          { ...form.questions[1], required: false },
          { ...form.questions[2], required: false },
          form.questions[0],
        ],
        pages: [
          { id: 'rate', questions: ['grid', 'perks'] },
          { id: 'agree', questions: ['terms'] },
        ],
      },
    })
    expect(response.statusCode, response.body).toBe(201)
    const formId = response.json().id
    const page = await open(formId, true)
    try {
      const row = (name: string) => page.getByRole('group', { name })
      await row('Speed').getByRole('radio', { name: 'Fair' }).check()
      await row('Price').getByRole('radio', { name: 'Good' }).check()
      await row('Support').getByRole('radio', { name: 'Excellent' }).check()
      await page.getByRole('combobox', { name: 'Lunch' }).selectOption('3')
      await page.getByRole('combobox', { name: 'Gym' }).selectOption('1')
      await page.getByRole('combobox', { name: 'Train pass' }).selectOption('2')
      await page.getByRole('button', { name: 'Next' }).click()
      await page.getByRole('checkbox', { name: 'I accept' }).waitFor()
      await page.getByRole('button', { name: 'Back' }).click()
      await row('Speed').getByRole('radio', { name: 'Fair' }).waitFor()
      // The page moved without a reload, and the server's draft kept both answers.
      expect(await row('Price').getByRole('radio', { name: 'Good' }).isChecked()).toBe(true)
      expect(await page.getByRole('combobox', { name: 'Lunch' }).inputValue()).toBe('3')
      await page.getByRole('button', { name: 'Next' }).click()
      await page.getByRole('checkbox', { name: 'I accept' }).check()
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.waitForURL(/\/thanks/)
      const items = (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses` })).json().items
      expect(items).toHaveLength(1)
      expect(
        items[0].answers.map((answer: { type: string; [key: string]: unknown }) => answer[answer.type]),
      ).toEqual([
        { Speed: 'Fair', Price: 'Good', Support: 'Excellent' },
        ['Gym', 'Train pass', 'Lunch'],
        true,
      ])
    } finally {
      await page.context().close()
    }
  })
})
