import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { parse } from 'csv-parse/sync'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type Clock, processClock } from '../../src/clock.js'
import { storeResponses } from '../../src/domain/forms/responses/store.js'
import { ensureDashboardBuilt, launchChromium, signedInDashboard } from '../support/browser.js'
import { useTestContext } from '../support/context.js'
import { checkScreen } from '../support/screens.js'

// Issue 27, item 15: every question is a column (a "Columns" chooser hides some, remembered per
// form), the page says how many responses there are, and the date filter, the table and the drawer
// all speak the viewer's time zone, named. The browser runs in Tokyo (UTC+9, no daylight saving),
// so its days differ from UTC days by nine hours.

ensureDashboardBuilt()
vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 50 } } })
const ctx = useTestContext()
let browser: Browser
let base: string
let formId: string

const questions = [
  { id: 'name', title: 'Your name', type: 'short_text' },
  { id: 'email', title: 'Your e-mail', type: 'email' },
  { id: 'rating', title: 'Rate the talks', type: 'rating' },
  { id: 'nps', title: 'Would you recommend it?', type: 'nps' },
  { id: 'again', title: 'Coming next year?', type: 'yes_no' },
  {
    id: 'track',
    title: 'Favourite track',
    type: 'multiple_choice',
    properties: { choices: ['Web', 'Data'] },
  },
  { id: 'city', title: 'Travelled from', type: 'dropdown', properties: { choices: ['Berlin', 'Lyon'] } },
  { id: 'story', title: 'Anything else?', type: 'long_text' },
  { id: 'arrived', title: 'Arrival day', type: 'date' },
]

// Around two Tokyo midnights: 23:30 and 00:30 local time on 20/21 and 21/22 November.
const submittedAt = [
  '2026-11-20T14:30:00Z', // 20 Nov 23:30 in Tokyo
  '2026-11-20T15:30:00Z', // 21 Nov 00:30
  '2026-11-21T14:30:00Z', // 21 Nov 23:30
  '2026-11-21T15:30:00Z', // 22 Nov 00:30
]

/** A clock that hands out the given times, so the responses are stored when the test says. */
function clockAt(times: string[]): Clock {
  const left = times.map((time) => Date.parse(time) * 1000)
  return {
    nowMicros: () => left.shift() ?? processClock.nowMicros(),
    now: () => processClock.now(),
    after: (ms, run) => processClock.after(ms, run),
    every: (ms, run) => processClock.every(ms, run),
  }
}

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  browser = await launchChromium()
  formId = (
    await ctx.request({ method: 'POST', url: '/v1/forms', payload: { title: 'Conference', questions } })
  ).json().id
  const clock = clockAt(submittedAt)
  for (const [i] of submittedAt.entries()) {
    await ctx.database.transaction((trx) =>
      storeResponses(trx, clock, ctx.deliverySignal, {
        workspaceId: ctx.workspaceId,
        formId,
        submissions: [
          {
            answers: {
              name: `Person ${i}`,
              email: `person${i}@example.com`,
              rating: 4,
              nps: 9,
              again: true,
              track: 'Data',
              city: 'Lyon',
              story: `Müller says: ${'a long answer that goes on. '.repeat(12)}`,
              arrived: '2026-11-19',
            },
          },
        ],
      }),
    )
  }
}, 120_000)

afterAll(async () => {
  await browser?.close()
})

async function responsesPage(): Promise<Page> {
  const page = await signedInDashboard(browser, base, ctx.token, {
    path: `/app/forms/${formId}`,
    context: { acceptDownloads: true, timezoneId: 'Asia/Tokyo', locale: 'en-GB' },
  })
  await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBe(5)
  return page
}

const headers = (page: Page) => page.getByRole('table').getByRole('columnheader').allTextContents()
const rowNames = async (page: Page) =>
  (await page.getByRole('table').getByRole('row').allTextContents())
    .slice(1)
    .map((row) => /Person \d/.exec(row)?.[0])

describe('the responses table', { timeout: 120_000 }, () => {
  it('shows every question as a column; the Columns chooser hides some, remembered for the form', async () => {
    const page = await responsesPage()
    await expect
      .poll(() => headers(page))
      .toEqual([
        'Select',
        'Submitted (Asia/Tokyo)',
        ...questions.map((question) => question.title),
        'Details',
      ])
    const newest = page.getByRole('table').getByRole('row').nth(1)
    await expect.poll(() => newest.getByRole('cell').nth(10).textContent()).toBe('2026-11-19')
    await expect.poll(() => newest.getByRole('cell').nth(8).textContent()).toBe('Lyon')

    // A wide table scrolls in its own region, which a keyboard can reach; the page never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 800 })
    const region = page.getByRole('region', { name: 'Responses table' })
    await expect
      .poll(() => region.evaluate((element) => element.scrollWidth > element.clientWidth))
      .toBe(true)
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
      .toBe(true)
    await page.setViewportSize({ width: 1280, height: 800 })

    // Closed until asked for.
    const chooser = page.getByRole('group', { name: 'Questions shown as columns' })
    expect(await chooser.isVisible()).toBe(false)
    await page.getByRole('button', { name: /^Columns/, expanded: false }).click()
    await expect.poll(() => chooser.isVisible()).toBe(true)
    await chooser.getByRole('checkbox', { name: 'Your e-mail' }).uncheck()
    await chooser.getByRole('checkbox', { name: 'Anything else?' }).uncheck()
    await expect.poll(() => headers(page)).not.toContain('Your e-mail')
    await expect.poll(() => headers(page)).not.toContain('Anything else?')
    await expect
      .poll(() => page.getByRole('button', { name: /^Columns/ }).textContent())
      .toBe('Columns (7 of 9)')
    await checkScreen(page, 'responses-columns')

    // Kept for this form after a reload.
    await page.reload()
    await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBe(5)
    await expect.poll(() => headers(page)).toContain('Your name')
    expect(await headers(page)).not.toContain('Your e-mail')
    await page.getByRole('button', { name: /^Columns/ }).click()
    expect(await chooser.getByRole('checkbox', { name: 'Your e-mail' }).isChecked()).toBe(false)
    await chooser.getByRole('checkbox', { name: 'Your e-mail' }).check()
    await expect.poll(() => headers(page)).toContain('Your e-mail')
    await page.context().close()
  })

  it('says how many responses there are, in all and in the filter’s dates', async () => {
    const page = await responsesPage()
    await expect.poll(() => page.getByText('4 responses in all').isVisible()).toBe(true)
    await page.getByLabel('From (Asia/Tokyo)').fill('2026-11-21')
    await page.getByRole('button', { name: 'Apply filter' }).click()
    await expect.poll(() => page.getByText('3 responses in these dates').isVisible()).toBe(true)
    await page.context().close()
  })

  it('filters, lists and shows responses by days and times of the viewer’s time zone, named', async () => {
    const page = await responsesPage()
    await page.getByLabel('From (Asia/Tokyo)').fill('2026-11-21')
    await page.getByLabel('To (Asia/Tokyo)').fill('2026-11-21')
    await page.getByRole('button', { name: 'Apply filter' }).click()
    // 00:30 and 23:30 of 21 November in Tokyo; in UTC days these would be Person 2 and Person 3.
    await expect.poll(() => rowNames(page)).toEqual(['Person 2', 'Person 1'])
    await expect.poll(() => page.getByText('2 responses in these dates').isVisible()).toBe(true)
    const oldest = page.getByRole('table').getByRole('row').nth(2)
    await expect.poll(() => oldest.getByRole('cell').nth(1).textContent()).toBe('21 Nov 2026, 00:30:00')

    // The export takes the same days.
    const href = await page.getByRole('link', { name: 'Export NDJSON' }).getAttribute('href')
    const exported = await ctx.request({ method: 'GET', url: href ?? '' })
    expect(
      exported.body
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).answers[0].text),
    ).toEqual(['Person 2', 'Person 1'])

    await oldest.getByRole('button', { name: /^View/ }).click()
    const drawer = page.getByRole('dialog', { name: /^Response of/ })
    await expect.poll(() => drawer.textContent()).toContain('Submitted (Asia/Tokyo)21 Nov 2026, 00:30:00')
    await checkScreen(page, 'responses-time-zone', { fullPage: false })
    await page.keyboard.press('Escape')
    await page.context().close()
  })

  it('downloads a CSV that spreadsheet programs read as UTF-8: a byte order mark, then Müller', async () => {
    const page = await responsesPage()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ])
    const bytes = readFileSync(await download.path())
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const rows = parse(bytes.subarray(3).toString('utf8')) as string[][]
    expect(rows).toHaveLength(5)
    expect(rows[1]?.[2]).toBe('Person 3')
    expect(rows[1]?.[9]).toMatch(/^Müller says:/)
    await page.context().close()
  })
})
