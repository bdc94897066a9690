import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ensureDashboardBuilt, launchChromium, signedInDashboard } from '../support/browser.js'
import { useTestContext } from '../support/context.js'
import { checkScreen } from '../support/screens.js'

// Issue 27, item 4: a webhook to a loopback address, refused by a server that does not allow private
// targets, is said once, at the URL field, naming how a developer allows it.

ensureDashboardBuilt()
vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 50 } } })
const ctx = useTestContext({ webhookAllowPrivate: false })
let browser: Browser
let base: string
let formId: string

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  browser = await launchChromium()
  const form = { title: 'Hooks', questions: [{ id: 'q', title: 'Anything?', type: 'short_text' }] }
  formId = (await ctx.request({ method: 'POST', url: '/v1/forms', payload: form })).json().id
}, 60_000)

afterAll(async () => {
  await browser?.close()
})

async function webhooksPage(): Promise<Page> {
  const page = await signedInDashboard(browser, base, ctx.token, { path: `/app/forms/${formId}/webhooks` })
  await expect.poll(() => page.getByText('No webhooks yet').isVisible()).toBe(true)
  return page
}

describe('a webhook to a local address', { timeout: 120_000 }, () => {
  it('is refused with one message at the URL field that names CANVASS_WEBHOOK_ALLOW_PRIVATE=1', async () => {
    const page = await webhooksPage()
    await page.getByRole('button', { name: 'Add a webhook' }).click()
    await page.getByLabel('Name (tag)').fill('local')
    const url = page.getByLabel('URL')
    await url.fill('http://127.0.0.1:9/hook')
    await page.getByRole('button', { name: 'Create webhook' }).click()

    await expect.poll(() => url.getAttribute('aria-invalid')).toBe('true')
    const description = () =>
      url.evaluate((input) =>
        (input.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      )
    await expect.poll(description).toMatch(/127\.0\.0\.1 is .*loopback/)
    expect(await description()).toContain('CANVASS_WEBHOOK_ALLOW_PRIVATE=1')
    // Said once on the whole page, and the field has the focus so the message is heard.
    expect(await page.getByText(/not an allowed target/).count()).toBe(1)
    expect(await page.getByText('/url').count()).toBe(0)
    await expect.poll(() => url.evaluate((input) => input === document.activeElement)).toBe(true)
    await checkScreen(page, 'webhook-local-target')

    // Nothing was created.
    const list = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/webhooks` })
    expect(list.json().items).toEqual([])
    await page.context().close()
  })
})
