import { readFileSync } from 'node:fs'
import { AxeBuilder } from '@axe-core/playwright'
import axe from 'axe-core'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCALES } from '../../src/shared/i18n/locales.js'
import { wordsFor } from '../../src/shared/i18n/words.js'
import { PNG } from '../files/support.js'
import { everyKindForm } from '../forms/fixtures.js'
import { launchBrowser } from '../respondents/support/browser.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { translated } from './support.js'

// Issue 31's accessibility gate: the hosted page of a form with every kind of question, in every
// language Canvass ships, with its script and without it, at 360 and 1280 px, empty, with every
// problem shown and answered: axe-core (WCAG 2.0, 2.1 and 2.2, A and AA) finds nothing serious
// or critical. "Without it" is the page with its script refused, so that axe itself can run: the
// page is then the server's HTML and its posts, as with JavaScript off. Then docs/accessibility.md,
// the conformance statement, is checked against WCAG 2.2 and against what this run saw.

let ctx: TestContext
let base: string
let browser: Browser
let formId: string

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

const questions = [
  ...everyKindForm.questions,
  { id: 'q_consent', title: 'Terms', type: 'consent', required: true },
  {
    id: 'q_grid',
    title: 'Grid',
    type: 'matrix',
    required: true,
    properties: { rows: ['Speed', 'Price'], columns: ['Poor', 'Good'] },
  },
  {
    id: 'q_rank',
    title: 'Order',
    type: 'ranking',
    required: true,
    properties: { choices: ['A1', 'B1', 'C1'] },
  },
  {
    id: 'q_file',
    title: 'Receipt',
    type: 'file_upload',
    required: true,
    properties: { max_size: 1_000_000, types: ['image/*'] },
  },
]

beforeAll(async () => {
  ctx = await createTestContext({ publicRateLimit: 100_000 })
  base = (await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1')
  browser = await launchBrowser()
  const form = { title: 'Every kind', questions, settings: { public: true } }
  const response = await ctx.request({
    method: 'POST',
    url: '/v1/forms',
    payload: { ...form, languages: [...LOCALES], translations: translated(form) },
  })
  expect(response.statusCode, response.body).toBe(201)
  formId = response.json().id
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await ctx?.close()
})

/** Every rule axe ran on some page. */
const ran = new Set<string>()

/** Runs axe on the page as it is; adds its serious or critical violations to `failures`. */
async function check(page: Page, where: string, failures: string[]): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze()
  for (const rule of [
    ...results.passes,
    ...results.inapplicable,
    ...results.incomplete,
    ...results.violations,
  ])
    ran.add(rule.id)
  for (const violation of results.violations)
    if (violation.impact === 'serious' || violation.impact === 'critical')
      failures.push(`${where}: ${violation.id} (${violation.nodes.map((node) => node.target).join(', ')})`)
}

/** Answers every question through its controls: a text of its kind, the first choice, a place each. */
async function answerAll(page: Page): Promise<void> {
  await page.evaluate(() => {
    const texts: Record<string, string> = {
      text: 'Ada',
      email: 'ada@example.com',
      url: 'https://example.com',
      tel: '+4915112345678',
      number: '42',
      date: '2000-01-02',
    }
    const form = document.querySelector('form.form') as HTMLFormElement
    const seen = new Set<string>()
    for (const element of Array.from(form.elements) as HTMLInputElement[]) {
      if (!element.name || element.name.includes(':')) continue
      if (element.type === 'radio' || element.type === 'checkbox') {
        if (!seen.has(element.name)) element.checked = true
        seen.add(element.name)
      } else if (element.tagName === 'SELECT') {
        const select = element as unknown as HTMLSelectElement
        const place = element.name.includes('.') ? Number(element.name.split('.')[1]) + 1 : 1
        select.selectedIndex = Math.min(place, select.options.length - 1)
      } else if (element.tagName === 'TEXTAREA') element.value = 'A story'
      else if (texts[element.type] !== undefined) element.value = texts[element.type] as string
      element.dispatchEvent(new Event('change', { bubbles: true }))
    }
  })
  await page.setInputFiles('input[type=file]', { name: 'receipt.png', mimeType: 'image/png', buffer: PNG })
}

for (const scripted of [true, false]) {
  describe(`the hosted page, its script ${scripted ? 'on' : 'refused'}`, () => {
    it('has no serious or critical axe violation in any language, state or width', {
      timeout: 1_200_000,
    }, async () => {
      const failures: string[] = []
      for (const width of [360, 1280]) {
        const context = await browser.newContext({ viewport: { width, height: 800 } })
        context.setDefaultTimeout(45_000)
        if (!scripted) await context.route(/\/static\/(form|flow)\.js$/, (route) => route.abort())
        const page = await context.newPage()
        try {
          for (const lang of LOCALES) {
            const where = (state: string) =>
              `${lang} ${width}px ${scripted ? 'script' : 'no script'} ${state}`
            await page.goto(`${base}/f/${formId}?lang=${lang}`)
            await check(page, where('empty'), failures)
            await page.getByRole('button', { name: wordsFor(lang).t('form.submit') }).click()
            await page.getByRole('alert').waitFor()
            await page.waitForLoadState()
            await check(page, where('invalid'), failures)
            await answerAll(page)
            await check(page, where('answered'), failures)
          }
        } finally {
          await context.close()
        }
      }
      expect(failures).toEqual([])
    })
  })
}

// WCAG 2.2's success criteria of levels A and AA (4.1.1 Parsing is obsolete in 2.2).
const criteria = [
  ['1.1.1', 'A'],
  ['1.2.1', 'A'],
  ['1.2.2', 'A'],
  ['1.2.3', 'A'],
  ['1.2.4', 'AA'],
  ['1.2.5', 'AA'],
  ['1.3.1', 'A'],
  ['1.3.2', 'A'],
  ['1.3.3', 'A'],
  ['1.3.4', 'AA'],
  ['1.3.5', 'AA'],
  ['1.4.1', 'A'],
  ['1.4.2', 'A'],
  ['1.4.3', 'AA'],
  ['1.4.4', 'AA'],
  ['1.4.5', 'AA'],
  ['1.4.10', 'AA'],
  ['1.4.11', 'AA'],
  ['1.4.12', 'AA'],
  ['1.4.13', 'AA'],
  ['2.1.1', 'A'],
  ['2.1.2', 'A'],
  ['2.1.4', 'A'],
  ['2.2.1', 'A'],
  ['2.2.2', 'A'],
  ['2.3.1', 'A'],
  ['2.4.1', 'A'],
  ['2.4.2', 'A'],
  ['2.4.3', 'A'],
  ['2.4.4', 'A'],
  ['2.4.5', 'AA'],
  ['2.4.6', 'AA'],
  ['2.4.7', 'AA'],
  ['2.4.11', 'AA'],
  ['2.5.1', 'A'],
  ['2.5.2', 'A'],
  ['2.5.3', 'A'],
  ['2.5.4', 'A'],
  ['2.5.7', 'AA'],
  ['2.5.8', 'AA'],
  ['3.1.1', 'A'],
  ['3.1.2', 'AA'],
  ['3.2.1', 'A'],
  ['3.2.2', 'A'],
  ['3.2.3', 'AA'],
  ['3.2.4', 'AA'],
  ['3.2.6', 'A'],
  ['3.3.1', 'A'],
  ['3.3.2', 'A'],
  ['3.3.3', 'AA'],
  ['3.3.4', 'AA'],
  ['3.3.7', 'A'],
  ['3.3.8', 'AA'],
  ['4.1.2', 'A'],
  ['4.1.3', 'AA'],
] as const

describe('docs/accessibility.md', () => {
  it('states every WCAG 2.2 A and AA criterion once, and cites only axe rules of it that ran here', () => {
    const text = readFileSync(new URL('../../docs/accessibility.md', import.meta.url), 'utf8')
    const header = '| Criterion | Level | Status | How the respondent pages meet it | Evidence |'
    const lines = text.split('\n')
    const start = lines.indexOf(header)
    expect(start).toBeGreaterThan(-1)
    // The table's rows: from below its header's separator to the first line that is not a row.
    const below = lines.slice(start + 2)
    const end = below.findIndex((line) => !line.startsWith('|'))
    const rows = (end === -1 ? below : below.slice(0, end)).map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    )
    expect(rows.map((row) => [row[0]?.split(' ')[0], row[1]])).toEqual(
      criteria.map(([n, level]) => [n, level]),
    )
    const tagged = new Map(axe.getRules(TAGS).map((rule) => [rule.ruleId, rule.tags]))
    const problems: string[] = []
    for (const [criterion = '', , status = '', , evidence = ''] of rows) {
      if (!['Supports', 'Partially supports', 'Does not support', 'Not applicable'].includes(status))
        problems.push(`${criterion}: status "${status}"`)
      const number = criterion.split(' ')[0] ?? ''
      for (const [, rule = ''] of evidence.matchAll(/axe:([a-z0-9-]+)/g)) {
        if (!tagged.get(rule)?.includes(`wcag${number.replace(/\./g, '')}`))
          problems.push(`${number}: axe:${rule} is not one of axe's rules for it`)
        // Only once the gate has run (the whole file): what it cites, it saw pass.
        if (ran.size > 0 && !ran.has(rule)) problems.push(`${number}: axe:${rule} did not run`)
      }
      for (const [, path = ''] of evidence.matchAll(/(test\/[\w/.-]+\.test\.ts)/g))
        expect(() => readFileSync(new URL(`../../${path}`, import.meta.url)), path).not.toThrow()
    }
    expect(problems).toEqual([])
  })
})
