import { createServer } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ensureDashboardBuilt, launchChromium, signedInDashboard } from '../support/browser.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { contactList } from '../support/recipients.js'
import { checkScreen } from '../support/screens.js'
import { type SmtpServer, startSmtpServer } from '../support/smtp.js'

// Issue 29 in the dashboard: a form's Invitations tab writes an invitation beside a live preview of
// the mail, the worker sends it to a real SMTP server, the personal link taken from the mail that
// arrived is answered in a second page, and the invitation's page shows the recipient `completed`
// without a reload; the Outbox lists the mail and shows it. Without SMTP the outbox says mail is held.

ensureDashboardBuilt()
vi.setConfig({ expect: { poll: { timeout: 30_000, interval: 100 } } })

let ctx: TestContext
/** A second server without CANVASS_SMTP_URL: its mails are held. */
let held: TestContext
let smtp: SmtpServer
let browser: Browser
let base: string
let heldBase: string

/** A port free now, so CANVASS_PUBLIC_URL can name the address the app will listen on. */
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

async function createForm(on: TestContext, title: string): Promise<string> {
  const form = {
    title,
    questions: [{ id: 'q', title: 'Anything to add?', type: 'short_text' }],
    settings: {},
  }
  const response = await on.request({ method: 'POST', url: '/v1/forms', payload: form })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id
}

beforeAll(async () => {
  smtp = await startSmtpServer()
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  ctx = await createTestContext({
    smtpUrl: smtp.url,
    mailFrom: 'Surveys <surveys@example.com>',
    publicUrl: base,
    mailRate: 0,
    publicRateLimit: 0,
    linkRateLimit: 0,
  })
  await ctx.app.listen({ port, host: '127.0.0.1' })
  ctx.startWorker({ pollMs: 200 })
  held = await createTestContext()
  heldBase = (await held.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1')
  browser = await launchChromium()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await ctx?.close()
  await held?.close()
  await smtp?.close()
})

/** The personal link in a mail's text part. */
function linkIn(text: string): string {
  const link = /http:\/\/127\.0\.0\.1:\d+\/i\/[A-Za-z0-9_-]{22}/.exec(text)?.[0]
  if (!link) throw new Error(`no personal link in: ${text}`)
  return link
}

async function answerAt(link: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 800 } })
  const respondent = await context.newPage()
  respondent.setDefaultTimeout(45_000)
  await respondent.goto(link)
  await respondent.getByLabel('Anything to add?').fill('All good')
  await respondent.getByRole('button', { name: 'Submit' }).click()
  await respondent.getByRole('heading', { level: 1 }).waitFor()
  await context.close()
}

async function writeInvitation(page: Page) {
  await page.getByRole('button', { name: 'New invitation' }).click()
  const composer = page.getByRole('form', { name: 'New invitation' })
  await composer.getByLabel('Contact list').selectOption({ label: 'invited (1)' })
  await composer.getByLabel('Subject').fill('A minute for us, {{name}}?')
  await composer
    .getByLabel('Message')
    .fill('Dear {{ name }},\n\nhow was <b>{{form_title}}</b>? Tell us here:\n{{link}}\n\nThank you!')
  const preview = page.getByRole('region', { name: 'Preview' })
  await expect.poll(() => preview.textContent()).toContain('Dear Ada Lovelace,')
  expect(await preview.textContent()).toContain('A minute for us, Ada Lovelace?')
  // HTML in the message shows as text, never as markup.
  expect(await preview.textContent()).toContain('how was <b>Team offsite</b>?')
  expect(await preview.locator('b').count()).toBe(0)
  await checkScreen(page, 'invitations-new')
}

describe('invitations in the dashboard', () => {
  it('writes, sends and follows an invitation until its recipient completed, without reloading', async () => {
    const formId = await createForm(ctx, 'Team offsite')
    await contactList(ctx, [{ name: 'Ada Lovelace', email: 'ada@example.com' }])

    const page = await signedInDashboard(browser, base, ctx.token, { path: `/app/forms/${formId}` })
    await page
      .getByRole('navigation', { name: 'Form sections' })
      .getByRole('link', { name: 'Invitations' })
      .click()
    await page.getByText('No invitations yet').waitFor()
    await writeInvitation(page)
    await page.getByRole('button', { name: 'Send invitation' }).click()
    await page.getByRole('heading', { level: 1, name: 'A minute for us, {{name}}?' }).waitFor()
    await page.evaluate(() => Object.assign(window, { stayed: true }))

    await smtp.waitFor((mails) => mails.length === 1, 60_000)
    const mail = smtp.mails[0]
    expect(mail?.to).toEqual(['ada@example.com'])
    expect(mail?.parsed.subject).toBe('A minute for us, Ada Lovelace?')
    await answerAt(linkIn(mail?.parsed.text ?? ''))

    const row = page.getByRole('row').filter({ hasText: 'ada@example.com' })
    await expect.poll(() => row.textContent()).toContain('completed')
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
    await checkScreen(page, 'invitation')
    // The download goes with the session cookie, as the link is followed.
    const href = await page.getByRole('link', { name: 'Download recipients.csv' }).getAttribute('href')
    const csv = await page.request.get(`${base}${href}`)
    expect(csv.status()).toBe(200)
    expect(await csv.text()).toContain('ada@example.com,Ada Lovelace,http://127.0.0.1:')
    await page.getByRole('link', { name: 'Invitations', exact: true }).first().click()
    const card = page.getByRole('listitem').filter({ hasText: 'A minute for us, {{name}}?' })
    expect(await card.textContent()).toContain('Completed1')
    await checkScreen(page, 'invitations-list')

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Outbox' }).click()
    await page.getByRole('heading', { level: 1, name: 'Outbox' }).waitFor()
    const listed = page.getByRole('row').filter({ hasText: 'A minute for us, Ada Lovelace?' })
    expect(await listed.textContent()).toContain('sent')
    expect(await page.getByText('Mail is not sent').count()).toBe(0)
    await checkScreen(page, 'outbox')
    await listed.getByRole('link').click()
    await page.getByRole('heading', { level: 2, name: 'Text' }).waitFor()
    expect(await page.locator('pre.mail-text').textContent()).toContain('Dear Ada Lovelace,')
    expect(await page.locator('iframe.mail-html').getAttribute('sandbox')).toBe('')
    await checkScreen(page, 'outbox-mail')
  }, 240_000)

  it('says plainly in the outbox that mail is held while no SMTP server is configured', async () => {
    const formId = await createForm(held, 'Held poll')
    const list = await contactList(held, [{ name: 'Grace Hopper', email: 'grace@example.com' }])
    const created = await held.request({
      method: 'POST',
      url: `/v1/forms/${formId}/invitations`,
      payload: { list_id: list.listId, subject: 'Held for {{name}}', message: 'Hi {{name}}: {{link}}' },
    })
    expect(created.statusCode, created.body).toBe(201)
    const page = await signedInDashboard(browser, heldBase, held.token, { path: '/app/outbox' })
    await page
      .getByText(
        'Mail is not sent: CANVASS_SMTP_URL is not set. Mails are kept here; invitation links work — you can download recipients.csv and send them yourself.',
      )
      .waitFor()
    const row = page.getByRole('row').filter({ hasText: 'Held for Grace Hopper' })
    expect(await row.textContent()).toContain('held')
    await checkScreen(page, 'outbox-held')
  }, 120_000)

  it('says a refused message at its field, and cancels an invitation once confirmed', async () => {
    const formId = await createForm(held, 'Cancelled poll')
    const { listId } = await contactList(held, [{ name: 'Alan Turing', email: 'alan@example.com' }])
    const page = await signedInDashboard(browser, heldBase, held.token, {
      path: `/app/forms/${formId}/invitations`,
    })
    await page.getByRole('button', { name: 'New invitation' }).click()
    await page.getByLabel('Contact list').selectOption(listId)
    await page.getByLabel('Message').fill('Hello {{name}}, no link here')
    await page.getByRole('button', { name: 'Send invitation' }).click()
    const message = page.getByLabel('Message')
    await expect.poll(() => message.getAttribute('aria-invalid')).toBe('true')
    expect(await page.locator('#invitation-message-error').textContent()).toContain('{{link}}')

    await message.fill('Hello {{name}}: {{link}}')
    await page.getByLabel('Reminders (0–5)').fill('2')
    await page.getByRole('button', { name: 'Send invitation' }).click()
    await page.getByRole('button', { name: 'Cancel invitation' }).click()
    const dialog = page.getByRole('dialog', { name: 'Cancel this invitation?' })
    await dialog.getByRole('button', { name: 'Cancel invitation' }).click()
    await page.getByRole('status').filter({ hasText: 'Invitation cancelled' }).waitFor()
    await expect.poll(() => page.locator('.meta .chip').first().textContent()).toContain('cancelled')
    const row = page.getByRole('row').filter({ hasText: 'alan@example.com' })
    await expect.poll(() => row.textContent()).toContain('failed')
  }, 120_000)

  it('says why an invitation cannot be sent while SMTP is set and CANVASS_PUBLIC_URL is not', async () => {
    const unnamed = await createTestContext({ smtpUrl: smtp.url, mailFrom: 'Surveys <surveys@example.com>' })
    try {
      const at = (await unnamed.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1')
      const formId = await createForm(unnamed, 'Nowhere poll')
      const { listId } = await contactList(unnamed, [{ email: 'kay@example.com' }])
      const page = await signedInDashboard(browser, at, unnamed.token, {
        path: `/app/forms/${formId}/invitations`,
      })
      await page.getByRole('button', { name: 'New invitation' }).click()
      await page.getByLabel('Contact list').selectOption(listId)
      await page.getByRole('button', { name: 'Send invitation' }).click()
      const alert = page.getByRole('alert').filter({ hasText: 'CANVASS_PUBLIC_URL' })
      await alert.waitFor()
      expect(await page.getByRole('button', { name: 'Send invitation' }).isVisible()).toBe(true)
      await page.context().close()
    } finally {
      await unnamed.close()
    }
  }, 120_000)
})
