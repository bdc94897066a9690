import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessibilityViolations, launchBrowser, screenshots, tabTo } from '../respondents/support/browser.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { PNG, pngOf } from './support.js'

// A file question on the hosted page in a real browser (docs/api.md#file-uploads): a file picked
// and sent by keyboard with JavaScript on and off, refused beside its question when too large; on a form of several pages, kept from page to
// page while the script moves between them; no axe violation. (Kept through a refusal of another
// answer: test/files/api.test.ts, on the server's page.)

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

const questions = [
  {
    id: 'photo',
    title: 'A photo of the damage',
    type: 'file_upload',
    required: true,
    properties: { max_size: 20_000, types: ['image/*'] },
  },
  { id: 'email', title: 'Your e-mail', type: 'email', required: true },
]

async function newForm(extra: object = {}): Promise<string> {
  const response = await ctx.request({
    method: 'POST',
    url: '/v1/forms',
    payload: { title: 'Claim', questions, settings: { public: true }, ...extra },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id
}

async function open(formId: string, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
    javaScriptEnabled,
  })
  const page = await context.newPage()
  // The file chooser is intercepted from the start: asked for only when a test waits for it, the
  // interception can reach the browser after the key press that opens the chooser, on a busy machine.
  page.on('filechooser', () => {})
  await page.route(/^(?!http:\/\/127\.0\.0\.1[:/]).*/, (route) => {
    throw new Error(`request outside 127.0.0.1: ${route.request().url()}`)
  })
  await page.goto(`${base}/f/${formId}`)
  return page
}

const picker = (page: Page) => page.getByLabel(/A photo of the damage/)
const listed = async (formId: string) =>
  (await ctx.request({ url: `/v1/forms/${formId}/responses` })).json().items

describe.each([
  ['with JavaScript', true],
  ['with JavaScript off', false],
])('a file question %s', (_name, javaScriptEnabled) => {
  it('takes a file picked and sent by keyboard alone', async () => {
    const formId = await newForm()
    const page = await open(formId, javaScriptEnabled)
    try {
      await tabTo(page, picker(page))
      // A file chooser opens from the keyboard as from a click; the test hands it the file.
      const chooser = page.waitForEvent('filechooser')
      await page.keyboard.press('Space')
      await (await chooser).setFiles({ name: 'roof.png', mimeType: 'image/png', buffer: pngOf(3000) })
      await tabTo(page, page.getByLabel(/Your e-mail/))
      await page.keyboard.type('ann@example.com')
      await page.keyboard.press('Enter')
      await page.waitForURL(/\/thanks/, { timeout: 50_000 })
      const [item] = await listed(formId)
      expect(item.answers[0].file).toMatchObject({ name: 'roof.png', size: 3000, type: 'image/png' })
    } finally {
      await page.context().close()
    }
  })

  it('says a file is too large beside its question, the other answers kept', async () => {
    const formId = await newForm()
    const page = await open(formId, javaScriptEnabled)
    try {
      await page.getByLabel(/Your e-mail/).fill('ann@example.com')
      await picker(page).setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: pngOf(50_000) })
      await page.getByRole('button', { name: 'Submit' }).click()
      await expect
        .poll(() => page.locator('#q-photo-error').textContent())
        .toContain('This file is too large')
      expect(await page.getByLabel(/Your e-mail/).inputValue()).toBe('ann@example.com')
      // The server's pages with the script refused are axe's in the accessibility gate (test/i18n).
      if (javaScriptEnabled) {
        expect(await accessibilityViolations(page)).toEqual([])
        await screenshots(page, 'file-too-large')
      }
      expect(await listed(formId)).toEqual([])
    } finally {
      await page.context().close()
    }
  })
})

describe('a file question on a form of several pages, with JavaScript', () => {
  it('is sent with its page and kept in the draft through Next and Back', async () => {
    const formId = await newForm({
      pages: [
        { id: 'one', questions: ['photo'] },
        { id: 'two', questions: ['email'] },
      ],
    })
    const page = await open(formId, true)
    try {
      await picker(page).setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: PNG })
      await page.getByRole('button', { name: 'Next' }).click()
      await page.getByLabel(/Your e-mail/).waitFor()
      await page.getByRole('button', { name: 'Back' }).click()
      await picker(page).waitFor()
      await page.getByRole('button', { name: 'Next' }).click()
      await page.getByLabel(/Your e-mail/).fill('ann@example.com')
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.waitForURL(/\/thanks/, { timeout: 50_000 })
      const [item] = await listed(formId)
      expect(item.answers[0].file).toMatchObject({ name: 'scan.png', size: PNG.length, type: 'image/png' })
    } finally {
      await page.context().close()
    }
  })
})
