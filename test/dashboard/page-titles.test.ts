import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ensureDashboardBuilt, launchChromium } from '../support/browser.js'
import { useTestContext } from '../support/context.js'
import { checkScreen } from '../support/screens.js'

// Issue 27, item 10: every route's tab title names the page and the form (never "Loading…"), and the
// first Tab after a change of page reaches the skip link, the next the top navigation.

ensureDashboardBuilt()
vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 50 } } })
const ctx = useTestContext()
let browser: Browser
let base: string

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  browser = await launchChromium()
  const form = { title: 'Team lunch', questions: [{ id: 'q', title: 'How was it?', type: 'short_text' }] }
  expect((await ctx.request({ method: 'POST', url: '/v1/forms', payload: form })).statusCode).toBe(201)
  const list = { name: 'Guests' }
  expect((await ctx.request({ method: 'POST', url: '/v1/contact-lists', payload: list })).statusCode).toBe(
    201,
  )
}, 60_000)

afterAll(async () => {
  await browser?.close()
})

const focused = (page: Page) =>
  page.evaluate(() => `${document.activeElement?.tagName}:${document.activeElement?.textContent?.trim()}`)

/** The page is named in the tab's title, and from the top the keyboard reaches the skip link, then the menu. */
async function expectNewPage(page: Page, title: string) {
  await expect.poll(() => page.title()).toBe(title)
  await page.keyboard.press('Tab')
  expect(await focused(page)).toBe('A:Skip to content')
  await page.keyboard.press('Tab')
  expect(await focused(page)).toBe('A:Forms')
}

describe('titles and focus on every route', { timeout: 120_000 }, () => {
  it('names each page and form in the title; the first Tab after a change reaches the skip link and the menu', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    page.setDefaultTimeout(45_000)
    await page.goto(`${base}/app`)
    await expect.poll(() => page.title()).toBe('Sign in · Canvass')
    await page.getByLabel('API token').fill(ctx.token)
    await page.getByRole('button', { name: 'Sign in with token' }).click()
    await page.getByRole('heading', { level: 1, name: 'Forms' }).waitFor()
    await expectNewPage(page, 'Forms · Canvass')
    await checkScreen(page, 'forms-after-sign-in')

    await page.getByRole('link', { name: 'Team lunch' }).click()
    await expectNewPage(page, 'Responses · Team lunch · Canvass')
    for (const section of ['Insights', 'Webhooks', 'Responses']) {
      await page
        .getByRole('navigation', { name: 'Form sections' })
        .getByRole('link', { name: section })
        .click()
      await expectNewPage(page, `${section} · Team lunch · Canvass`)
    }
    await page.getByRole('link', { name: 'Edit form' }).click()
    await expectNewPage(page, 'Edit Team lunch · Canvass')

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click()
    await expectNewPage(page, 'Contacts · Canvass')
    await page.getByRole('link', { name: 'Guests' }).click()
    await expectNewPage(page, 'Guests · Contacts · Canvass')

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Forms' }).click()
    await page.getByRole('link', { name: 'New form' }).click()
    await expectNewPage(page, 'New form · Canvass')

    // Loaded straight from an address, too: a form's page, and one that does not exist.
    const formId = (await ctx.request({ method: 'GET', url: '/v1/forms' })).json().items[0].id
    await page.goto(`${base}/app/forms/${formId}/insights`)
    await expect.poll(() => page.title()).toBe('Insights · Team lunch · Canvass')
    await page.goto(`${base}/app/nowhere`)
    await expect.poll(() => page.title()).toBe('Page not found · Canvass')
    await context.close()
  })
})
