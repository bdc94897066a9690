import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ensureDashboardBuilt, launchChromium, signedInDashboard } from '../support/browser.js'
import { useTestContext } from '../support/context.js'
import { checkScreen } from '../support/screens.js'

// Issue 27, item 1: "View" opens the response in a drawer beside the table, in sight, with focus in
// it; Escape and its Close button put focus back on the View button that opened it.

ensureDashboardBuilt()
vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 50 } } })
const ctx = useTestContext()
let browser: Browser
let base: string
let formId: string

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  browser = await launchChromium()
  const form = {
    title: 'Team lunch',
    questions: [
      { id: 'food', title: 'How was the food?', type: 'short_text' },
      { id: 'again', title: 'Would you come again?', type: 'yes_no' },
    ],
  }
  formId = (await ctx.request({ method: 'POST', url: '/v1/forms', payload: form })).json().id
  for (let i = 0; i < 30; i++) {
    const answers = { food: `Dish ${i}`, again: i % 2 === 0 }
    const response = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${formId}/responses`,
      payload: { answers },
    })
    expect(response.statusCode).toBe(201)
  }
}, 120_000)

afterAll(async () => {
  await browser?.close()
})

async function responsesPage(): Promise<Page> {
  const page = await signedInDashboard(browser, base, ctx.token, { path: `/app/forms/${formId}` })
  await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBe(26)
  return page
}

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement
    return `${active?.tagName}:${active?.textContent?.trim()}`
  })

/** The drawer's box lies inside the viewport: a person sees it without scrolling. */
async function inSight(page: Page, dialog: ReturnType<Page['getByRole']>): Promise<boolean> {
  const box = await dialog.boundingBox()
  const viewport = page.viewportSize()
  if (!box || !viewport) return false
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width + 1 && box.y < viewport.height
}

describe('a response in full', { timeout: 120_000 }, () => {
  it('opens in a drawer with focus in it; Escape and Close return focus to View', async () => {
    const page = await responsesPage()
    const rows = page.getByRole('table').getByRole('row')
    const view = rows.nth(1).getByRole('button', { name: /^View/ })
    await view.click()

    const drawer = page.getByRole('dialog', { name: /^Response of/ })
    await expect.poll(() => drawer.isVisible()).toBe(true)
    await expect.poll(() => drawer.textContent()).toContain('How was the food?Dish 29')
    await expect.poll(() => drawer.textContent()).toContain('Would you come again?No')
    await expect.poll(() => inSight(page, drawer)).toBe(true)
    // Focus moved into the drawer, on its Close button.
    await expect.poll(() => drawer.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true)
    await checkScreen(page, 'response-detail', { fullPage: false })

    await page.keyboard.press('Escape')
    await expect.poll(() => drawer.count()).toBe(0)
    await expect.poll(() => focusedName(page)).toBe('BUTTON:View response ' + (await responseId(page, 1)))

    // The third row's, closed by its button, at a phone's width.
    await page.setViewportSize({ width: 390, height: 800 })
    await rows.nth(3).getByRole('button', { name: /^View/ }).click()
    await expect.poll(() => drawer.textContent()).toContain('Dish 27')
    await expect.poll(() => inSight(page, drawer)).toBe(true)
    await drawer.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => drawer.count()).toBe(0)
    await expect.poll(() => focusedName(page)).toBe('BUTTON:View response ' + (await responseId(page, 3)))
    await page.context().close()
  })
})

/** The id of the response in a row, as its View button names it to a screen reader. */
async function responseId(page: Page, row: number): Promise<string> {
  const name = await page
    .getByRole('table')
    .getByRole('row')
    .nth(row)
    .getByRole('button')
    .last()
    .textContent()
  return (name ?? '').replace(/^View response /, '')
}
