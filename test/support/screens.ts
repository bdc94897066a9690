import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { artifacts, expectAccessible } from './browser.js'

// A screen as the issue checks it (issue 27): axe finds no violation, light and dark, at a phone's
// 390 px and a desktop's 1280 px; a screenshot of each for a person to look at.

export async function checkScreen(
  page: Page,
  name: string,
  options: {
    fullPage?: boolean
    /** Under test-artifacts/; `dashboard` unless told. */
    folder?: string
  } = {},
) {
  const folder = join(artifacts, options.folder ?? 'dashboard')
  mkdirSync(folder, { recursive: true })
  const original = page.viewportSize()
  try {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme })
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 800 })
        await expectAccessible(page)
        const path = join(folder, `${name}-${width}-${colorScheme}.png`)
        await page.screenshot({ path, fullPage: options.fullPage ?? true })
      }
    }
  } finally {
    await page.emulateMedia({ colorScheme: 'light' })
    if (original) await page.setViewportSize(original)
  }
}
