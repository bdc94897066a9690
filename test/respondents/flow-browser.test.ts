import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import fc from 'fast-check'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { flowPath } from '../../src/shared/flow/path.js'
import type { FormInput } from '../../src/shared/forms/definition.js'
import { normaliseDefinition } from '../../src/shared/forms/normalise.js'
import { answers as randomAnswers, definition as randomDefinition } from '../flow/arbitraries.js'
import { richForm } from '../flow/fixtures.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { accessibilityViolations, launchBrowser, screenshots } from './support/browser.js'

// docs/api.md#hosted-multi-page-forms in Chromium: the four-page form of the flow tests (a jump,
// a show rule, a question required by a rule, recall in titles, two endings) answered with
// JavaScript on (no reloads) and off (a post per page), Back, and "Continue later" opened in a
// second browser; axe on every page and state. And the path the page's script computes (the
// same code, run in Chromium) is the server's for random definitions and answers.

let ctx: TestContext
let base: string
let browser: Browser

// The sorry ending redirects off this machine: here it has a page of its own.
const form = {
  ...richForm,
  endings: [richForm.endings[0], { id: 'sorry', title: 'Sorry about {{question:issues}}' }],
}

beforeAll(async () => {
  ctx = await createTestContext({ publicRateLimit: 1000 })
  base = (await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1')
  browser = await launchBrowser()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await ctx?.close()
})

async function publicForm(): Promise<string> {
  const response = await ctx.request({
    method: 'POST',
    url: '/v1/forms',
    payload: { ...form, settings: { public: true } },
  })
  expect(response.statusCode).toBe(201)
  return response.json().id
}

/** Pages shown with JavaScript off. */
const withoutScript = new WeakSet<Page>()

async function newPage(javaScriptEnabled: boolean) {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 }, javaScriptEnabled })
  context.setDefaultTimeout(15_000)
  const page = await context.newPage()
  if (!javaScriptEnabled) withoutScript.add(page)
  await page.route(/^(?!http:\/\/127\.0\.0\.1[:/]).*/, (route) => {
    throw new Error(`request outside 127.0.0.1: ${route.request().url()}`)
  })
  return { context, page }
}

/**
 * axe runs script in the page: a page shown with JavaScript off is checked as its HTML, in a page
 * that runs axe but not the form's own script.
 */
async function axeOf(page: Page): Promise<string[]> {
  if (!withoutScript.has(page)) return accessibilityViolations(page)
  const html = await page.content()
  const { context, page: checker } = await newPage(true)
  await checker.route(/\/static\/form\.js$/, (route) =>
    route.fulfill({ body: '', contentType: 'text/javascript' }),
  )
  await checker.goto(`${base}/embed.js`)
  await checker.setContent(html)
  const violations = await accessibilityViolations(checker)
  await context.close()
  return violations
}

async function expectAccessible(page: Page, state: string): Promise<void> {
  expect(await axeOf(page), state).toEqual([])
  // Readable at 360 px: nothing wider than the screen.
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width, state).toBeLessThanOrEqual(360)
}

/** Screenshots at 390 and 1280 px, light and dark; then the phone's 360 px again. */
async function shoot(page: Page, name: string): Promise<void> {
  await screenshots(page, name)
  await page.setViewportSize({ width: 360, height: 800 })
}

const progress = (page: Page) => page.locator('#progress-hint').textContent()

async function stored(formId: string) {
  const response = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses` })
  return response.json().items as { answers: { question: { id: string } }[] }[]
}

describe('hosted multi-page form in Chromium', () => {
  it('with JavaScript on: moves without reloads, shows and requires as rules say, resumes in another browser', async () => {
    const formId = await publicForm()
    const { context, page } = await newPage(true)
    await page.goto(`${base}/f/${formId}?source=mail`)
    await expectAccessible(page, 'first page')
    // Not reloaded from here on: a value set on the window stays.
    await page.evaluate(() => Object.assign(window, { stayed: true }))

    await page.getByLabel('Your name?').fill('Ada')
    await expect
      .poll(() => page.getByRole('group', { name: /Did you travel with us, Ada\?/ }).count())
      .toBe(1)
    await page.getByRole('button', { name: 'Next' }).click()
    await expect
      .poll(() => page.locator('.error-summary').textContent())
      .toContain('Did you travel with us, Ada?: Required')
    await expectAccessible(page, 'first page, invalid')
    await page.getByRole('radio', { name: 'Yes' }).check()
    await page.getByRole('button', { name: 'Next' }).click()
    await expect.poll(() => page.url()).toBe(`${base}/f/${formId}/p/trip`)
    expect(await progress(page)).toBe('Page 2 of 3')
    expect(await page.getByRole('heading', { name: 'About your trip, Ada' }).isVisible()).toBe(true)
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
    expect(await page.getByLabel('Tell us about the food').isVisible()).toBe(false)

    await page.getByRole('radio', { name: '5' }).check()
    await page.getByRole('checkbox', { name: 'Food' }).check()
    const details = page.getByLabel(/Tell us about the food/)
    expect(await details.isVisible()).toBe(true)
    expect(await page.locator('[data-question="details"] .required').textContent()).toBe(' (required)')
    await page.getByRole('button', { name: 'Next' }).click()
    await expect
      .poll(() => page.locator('.error-summary').textContent())
      .toContain('Tell us about the food: Required')
    await expectAccessible(page, 'trip page, invalid')
    await details.fill('Cold soup')
    await shoot(page, 'flow-trip-js')

    // Back keeps the answers (a step back in the browser's history); Forward returns.
    await page.getByRole('button', { name: 'Back' }).click()
    await expect.poll(() => progress(page)).toBe('Page 1 of 3')
    expect(page.url()).toBe(`${base}/f/${formId}?source=mail`)
    expect(await page.getByLabel('Your name?').inputValue()).toBe('Ada')
    await page.goForward()
    await expect.poll(() => progress(page)).toBe('Page 2 of 3')
    expect(page.url()).toBe(`${base}/f/${formId}/p/trip`)
    expect(await page.getByRole('checkbox', { name: 'Food' }).isChecked()).toBe(true)
    // A question a rule requires is required for assistive technology too.
    expect(await page.getByLabel(/Tell us about the food/).getAttribute('required')).toBe('')
    await page.getByRole('button', { name: 'Next' }).click()
    await expect.poll(() => progress(page)).toBe('Page 3 of 3')
    expect(await page.getByRole('button', { name: 'Submit' }).isVisible()).toBe(true)
    await expectAccessible(page, 'last page')
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)

    // Continue later, on another browser: the draft at the page reached, its answers kept.
    await page.getByRole('button', { name: 'Continue later' }).click()
    const link = await page.locator('.resume-link a').getAttribute('href')
    expect(link).toMatch(new RegExp(`^${base}/f/${formId}/r/cvd_[A-Za-z0-9_-]{22}$`))
    await expectAccessible(page, 'continue later')
    await shoot(page, 'flow-continue-later')
    await context.close()

    const other = await newPage(true)
    await other.page.goto(link as string)
    await expect.poll(() => progress(other.page)).toBe('Page 3 of 3')
    await other.page.getByLabel('Nights away').fill('1')
    await other.page.getByRole('button', { name: 'Submit' }).click()
    await expect.poll(() => other.page.url()).toBe(`${base}/f/${formId}/thanks?ending=happy`)
    expect(await other.page.getByRole('heading', { level: 1 }).textContent()).toBe('Glad you liked it, Ada!')
    await expectAccessible(other.page, 'thanks')
    await other.context.close()

    const [response] = await stored(formId)
    expect(response?.answers.map((answer) => answer.question.id)).toEqual([
      'name',
      'travelled',
      'rating',
      'issues',
      'details',
      'nights',
    ])
  }, 120_000)

  it('with JavaScript off: a post per page, the shown question on the page again, Back, and the other ending', async () => {
    const formId = await publicForm()
    const { context, page } = await newPage(false)
    await page.goto(`${base}/f/${formId}`)
    await page.getByLabel('Your name?').fill('Bo')
    await page.getByRole('radio', { name: 'Yes' }).check()
    await page.getByRole('button', { name: 'Next' }).click()
    await page.waitForURL(`${base}/f/${formId}/p/trip`)
    expect(await progress(page)).toBe('Page 2 of 3')
    expect(await page.getByRole('heading', { name: 'About your trip, Bo' }).isVisible()).toBe(true)
    await page.getByRole('radio', { name: '2' }).check()
    await page.getByRole('checkbox', { name: 'Food' }).check()
    await page.getByRole('button', { name: 'Next' }).click()
    // Food shows the details: the same page again, with it.
    await page.waitForLoadState()
    expect(await page.getByLabel(/Tell us about the food/).isVisible()).toBe(true)
    expect(await page.getByRole('checkbox', { name: 'Food' }).isChecked()).toBe(true)
    await expectAccessible(page, 'trip page, details shown (no script)')
    await page.getByRole('button', { name: 'Next' }).click()
    await page.waitForLoadState()
    expect(await page.locator('.error-summary').textContent()).toContain('Tell us about the food: Required')
    await expectAccessible(page, 'trip page, invalid (no script)')
    await shoot(page, 'flow-trip-invalid-nojs')
    await page.getByLabel(/Tell us about the food/).fill('Cold')
    await page.getByRole('button', { name: 'Back' }).click()
    await page.waitForURL(`${base}/f/${formId}/p/intro`)
    expect(await page.getByLabel('Your name?').inputValue()).toBe('Bo')
    await page.getByRole('button', { name: 'Next' }).click()
    await page.waitForURL(`${base}/f/${formId}/p/trip`)
    expect(await page.getByLabel(/Tell us about the food/).inputValue()).toBe('Cold')
    await page.getByRole('button', { name: 'Next' }).click()
    await page.waitForURL(`${base}/f/${formId}/p/stay`)
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL(`${base}/f/${formId}/thanks?ending=sorry`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Sorry about Food')
    await context.close()
    expect(await stored(formId)).toHaveLength(1)
  }, 120_000)

  it('computes the path in the browser as the server does, for random definitions and answers', async () => {
    const bundle = await build({
      entryPoints: [fileURLToPath(new URL('../../src/shared/flow/path.ts', import.meta.url))],
      bundle: true,
      format: 'iife',
      globalName: 'canvassFlow',
      write: false,
      target: 'es2020',
    })
    const { context, page } = await newPage(true)
    await page.goto(`${base}/embed.js`)
    await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? '' })
    const cases: { saved: unknown; given: Record<string, unknown> }[] = []
    fc.assert(
      fc.property(
        randomDefinition,
        fc.array(randomAnswers, { minLength: 1, maxLength: 4 }),
        (input, sets) => {
          const { definition: saved, errors } = normaliseDefinition(input as unknown as FormInput)
          if (errors.length === 0) for (const given of sets) cases.push({ saved, given })
        },
      ),
      { numRuns: 1500, seed: 28 },
    )
    expect(cases.length).toBeGreaterThan(50)
    const inBrowser = await page.evaluate(
      (all) =>
        all.map(({ saved, given }) =>
          (
            window as unknown as { canvassFlow: { flowPath: (...args: unknown[]) => unknown } }
          ).canvassFlow.flowPath(saved, given, { src: 'a' }),
        ),
      cases,
    )
    const onServer = cases.map(({ saved, given }) =>
      flowPath(saved as Parameters<typeof flowPath>[0], given, { src: 'a' }),
    )
    expect(inBrowser).toEqual(onServer)
    await context.close()
  }, 120_000)
})
