import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ensureDashboardBuilt,
  expectAccessible,
  launchChromium,
  screenshots,
  signedInDashboard,
} from '../support/browser.js'
import { useTestContext } from '../support/context.js'
import { checkScreen } from '../support/screens.js'

// The Insights page in a real browser: the figures it shows are GET .../insights's, and a response
// submitted through the hosted page reaches the charts and the responses table without a reload.

ensureDashboardBuilt()
const ctx = useTestContext({ publicRateLimit: 1000 })
let browser: Browser
let base: string
let formId: string
let eventId: string

// Every other kind's insights: days answered as a chart, text answers as a list of the latest.
const eventForm = {
  title: 'Conference day',
  questions: [
    { id: 'day', title: 'Which day did you attend?', type: 'date' },
    { id: 'change', title: 'What should we change?', type: 'long_text' },
    { id: 'mail', title: 'Your e-mail', type: 'email' },
  ],
}
const eventDays = [
  '2026-03-02',
  '2026-03-04',
  '2026-03-02',
  '2026-03-02',
  '2026-03-04',
  '2026-03-05',
  '2026-03-02',
  '2026-03-04',
]

const form = {
  title: 'Hotel stay',
  settings: { public: true },
  questions: [
    { id: 'nps', title: 'How likely are you to recommend us?', type: 'nps' },
    { id: 'csat', title: 'How satisfied are you overall?', type: 'customer_sat' },
    {
      id: 'channel',
      title: 'How did you hear about us?',
      type: 'multiple_choice',
      properties: { choices: ['Friend', 'Search engine', 'Newspaper'] },
    },
    { id: 'again', title: 'Would you come again?', type: 'yes_no' },
  ],
}

const channels = ['Friend', 'Search engine', 'Newspaper']

async function insights() {
  const response = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/insights` })
  expect(response.statusCode).toBe(200)
  const body = response.json()
  const byId = (id: string) => body.questions.find((question: { id: string }) => question.id === id)
  return { responses: body.responses as number, nps: byId('nps').nps.score, csat: byId('csat').csat.percent }
}

/** Canvases with at least one painted pixel (runs in the page). */
function paintedCanvases(): number {
  return Array.from(document.querySelectorAll('canvas')).filter((canvas) => {
    const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data
    return pixels?.some((value, index) => index % 4 === 3 && value > 0) ?? false
  }).length
}

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  browser = await launchChromium()
  const created = await ctx.request({ method: 'POST', url: '/v1/forms', payload: form })
  expect(created.statusCode).toBe(201)
  formId = created.json().id
  for (let i = 0; i < 12; i++) {
    const response = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${formId}/responses`,
      payload: {
        answers: { nps: i % 11, csat: (i % 5) + 1, channel: channels[i % 3], again: i % 4 !== 0 },
      },
    })
    expect(response.statusCode).toBe(201)
  }
  const event = await ctx.request({ method: 'POST', url: '/v1/forms', payload: eventForm })
  eventId = event.json().id
  for (const [index, day] of eventDays.entries()) {
    const change =
      index === 7 ? 'A longer lunch break, please.\nAnd more coffee.' : `Change number ${index + 1}`
    const response = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${eventId}/responses`,
      payload: { answers: { day, change, ...(index % 2 === 0 ? { mail: `p${index}@example.com` } : {}) } },
    })
    expect(response.statusCode).toBe(201)
  }
}, 120_000)

afterAll(async () => {
  await browser?.close()
})

describe('the insights page', () => {
  it('shows the figures GET .../insights answers, as charts with tables, filtered by dates', async () => {
    const page = await signedInDashboard(browser, base, ctx.token)
    const context = page.context()
    // A style or script the Content-Security-Policy refused would show up here (the sign-in page's
    // 401 for "no session yet" comes before).
    const consoleErrors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text())
    })
    await page.goto(`${base}/app/forms/${formId}/insights`)
    const expected = await insights()
    await expect.poll(() => page.getByText(`${expected.responses} responses`).isVisible()).toBe(true)
    await expect.poll(() => page.getByText(`NPS ${expected.nps}`, { exact: true }).isVisible()).toBe(true)
    await expect.poll(() => page.getByText(`CSAT ${expected.csat} %`).isVisible()).toBe(true)

    // Each chart is drawn on a canvas with a text alternative and the same figures as a table.
    const npsCard = page.getByRole('region', { name: 'How likely are you to recommend us?' })
    const groups = npsCard.getByRole('img', { name: /NPS groups/ })
    await expect
      .poll(() => groups.getAttribute('aria-label'))
      .toMatch(/Detractors \(0–6\): 8, Passives \(7–8\): 2, Promoters \(9–10\): 2/)
    // Drawn means painted: a canvas Chart.js has drawn on has pixels that are not transparent.
    await expect.poll(() => page.locator('canvas').count()).toBe(6)
    await expect.poll(() => page.evaluate(paintedCanvases)).toBe(6)
    await page.getByText('Table: Choices in “How did you hear about us?”').click()
    const table = page
      .getByRole('table')
      .filter({ has: page.getByRole('rowheader', { name: 'Search engine' }) })
    await expect
      .poll(() => table.getByRole('row', { name: /Search engine/ }).textContent())
      .toBe('Search engine4')
    await expectAccessible(page)
    await screenshots(page, 'insights')
    expect(consoleErrors).toEqual([])

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    await page.getByLabel('From (UTC)').fill(tomorrow)
    await page.getByRole('button', { name: 'Apply filter' }).click()
    await expect.poll(() => page.getByText('0 responses').isVisible()).toBe(true)
    await expect.poll(() => page.getByText('No responses in these dates').isVisible()).toBe(true)
    await context.close()
  })

  it('adds a response submitted on the hosted page to the charts and the table without a reload', async () => {
    const page = await signedInDashboard(browser, base, ctx.token)
    const context = page.context()
    await page.goto(`${base}/app/forms/${formId}/insights`)
    const before = await insights()
    await expect.poll(() => page.getByText(`${before.responses} responses`).isVisible()).toBe(true)
    await expect.poll(() => page.getByText('Live: new responses update these figures').isVisible()).toBe(true)
    // A second tab of the same person shows the responses table.
    const table = await context.newPage()
    await table.goto(`${base}/app/forms/${formId}`)
    await expect.poll(() => table.getByText('Live: new responses appear here').isVisible()).toBe(true)
    const rows = table.getByRole('table').getByRole('row')
    await expect.poll(() => rows.count()).toBe(13)

    const respondent = await browser.newContext({ viewport: { width: 360, height: 800 } })
    const hosted = await respondent.newPage()
    await hosted.goto(`${base}/f/${formId}`)
    await hosted
      .getByRole('group', { name: /How likely are you to recommend us/ })
      .getByRole('radio', { name: '10', exact: true })
      .check()
    await hosted
      .getByRole('group', { name: /How satisfied are you overall/ })
      .getByRole('radio', { name: '5', exact: true })
      .check()
    await hosted.getByRole('radio', { name: 'Newspaper', exact: true }).check()
    await hosted.getByRole('button', { name: 'Submit' }).click()
    await expect.poll(async () => (await insights()).responses).toBe(before.responses + 1)
    const after = await insights()
    expect(after.nps).not.toBe(before.nps)

    await expect.poll(() => page.getByText(`${after.responses} responses`).isVisible()).toBe(true)
    await expect.poll(() => page.getByText(`NPS ${after.nps}`, { exact: true }).isVisible()).toBe(true)
    await expect.poll(() => page.getByText(`CSAT ${after.csat} %`).isVisible()).toBe(true)
    const choices = page.getByRole('region', { name: 'How did you hear about us?' }).getByRole('img')
    await expect.poll(() => choices.getAttribute('aria-label')).toContain('Newspaper: 5')
    await expect.poll(() => rows.count()).toBe(14)
    await expect.poll(() => rows.nth(1).getByRole('cell', { name: '10', exact: true }).count()).toBe(1)
    await expect.poll(() => rows.nth(1).textContent()).toContain('Newspaper')
    await respondent.close()
    await context.close()
  })

  it('draws a date question per day and lists a text question’s latest answers, paged', async () => {
    const page = await signedInDashboard(browser, base, ctx.token, { path: `/app/forms/${eventId}/insights` })
    await expect.poll(() => page.getByText('8 responses').isVisible()).toBe(true)
    const days = page.getByRole('region', { name: 'Which day did you attend?' })
    // Every day from the first to the last answered, the quiet one as zero.
    await expect
      .poll(() => days.getByRole('img').getAttribute('aria-label'))
      .toBe(
        'Days answered to “Which day did you attend?”. 2026-03-02: 4, 2026-03-03: 0, 2026-03-04: 3, 2026-03-05: 1',
      )
    await expect.poll(() => page.evaluate(paintedCanvases)).toBe(2)
    await days.getByText('Table: Days answered to “Which day did you attend?”').click()
    await expect.poll(() => days.getByRole('row', { name: /2026-03-04/ }).textContent()).toBe('2026-03-043')

    const changes = page.getByRole('region', { name: 'What should we change?' })
    const latest = changes.getByRole('list', { name: 'Latest answers' }).getByRole('listitem')
    await expect.poll(() => latest.count()).toBe(5)
    // Newest first: the last one submitted, with its line break kept.
    await expect
      .poll(() => latest.first().textContent())
      .toContain('A longer lunch break, please.\nAnd more coffee.')
    await expect.poll(() => latest.nth(1).textContent()).toContain('Change number 7')
    await changes.getByRole('button', { name: 'Show more answers' }).click()
    await expect.poll(() => latest.count()).toBe(8)
    await expect.poll(() => latest.last().textContent()).toContain('Change number 1')
    await expect.poll(() => changes.getByRole('button', { name: 'Show more answers' }).count()).toBe(0)
    const mails = page.getByRole('region', { name: 'Your e-mail' }).getByRole('listitem')
    await expect.poll(() => mails.count()).toBe(4)
    await expect.poll(() => mails.first().textContent()).toContain('p6@example.com')
    await checkScreen(page, 'insights-every-kind')

    // A window with no responses: the text card says so rather than showing stale answers.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    await page.getByLabel('From (UTC)').fill(tomorrow)
    await page.getByRole('button', { name: 'Apply filter' }).click()
    await expect.poll(() => page.getByText('0 responses').isVisible()).toBe(true)
    await expect.poll(() => latest.count()).toBe(0)
    await page.context().close()
  })

  it('shows responses today and in the last 7 days on the form’s page, in the viewer’s days', async () => {
    const page = await signedInDashboard(browser, base, ctx.token, {
      path: `/app/forms/${eventId}`,
      context: { timezoneId: 'Pacific/Auckland' },
    })
    const summary = page.getByRole('region', { name: 'Responses lately' })
    // Today, then the last 7 days.
    const figures = summary.getByRole('definition')
    await expect
      .poll(() => summary.getByRole('term').allTextContents())
      .toEqual(['Responses today', 'Last 7 days'])
    await expect.poll(() => figures.allTextContents()).toEqual(['8', '8'])
    await expect.poll(() => summary.textContent()).toContain('Pacific/Auckland')
    await checkScreen(page, 'form-summary')
    await page.context().close()

    // Three days on, nothing was answered today, and all of it in the last 7 days.
    const later = await signedInDashboard(browser, base, ctx.token, {
      context: { timezoneId: 'Pacific/Auckland' },
    })
    await later.clock.setFixedTime(new Date(Date.now() + 3 * 86_400_000))
    await later.goto(`${base}/app/forms/${eventId}`)
    const lately = later.getByRole('region', { name: 'Responses lately' }).getByRole('definition')
    await expect.poll(() => lately.allTextContents()).toEqual(['0', '8'])
    await later.context().close()
  })
})
