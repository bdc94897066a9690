import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ensureDashboardBuilt, launchChromium, signedInDashboard } from '../support/browser.js'
import { useTestContext } from '../support/context.js'
import { answer, type Receiver, startReceiver } from '../support/receiver.js'
import { checkScreen } from '../support/screens.js'

// Issue 27, item 3: a webhook made in the dashboard is signed with a `whsec_` secret made in the
// browser and shown once, with a button that copies it; the dashboard refuses a secret under 32
// characters and flags unsigned and weakly signed webhooks. The API accepts what it accepted.

ensureDashboardBuilt()
vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 50 } } })
const ctx = useTestContext()
let browser: Browser
let base: string
let formId: string
let receiver: Receiver

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  browser = await launchChromium()
  receiver = await startReceiver(answer(200))
  ctx.startWorker({ pollMs: 100 })
  const form = { title: 'Signed', questions: [{ id: 'q', title: 'Anything?', type: 'short_text' }] }
  formId = (await ctx.request({ method: 'POST', url: '/v1/forms', payload: form })).json().id
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await receiver?.close()
})

async function webhooksPage(): Promise<Page> {
  const page = await signedInDashboard(browser, base, ctx.token, { path: `/app/forms/${formId}/webhooks` })
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base })
  await page.getByRole('button', { name: 'Add a webhook' }).waitFor()
  return page
}

const put = (tag: string, payload: object) =>
  ctx.request({ method: 'PUT', url: `/v1/forms/${formId}/webhooks/${tag}`, payload })

describe('signing webhooks made in the dashboard', { timeout: 120_000 }, () => {
  it('makes a whsec_ secret, shows it once with a copy button, and the deliveries carry its signature', async () => {
    const page = await webhooksPage()
    await page.getByRole('button', { name: 'Add a webhook' }).click()
    await page.getByLabel('Name (tag)').fill('crm')
    await page.getByLabel('URL').fill(receiver.url)
    await page.getByRole('button', { name: 'Create webhook' }).click()

    const shown = page.getByRole('region', { name: 'Signing secret of crm' })
    await expect.poll(() => shown.isVisible()).toBe(true)
    const secret = (await shown.locator('code.secret-text').textContent()) ?? ''
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    await shown.getByRole('button', { name: 'Copy secret' }).click()
    await expect.poll(() => shown.getByRole('status').textContent()).toBe('Secret copied')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret)
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'crm' }) })
    await expect.poll(() => card.getByText('Signed', { exact: true }).isVisible()).toBe(true)
    await checkScreen(page, 'webhook-secret-shown')

    // A delivery is signed with it, as a Standard Webhooks receiver checks.
    await page.getByRole('button', { name: 'Send test ping to crm' }).click()
    await receiver.waitFor((requests) => requests.length >= 1)
    const [ping] = receiver.requests
    expect(ping?.headers['webhook-signature']).toMatch(/^v1,/)
    const verified = new Webhook(secret).verify(ping?.body ?? '', ping?.headers as Record<string, string>)
    expect(verified).toMatchObject({ event_type: 'ping' })

    // Shown once: gone when dismissed, and not on the page again.
    await shown.getByRole('button', { name: 'Done' }).click()
    await expect.poll(() => shown.count()).toBe(0)
    await page.reload()
    await expect.poll(() => card.getByText('Signed', { exact: true }).isVisible()).toBe(true)
    expect(await page.getByText(secret).count()).toBe(0)
    await page.context().close()
  })

  it('refuses a secret under 32 characters; flags unsigned and weakly signed webhooks the API still takes', async () => {
    // The API takes these as before.
    expect((await put('bare', { url: receiver.url })).statusCode).toBe(201)
    expect((await put('short', { url: receiver.url, secret: 'hunter2' })).statusCode).toBe(201)
    const signing = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/webhooks/short/signing` })
    expect(signing.json()).toEqual({ tag: 'short', signing: 'weak' })

    const page = await webhooksPage()
    const cardOf = (tag: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: tag, exact: true }) })
    await expect.poll(() => cardOf('bare').getByText('Unsigned').isVisible()).toBe(true)
    await expect
      .poll(() => cardOf('short').getByText('Weakly signed (secret under 32 characters)').isVisible())
      .toBe(true)
    await checkScreen(page, 'webhooks-signing')

    // Giving the weak one a short secret of one's own is refused at the field, and nothing is sent.
    await page.getByRole('button', { name: 'Edit short' }).click()
    const secret = page.getByLabel('New signing secret')
    await secret.fill('still-too-short')
    await page.getByRole('button', { name: 'Save webhook' }).click()
    await expect.poll(() => secret.getAttribute('aria-invalid')).toBe('true')
    await expect
      .poll(() => page.getByText('must be at least 32 characters (this one has 15)').isVisible())
      .toBe(true)
    const signingOf = async (tag: string) =>
      (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/webhooks/${tag}/signing` })).json()
        .signing
    expect(await signingOf('short')).toBe('weak')

    // A secret made for it instead: shown once, and the warning goes.
    await secret.fill('')
    await page.getByLabel('Make a new secret for me').check()
    await page.getByRole('button', { name: 'Save webhook' }).click()
    await expect
      .poll(() => page.getByRole('region', { name: 'Signing secret of short' }).isVisible())
      .toBe(true)
    await expect.poll(() => cardOf('short').getByText('Signed', { exact: true }).isVisible()).toBe(true)
    expect(await signingOf('short')).toBe('strong')
    await page.context().close()
  })
})
