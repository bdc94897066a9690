import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ensureDashboardBuilt, launchChromium, signedInDashboard } from '../support/browser.js'
import { useTestContext } from '../support/context.js'
import { checkScreen } from '../support/screens.js'

// Issue 27, item 2: changing a question's kind keeps what the new kind shares (Multiple choice to
// Dropdown keeps the choices) and warns, naming what goes, before it drops anything.

ensureDashboardBuilt()
vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 50 } } })
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

async function newFormPage(): Promise<Page> {
  const page = await signedInDashboard(browser, base, ctx.token, {
    context: { viewport: { width: 1280, height: 900 } },
  })
  await page.getByRole('link', { name: 'New form' }).click()
  await page.getByRole('heading', { level: 1, name: 'New form' }).waitFor()
  return page
}

describe('changing a question’s kind', { timeout: 120_000 }, () => {
  it('keeps the choices from Multiple choice to Dropdown, and asks before dropping them', async () => {
    const page = await newFormPage()
    await page.getByLabel('Form title').fill('Stay')
    await page.getByLabel('Kind of the new question').selectOption({ label: 'Multiple choice' })
    await page.getByRole('button', { name: 'Add question' }).click()
    const card = page.getByRole('listitem', { name: /^Question 1/ })
    await card.getByLabel('Question', { exact: true }).fill('What did you use?')
    await card.getByLabel('Choice 1', { exact: true }).fill('Parking')
    await card.getByLabel('Choice 2', { exact: true }).fill('Wi-Fi')
    await card.getByRole('button', { name: 'Add a choice' }).click()
    await card.getByLabel('Choice 3', { exact: true }).fill('Spa')
    const choices = () =>
      card
        .getByRole('group', { name: 'Choices' })
        .getByRole('textbox')
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))

    // Dropdown has choices too: they stay, and nothing is asked.
    await card.getByLabel('Kind', { exact: true }).selectOption({ label: 'Dropdown' })
    await expect.poll(choices).toEqual(['Parking', 'Wi-Fi', 'Spa'])
    expect(await card.getByRole('alert').count()).toBe(0)

    // Short text has none: a warning names them, and they are still there until confirmed.
    await card.getByLabel('Kind', { exact: true }).selectOption({ label: 'Short text' })
    const warning = card.getByRole('alert')
    await expect
      .poll(() => warning.textContent())
      .toContain('A Short text question has no place for its choices (Parking, Wi-Fi, Spa)')
    expect(await choices()).toEqual(['Parking', 'Wi-Fi', 'Spa'])
    await checkScreen(page, 'builder-kind-warning')
    await card.getByRole('button', { name: 'Keep Dropdown' }).click()
    await expect.poll(() => warning.count()).toBe(0)
    expect(await card.getByLabel('Kind', { exact: true }).inputValue()).toBe('dropdown')
    expect(await choices()).toEqual(['Parking', 'Wi-Fi', 'Spa'])

    // Back to Multiple choice with several allowed; to Dropdown, that one setting is what goes.
    await card.getByLabel('Kind', { exact: true }).selectOption({ label: 'Multiple choice' })
    await expect.poll(choices).toEqual(['Parking', 'Wi-Fi', 'Spa'])
    await card.getByLabel('People may pick several').check()
    await card.getByLabel('Kind', { exact: true }).selectOption({ label: 'Dropdown' })
    await expect.poll(() => warning.textContent()).toContain('no place for “People may pick several”')
    await card.getByRole('button', { name: 'Change to Dropdown' }).click()
    await expect.poll(() => warning.count()).toBe(0)
    expect(await choices()).toEqual(['Parking', 'Wi-Fi', 'Spa'])

    await card.getByLabel('Kind', { exact: true }).selectOption({ label: 'Short text' })
    await card.getByRole('button', { name: 'Change to Short text' }).click()
    await expect.poll(() => card.getByRole('group', { name: 'Choices' }).count()).toBe(0)

    // What the server stores is what the page shows.
    await card.getByLabel('Kind', { exact: true }).selectOption({ label: 'Dropdown' })
    await expect.poll(choices).toEqual(['Option 1', 'Option 2'])
    await page.getByRole('button', { name: 'Create form' }).click()
    await page.getByRole('heading', { level: 1, name: 'Edit Stay' }).waitFor()
    const formId = decodeURIComponent(new URL(page.url()).pathname.split('/')[3] ?? '')
    const stored = (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })).json()
    expect(stored.questions[0]).toMatchObject({
      type: 'dropdown',
      properties: { choices: ['Option 1', 'Option 2'] },
    })
    await page.context().close()
  })
})
