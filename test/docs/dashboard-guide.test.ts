import { mkdirSync, readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  artifacts,
  ensureDashboardBuilt,
  expectAccessible,
  launchChromium,
  signedInDashboard,
} from '../support/browser.js'
import { useTestContext } from '../support/context.js'
import { type Receiver, startReceiver } from '../support/receiver.js'

// docs/dashboard.md, followed step by step as a team member would (issue 27, item 22): sign in,
// build and publish a form, share it, read its responses and insights, keep a contact list, add a
// webhook. Each step's screenshot is the guide's picture, 1280 × 800 in light mode: written into
// test-artifacts/guide on every run, and into docs/images when CANVASS_UPDATE_SCREENSHOTS=1 (how
// the committed ones were made). The committed ones must be the size the guide and the README say.

ensureDashboardBuilt()
vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 50 } } })
const root = resolve(import.meta.dirname, '../..')
const images = join(root, 'docs/images')
const update = process.env['CANVASS_UPDATE_SCREENSHOTS'] === '1'
const ctx = useTestContext({ publicUrl: 'https://forms.example.com' })
let browser: Browser
let base: string
let receiver: Receiver

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  browser = await launchChromium()
  receiver = await startReceiver()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await receiver?.close()
})

const shots = ['forms', 'builder', 'share', 'responses', 'insights', 'contacts', 'webhooks'] as const

/** The guide's picture of this step: the first screen of the page as it is, 1280 × 800, light. */
async function picture(page: Page, name: (typeof shots)[number]): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0))
  await expectAccessible(page)
  const folder = join(artifacts, 'guide')
  mkdirSync(folder, { recursive: true })
  await page.screenshot({ path: join(folder, `dashboard-${name}.png`) })
  if (update) await page.screenshot({ path: join(images, `dashboard-${name}.png`) })
}

/** Width and height from a PNG's header (IHDR follows the 8-byte signature). */
function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(path)
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

const answers = [
  { dish: 'Green curry', taste: 5, again: 'Yes' },
  { dish: 'Lasagne', taste: 4, again: 'Yes' },
  { dish: 'Soup of the day', taste: 3, again: 'No' },
  { dish: 'Green curry', taste: 5, again: 'Yes' },
  { dish: 'Falafel wrap', taste: 4, again: 'Yes' },
]

describe('the dashboard guide (docs/dashboard.md)', () => {
  it('works as written, step by step, and takes its pictures', { timeout: 300_000 }, async () => {
    const page = await signedInDashboard(browser, base, ctx.token)
    await page.getByRole('heading', { level: 1, name: 'Forms' }).waitFor()

    // 1. Build a form: a title, a question or two, then Publish.
    await page.getByRole('link', { name: 'New form' }).click()
    await page.getByRole('heading', { level: 1, name: 'New form' }).waitFor()
    await page.getByLabel('Form title').fill('Team lunch')
    await page.getByRole('button', { name: 'Add question' }).click()
    const first = page.getByRole('listitem', { name: /^Question 1/ })
    await first.getByLabel('Question', { exact: true }).fill('What did you eat?')
    await first.getByLabel('Description (optional)').fill('The dish, as the menu names it.')
    // The preview shows the question with its description under it, as people will see it.
    const preview = page.frameLocator('iframe[title="Preview of the public page"]')
    await expect
      .poll(() =>
        preview.getByRole('textbox', { name: 'What did you eat?' }).getAttribute('aria-describedby'),
      )
      .toBeTruthy()
    await expect.poll(() => preview.getByText('The dish, as the menu names it.').count()).toBe(1)
    await page.getByRole('button', { name: 'Add question' }).click()
    const second = page.getByRole('listitem', { name: /^Question 2/ })
    await second.getByLabel('Question', { exact: true }).fill('How did it taste?')
    await second.getByLabel('Kind').selectOption({ label: 'Rating' })
    await page.getByRole('button', { name: 'Add question' }).click()
    const third = page.getByRole('listitem', { name: /^Question 3/ })
    await third.getByLabel('Question', { exact: true }).fill('Would you order it again?')
    await third.getByLabel('Kind').selectOption({ label: 'Multiple choice' })
    await third.getByRole('textbox', { name: 'Choice 1' }).fill('Yes')
    await third.getByRole('textbox', { name: 'Choice 2' }).fill('No')
    await page
      .getByRole('group', { name: 'Publishing' })
      .getByRole('button', { name: 'Publish', exact: true })
      .click()
    await page.getByRole('heading', { level: 1, name: 'Edit Team lunch' }).waitFor()
    await expect
      .poll(() => page.getByRole('group', { name: 'Publishing' }).textContent())
      .toContain('Anyone with the link can answer')
    await picture(page, 'builder')
    const formId = decodeURIComponent(new URL(page.url()).pathname.split('/')[3] ?? '')
    expect(formId).toMatch(/^frm_/)

    // 2. Share it: the Share tab has the link, a QR code and the embed code.
    await page.goto(`${base}/app/forms/${encodeURIComponent(formId)}/share`)
    const link = `https://forms.example.com/f/${formId}`
    await expect.poll(() => page.getByLabel('Form link').inputValue()).toBe(link)
    await page
      .getByRole('img', { name: /QR code/ })
      .first()
      .waitFor()
    await expect.poll(() => page.getByLabel('Embed code').inputValue()).toContain('embed.js')
    await picture(page, 'share')

    // People answer (here through the public API the hosted page posts to), by the ids the builder gave.
    const stored = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })
    const idOf = (title: string) =>
      (stored.json().questions as { id: string; title: string }[]).find((q) => q.title === title)
        ?.id as string
    for (const answer of answers) {
      const body = {
        [idOf('What did you eat?')]: answer.dish,
        [idOf('How did it taste?')]: answer.taste,
        [idOf('Would you order it again?')]: answer.again,
      }
      const sent = await fetch(`${base}/v1/public/forms/${formId}/responses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ answers: body }),
      })
      expect(sent.status).toBe(201)
    }

    // 3. Read the responses: every question a column, a search over the text answers.
    await page.getByRole('link', { name: 'Responses' }).click()
    const table = page.getByRole('table')
    await expect.poll(() => table.getByRole('row').count()).toBe(answers.length + 1)
    await page.getByLabel('Search text answers').fill('curry')
    await page.getByLabel('Search text answers').press('Enter')
    await expect.poll(() => table.getByRole('row').count()).toBe(3)
    await page.getByLabel('Search text answers').fill('')
    await expect.poll(() => table.getByRole('row').count()).toBe(answers.length + 1)
    await picture(page, 'responses')

    // 4. Insights: a chart a question, kept up to date as responses arrive.
    await page.getByRole('link', { name: 'Insights' }).click()
    await expect.poll(() => page.getByText(`${answers.length} responses`).first().isVisible()).toBe(true)
    await page.getByRole('region', { name: 'How did it taste?' }).waitFor()
    await picture(page, 'insights')

    // 5. Webhooks: every new response sent to another system, signed.
    await page.getByRole('link', { name: 'Webhooks' }).click()
    await page.getByRole('button', { name: 'Add a webhook' }).click()
    await page.getByLabel('Name (tag)').fill('crm')
    await page.getByLabel('URL').fill(receiver.url)
    await page.getByRole('button', { name: 'Create webhook' }).click()
    await page.getByRole('region', { name: 'Signing secret of crm' }).waitFor()
    await page.getByRole('button', { name: 'Done' }).click()
    await page.getByRole('heading', { name: 'crm', exact: true }).waitFor()
    await picture(page, 'webhooks')

    // 6. Contacts: a list, and the people on it.
    await page.getByRole('link', { name: 'Contacts' }).click()
    await page.getByLabel('New list name').fill('Office Berlin')
    await page.getByRole('button', { name: 'Create list' }).click()
    await page.getByRole('link', { name: 'Office Berlin' }).click()
    const add = page.getByRole('form', { name: 'Add a contact' })
    for (const [name, email] of [
      ['Ada Lovelace', 'ada@example.com'],
      ['Jörg Müller', 'joerg@example.com'],
    ] as const) {
      await add.getByLabel('Name').fill(name)
      await add.getByLabel('E-mail').fill(email)
      await add.getByRole('button', { name: 'Add contact' }).click()
      await expect
        .poll(() => page.getByRole('table').getByRole('row').filter({ hasText: email }).count())
        .toBe(1)
    }
    await picture(page, 'contacts')

    // 7. The forms list: the new form, live, with its responses.
    await page.getByRole('link', { name: 'Forms', exact: true }).first().click()
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Team lunch' }) })
    await expect.poll(() => card.textContent()).toContain(`${answers.length} responses`)
    await expect.poll(() => card.textContent()).toContain('Live')
    await picture(page, 'forms')
    await page.context().close()
  })

  it('has its pictures in docs/images at the size the guide and the README say', () => {
    for (const name of shots)
      expect(pngSize(join(images, `dashboard-${name}.png`)), name).toEqual({ width: 1280, height: 800 })
    const said = `${readFileSync(join(root, 'README.md'), 'utf8')}${readFileSync(join(root, 'docs/dashboard.md'), 'utf8')}`
    const pictures = [...said.matchAll(/!\[([^\]]*)\]\((?:docs\/)?images\/(dashboard-[\w-]+\.png)\)/g)]
    expect(pictures.length).toBeGreaterThanOrEqual(shots.length)
    for (const [, alt, file] of pictures) {
      expect(alt, file).toContain('1280 × 800')
      expect(shots.map((name) => `dashboard-${name}.png`)).toContain(file)
    }
  })
})
