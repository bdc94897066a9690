import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { richForm } from '../flow/fixtures.js'
import { accessibilityViolations, launchBrowser, screenshots } from '../respondents/support/browser.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { contactList, invite, recipientRow } from '../support/recipients.js'
import { createForm, listed } from './links-support.js'

// docs/api.md#personal-links in Chromium with JavaScript on: the page's script posts each page
// where the page says (the personal link, not /f), moves on without reloads, and the last page
// completes the recipient; the 410 page of a used link, checked by axe.

let ctx: TestContext
let base: string
let browser: Browser

beforeAll(async () => {
  ctx = await createTestContext({ publicRateLimit: 0, linkRateLimit: 0 })
  base = (await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1')
  browser = await launchBrowser()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await ctx?.close()
})

async function newPage() {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } })
  context.setDefaultTimeout(15_000)
  const page = await context.newPage()
  await page.route(/^(?!http:\/\/127\.0\.0\.1[:/]).*/, (route) => {
    throw new Error(`request outside 127.0.0.1: ${route.request().url()}`)
  })
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(new URL(request.url()).pathname)
  })
  return { context, page, posts }
}

const progress = (page: Page) => page.locator('#progress-hint').textContent()

describe('a personal link in Chromium', () => {
  it('walks a private form of several pages with JavaScript on, posting to the link, and completes it once', async () => {
    const formId = await createForm(ctx, { ...richForm, settings: { public: false } })
    const [recipient] = await invite(
      ctx,
      formId,
      await contactList(ctx, [{ name: 'Ada', email: 'ada@example.com' }]),
    )
    if (!recipient) throw new Error('no recipient')
    const { context, page, posts } = await newPage()
    await page.goto(`${base}${recipient.link}`)
    expect(await accessibilityViolations(page)).toEqual([])
    await page.evaluate(() => Object.assign(window, { stayed: true }))

    await page.getByLabel('Your name?').fill('Ada')
    await page.getByRole('radio', { name: 'Yes' }).check()
    await page.getByRole('button', { name: 'Next' }).click()
    await expect.poll(() => page.url()).toBe(`${base}${recipient.link}/p/trip`)
    expect(await progress(page)).toBe('Page 2 of 3')
    // Moved by the script, without a reload.
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
    await page.getByRole('radio', { name: '5' }).check()
    await page.getByRole('button', { name: 'Next' }).click()
    await expect.poll(() => page.url()).toBe(`${base}${recipient.link}/p/stay`)
    await page.getByLabel('Nights away').fill('1')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect.poll(() => page.url()).toBe(`${base}${recipient.link}/thanks?ending=happy`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Glad you liked it, Ada!')
    expect(posts.length).toBeGreaterThanOrEqual(3)
    expect(new Set(posts)).toEqual(new Set([recipient.link]))

    expect(await listed(ctx, formId)).toHaveLength(1)
    expect((await recipientRow(ctx, recipient.id)).status).toBe('completed')

    // The link again: the page saying it was used, readable and accessible.
    const again = await page.goto(`${base}${recipient.link}`)
    expect(again?.status()).toBe(410)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'This link has already been used to answer',
    )
    expect(await accessibilityViolations(page)).toEqual([])
    await screenshots(page, 'personal-link-used')
    await context.close()
  }, 120_000)
})
