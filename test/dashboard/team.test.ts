import { createServer } from 'node:net'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createSetupCode, setupLink as setupLinkOf } from '../../src/domain/team/accounts.js'
import { ensureDashboardBuilt, launchChromium } from '../support/browser.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { addMember } from '../support/members.js'
import { checkScreen } from '../support/screens.js'
import { type SmtpServer, startSmtpServer } from '../support/smtp.js'

// Issue 30 in the dashboard, in a real Chromium against a real server and SMTP server: the owner
// is created from a setup link, invites an editor (the invitation mail read from the SMTP server,
// its link followed in a second browser context), the editor signs in with e-mail and password and
// finds what an editor may and may not do, a viewer sees disabled controls with their reason, and
// when the owner removes the editor, the editor's open dashboard signs out within seconds.

ensureDashboardBuilt()
vi.setConfig({ expect: { poll: { timeout: 30_000, interval: 100 } } })

let ctx: TestContext
let smtp: SmtpServer
let browser: Browser
let base: string

const OWNER = { email: 'olive@example.com', name: 'Olive Owner', password: 'plum orchard ledger 42' }
const EDITOR = { email: 'eddie@example.com', name: 'Eddie Editor', password: 'quiet harbour lantern 7' }

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

/** A one-time setup link for the first owner, made as the first start makes it. */
async function setupLink(): Promise<string> {
  const made = await createSetupCode(ctx.database.db, ctx.clock, {
    workspaceId: ctx.workspaceId,
    role: 'owner',
  })
  return setupLinkOf(base, made.code)
}

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base })
  const page = await context.newPage()
  page.setDefaultTimeout(45_000)
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`))
  return { context, page }
}

const topBar = (page: Page) => page.getByRole('banner')

beforeAll(async () => {
  smtp = await startSmtpServer()
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  ctx = await createTestContext({
    smtpUrl: smtp.url,
    mailFrom: 'Canvass <canvass@example.com>',
    publicUrl: base,
    mailRate: 0,
    publicRateLimit: 0,
  })
  await ctx.app.listen({ port, host: '127.0.0.1' })
  ctx.startWorker({ pollMs: 200 })
  browser = await launchChromium()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await ctx?.close()
  await smtp?.close()
})

async function setUpOwner(page: Page) {
  await page.goto(await setupLink())
  await page.getByRole('heading', { level: 1, name: 'Set up Canvass' }).waitFor()
  await page.getByLabel('E-mail', { exact: true }).fill(OWNER.email)
  await page.getByLabel('Your name', { exact: true }).fill(OWNER.name)
  const password = page.getByLabel('Password', { exact: true })
  await password.fill('too short')
  // The rule follows what is typed.
  await expect.poll(() => page.locator('#setup-password-rule').textContent()).toContain('(3 more characters)')
  await checkScreen(page, 'team-setup')
  await password.fill(OWNER.password)
  await expect.poll(() => page.locator('#setup-password-rule').textContent()).toContain('✓')
  await page.getByRole('button', { name: 'Create account' }).click()
  await page.getByRole('heading', { level: 1, name: 'Forms' }).waitFor()
  expect(await topBar(page).getByRole('link', { name: OWNER.name }).isVisible()).toBe(true)
  expect(await topBar(page).getByText('Owner', { exact: true }).isVisible()).toBe(true)
}

/** The accept link of the invitation mailed to `email`. */
async function invitationLink(email: string): Promise<string> {
  await smtp.waitFor((mails) => mails.some((mail) => mail.to.includes(email)), 60_000)
  const mail = smtp.mails.find((item) => item.to.includes(email))
  const link = /http:\/\/127\.0\.0\.1:\d+\/app\/accept\?code=[A-Za-z0-9_-]+/.exec(
    mail?.parsed.text ?? '',
  )?.[0]
  if (!link) throw new Error(`no accept link in: ${mail?.parsed.text}`)
  return link
}

async function invite(page: Page, email: string, role: string) {
  const form = page.getByRole('form', { name: 'Invite a member' })
  await form.getByLabel('E-mail', { exact: true }).fill(email)
  await form.getByRole('combobox').selectOption({ label: role })
  await form.getByRole('button', { name: 'Send invitation' }).click()
  await page
    .getByRole('status')
    .filter({ hasText: `Invitation sent to ${email}` })
    .waitFor()
  await page.getByRole('list', { name: 'Pending invitations' }).getByText(email, { exact: true }).waitFor()
}

async function acceptAsEditor(page: Page, link: string) {
  await page.goto(link)
  await page.getByRole('heading', { level: 1, name: 'Join your team on Canvass' }).waitFor()
  // The invitation says whom it is for, once the page has read it.
  await page.locator('strong', { hasText: EDITOR.email }).waitFor()
  await checkScreen(page, 'team-accept')
  await page.getByLabel('Your name', { exact: true }).fill(EDITOR.name)
  await page.getByLabel('Password', { exact: true }).fill(EDITOR.password)
  await page.getByRole('button', { name: 'Join' }).click()
  await page.getByRole('heading', { level: 1, name: 'Forms' }).waitFor()
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${base}/app`)
  await page.getByLabel('E-mail', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/** What an editor may do (forms, its own tokens) and may not (the team, the audit log). */
async function checkEditor(page: Page) {
  expect(await topBar(page).getByText('Editor', { exact: true }).isVisible()).toBe(true)
  expect(await page.getByRole('link', { name: 'New form' }).isVisible()).toBe(true)
  await topBar(page).getByRole('link', { name: 'Team' }).click()
  await page.getByRole('heading', { level: 2, name: 'New token' }).waitFor()
  expect(await page.getByRole('navigation', { name: 'Team sections' }).count()).toBe(0)
  // The scope picker offers the editor's own scopes only.
  const picker = page.getByRole('group', { name: 'Scopes' })
  expect(await picker.getByText('forms:write').count()).toBe(1)
  expect(await picker.getByText('members:read').count()).toBe(0)
  expect(await picker.getByText('audit:read').count()).toBe(0)
  await page.getByLabel('Name', { exact: true }).fill('Editor script')
  await page.getByRole('button', { name: 'Create token' }).click()
  const token = await page.getByTestId('new-token').textContent()
  expect(token).toMatch(/^cvs_/)
  await page.getByRole('button', { name: 'Copy token' }).click()
  await page.getByRole('status').filter({ hasText: 'Token copied' }).waitFor()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token)
  await checkScreen(page, 'team-tokens')
  const made = await ctx.request({ method: 'GET', url: '/v1/forms', token })
  expect(made.statusCode).toBe(200)
  await page.getByRole('button', { name: 'Done' }).click()
  await page.getByRole('list', { name: 'Tokens' }).locator('strong', { hasText: 'Editor script' }).waitFor()
  // Revoked from the list, after a confirmation, it no longer opens the API.
  await page.getByRole('button', { name: 'Revoke Editor script' }).click()
  await page
    .getByRole('dialog', { name: 'Revoke Editor script?' })
    .getByRole('button', { name: 'Revoke token' })
    .click()
  await page.getByRole('status').filter({ hasText: 'Token Editor script revoked' }).waitFor()
  expect((await ctx.request({ method: 'GET', url: '/v1/forms', token })).statusCode).toBe(401)

  await page.goto(`${base}/app/team/members`)
  await page.getByText("Your role can't see the team's members.").waitFor()
  await page.goto(`${base}/app/team/audit`)
  await page.getByText('Only owners and admins can read the audit log.').waitFor()
  const refused = await page.evaluate(async () => (await fetch('/v1/members')).status)
  expect(refused).toBe(403)
}

describe('the team in the dashboard', () => {
  it('sets up the owner, invites an editor by mail, and signs the editor out when removed', async () => {
    const owner = await newPage()
    await setUpOwner(owner.page)

    await topBar(owner.page).getByRole('link', { name: 'Team' }).click()
    await owner.page.getByRole('heading', { level: 2, name: 'Members' }).waitFor()
    await invite(owner.page, EDITOR.email, 'Editor')
    await checkScreen(owner.page, 'team-members')

    const editor = await newPage()
    await acceptAsEditor(editor.page, await invitationLink(EDITOR.email))
    // Signed out, the editor signs in again with e-mail and password; a wrong one is said plainly.
    await topBar(editor.page).getByRole('button', { name: 'Sign out' }).click()
    await signIn(editor.page, EDITOR.email, 'not the password at all')
    await editor.page.getByRole('alert').waitFor()
    await checkScreen(editor.page, 'team-sign-in-failed')
    await signIn(editor.page, EDITOR.email, EDITOR.password)
    await editor.page.getByRole('heading', { level: 1, name: 'Forms' }).waitFor()
    await checkEditor(editor.page)

    // The owner sees the editor and the audit log of what happened.
    await owner.page.goto(`${base}/app/team/members`)
    const row = owner.page
      .getByRole('list', { name: 'Members' })
      .getByRole('listitem')
      .filter({ hasText: EDITOR.email })
    await row.waitFor()
    // The owner makes the editor a viewer, and the API then treats it as one.
    await row.getByLabel(`Role of ${EDITOR.name}`).selectOption('viewer')
    await owner.page
      .getByRole('status')
      .filter({ hasText: `${EDITOR.name} is now a viewer` })
      .waitFor()
    const listed = await ctx.request({ method: 'GET', url: '/v1/members?page_size=100' })
    const members = (listed.json() as { items: { email: string; role: string }[] }).items
    expect(members.find((member) => member.email === EDITOR.email)?.role).toBe('viewer')
    await owner.page.getByRole('link', { name: 'Audit log' }).click()
    await owner.page.getByRole('table').getByText('session.sign_in', { exact: true }).first().waitFor()
    await owner.page.getByRole('table').getByText('updateMember', { exact: true }).first().waitFor()
    await checkScreen(owner.page, 'team-audit')

    // Removing the editor ends the editor's open dashboard within seconds.
    await editor.page.goto(`${base}/app/forms`)
    await editor.page.getByRole('heading', { level: 1, name: 'Forms' }).waitFor()
    await owner.page.getByRole('link', { name: 'Members' }).click()
    await row.getByRole('button', { name: `Remove ${EDITOR.name}` }).click()
    const dialog = owner.page.getByRole('dialog', { name: `Remove ${EDITOR.name}?` })
    await dialog.getByRole('button', { name: 'Remove member' }).click()
    await owner.page
      .getByRole('status')
      .filter({ hasText: `${EDITOR.name} was removed` })
      .waitFor()
    const removedAt = Date.now()
    await editor.page
      .getByRole('heading', { level: 1, name: 'Sign in to Canvass' })
      .waitFor({ timeout: 15_000 })
    expect(Date.now() - removedAt).toBeLessThan(15_000)
    expect(await editor.page.getByText('You were signed out').isVisible()).toBe(true)
    await owner.context.close()
    await editor.context.close()
  }, 300_000)

  it('shows a viewer the controls it cannot use, disabled, with the reason', async () => {
    const viewer = await addMember(ctx, { role: 'viewer', name: 'Vera Viewer' })
    const { context, page } = await newPage()
    const [name, value] = viewer.cookie.split('=') as [string, string]
    await context.addCookies([{ name, value, url: base }])
    await page.goto(`${base}/app/forms`)
    await page.getByRole('heading', { level: 1, name: 'Forms' }).waitFor()
    const newForm = page.getByRole('button', { name: 'New form' })
    expect(await newForm.isDisabled()).toBe(true)
    expect(await page.getByText("Viewers can't create forms").isVisible()).toBe(true)
    expect(await topBar(page).getByText('Viewer', { exact: true }).isVisible()).toBe(true)
    await checkScreen(page, 'team-viewer-forms')
    await page.goto(`${base}/app/team/members`)
    await page.getByRole('list', { name: 'Members' }).waitFor()
    expect(await page.getByRole('button', { name: 'Invite a member' }).isDisabled()).toBe(true)
    expect(await page.getByText("Viewers can't invite or change members").isVisible()).toBe(true)
    expect(await page.getByRole('combobox').count()).toBe(0)
    await context.close()
  }, 120_000)

  it('renames the member and changes the password on the profile page', async () => {
    const admin = await addMember(ctx, { role: 'admin', name: 'Ada Admin' })
    const { context, page } = await newPage()
    await signIn(page, admin.email, admin.password)
    await page.getByRole('heading', { level: 1, name: 'Forms' }).waitFor()
    await topBar(page).getByRole('link', { name: 'Ada Admin' }).click()
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor()
    await page.getByLabel('Name', { exact: true }).fill('Ada A. Admin')
    await page.getByRole('button', { name: 'Save name' }).click()
    await topBar(page).getByRole('link', { name: 'Ada A. Admin' }).waitFor()
    await page.getByLabel('Current password', { exact: true }).fill(admin.password)
    await page.getByLabel('New password', { exact: true }).fill('copper kettle meadow 19')
    await page.getByRole('button', { name: 'Change password' }).click()
    await page.getByRole('status').filter({ hasText: 'Password changed' }).waitFor()
    await checkScreen(page, 'team-profile')
    await context.close()
  }, 120_000)

  it('asks for a reset link, and sets a new password from the mailed link', async () => {
    const member = await addMember(ctx, { role: 'editor', email: 'rita@example.com' })
    const { context, page } = await newPage()
    await page.goto(`${base}/app`)
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor()
    await page.getByLabel('E-mail', { exact: true }).fill(member.email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await page.getByRole('status').filter({ hasText: 'is on its way' }).waitFor()
    await checkScreen(page, 'team-reset-request')
    await smtp.waitFor((mails) => mails.some((mail) => mail.to.includes(member.email)), 60_000)
    const text = smtp.mails.find((mail) => mail.to.includes(member.email))?.parsed.text ?? ''
    const link = /http:\/\/127\.0\.0\.1:\d+\/app\/reset\?code=[A-Za-z0-9_-]+/.exec(text)?.[0]
    expect(link, text).toBeTruthy()
    await page.goto(link as string)
    await page.getByLabel('New password', { exact: true }).fill('silver birch window 88')
    await checkScreen(page, 'team-reset')
    await page.getByRole('button', { name: 'Set password' }).click()
    await page.getByRole('status').filter({ hasText: 'Your password is changed' }).waitFor()
    await signIn(page, member.email, 'silver birch window 88')
    await page.getByRole('heading', { level: 1, name: 'Forms' }).waitFor()
    await context.close()
  }, 120_000)
})
