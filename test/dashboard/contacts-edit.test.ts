import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ensureDashboardBuilt, launchChromium, signedInDashboard } from '../support/browser.js'
import { useTestContext } from '../support/context.js'
import { checkScreen } from '../support/screens.js'

// Issue 27, item 17: lists renamed and deleted, contacts added and edited one at a time, data keys
// as columns, a CSV with `;` or tabs, a BOM and "EMAIL" read, and the e-mail rule named.

ensureDashboardBuilt()
vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 50 } } })
const ctx = useTestContext()
let browser: Browser
let base: string
let newsletter: string

async function createList(name: string, contacts: object[]): Promise<string> {
  const id = (await ctx.request({ method: 'POST', url: '/v1/contact-lists', payload: { name } })).json().id
  const added = await ctx.request({
    method: 'POST',
    url: '/v1/contacts/bulk',
    payload: { list_id: id, contacts },
  })
  expect(added.statusCode, added.body).toBe(201)
  return id
}

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  browser = await launchChromium()
  newsletter = await createList('Newsletter', [
    { email: 'ada@example.com', name: 'Ada', data: { city: 'Paris' } },
    { email: 'bob@example.com', name: 'Bob', data: { plan: 'Pro' } },
  ])
  await createList('Old list', [{ email: 'old@example.com' }])
}, 120_000)

afterAll(async () => {
  await browser?.close()
})

async function signedIn(path: string): Promise<Page> {
  const page = await signedInDashboard(browser, base, ctx.token, { path: path })
  return page
}

const listTitles = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents()
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim())

describe('contact lists', { timeout: 180_000 }, () => {
  it('renames a list and deletes one after a confirmation naming its contacts', async () => {
    const page = await signedIn('/app/contacts')
    await expect.poll(() => listTitles(page)).toEqual(['Newsletter', 'Old list'])
    await checkScreen(page, 'contacts-lists')

    await page.getByRole('button', { name: 'Rename Newsletter' }).click()
    const rename = page.getByRole('dialog', { name: 'Rename “Newsletter”' })
    await rename.getByLabel('List name').fill('Monthly newsletter')
    await rename.getByRole('button', { name: 'Save name' }).click()
    await expect.poll(() => listTitles(page)).toEqual(['Monthly newsletter', 'Old list'])

    await page.getByRole('button', { name: 'Delete Old list' }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete “Old list”?' })
    await expect.poll(() => confirm.textContent()).toContain('Its 1 contact is deleted with it.')
    await expect.poll(() => focusedText(page)).toBe('Cancel')
    await confirm.getByRole('button', { name: 'Delete list' }).click()
    await expect.poll(() => listTitles(page)).toEqual(['Monthly newsletter'])
  })
})

describe('contacts one at a time', { timeout: 180_000 }, () => {
  it('shows data keys as columns, adds a contact, refuses an address by the server’s rule, edits one', async () => {
    const page = await signedIn(`/app/contacts/${newsletter}`)
    const table = page.getByRole('table')
    await expect
      .poll(() => table.getByRole('columnheader').allTextContents())
      .toEqual(['E-mail', 'Name', 'city', 'plan', 'Added', 'Actions'])
    const ada = table.getByRole('row').filter({ hasText: 'ada@example.com' })
    expect(await ada.getByRole('cell').nth(2).textContent()).toBe('Paris')

    const add = page.getByRole('form', { name: 'Add a contact' })
    await add.getByLabel('E-mail').fill('jörg@bücher.de')
    await add.getByRole('button', { name: 'Add contact' }).click()
    const email = add.getByLabel('E-mail')
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true')
    const message = await page
      .locator(`#${await email.evaluate((input) => input.getAttribute('aria-describedby'))}`)
      .textContent()
    expect(message).toContain('must be an e-mail address')
    expect(message).toContain('internationalised addresses (jörg@bücher.de) are refused everywhere')
    await checkScreen(page, 'contacts-list-page')

    await email.fill('grace@example.com')
    await add.getByLabel('Name').fill('Grace')
    await add.getByRole('button', { name: 'Add contact' }).click()
    await expect.poll(() => table.getByRole('row').filter({ hasText: 'grace@example.com' }).count()).toBe(1)
    await email.fill('ADA@example.com')
    await add.getByRole('button', { name: 'Add contact' }).click()
    await expect.poll(() => add.textContent()).toContain('ADA@example.com is already on this list')

    await page.getByRole('button', { name: 'Edit ada@example.com' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit ada@example.com' })
    await edit.getByLabel('E-mail').fill('ada.lovelace@example.com')
    await edit.getByLabel('city').fill('London')
    await checkScreen(page, 'contacts-edit-dialog', { fullPage: false })
    await edit.getByRole('button', { name: 'Save contact' }).click()
    const edited = table.getByRole('row').filter({ hasText: 'ada.lovelace@example.com' })
    await expect.poll(() => edited.count()).toBe(1)
    expect(await edited.getByRole('cell').nth(2).textContent()).toBe('London')
  })

  it('reads a CSV separated by semicolons or tabs, with a BOM and an EMAIL header', async () => {
    const page = await signedIn(`/app/contacts/${newsletter}`)
    const table = page.getByRole('table')
    await table.waitFor()
    const upload = async (name: string, text: string) => {
      await page
        .getByLabel('CSV file')
        .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) })
      await page.getByRole('button', { name: 'Upload contacts' }).click()
    }
    await upload('excel.csv', '\ufeffEMAIL;Name;Town\nmueller@example.com;Jörg Müller;Köln\n')
    const row = table.getByRole('row').filter({ hasText: 'mueller@example.com' })
    await expect.poll(() => row.count()).toBe(1)
    expect(await row.textContent()).toContain('Jörg Müller')
    expect(await table.getByRole('columnheader').allTextContents()).toContain('Town')

    await upload('copied.tsv', 'Email\tName\ntab@example.com\tTab Person\n')
    await expect.poll(() => table.getByRole('row').filter({ hasText: 'tab@example.com' }).count()).toBe(1)

    await upload('wrong.csv', 'e-mail address,name\nx@example.com,X\n')
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain(
        'no column of the first line is named “email” (in any case); read as separated by commas, its columns are “e-mail address”, “name”',
      )
  })
})
