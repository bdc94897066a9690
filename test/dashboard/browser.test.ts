import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureDashboardBuilt, expectAccessible, launchChromium, screenshots } from '../support/browser.js'
import { useTestContext } from '../support/context.js'
import { answer, type Receiver, startReceiver } from '../support/receiver.js'

// The dashboard in a real browser, found by role and label as a person finds it: every step
// asserts what the page shows, and the server's own answers where the page makes a claim.

ensureDashboardBuilt()
const ctx = useTestContext({ webhookRetrySchedule: [0.2, 0.2] })
let browser: Browser
let base: string
let formId: string

const form = {
  title: 'Team lunch',
  questions: [
    { id: 'food', title: 'How was the food?', type: 'short_text' },
    { id: 'again', title: 'Would you come again?', type: 'yes_no' },
  ],
}

async function api(method: string, url: string, payload?: object, token = ctx.token) {
  const response = await ctx.request({ method: method as 'GET', url, ...(payload ? { payload } : {}), token })
  return response
}

async function signedInPage(token = ctx.token): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true })
  const page = await context.newPage()
  await page.goto(`${base}/app`)
  await page.getByLabel('API token').fill(token)
  await page.getByRole('button', { name: 'Sign in with token' }).click()
  await page.getByRole('heading', { level: 1, name: 'Forms' }).waitFor()
  return { context, page }
}

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  browser = await launchChromium()
  formId = (await api('POST', '/v1/forms', form)).json().id
  for (let i = 0; i < 30; i++) {
    const response = await api('POST', `/v1/forms/${formId}/responses`, {
      answers: { food: `Dish ${i}`, again: i % 2 === 0 },
    })
    expect(response.statusCode).toBe(201)
  }
}, 120_000)

afterAll(async () => {
  await browser?.close()
})

describe('signing in and out', () => {
  it('refuses a wrong token with the server’s message, accepts the right one, and signs out for good', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${base}/app`)
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in to Canvass' }).isVisible()).toBe(true)
    await expectAccessible(page)
    await screenshots(page, 'sign-in')

    await page.getByLabel('API token').fill('cvs_not-a-real-token')
    await page.getByRole('button', { name: 'Sign in with token' }).click()
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('this token is not valid: it is unknown or has been revoked')

    await page.getByLabel('API token').fill(ctx.token)
    await page.getByRole('button', { name: 'Sign in with token' }).click()
    await page.getByRole('heading', { level: 1, name: 'Forms' }).waitFor()
    const cookies = await context.cookies()
    const session = cookies.find((cookie) => cookie.name === 'canvass_session')
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' })
    const cookie = `canvass_session=${session?.value}`
    const before = await ctx.app.inject({ method: 'GET', url: '/v1/forms', headers: { cookie } })
    expect(before.statusCode).toBe(200)

    // A reload keeps the session: it lives in the cookie, not in the page.
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Forms' }).waitFor()

    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.getByRole('heading', { name: 'Sign in to Canvass' }).waitFor()
    const after = await ctx.app.inject({ method: 'GET', url: '/v1/forms', headers: { cookie } })
    expect(after.statusCode).toBe(401)
    await context.close()
  })
})

describe('forms and responses', () => {
  it('lists the forms with their response counts', async () => {
    const { context, page } = await signedInPage()
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Team lunch' }) })
    await expect.poll(() => card.textContent()).toContain('30 responses')
    await expect.poll(() => card.textContent()).toContain('Status: Draft')
    await expectAccessible(page)
    await screenshots(page, 'forms')
    await context.close()
  })

  // 15 s on a busy 2-core machine (load 11).
  it('pages through responses, filters by date, shows one in full', async () => {
    const { context, page } = await signedInPage()
    await page.getByRole('link', { name: 'Team lunch' }).click()
    await page.getByRole('heading', { level: 1, name: 'Team lunch' }).waitFor()
    const rows = page.getByRole('table').getByRole('row')
    await expect.poll(() => rows.count()).toBe(26)
    // Newest first: the last submitted is at the top.
    await expect.poll(() => rows.nth(1).textContent()).toContain('Dish 29')
    await expectAccessible(page)
    await screenshots(page, 'responses')

    await page.getByRole('button', { name: 'Next page' }).click()
    await expect.poll(() => rows.count()).toBe(6)
    await expect.poll(() => page.getByText('Page 2').isVisible()).toBe(true)
    await expect.poll(() => rows.nth(5).textContent()).toContain('Dish 0')
    await page.getByRole('button', { name: 'Previous page' }).click()
    await expect.poll(() => rows.count()).toBe(26)

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    const today = new Date().toISOString().slice(0, 10)
    await page.getByLabel(/^From \(/).fill(tomorrow)
    await page.getByRole('button', { name: 'Apply filter' }).click()
    await expect.poll(() => page.getByText('No responses match this filter').isVisible()).toBe(true)
    await page.getByLabel(/^From \(/).fill(today)
    await page.getByLabel(/^To \(/).fill(today)
    await page.getByRole('button', { name: 'Apply filter' }).click()
    await expect.poll(() => rows.count()).toBe(26)

    // Insights and the live stream come with another part of Canvass; a
    // server without them gets a page that says so.
    const insights = await api('GET', `/v1/forms/${formId}/insights`)
    const live =
      insights.statusCode === 404 ? 'Live updates are not available on this server' : 'Live: new responses'
    await expect.poll(() => page.getByText(live).isVisible()).toBe(true)
    await page.getByRole('link', { name: 'Insights' }).click()
    const summary =
      insights.statusCode === 404
        ? 'Insights are not available on this server yet'
        : `${insights.json().responses} responses`
    await expect.poll(() => page.getByText(summary).isVisible()).toBe(true)
    await expectAccessible(page)
    await page.getByRole('link', { name: 'Responses' }).click()
    await expect.poll(() => rows.count()).toBe(26)

    await rows.nth(1).getByRole('button', { name: /^View/ }).click()
    const detail = page.getByRole('dialog', { name: /^Response of/ })
    await expect.poll(() => detail.textContent()).toContain('How was the food?Dish 29')
    await expect.poll(() => detail.textContent()).toContain('Would you come again?No')
    await expectAccessible(page)
    await context.close()
  }, 60_000)

  it('deletes selected responses after confirmation', async () => {
    const { context, page } = await signedInPage()
    await page.goto(`${base}/app/forms/${formId}`)
    const rows = page.getByRole('table').getByRole('row')
    await expect.poll(() => rows.count()).toBe(26)
    await rows.nth(1).getByRole('checkbox').check()
    await rows.nth(2).getByRole('checkbox').check()
    await page.getByRole('button', { name: 'Delete selected (2)' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete 2 responses?' })
    await dialog.waitFor()
    await expectAccessible(page)
    // Cancelling deletes nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => dialog.isVisible()).toBe(false)
    expect((await api('GET', `/v1/forms/${formId}`)).json().response_count).toBe(30)

    await page.getByRole('button', { name: 'Delete selected (2)' }).click()
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => page.getByText('2 responses deleted').isVisible()).toBe(true)
    await expect.poll(() => rows.nth(1).textContent()).toContain('Dish 27')
    const listed = (await api('GET', `/v1/forms/${formId}/responses?page_size=100`)).json().items
    expect(listed.map((item: { answers: { text?: string }[] }) => item.answers[0]?.text)).not.toContain(
      'Dish 29',
    )
    expect(listed).toHaveLength(28)
    await context.close()
  })

  it('downloads an export whose rows are the responses', async () => {
    const { context, page } = await signedInPage()
    await page.goto(`${base}/app/forms/${formId}`)
    for (const format of ['CSV', 'NDJSON']) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: `Export ${format}` }).click(),
      ])
      const path = await download.path()
      const { readFileSync } = await import('node:fs')
      const text = readFileSync(path, 'utf8')
      const expected = await api('GET', `/v1/forms/${formId}/responses/export?format=${format.toLowerCase()}`)
      expect(text).toBe(expected.body)
      // CSV begins with a byte order mark, for spreadsheet programs (CONTRACT.md section 3).
      expect(text.startsWith('\uFEFF')).toBe(format === 'CSV')
      const lines = text.trim().split('\n')
      expect(lines).toHaveLength(format === 'CSV' ? 29 : 28)
      expect(text).toContain('Dish 27')
      expect(text).not.toMatch(/Dish 2[89]/)
    }
    await context.close()
  })
})

describe('contacts', () => {
  it('uploads 2,500 contacts from a CSV, naming the 3 bad rows', async () => {
    const list = (await api('POST', '/v1/contact-lists', { name: 'Customers' })).json()
    const { context, page } = await signedInPage()
    await page.getByRole('link', { name: 'Contacts' }).click()
    await page.getByRole('link', { name: 'Customers' }).click()
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor()
    await expect.poll(() => page.getByText('This list is empty').isVisible()).toBe(true)
    await expectAccessible(page)

    const bad = new Map([
      [100, 'not-an-address'],
      [1500, 'also@'],
      [2400, ''],
    ])
    const lines = ['email,name,city']
    for (let i = 0; i < 2500; i++)
      lines.push(`${bad.get(i) ?? `person${i}@example.com`},Person ${i},"Town, ${i}"`)
    await page.getByLabel('CSV file').setInputFiles({
      name: 'contacts.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(lines.join('\n')),
    })
    await page.getByRole('button', { name: 'Upload contacts' }).click()
    const status = page.getByRole('status').filter({ hasText: 'added' })
    await expect
      .poll(() => status.textContent(), { timeout: 60_000 })
      .toContain('2,497 contacts added, 3 rows refused:')
    const refused = await status.getByRole('listitem').allTextContents()
    expect(refused).toHaveLength(3)
    expect(refused[0]).toMatch(/^Line 102 \(not-an-address\): email /)
    expect(refused[1]).toMatch(/^Line 1502 \(also@\): email /)
    expect(refused[2]).toMatch(/^Line 2402 \(no e-mail\): email /)
    expect((await api('GET', `/v1/contact-lists/${list.id}`)).json().contact_count).toBe(2497)
    await expect.poll(() => page.getByText('2,497 contacts', { exact: true }).isVisible()).toBe(true)
    const stored = (await api('GET', `/v1/contact-lists/${list.id}/contacts?page_size=1`)).json().items[0]
    expect(JSON.parse(stored.data)).toEqual({ city: 'Town, 0' })
    await expectAccessible(page)
    await screenshots(page, 'contacts')

    const rows = page.getByRole('table').getByRole('row')
    await rows.nth(1).getByRole('button', { name: 'Delete person0@example.com' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => page.getByText('person0@example.com deleted').isVisible()).toBe(true)
    expect((await api('GET', `/v1/contact-lists/${list.id}`)).json().contact_count).toBe(2496)
    await context.close()
  }, 120_000)

  it('keeps the first of an address given twice in a CSV and names the later row', async () => {
    const list = (await api('POST', '/v1/contact-lists', { name: 'Twice' })).json()
    const { context, page } = await signedInPage()
    await page.goto(`${base}/app/contacts/${list.id}`)
    await page.getByRole('heading', { level: 1, name: 'Twice' }).waitFor()
    const csv = ['email,name', 'ada@example.com,Ada', 'bob@example.com,Bob', 'ADA@example.com,Ada again']
    await page.getByLabel('CSV file').setInputFiles({
      name: 'twice.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv.join('\n')),
    })
    await page.getByRole('button', { name: 'Upload contacts' }).click()
    const status = page.getByRole('status').filter({ hasText: 'added' })
    await expect.poll(() => status.textContent()).toContain('2 contacts added, 1 row refused:')
    expect(await status.getByRole('listitem').allTextContents()).toEqual([
      'Line 4 (ADA@example.com): repeats the e-mail of line 2',
    ])
    const stored = (await api('GET', `/v1/contact-lists/${list.id}/contacts`)).json().items
    expect(stored.map((contact: { name: string }) => contact.name).sort()).toEqual(['Ada', 'Bob'])
    await context.close()
  }, 60_000)
})

describe('webhooks', () => {
  let good: Receiver
  let failing: Receiver
  beforeAll(async () => {
    good = await startReceiver(answer(200))
    failing = await startReceiver(answer(500))
    ctx.startWorker({ pollMs: 100 })
  })
  afterAll(async () => {
    await good?.close()
    await failing?.close()
  })

  it('creates a webhook, pings it, lists a failing one’s attempts and redelivers', async () => {
    const { context, page } = await signedInPage()
    await page.goto(`${base}/app/forms/${formId}/webhooks`)
    await expect.poll(() => page.getByText('No webhooks yet').isVisible()).toBe(true)
    await expectAccessible(page)

    for (const [tag, receiver] of [
      ['crm', good],
      ['broken', failing],
    ] as const) {
      await page.getByRole('button', { name: 'Add a webhook' }).click()
      await page.getByLabel('Name (tag)').fill(tag)
      await page.getByLabel('URL').fill(receiver.url)
      await page.getByRole('button', { name: 'Create webhook' }).click()
      await expect.poll(() => page.getByText(`${tag} created`).isVisible()).toBe(true)
    }
    await screenshots(page, 'webhooks')

    await page.getByRole('button', { name: 'Send test ping to crm' }).click()
    await good.waitFor((requests) => requests.some((request) => request.body.includes('"ping"')))

    // A response goes to both; the broken receiver answers 500 each time until the delivery fails.
    await api('POST', `/v1/forms/${formId}/responses`, { answers: { food: 'Soup' } })
    await failing.waitFor((requests) => requests.length >= 3)
    await page.getByRole('button', { name: 'Deliveries of broken' }).click()
    const log = page.getByRole('region', { name: 'Deliveries of broken' })
    await expect
      .poll(async () => {
        await log.getByRole('button', { name: 'Refresh deliveries' }).click()
        return log.getByRole('row').nth(1).textContent()
      })
      .toMatch(/failed3500/)
    await log.getByRole('button', { name: /^Attempts of delivery/ }).click()
    const attempts = log.getByRole('list').getByRole('listitem')
    await expect.poll(() => attempts.count()).toBe(3)
    expect(await attempts.first().textContent()).toContain('500')
    await expectAccessible(page)

    await log.getByRole('button', { name: /^Redeliver/ }).click()
    await expect.poll(() => log.getByText('Delivery queued again').isVisible()).toBe(true)
    await failing.waitFor((requests) => requests.length >= 4)

    await page.getByRole('button', { name: 'Disable broken' }).click()
    await expect.poll(() => page.getByText('broken disabled').isVisible()).toBe(true)
    const hooks = (await api('GET', `/v1/forms/${formId}/webhooks`)).json().items
    expect(hooks.find((hook: { tag: string }) => hook.tag === 'broken').enabled).toBe(false)

    await page.getByRole('button', { name: 'Delete broken' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => page.getByText('broken deleted').isVisible()).toBe(true)
    expect((await api('GET', `/v1/forms/${formId}/webhooks`)).json().items).toHaveLength(1)
    await context.close()
  }, 90_000)
})

describe('a read-only token', () => {
  it('shows no control that changes anything, and the server refuses a crafted change', async () => {
    const readOnly = await ctx.tokenWithScopes([
      'forms:read',
      'responses:read',
      'contacts:read',
      'webhooks:read',
    ])
    const { context, page } = await signedInPage(readOnly)
    // Generous waits: a busy machine (CI beside other work) took over the 5 s default here.
    await expect.poll(() => page.getByText('Read-only').isVisible(), { timeout: 30_000 }).toBe(true)
    await page.goto(`${base}/app/forms/${formId}`)
    await expect.poll(() => page.getByRole('table').getByRole('row').count(), { timeout: 30_000 }).toBe(26)
    expect(await page.getByRole('checkbox').count()).toBe(0)
    expect(await page.getByRole('button', { name: /Delete/ }).count()).toBe(0)
    await page.goto(`${base}/app/forms/${formId}/webhooks`)
    await page.getByRole('button', { name: 'Deliveries of crm' }).waitFor()
    expect(
      await page.getByRole('button', { name: /Add a webhook|Send test ping|Edit|Disable|Delete/ }).count(),
    ).toBe(0)
    await page.goto(`${base}/app/contacts`)
    await page.getByRole('link', { name: 'Customers' }).waitFor()
    expect(await page.getByRole('button', { name: 'Create list' }).isDisabled()).toBe(true)
    await page.getByText("This token can't change contacts").waitFor()

    const crafted = await page.evaluate(async (id) => {
      const response = await fetch(`/v1/forms/${id}/responses?included_response_ids=x`, {
        method: 'DELETE',
        headers: { 'x-canvass-csrf': '1' },
      })
      return { status: response.status, body: await response.json() }
    }, formId)
    expect(crafted).toMatchObject({
      status: 403,
      body: { detail: 'this token lacks the scope responses:write' },
    })
    await context.close()
  })
})

describe('cross-site requests', () => {
  let attacker: Server
  let attackerUrl: string
  beforeAll(async () => {
    attacker = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>Win a prize</title>
<form method="post" action="${base}/v1/forms" enctype="text/plain">
<input name='{"title":"pwned","questions":[],"x":"' value='"}'><button>Claim</button></form>`)
    })
    await new Promise<void>((done) => attacker.listen(0, '127.0.0.1', done))
    attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`
  })
  afterAll(() => new Promise<void>((done) => attacker.close(() => done())))

  it('a form on another 127.0.0.1 port posting with the session cookie is refused', async () => {
    const { context, page } = await signedInPage()
    const before = (await api('GET', '/v1/forms')).json().items.length
    await page.goto(attackerUrl)
    await page.getByRole('button', { name: 'Claim' }).click()
    await page.waitForURL(`${base}/v1/forms`)
    const shown = JSON.parse((await page.textContent('body')) ?? '{}')
    // 403, not 401: the cookie did arrive (same site), and the origin check refused it.
    expect(shown).toMatchObject({ status: 403, code: 'forbidden' })
    expect(shown.detail).toMatch(/own origin/)
    expect((await api('GET', '/v1/forms')).json().items.length).toBe(before)
    await context.close()
  })
})

describe('the app’s headers', () => {
  it('forbids inline script, framing and sniffing; assets are cached for good', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/app/forms/anything' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    const csp = String(page.headers['content-security-policy'])
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/)
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    expect(page.headers['cache-control']).toBe('no-cache')
    const asset = /src="(\/app\/assets\/[^"]+\.js)"/.exec(page.body)?.[1]
    const script = await ctx.app.inject({ method: 'GET', url: asset as string })
    expect(script.statusCode).toBe(200)
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8')
    const missing = await ctx.app.inject({ method: 'GET', url: '/app/assets/nope.js' })
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['content-type']).toMatch(/^application\/problem\+json/)
  })
})
