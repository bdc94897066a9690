import { createServer } from 'node:net'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ensureDashboardBuilt, launchChromium } from '../support/browser.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { startOidcProvider, type TestProvider } from '../support/oidc-provider.js'
import { checkScreen } from '../support/screens.js'

// Single sign-on from the dashboard's sign-in page, in a real Chromium against a real OpenID
// provider (oidc-provider over HTTP): the page offers the provider when GET /v1/session/methods
// says so, the person signs in there and lands in the dashboard as a member with the configured
// role; a failed sign-in comes back with a reason the page says plainly.

ensureDashboardBuilt()
vi.setConfig({ expect: { poll: { timeout: 30_000, interval: 100 } } })

let ctx: TestContext
let provider: TestProvider
let browser: Browser
let base: string

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

beforeAll(async () => {
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  provider = await startOidcProvider({
    redirectUri: `${base}/v1/session/oidc/callback`,
    accounts: { sam: { email: 'sam@example.com', emailVerified: true, name: 'Sam Single' } },
  })
  ctx = await createTestContext({
    publicUrl: base,
    oidc: {
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      role: 'editor',
      allowedDomains: [],
    },
  })
  await ctx.app.listen({ port, host: '127.0.0.1' })
  browser = await launchChromium()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await ctx?.close()
  await provider?.close()
})

describe('single sign-on in the dashboard', () => {
  it('signs in with the provider from the sign-in page and lands as a member of the configured role', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    page.setDefaultTimeout(45_000)
    await page.goto(`${base}/app`)
    const button = page.getByRole('link', { name: 'Sign in with single sign-on' })
    await button.waitFor()
    await checkScreen(page, 'team-sign-in-sso')
    await button.click()
    // The provider's own (development) pages: sign in, then consent.
    await page.locator('input[name="login"]').fill('sam')
    await page.locator('input[name="password"]').fill('any')
    await page.locator('button[type="submit"]').click()
    await page.locator('button[type="submit"]').click()
    await page.getByRole('heading', { level: 1, name: 'Forms' }).waitFor()
    const bar = page.getByRole('banner')
    expect(await bar.getByRole('link', { name: 'Sam Single' }).isVisible()).toBe(true)
    expect(await bar.getByText('Editor', { exact: true }).isVisible()).toBe(true)
    await context.close()
  }, 120_000)

  it('says why a sign-in with the provider failed', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } })
    const page = await context.newPage()
    page.setDefaultTimeout(45_000)
    await page.goto(`${base}/app/sign-in?error=invalid_state`)
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('This sign-in link was already used, has expired, or was started in another browser.')
    // A reason the server does not give shows nothing: the address is anyone's to write.
    await page.goto(`${base}/app/sign-in?error=${encodeURIComponent('Your account is locked, call +1 555')}`)
    await page.getByRole('link', { name: 'Sign in with single sign-on' }).waitFor()
    expect(await page.getByRole('alert').count()).toBe(0)
    await context.close()
  }, 60_000)
})
