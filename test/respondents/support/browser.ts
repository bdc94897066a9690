import { mkdirSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import type { Locator, Page } from 'playwright-core'

// What the respondent pages' browser tests need beyond test/support/browser.ts (which launches
// Debian's Chromium): keyboard navigation, axe, screenshots at a phone's size, another origin.

import { artifacts as artifactsDir } from '../../support/browser.js'

export { launchChromium as launchBrowser } from '../../support/browser.js'
export { artifactsDir }

/** Presses Tab until the control has focus, as a keyboard user would; fails if it never does. */
export async function tabTo(page: Page, control: Locator, maxPresses = 60): Promise<void> {
  for (let press = 0; press < maxPresses; press++) {
    if (await control.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`Tab never reached ${control}`)
}

/** axe-core's violations on the page as it is now (WCAG 2.1 A and AA, and best practices). */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target).join(', ')})`,
  )
}

/** Screenshots at phone and desktop size, light and dark, into the git-ignored test-artifacts/. */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true })
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height })
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await page.screenshot({
        path: join(artifactsDir, `${name}-${width}x${height}-${scheme}.png`),
        fullPage: true,
      })
      if (width === 390 && scheme === 'light') {
        await page.screenshot({ path: join(artifactsDir, `${name}-${width}x${height}-${scheme}-top.png`) })
      }
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

/** "Another origin": a plain server on its own 127.0.0.1 port serving the pages given by path. */
export async function startOtherOrigin(
  pages: Map<string, string>,
): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const html = pages.get((request.url ?? '/').split('?')[0] ?? '/')
    if (html === undefined) return response.writeHead(404).end()
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    close: () => {
      server.closeAllConnections()
      return new Promise<void>((done) => server.close(() => done()))
    },
  }
}
