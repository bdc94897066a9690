import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import ExcelJS from 'exceljs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ensureDashboardBuilt, launchChromium, signedInDashboard } from '../support/browser.js'
import { useTestContext } from '../support/context.js'
import { checkScreen } from '../support/screens.js'

// Issue 27, item 15: a search box on the responses page filters the table, its pages, its total
// and the exports; the exports offer XLSX beside CSV.

ensureDashboardBuilt()
vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 50 } } })
const ctx = useTestContext()
let browser: Browser
let base: string
let formId: string

const questions = [
  { id: 'name', title: 'Your name', type: 'short_text' },
  { id: 'city', title: 'Travelled from', type: 'dropdown', properties: { choices: ['Berlin', 'Lyon'] } },
]

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  browser = await launchChromium()
  formId = (
    await ctx.request({ method: 'POST', url: '/v1/forms', payload: { title: 'Meetup', questions } })
  ).json().id
  // 30 from Berlin, of whom the Müllers are every third; 3 from Lyon.
  for (let i = 0; i < 33; i++) {
    const name = i % 3 === 0 ? `Müller ${i}` : `Person ${i}`
    const answers = { name, city: i < 30 ? 'Berlin' : 'Lyon' }
    const response = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${formId}/responses`,
      payload: { answers },
    })
    if (response.statusCode !== 201) throw new Error(response.body)
  }
}, 120_000)

afterAll(async () => {
  await browser?.close()
})

async function responsesPage(): Promise<Page> {
  const page = await signedInDashboard(browser, base, ctx.token, {
    path: `/app/forms/${formId}`,
    context: { acceptDownloads: true },
  })
  await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBe(26)
  return page
}

const names = async (page: Page) =>
  (await page.getByRole('table').getByRole('row').allTextContents())
    .slice(1)
    .map((row) => /(Müller|Person) \d+/.exec(row)?.[0])

describe('searching responses', { timeout: 120_000 }, () => {
  it('filters the table, its pages and its total by text answers; clearing the search shows all', async () => {
    const page = await responsesPage()
    await expect.poll(() => page.getByText('33 responses in all').isVisible()).toBe(true)
    const search = page.getByRole('search', { name: 'Search responses' })
    await search.getByLabel('Search text answers').fill('MULLER')
    await search.getByRole('button', { name: 'Search' }).click()
    await expect
      .poll(() => names(page))
      .toEqual([
        'Müller 30',
        'Müller 27',
        'Müller 24',
        'Müller 21',
        'Müller 18',
        'Müller 15',
        'Müller 12',
        'Müller 9',
        'Müller 6',
        'Müller 3',
        'Müller 0',
      ])
    await expect.poll(() => page.getByText('11 responses containing “MULLER”').isVisible()).toBe(true)
    await checkScreen(page, 'responses-search')

    // A choice label is text too: 30 from Berlin, a second page of 5.
    await search.getByLabel('Search text answers').fill('berlin')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByText('30 responses containing “berlin”').isVisible()).toBe(true)
    await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBe(26)
    await page
      .getByRole('navigation', { name: 'Responses pages' })
      .getByRole('button', { name: /Next/ })
      .click()
    await expect.poll(() => names(page)).toEqual(['Person 4', 'Müller 3', 'Person 2', 'Person 1', 'Müller 0'])

    await search.getByLabel('Search text answers').fill('nobody like this')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByText(/No responses match this filter/).isVisible()).toBe(true)

    await search.getByLabel('Search text answers').fill('')
    await expect.poll(() => page.getByText('33 responses in all').isVisible()).toBe(true)
    await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBe(26)
    await page.context().close()
  })

  it('exports what the search shows, as XLSX beside CSV', async () => {
    const page = await responsesPage()
    await page.getByLabel('Search text answers').fill('lyon')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByText('3 responses containing “lyon”').isVisible()).toBe(true)
    const csv = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')
    expect(csv).toContain('query=lyon')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export XLSX' }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`responses-${formId}.xlsx`)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer)
    const sheet = workbook.getWorksheet('Responses')
    const rows: unknown[][] = []
    sheet?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1))
    })
    expect(rows.map((row) => row.slice(2))).toEqual([
      ['Your name', 'Travelled from'],
      ['Person 32', 'Lyon'],
      ['Person 31', 'Lyon'],
      ['Müller 30', 'Lyon'],
    ])
    await page.context().close()
  })
})
