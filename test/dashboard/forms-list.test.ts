import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ensureDashboardBuilt, launchChromium, signedInDashboard } from '../support/browser.js'
import { useTestContext } from '../support/context.js'
import { checkScreen } from '../support/screens.js'

// Issue 27, item 14: the forms list shows the newest first with its counts and dates, finds forms
// by title, duplicates a form, and deletes one after a confirmation that names its responses.

ensureDashboardBuilt()
vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 50 } } })
const ctx = useTestContext()
let browser: Browser
let base: string
const ids: Record<string, string> = {}

async function createForm(title: string, settings: object = {}): Promise<string> {
  const form = { title, questions: [{ id: 'food', title: 'How was it?', type: 'short_text' }], settings }
  const response = await ctx.request({ method: 'POST', url: '/v1/forms', payload: form })
  expect(response.statusCode).toBe(201)
  return response.json().id
}

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  browser = await launchChromium()
  ids['Team lunch'] = await createForm('Team lunch')
  for (let i = 0; i < 3; i++) {
    const payload = { answers: { food: `Dish ${i}` } }
    const response = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${ids['Team lunch']}/responses`,
      payload,
    })
    expect(response.statusCode).toBe(201)
  }
  ids['Customer survey'] = await createForm('Customer survey')
  ids['Office move'] = await createForm('Office move', { public: true })
}, 120_000)

afterAll(async () => {
  await browser?.close()
})

async function formsPage(): Promise<Page> {
  const page = await signedInDashboard(browser, base, ctx.token)
  return page
}

const cardTitles = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents()
const card = (page: Page, title: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) })

describe('the forms list', { timeout: 180_000 }, () => {
  it('shows the newest first, with response counts, dates, and a search by title', async () => {
    const page = await formsPage()
    await expect.poll(() => cardTitles(page)).toEqual(['Office move', 'Customer survey', 'Team lunch'])
    const lunch = card(page, 'Team lunch')
    await expect.poll(() => lunch.textContent()).toContain('3 responses')
    expect(await lunch.textContent()).toMatch(/Last response \w/)
    expect(await lunch.textContent()).toMatch(/Created \w/)
    expect(await card(page, 'Customer survey').textContent()).toContain('No responses yet')
    await checkScreen(page, 'forms-list')

    await page.getByLabel('Search forms by title').fill('LUNCH')
    await expect.poll(() => cardTitles(page)).toEqual(['Team lunch'])
    await page.getByLabel('Search forms by title').fill('nothing like it')
    await expect
      .poll(() => page.getByText('No form’s title contains “nothing like it”.').isVisible())
      .toBe(true)
    await page.getByLabel('Search forms by title').fill('')
    await expect.poll(() => cardTitles(page)).toHaveLength(3)
  })

  it('duplicates a form as a private copy listed first', async () => {
    const page = await formsPage()
    await card(page, 'Team lunch').getByRole('button', { name: 'Duplicate Team lunch' }).click()
    await expect
      .poll(() => cardTitles(page))
      .toEqual(['Copy of Team lunch', 'Office move', 'Customer survey', 'Team lunch'])
    const copy = card(page, 'Copy of Team lunch')
    expect(await copy.textContent()).toContain('No responses yet')
    expect(await copy.textContent()).toContain('Status: Draft')
    const forms = (await ctx.request({ method: 'GET', url: '/v1/forms?title=copy' })).json().items
    expect(forms[0].questions.map((q: { title: string }) => q.title)).toEqual(['How was it?'])
  })

  it('deletes a form after a confirmation naming its responses, Cancel focused first', async () => {
    const page = await formsPage()
    const remove = card(page, 'Team lunch').getByRole('button', { name: 'Delete Team lunch' })
    await remove.click()
    const dialog = page.getByRole('dialog', { name: 'Delete “Team lunch”?' })
    await expect.poll(() => dialog.isVisible()).toBe(true)
    expect(await dialog.textContent()).toContain('Its 3 responses and its webhooks are deleted with it.')
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Cancel')
    await checkScreen(page, 'forms-delete-dialog', { fullPage: false })

    await page.keyboard.press('Enter')
    await expect.poll(() => dialog.isVisible()).toBe(false)
    expect(await cardTitles(page)).toContain('Team lunch')

    await remove.click()
    await dialog.getByRole('button', { name: 'Delete form' }).click()
    await expect.poll(() => cardTitles(page)).not.toContain('Team lunch')
    const gone = await ctx.request({ method: 'GET', url: `/v1/forms/${ids['Team lunch']}` })
    expect(gone.statusCode).toBe(404)
  })
})
