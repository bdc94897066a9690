import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createForm } from '../forms/fixtures.js'
import { ensureDashboardBuilt, launchChromium, signedInDashboard } from '../support/browser.js'
import { useTestContext } from '../support/context.js'
import { checkScreen } from '../support/screens.js'

// Issue 27, item 18: a builder that guides. Ids and limits wait behind "Advanced"; publishing comes
// first with one Publish button; the preview shows the thank-you and closed screens and a phone's
// width; on a phone the preview is a tab away, not at the bottom of the editor.

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

async function editor(formId: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const page = await signedInDashboard(browser, base, ctx.token, {
    context: { viewport },
    path: `/app/forms/${formId}/edit`,
  })
  await page.getByRole('heading', { level: 1, name: /^Edit / }).waitFor()
  return page
}

async function storedForm(formId: string) {
  const response = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })
  expect(response.statusCode).toBe(200)
  return response.json()
}

const lunch = {
  title: 'Team lunch',
  questions: [
    { id: 'q_dish', title: 'Your dish', type: 'short_text', properties: { max_length: 200 } },
    { id: 'q_people', title: 'How many of you?', type: 'number', properties: { min: 1 } },
  ],
}

describe('a builder that guides', { timeout: 180_000 }, () => {
  it('keeps a question’s id and limits behind Advanced until it is opened, and says what Required means', async () => {
    const formId = await createForm(ctx, lunch)
    const page = await editor(formId)
    const card = page.getByRole('listitem', { name: /^Question 1/ })
    const id = card.getByText('q_dish', { exact: true })
    const limit = card.getByLabel('Longest answer (characters)')
    expect(await id.isVisible()).toBe(false)
    expect(await limit.isVisible()).toBe(false)

    await card.getByText(/^Advanced/).click()
    await expect.poll(() => id.isVisible()).toBe(true)
    expect(await limit.inputValue()).toBe('200')
    // Opening one question's Advanced leaves the others closed.
    const second = page.getByRole('listitem', { name: /^Question 2/ })
    expect(await second.getByText('q_people', { exact: true }).isVisible()).toBe(false)

    // Plain words under the fields: what Required means for the people answering.
    const required = card.getByRole('checkbox', { name: 'Required' })
    await expect.poll(() => accessibleDescription(required)).toBe('People may leave this empty.')
    await required.check()
    await expect
      .poll(() => accessibleDescription(required))
      .toBe('People cannot send the form without answering this.')
    await page.evaluate(() => window.scrollTo(0, 0))
    await checkScreen(page, 'builder-guide')
    await page.context().close()
  })

  it('says a new form is a draft, publishes it with one button, and unpublishes it', async () => {
    const page = await signedInDashboard(browser, base, ctx.token, { path: '/app/forms/new' })
    await page.getByRole('heading', { level: 1, name: 'New form' }).waitFor()
    const publishing = page.getByRole('group', { name: 'Publishing' })
    // Publishing comes first in the editor, before the title and the questions.
    const firstSection = await page
      .getByRole('form', { name: 'Form definition' })
      .locator('fieldset')
      .first()
      .evaluate((section) => section.querySelector('legend')?.textContent)
    expect(firstSection).toBe('Publishing')
    await expect.poll(() => publishing.textContent()).toContain('New forms are drafts until published')
    await page.getByLabel('Form title').fill('Quiz night')
    await page.getByRole('button', { name: 'Add question' }).click()
    await page
      .getByRole('listitem', { name: /^Question 1/ })
      .getByLabel('Question', { exact: true })
      .fill('Team name')

    await publishing.getByRole('button', { name: 'Publish', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Edit Quiz night' }).waitFor()
    const formId = decodeURIComponent(new URL(page.url()).pathname.split('/')[3] ?? '')
    await expect.poll(() => publishing.textContent()).toContain('Anyone with the link can answer')
    expect((await storedForm(formId)).settings.public).toBe(true)
    expect((await fetch(`${base}/f/${formId}`)).status).toBe(200)

    await publishing.getByRole('button', { name: 'Unpublish' }).click()
    await expect.poll(async () => (await storedForm(formId)).settings.public).toBe(false)
    await expect.poll(() => publishing.textContent()).toContain('does not answer until you publish it')
    expect((await fetch(`${base}/f/${formId}`)).status).toBe(404)
    expect((await storedForm(formId)).questions[0].title).toBe('Team name')
    await page.context().close()
  })

  it('previews the thank-you and closed screens with the form’s own messages, as the hosted page draws them', async () => {
    const formId = await createForm(ctx, {
      ...lunch,
      settings: {
        public: true,
        closes_at: '2026-01-01T00:00:00Z',
        closed_message: 'Orders closed on New Year’s Day.',
        thank_you: { title: 'Enjoy your lunch!', message: 'We order on Friday.' },
      },
    })
    const page = await editor(formId)
    const preview = page.getByRole('complementary', { name: 'Preview' })
    await expect.poll(() => page.getByRole('group', { name: 'Publishing' }).textContent()).toContain('Closed')

    await preview.getByRole('button', { name: 'Thank-you' }).click()
    expect(await preview.getByRole('button', { name: 'Thank-you' }).getAttribute('aria-pressed')).toBe('true')
    const thanks = page.frameLocator('iframe[title="Preview of the thank-you screen"]')
    await expect.poll(() => thanks.getByRole('heading', { level: 1 }).textContent()).toBe('Enjoy your lunch!')
    await expect.poll(() => thanks.getByText('We order on Friday.').count()).toBe(1)
    const hostedThanks = await (await fetch(`${base}/f/${formId}/thanks`)).text()
    expect(await page.locator('iframe[title="Preview of the thank-you screen"]').getAttribute('srcdoc')).toBe(
      hostedThanks,
    )
    await page.evaluate(() => window.scrollTo(0, 0))
    await checkScreen(page, 'builder-guide-thanks')

    await preview.getByRole('button', { name: 'Closed' }).click()
    const closed = page.frameLocator('iframe[title="Preview of the closed screen"]')
    await expect.poll(() => closed.getByText('Orders closed on New Year’s Day.').count()).toBe(1)
    const hosted = await fetch(`${base}/f/${formId}`)
    expect(hosted.status).toBe(410)
    expect(await page.locator('iframe[title="Preview of the closed screen"]').getAttribute('srcdoc')).toBe(
      await hosted.text(),
    )

    // The message follows the draft as it is typed, before any save.
    await page.getByLabel('Message once closed').fill('See you next week.')
    await expect.poll(() => closed.getByText('See you next week.').count()).toBe(1)
    await preview.getByRole('button', { name: 'Form' }).click()
    await expect
      .poll(() =>
        page.frameLocator('iframe[title="Preview of the public page"]').getByLabel('Your dish').count(),
      )
      .toBe(1)
    await page.context().close()
  })

  it('narrows the preview to a phone’s width and back', async () => {
    const formId = await createForm(ctx, lunch)
    const page = await editor(formId)
    const frame = page.locator('iframe[title="Preview of the public page"]')
    const width = async () => (await frame.boundingBox())?.width ?? 0
    expect(await width()).toBeGreaterThan(500)
    const toggle = page.getByRole('button', { name: 'Phone width' })
    expect(await toggle.getAttribute('aria-pressed')).toBe('false')
    await toggle.click()
    await expect.poll(width).toBe(390)
    expect(await toggle.getAttribute('aria-pressed')).toBe('true')
    await toggle.click()
    await expect.poll(width).toBeGreaterThan(500)
    await page.context().close()
  })

  it('on a phone, shows the preview in the first screen behind a Preview tab', async () => {
    const formId = await createForm(ctx, lunch)
    const page = await editor(formId, { width: 390, height: 844 })
    const tabs = page.getByRole('tablist', { name: 'Editor or preview' })
    const editTab = tabs.getByRole('tab', { name: 'Edit' })
    const previewTab = tabs.getByRole('tab', { name: 'Preview' })
    expect(await editTab.getAttribute('aria-selected')).toBe('true')
    const frame = page.locator('iframe[title="Preview of the public page"]')
    expect(await frame.isVisible()).toBe(false)

    await previewTab.click()
    expect(await previewTab.getAttribute('aria-selected')).toBe('true')
    await expect.poll(() => frame.isVisible()).toBe(true)
    expect(await page.getByLabel('Form title').isVisible()).toBe(false)
    // The whole preview is on the screen, without scrolling further.
    await expect
      .poll(async () => {
        const box = await frame.boundingBox()
        return box !== null && box.y >= 0 && box.y + box.height <= 844 && box.height >= 300
      })
      .toBe(true)
    await expect
      .poll(() =>
        page.frameLocator('iframe[title="Preview of the public page"]').getByLabel('Your dish').count(),
      )
      .toBe(1)
    await checkScreen(page, 'builder-guide-phone-preview', { fullPage: false })

    // The ARIA tabs pattern: arrows move between the tabs, and the keyboard follows.
    await previewTab.focus()
    await page.keyboard.press('ArrowLeft')
    expect(await editTab.getAttribute('aria-selected')).toBe('true')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Edit')
    await expect.poll(() => page.getByLabel('Form title').isVisible()).toBe(true)

    // Where the columns fit side by side there are no tabs, and both are shown.
    await page.setViewportSize({ width: 1280, height: 800 })
    await expect.poll(() => tabs.count()).toBe(0)
    expect(await frame.isVisible()).toBe(true)
    expect(await page.getByLabel('Form title').isVisible()).toBe(true)
    await page.context().close()
  })
})

/** The description a screen reader reads after a control's name (its aria-describedby). */
function accessibleDescription(locator: ReturnType<Page['locator']>): Promise<string> {
  return locator.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => element.ownerDocument.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  )
}
