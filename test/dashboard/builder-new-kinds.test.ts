import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  ensureDashboardBuilt,
  expectAccessible,
  launchChromium,
  signedInDashboard,
} from '../support/browser.js'
import { useTestContext } from '../support/context.js'

// The builder with the kinds of issue 31 (docs/api.md#question-kinds): a consent, a matrix whose
// rows and columns are edited like choices, and a ranking; the preview and the saved form show
// them, and insights show their figures.

ensureDashboardBuilt()
vi.setConfig({ expect: { poll: { timeout: 10_000, interval: 50 } } })
const ctx = useTestContext()
let browser: Browser
let base: string

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  browser = await launchChromium()
}, 60_000)

afterAll(async () => {
  await browser?.close()
})

const field = (page: Page, path: string) => page.locator(`#f-${path.replaceAll('/', '-')}`)

describe('the builder with consent, matrix and ranking', { timeout: 120_000 }, () => {
  it('adds each kind, edits a matrix’s rows and columns and a ranking’s choices, and saves them', async () => {
    const page = await signedInDashboard(browser, base, ctx.token, {
      context: { viewport: { width: 1280, height: 900 } },
    })
    await page.getByRole('link', { name: 'New form' }).click()
    await page.getByRole('heading', { level: 1, name: 'New form' }).waitFor()
    await page.getByLabel('Form title').fill('Kinds of 31')
    for (const [index, label] of ['Consent', 'Matrix', 'Ranking'].entries()) {
      await page.getByLabel('Kind of the new question').selectOption({ label })
      await page.getByRole('button', { name: 'Add question' }).click()
      await expect.poll(() => field(page, `questions/${index}/title`).count()).toBe(1)
    }
    await field(page, 'questions/0/title').fill('I agree to be contacted')
    await field(page, 'questions/1/title').fill('How was it?')
    await field(page, 'questions/2/title').fill('Rank the perks')

    // A matrix starts with two rows and a four-step scale; both lists edit like choices.
    const matrix = page.locator('.question-card').nth(1)
    await field(page, 'questions/1/properties/rows/0').fill('Food')
    await field(page, 'questions/1/properties/rows/1').fill('Service')
    await matrix.getByRole('button', { name: 'Add a row' }).click()
    await field(page, 'questions/1/properties/rows/2').fill('Price')
    await matrix.getByRole('button', { name: 'Remove column 4' }).click()
    await matrix.getByRole('button', { name: 'Move column 1 down' }).click()
    // A ranking starts with three choices.
    await field(page, 'questions/2/properties/choices/0').fill('Lunch')
    await field(page, 'questions/2/properties/choices/1').fill('Gym')
    await field(page, 'questions/2/properties/choices/2').fill('Train pass')
    await expectAccessible(page)

    // The preview is the hosted page: the new controls are there.
    const preview = page.frameLocator('iframe[title="Preview of the public page"]')
    await expect.poll(() => preview.getByRole('checkbox', { name: 'I accept' }).count()).toBe(1)
    await expect.poll(() => preview.getByRole('group', { name: 'Price' }).getByRole('radio').count()).toBe(3)
    await expect.poll(() => preview.getByRole('combobox', { name: 'Train pass' }).count()).toBe(1)

    await page.getByRole('button', { name: 'Create form' }).click()
    await page.getByRole('heading', { level: 1, name: 'Edit Kinds of 31' }).waitFor()
    const formId = decodeURIComponent(new URL(page.url()).pathname.split('/')[3] ?? '')
    const stored = (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })).json()
    expect(
      stored.questions.map((question: { type: string; properties: object }) => [
        question.type,
        question.properties,
      ]),
    ).toEqual([
      ['consent', {}],
      ['matrix', { rows: ['Food', 'Service', 'Price'], columns: ['Fair', 'Poor', 'Good'] }],
      ['ranking', { choices: ['Lunch', 'Gym', 'Train pass'] }],
    ])

    // Insights of two answers: consents accepted, a table per matrix, mean ranks.
    for (const answers of [
      {
        [stored.questions[0].id]: true,
        [stored.questions[1].id]: { Food: 'Good' },
        [stored.questions[2].id]: ['Gym', 'Lunch', 'Train pass'],
      },
      {
        [stored.questions[0].id]: false,
        [stored.questions[1].id]: { Food: 'Poor', Price: 'Fair' },
        [stored.questions[2].id]: ['Gym', 'Train pass', 'Lunch'],
      },
    ]) {
      const created = await ctx.request({
        method: 'POST',
        url: `/v1/forms/${formId}/responses`,
        payload: { answers },
      })
      expect(created.statusCode, created.body).toBe(201)
    }
    await page.goto(`${base}/app/forms/${formId}/insights`)
    const main = page.getByRole('main')
    await expect
      .poll(() => main.getByRole('table', { name: 'Answers to “How was it?”, per row' }).count())
      .toBe(1)
    const matrixTable = main.getByRole('table', { name: 'Answers to “How was it?”, per row' })
    expect(await matrixTable.getByRole('row', { name: /^Food/ }).textContent()).toBe(
      'Food0 (0 %)1 (50 %)1 (50 %)',
    )
    const ranks = main.getByRole('table', {
      name: 'Mean rank of each choice in “Rank the perks” (1 is first)',
    })
    expect(await ranks.getByRole('row').allTextContents()).toEqual([
      'ChoiceMean rankRanked by',
      'Gym12',
      'Lunch2.52',
      'Train pass2.52',
    ])
    // The chart draws once Chart.js has loaded; its name carries the figures.
    await expect
      .poll(() =>
        main
          .getByRole('img', { name: 'Consent to “I agree to be contacted”. Accepted: 1, Not accepted: 1' })
          .count(),
      )
      .toBe(1)
    await expectAccessible(page)
    await page.context().close()
  })
})
