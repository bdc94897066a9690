import { chromium } from 'playwright-core'
import { startCanvass } from '../lib/canvass.js'
import { bound, check } from '../lib/report.js'
import { median } from '../lib/stats.js'
import { seedForm } from './insights.js'
import type { Scenario } from './scenario.js'

// dashboard-insights: in Debian's Chromium, from navigating to a form's Insights page to every
// chart painted, for a form of 1,000,000 responses (100,000 with --quick) and one of 1,000,
// A B A B. Targets (issue 16): the big form under 1 s, and within 1.5 x the small one.
// CANVASS_CHROMIUM names another Chromium binary.

/** The bench form's charts: per day, NPS groups and answers, CSAT, rating, yes/no, extras, visits. */
const CHARTS = 8

/** Whether `count` canvases have at least one painted pixel each (runs in the page). */
function painted(count: number): boolean {
  const canvases = Array.from(document.querySelectorAll('canvas')).filter((canvas) => {
    const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data
    return pixels?.some((value, index) => index % 4 === 3 && value > 0) ?? false
  })
  return canvases.length >= count
}

export const dashboardInsights: Scenario = {
  name: 'dashboard-insights',
  databases: ['sqlite', 'postgres'],
  floor: 'the same page for a form of 1,000 responses',
  async run(context) {
    const big = context.quick ? 100_000 : 1_000_000
    const database = await context.freshDatabase('dashboard-insights')
    const small = await seedForm(database, 1000)
    const large = await seedForm(database, big)
    const canvass = await startCanvass(database)
    const browser = await chromium.launch({
      executablePath: process.env['CANVASS_CHROMIUM'] ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--no-first-run'],
    })
    try {
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
      await page.goto(`${canvass.url}/app`)
      await page.getByLabel('API token').fill(canvass.token)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.getByRole('heading', { level: 1, name: 'Forms' }).waitFor()

      const drawn = async (formId: string): Promise<number> => {
        await page.goto('about:blank')
        const started = performance.now()
        await page.goto(`${canvass.url}/app/forms/${formId}/insights`)
        await page.waitForFunction(painted, CHARTS, { polling: 'raf', timeout: 30_000 })
        return performance.now() - started
      }
      await drawn(large.formId)
      await drawn(small.formId)
      const a: number[] = []
      const b: number[] = []
      for (let round = 0; round < Math.max(5, context.rounds * 3); round++) {
        a.push(await drawn(large.formId))
        b.push(await drawn(small.formId))
      }
      return {
        checks: [
          bound('large form: navigation to charts drawn, ms', median(a), '<=', 1000),
          check('navigation to charts drawn, ms', median(a), median(b), { op: '<=', value: 1.5 }),
        ],
        peakRssMb: canvass.peakRssMb(),
        details: { large_form_responses: big, 'large ms (each round)': a.map(Math.round).join(' ') },
      }
    } finally {
      await browser.close()
      await canvass.stop()
    }
  },
}
