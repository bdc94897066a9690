import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { fileBody, pngOf } from '../files/support.js'
import {
  ensureDashboardBuilt,
  expectAccessible,
  launchChromium,
  signedInDashboard,
} from '../support/browser.js'
import { useTestContext } from '../support/context.js'
import { checkScreen } from '../support/screens.js'

// A file_upload question in the dashboard (docs/api.md#file-uploads): the builder edits its largest
// file in MB and its accepted types (families ticked, others written), checked as the server checks
// them; "Try a path" stands a sample file for any; the responses table and drawer show a file answer
// as a link that downloads it with the session, and insights count the files and their bytes.

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

/** The builder's new form with one required file question, its limits set and checked as typed. */
async function buildFileQuestion(page: Page) {
  await page.getByRole('link', { name: 'New form' }).click()
  await page.getByRole('heading', { level: 1, name: 'New form' }).waitFor()
  await page.getByLabel('Form title').fill('Receipts')
  await page.getByLabel('Kind of the new question').selectOption({ label: 'File upload' })
  await page.getByRole('button', { name: 'Add question' }).click()
  await field(page, 'questions/0/title').fill('Your receipt')
  await page.getByRole('checkbox', { name: 'Required' }).check()

  const size = page.getByLabel('Largest file (MB)')
  await size.fill('0')
  await expect.poll(() => size.getAttribute('aria-invalid')).toBe('true')
  expect(await page.getByText('must be a number of MB above 0, at most 1,048,576').count()).toBe(1)
  await size.fill('2.5')
  await expect.poll(() => size.getAttribute('aria-invalid')).toBe(null)

  await page.getByRole('checkbox', { name: 'Images' }).check()
  await page.getByRole('checkbox', { name: 'PDF' }).check()
  const others = page.getByLabel('Other media types')
  await others.fill('Text/CSV, audio')
  await expect.poll(() => others.getAttribute('aria-invalid')).toBe('true')
  expect(await page.getByText('“audio” is not a media type such as image/png or image/*').count()).toBe(1)
  await others.fill('Text/CSV, audio/mpeg')
  await expect.poll(() => others.getAttribute('aria-invalid')).toBe(null)
}

describe('the builder and the dashboard with a file question', { timeout: 180_000 }, () => {
  it('edits a file question’s size and types, saves them and shows a file answer as a link', async () => {
    const page = await signedInDashboard(browser, base, ctx.token, {
      context: { viewport: { width: 1280, height: 900 } },
    })
    await buildFileQuestion(page)

    // The preview is the hosted page: a file input taking what was ticked and written, its limit said.
    const frame = page.frameLocator('iframe[title="Preview of the public page"]')
    const input = frame.getByLabel(/^Your receipt/)
    await expect.poll(() => input.getAttribute('accept')).toBe('image/*,application/pdf,text/csv,audio/mpeg')
    expect(await input.getAttribute('type')).toBe('file')
    await expect.poll(() => frame.getByText('Up to 2.5 MB').count()).toBe(1)
    await page.getByLabel('Largest file (MB)').scrollIntoViewIfNeeded()
    await checkScreen(page, 'builder-file-question', { fullPage: false })

    // "Try a path": a sample file stands for any, and the server's simulate takes it.
    const preview = page.getByRole('complementary', { name: 'Preview' })
    await preview.getByRole('button', { name: 'Try a path' }).click()
    const trying = preview.getByRole('form', { name: 'Try a path' })
    const result = trying.getByRole('definition')
    await trying.getByRole('button', { name: 'Try this path' }).click()
    await expect.poll(async () => (await result.allTextContents())[2]).toBe('1. Your receipt')
    await trying.getByLabel('1. Your receipt').selectOption({ label: 'A file sent' })
    await trying.getByRole('button', { name: 'Try this path' }).click()
    await expect.poll(async () => (await result.allTextContents())[2]).toBe('none')

    // Over this server's CANVASS_UPLOAD_MAX (10 MiB here): only the server knows it, and says it in MB.
    const size = page.getByLabel('Largest file (MB)')
    await size.fill('20')
    await page.getByRole('button', { name: 'Create form' }).click()
    await expect.poll(() => size.getAttribute('aria-invalid')).toBe('true')
    expect(
      await page
        .getByText("must be at most 10 MB, this server's CANVASS_UPLOAD_MAX", { exact: true })
        .count(),
    ).toBe(1)
    await size.fill('2.5')
    await page.getByRole('button', { name: 'Create form' }).click()
    await page.getByRole('heading', { level: 1, name: 'Edit Receipts' }).waitFor()
    const formId = decodeURIComponent(new URL(page.url()).pathname.split('/')[3] ?? '')
    const stored = (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })).json()
    const [question] = stored.questions
    expect(question).toMatchObject({
      title: 'Your receipt',
      type: 'file_upload',
      required: true,
      properties: { max_size: 2_621_440, types: ['image/*', 'application/pdf', 'text/csv', 'audio/mpeg'] },
    })

    // Opened again, the saved form reads back as it was written.
    await page.reload()
    await expect.poll(() => page.getByLabel('Largest file (MB)').inputValue()).toBe('2.5')
    expect(await page.getByRole('checkbox', { name: 'Images' }).isChecked()).toBe(true)
    expect(await page.getByRole('checkbox', { name: 'PDF' }).isChecked()).toBe(true)
    expect(await page.getByRole('checkbox', { name: 'Plain text and CSV' }).isChecked()).toBe(false)
    expect(await page.getByLabel('Other media types').inputValue()).toBe('text/csv, audio/mpeg')

    // A response with a file, through the API: uploaded, then named by its id.
    const { body, contentType } = fileBody('receipt.png', 'image/png', pngOf(2_500_000))
    const uploaded = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${formId}/files?question=${question.id}`,
      headers: { 'content-type': contentType },
      payload: body,
    })
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    const file = uploaded.json()
    const created = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${formId}/responses`,
      payload: { answers: { [question.id]: { id: file.id } } },
    })
    expect(created.statusCode, created.body).toBe(201)

    // The table shows it as a link named by the file and its size, which downloads it.
    await page.goto(`${base}/app/forms/${formId}`)
    const link = page.getByRole('table').getByRole('link', { name: 'receipt.png (2.4 MB)' })
    await expect.poll(() => link.count()).toBe(1)
    expect(new URL((await link.getAttribute('href')) ?? '').pathname).toBe(`/v1/files/${file.id}`)
    expect(await link.getAttribute('download')).toBe('receipt.png')
    expect(await link.getAttribute('rel')).toBe('noopener')
    // The session that shows the dashboard reads the file (the link's host is the server's own).
    const read = await page.request.get(`${base}/v1/files/${file.id}`)
    expect(read.status()).toBe(200)
    expect((await read.body()).length).toBe(2_500_000)
    await page.getByRole('button', { name: /^View/ }).click()
    const drawer = page.getByRole('dialog', { name: /^Response of/ })
    await expect.poll(() => drawer.getByRole('link', { name: 'receipt.png (2.4 MB)' }).count()).toBe(1)
    await expectAccessible(page)
    await page.keyboard.press('Escape')

    // Insights: the files counted, their bytes added up.
    await page.goto(`${base}/app/forms/${formId}/insights`)
    await expect.poll(() => page.getByRole('main').getByText('1 file, 2.4 MB in all').count()).toBe(1)
    await expectAccessible(page)
    await page.context().close()
  })
})
