import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { artifacts, ensureDashboardBuilt, launchChromium, signedInDashboard } from '../support/browser.js'
import { useTestContext } from '../support/context.js'
import { answer, type Receiver, startReceiver } from '../support/receiver.js'
import { checkScreen } from '../support/screens.js'

// Issue 27, item 11, a design pass: on every main screen, at a phone's 390 px nothing scrolls
// sideways, one primary button at most, the brand mark in sight, a skeleton while the page's data
// is on the way and a Retry that loads it again after a failure; one content width; tabs for a
// form's sections; inputs not bold inside their bold labels.

ensureDashboardBuilt()
vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 50 } } })
const ctx = useTestContext()
let browser: Browser
let base: string
let receiver: Receiver
let formId: string
let listId: string
// A webhook's tag is one word up to 64 characters: its card must not widen a phone's page.
const longTag = 'customer-relationship-management-system-production'

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  browser = await launchChromium()
  receiver = await startReceiver(answer(200))
  ctx.startWorker({ pollMs: 100 })
  const form = {
    title: 'Team lunch',
    questions: [
      { id: 'food', title: 'How was the food?', type: 'short_text' },
      { id: 'score', title: 'How likely are you to come again?', type: 'nps' },
    ],
  }
  formId = (await ctx.request({ method: 'POST', url: '/v1/forms', payload: form })).json().id
  const hook = await ctx.request({
    method: 'PUT',
    url: `/v1/forms/${formId}/webhooks/${longTag}`,
    payload: { url: `${receiver.url}/a/rather/long/path/to/the/receiver`, secret: `whsec_${'k'.repeat(40)}` },
  })
  expect(hook.statusCode).toBeLessThan(300)
  const sent = await ctx.request({
    method: 'POST',
    url: `/v1/forms/${formId}/responses`,
    payload: { answers: { food: 'Lovely soup', score: 9 } },
  })
  expect(sent.statusCode).toBe(201)
  await receiver.waitFor((requests) => requests.length >= 1)
  listId = (
    await ctx.request({ method: 'POST', url: '/v1/contact-lists', payload: { name: 'Guests' } })
  ).json().id
  const added = await ctx.request({
    method: 'POST',
    url: '/v1/contacts/bulk',
    payload: { list_id: listId, contacts: [{ email: 'ada@example.com', name: 'Ada' }] },
  })
  expect(added.statusCode).toBe(201)
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await receiver?.close()
})

const phone = { viewport: { width: 390, height: 800 } }

/** The document is no wider than the window: nothing on the page scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

/** The primary buttons a person sees (a closed dialog's are not on screen). */
const primaries = (page: Page) => page.locator('button.primary, a.button.primary').filter({ visible: true })

const brandMark = (page: Page) => page.locator('.brand').filter({ has: page.locator('svg') })

/** What every screen must hold at 390 px, then axe and screenshots in both schemes and widths. */
async function expectDesigned(page: Page, name: string, primary: string) {
  await page.setViewportSize({ width: 390, height: 800 })
  await expect.poll(() => pageWidth(page)).toBeLessThanOrEqual(390)
  await expect.poll(() => primaries(page).allTextContents()).toEqual([primary])
  expect(await brandMark(page).textContent()).toBe('Canvass')
  expect(await brandMark(page).isVisible()).toBe(true)
  await checkScreen(page, `design-${name}`)
}

const busy = (page: Page) => page.locator('[aria-busy="true"]').filter({ visible: true })

/**
 * The page's data held back on the way (`matches` picks the request): a skeleton shows, marked
 * busy and named "Loading" for a screen reader; once it comes, the content shows and the skeleton
 * is gone.
 */
async function expectSkeletonWhileLoading(
  page: Page,
  path: string,
  matches: (url: URL) => boolean,
  content: Locator,
  screenshot?: string,
) {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  const held = (url: URL) => matches(url)
  await page.route(held, async (route) => {
    if (route.request().method() === 'GET') await released
    await route.fallback()
  })
  await page.goto(`${base}${path}`)
  await expect.poll(() => busy(page).count()).toBeGreaterThan(0)
  expect(await busy(page).first().textContent()).toMatch(/^Loading/)
  expect(await content.count()).toBe(0)
  if (screenshot) await page.screenshot({ path: join(artifacts, 'dashboard', `design-${screenshot}.png`) })
  release()
  await expect.poll(() => content.first().isVisible()).toBe(true)
  // Once the page's other loads are in too (a form's title comes before its responses), no skeleton is left.
  await expect.poll(() => busy(page).count()).toBe(0)
  await page.unroute(held)
}

/** A server's failure as Canvass answers one (a 500 problem document). */
const failure = {
  status: 500,
  contentType: 'application/problem+json',
  body: JSON.stringify({
    type: 'about:blank',
    title: 'Internal Server Error',
    status: 500,
    code: 'internal',
    detail: 'an internal error occurred; it has been logged with this request id',
  }),
}

/**
 * The page's data fails once (a 500: the client does not retry it by itself): an alert with
 * Retry, which loads it.
 */
async function expectRetryAfterFailure(
  page: Page,
  path: string,
  matches: (url: URL) => boolean,
  content: Locator,
  screenshot?: string,
) {
  let failures = 0
  const failing = (url: URL) => matches(url)
  await page.route(failing, async (route) => {
    if (route.request().method() === 'GET' && failures === 0) {
      failures++
      await route.fulfill(failure)
    } else await route.fallback()
  })
  await page.goto(`${base}${path}`)
  const alert = page.getByRole('alert').filter({ hasText: 'an internal error occurred' })
  await expect.poll(() => alert.isVisible()).toBe(true)
  expect(await content.count()).toBe(0)
  if (screenshot) await page.screenshot({ path: join(artifacts, 'dashboard', `design-${screenshot}.png`) })
  await alert.getByRole('button', { name: 'Retry' }).click()
  await expect.poll(() => content.first().isVisible()).toBe(true)
  expect(await alert.count()).toBe(0)
  expect(failures).toBe(1)
  await page.unroute(failing)
}

const at = (path: string) => (url: URL) => url.pathname === path

describe('the design pass', { timeout: 240_000 }, () => {
  it('sign-in: the brand mark, one primary button, a skeleton while the session is checked, Retry', async () => {
    const context = await browser.newContext(phone)
    const page = await context.newPage()
    page.setDefaultTimeout(45_000)
    const token = page.getByLabel('API token')
    await expectSkeletonWhileLoading(page, '/app', at('/v1/session'), token)
    await expectRetryAfterFailure(page, '/app', at('/v1/session'), token)
    await expectDesigned(page, 'sign-in', 'Sign in')
    // What is typed in a field reads as text, its label as a label.
    expect(await token.evaluate((input) => getComputedStyle(input).fontWeight)).toBe('400')
    await context.close()
  })

  it('forms: one primary button, a skeleton, Retry, inputs not bold inside their labels', async () => {
    const page = await signedInDashboard(browser, base, ctx.token, { context: phone })
    const card = page.getByRole('heading', { level: 2, name: 'Team lunch' })
    await expectSkeletonWhileLoading(page, '/app/forms', at('/v1/forms'), card, 'forms-skeleton')
    await expectRetryAfterFailure(page, '/app/forms', at('/v1/forms'), card, 'forms-error')
    await expectDesigned(page, 'forms', 'New form')
    const search = page.getByLabel('Search forms by title')
    expect(await search.evaluate((input) => getComputedStyle(input).fontWeight)).toBe('400')
    const label = page.getByText('Search forms by title')
    expect(Number(await label.evaluate((text) => getComputedStyle(text).fontWeight))).toBeGreaterThanOrEqual(
      600,
    )
    await page.context().close()
  })

  it("a form's responses: tabs for its sections, the form's skeleton, then the responses'", async () => {
    const path = `/app/forms/${formId}`
    const page = await signedInDashboard(browser, base, ctx.token, { context: phone })
    const title = page.getByRole('heading', { level: 1, name: 'Team lunch' })
    await expectSkeletonWhileLoading(page, path, at(`/v1/forms/${formId}`), title, 'form-skeleton')
    await expectRetryAfterFailure(page, path, at(`/v1/forms/${formId}`), title)
    const row = page.getByRole('cell', { name: 'Lovely soup' })
    await expectSkeletonWhileLoading(page, path, at(`/v1/forms/${formId}/responses`), row)
    await expectRetryAfterFailure(page, path, at(`/v1/forms/${formId}/responses`), row)
    await expectDesigned(page, 'form-responses', 'Edit form')

    // The sections are a tab bar: the selected one marked, the others reached and opened by keyboard.
    const tabs = page.getByRole('navigation', { name: 'Form sections' })
    const selected = tabs.getByRole('link', { name: 'Responses' })
    expect(await selected.getAttribute('aria-current')).toBe('page')
    const marked = await selected.evaluate((link) => getComputedStyle(link).borderBottomColor)
    const other = await tabs
      .getByRole('link', { name: 'Insights' })
      .evaluate((link) => getComputedStyle(link).borderBottomColor)
    expect(marked).not.toBe(other)
    await tabs.getByRole('link', { name: 'Insights' }).focus()
    await page.keyboard.press('Enter')
    await expect
      .poll(() => tabs.getByRole('link', { name: 'Insights' }).getAttribute('aria-current'))
      .toBe('page')
    expect(await selected.getAttribute('aria-current')).toBeNull()
    await page.context().close()
  })

  it("a form's insights: a skeleton, then the figures; Retry after a failure", async () => {
    const path = `/app/forms/${formId}/insights`
    const page = await signedInDashboard(browser, base, ctx.token, { context: phone })
    const figures = page.getByRole('heading', { level: 2, name: 'How likely are you to come again?' })
    // The page's own figures, not the form's summary of today and the last 7 days (which asks `since`).
    const figuresRequest = (url: URL) =>
      at(`/v1/forms/${formId}/insights`)(url) && !url.searchParams.has('since')
    await expectSkeletonWhileLoading(page, path, figuresRequest, figures)
    await expectRetryAfterFailure(page, path, figuresRequest, figures)
    await expectDesigned(page, 'insights', 'Edit form')
    await page.context().close()
  })

  it("a form's webhooks: nothing scrolls sideways at 390 px, with a long tag and its delivery log open", async () => {
    const path = `/app/forms/${formId}/webhooks`
    const page = await signedInDashboard(browser, base, ctx.token, { context: phone })
    const card = page.getByRole('heading', { level: 2, name: longTag })
    await expectSkeletonWhileLoading(page, path, at(`/v1/forms/${formId}/webhooks`), card)
    await expectRetryAfterFailure(page, path, at(`/v1/forms/${formId}/webhooks`), card)
    // The delivery log's table used to stretch its card, and the page with it, to 584 px.
    await page.getByRole('button', { name: `Deliveries of ${longTag}` }).click()
    await expect.poll(() => page.getByRole('cell', { name: 'succeeded' }).first().isVisible()).toBe(true)
    await expectDesigned(page, 'webhooks', 'Edit form')

    // The dialog that deletes focuses its safe choice first.
    await page.getByRole('button', { name: `Delete ${longTag}` }).click()
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Cancel')
    await page.keyboard.press('Enter')
    expect(await card.isVisible()).toBe(true)
    await page.context().close()
  })

  it('contacts: a skeleton, Retry, one primary button', async () => {
    const page = await signedInDashboard(browser, base, ctx.token, { context: phone })
    const list = page.getByRole('link', { name: 'Guests' })
    await expectSkeletonWhileLoading(page, '/app/contacts', at('/v1/contact-lists'), list)
    await expectRetryAfterFailure(page, '/app/contacts', at('/v1/contact-lists'), list)
    await expectDesigned(page, 'contacts', 'Create list')
    await page.context().close()
  })

  it('a contact list: a skeleton for the list and its contacts, Retry, one primary button', async () => {
    const path = `/app/contacts/${listId}`
    const page = await signedInDashboard(browser, base, ctx.token, { context: phone })
    const title = page.getByRole('heading', { level: 1, name: 'Guests' })
    await expectSkeletonWhileLoading(page, path, at(`/v1/contact-lists/${listId}`), title)
    const contact = page.getByRole('cell', { name: 'ada@example.com' })
    await expectSkeletonWhileLoading(page, path, at(`/v1/contact-lists/${listId}/contacts`), contact)
    await expectRetryAfterFailure(page, path, at(`/v1/contact-lists/${listId}/contacts`), contact)
    await expectDesigned(page, 'contact-list', 'Add contact')
    await page.context().close()
  })

  it('one content width: the top bar and every page line up at 1280 px', async () => {
    const page = await signedInDashboard(browser, base, ctx.token)
    const edges = async (path: string, heading: string) => {
      await page.goto(`${base}${path}`)
      await page.getByRole('heading', { level: 1, name: heading }).waitFor()
      return page.evaluate(() => {
        const main = document.querySelector('main')?.getBoundingClientRect()
        const brand = document.querySelector('.top .brand')?.getBoundingClientRect()
        const h1 = document.querySelector('main h1')?.getBoundingClientRect()
        return { main: main?.width, brand: brand?.left, h1: h1?.left }
      })
    }
    const forms = await edges('/app/forms', 'Forms')
    expect(forms.brand).toBe(forms.h1)
    for (const [path, heading] of [
      [`/app/forms/${formId}`, 'Team lunch'],
      ['/app/contacts', 'Contacts'],
      [`/app/contacts/${listId}`, 'Guests'],
    ] as const) {
      expect(await edges(path, heading)).toEqual(forms)
    }
    await page.context().close()
  })
})
