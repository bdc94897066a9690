import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../support/browser.js'
import { useTestContext } from '../support/context.js'
import { checkScreen } from '../support/screens.js'

// Issue 27, item 21: /docs, the API reference, reads as a person needs it (operations by tag, with
// their parameters, bodies and responses), passes axe light and dark at 390 and 1280 px, and asks
// nothing of any other origin: every request the page makes goes back to this server.

const ctx = useTestContext()
let browser: Browser
let base: string

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  browser = await launchChromium()
}, 120_000)

afterAll(async () => {
  await browser?.close()
})

// axe reads a page of some 40 operations and their field tables: minutes on a loaded machine.
describe('the API reference page', { timeout: 900_000 }, () => {
  it('shows each operation with its parameters, is accessible, and stays on this server', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const requests: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    await page.goto(`${base}/docs`)
    expect(await page.title()).toBe('Canvass API reference')

    // The contents lead to an operation; the operation names its method, path and parameters.
    await page
      .getByRole('navigation', { name: 'Contents' })
      .getByRole('link', { name: 'List responses' })
      .click()
    expect(new URL(page.url()).hash).toBe('#listResponses')
    const operation = page.getByRole('region', { name: 'List responses, newest first' })
    expect(await operation.getByText('/v1/forms/{form_id}/responses', { exact: true }).isVisible()).toBe(true)
    expect(await operation.getByText('GET', { exact: true }).isVisible()).toBe(true)
    const parameters = operation.getByRole('table', { name: 'Parameters' })
    for (const name of ['form_id', 'page', 'page_size', 'since', 'until']) {
      expect(
        await parameters.getByRole('rowheader', { name: new RegExp(`^${name}\\b`) }).isVisible(),
        name,
      ).toBe(true)
    }
    expect(await parameters.getByRole('row', { name: /page_size/ }).textContent()).toContain('Items per page')
    // Its answer: the page of responses, linked to the schema that lists its fields.
    await operation
      .getByRole('table', { name: 'Responses' })
      .getByRole('link', { name: 'ResponsePage' })
      .click()
    const schema = page.getByRole('region', { name: 'ResponsePage' })
    expect(new URL(page.url()).hash).toBe('#schema-ResponsePage')
    expect(await schema.getByRole('table', { name: 'ResponsePage fields' }).textContent()).toContain(
      'page_size',
    )

    // A request body is unfolded into its fields, nested ones named by their path.
    const create = page.getByRole('region', { name: 'Create a form' })
    const body = create.getByRole('table', { name: 'Request body fields' })
    expect(await body.getByRole('rowheader', { name: /^settings\.thank_you\.title/ }).isVisible()).toBe(true)

    await page.goto(`${base}/docs`)
    await checkScreen(page, 'docs-reference', { fullPage: false })

    expect(requests.length).toBeGreaterThan(0)
    const elsewhere = requests.filter((url) => !url.startsWith('data:') && new URL(url).origin !== base)
    expect(elsewhere).toEqual([])
    await context.close()
  })
})
