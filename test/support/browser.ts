import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core'
import { expect } from 'vitest'

// Debian's Chromium driven by playwright-core: headless, no sandbox (containers), and nothing that
// would reach outside the machine (background networking, updates, sync are off).

const root = resolve(import.meta.dirname, '../..')
export const artifacts = join(root, 'test-artifacts')

/** Debian's package installs it here; CANVASS_CHROMIUM names another binary. */
export const chromiumPath = process.env['CANVASS_CHROMIUM'] ?? '/usr/bin/chromium'

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/** The dashboard must be built (dist/web) for Canvass to serve it; build it once when it is not. */
export function ensureDashboardBuilt(): void {
  if (existsSync(join(root, 'dist/web/index.html'))) return
  execFileSync('npm', ['run', 'build:web'], { cwd: root, stdio: 'inherit' })
}

/**
 * axe-core's WCAG checks: no violations on the page as it is now. A sandboxed frame (the builder's
 * preview of the hosted page, which the respondent tests check themselves) runs no script, so axe
 * cannot enter it: it is left out rather than waited for.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).exclude('iframe[sandbox]').analyze()
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

/** Screenshots at a phone's and a desktop's width, light and dark, for a person to look at. */
export async function screenshots(page: Page, name: string): Promise<void> {
  const folder = join(artifacts, 'dashboard')
  mkdirSync(folder, { recursive: true })
  const original = page.viewportSize()
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      await page.screenshot({ path: join(folder, `${name}-${width}-${colorScheme}.png`), fullPage: true })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  if (original) await page.setViewportSize(original)
}

export interface DashboardOptions {
  /** Where to go once signed in, a path such as `/app/forms/<id>`; the forms list when left out. */
  path?: string
  /** More for the browser context: a time zone, downloads, a viewport other than 1280 × 800. */
  context?: BrowserContextOptions
}

/**
 * A fresh browser context signed in to the dashboard with a token, as a person does it (the sign-in
 * form), then at `path`. Every dashboard test starts here, with Playwright's waits at 45 s: the
 * suite runs beside other processes on two cores.
 */
export async function signedInDashboard(
  browser: Browser,
  base: string,
  token: string,
  options: DashboardOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options.context })
  const page = await context.newPage()
  page.setDefaultTimeout(45_000)
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`))
  await page.goto(`${base}/app`)
  await page.getByLabel('API token').fill(token)
  await page.getByRole('button', { name: 'Sign in with token' }).click()
  await page.getByRole('heading', { level: 1, name: 'Forms' }).waitFor()
  if (options.path) await page.goto(`${base}${options.path}`)
  return page
}
