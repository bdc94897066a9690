import type { AddressInfo } from 'node:net'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createForm } from '../forms/fixtures.js'
import { ensureDashboardBuilt, launchChromium, signedInDashboard } from '../support/browser.js'
import { useTestContext } from '../support/context.js'
import { checkScreen } from '../support/screens.js'

// Issue 28, item 8: the builder edits a form's flow. Pages, rules and endings are built through
// the editor as a person would (by label and role, with the keyboard's controls); the save-time
// checks speak beside the rule as it is typed; "Try a path" asks the server's simulate; the
// preview walks the pages; what is saved is read back through the API.

ensureDashboardBuilt()
vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 50 } } })
const ctx = useTestContext()
let browser: Browser
let base: string

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  browser = await launchChromium()
}, 60_000)

afterAll(async () => {
  await browser?.close()
})

const survey = {
  title: 'Course survey',
  questions: [
    {
      id: 'q_role',
      title: 'You are',
      type: 'multiple_choice',
      required: true,
      properties: { choices: ['Student', 'Teacher'] },
    },
    { id: 'q_name', title: 'Your school', type: 'short_text' },
    {
      id: 'q_subject',
      title: 'What do you teach?',
      type: 'dropdown',
      properties: { choices: ['Maths', 'Art'] },
    },
    { id: 'q_years', title: 'Years of teaching', type: 'number' },
    { id: 'q_feedback', title: 'Anything else?', type: 'long_text' },
  ],
}

async function editor(formId: string): Promise<Page> {
  const page = await signedInDashboard(browser, base, ctx.token, { path: `/app/forms/${formId}/edit` })
  await page.getByRole('heading', { level: 1, name: /^Edit / }).waitFor()
  return page
}

async function storedForm(formId: string) {
  const response = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })
  expect(response.statusCode).toBe(200)
  return response.json()
}

const card = (page: Page, n: number): Locator =>
  page.getByRole('listitem', { name: new RegExp(`^Question ${n}:`) })

/** Three pages: the role and school, the teaching questions, the last words. */
async function buildPages(page: Page) {
  const questions = page.getByRole('group', { name: 'Questions' })
  await questions.getByRole('button', { name: 'Add a page' }).click()
  await questions.getByRole('button', { name: 'Add a page' }).click()
  await expect
    .poll(() => questions.getByRole('heading', { level: 2 }).allTextContents())
    .toEqual(['Page 1 of 3', 'Page 2 of 3 (no questions yet)', 'Page 3 of 3 (no questions yet)'])
  await page.getByLabel('Title of page 2 (optional)').fill('Teaching')
  // Page by page, in question order: the last question goes to page 3 by its select; question 3
  // to page 2 by its select, after question 4 that is still on page 1 (now question 3); that one
  // follows to page 2 by "move down" across the boundary, and back by "move up".
  await card(page, 5).getByLabel('Page of question 5').selectOption({ label: 'Page 3' })
  await card(page, 3).getByLabel('Page of question 3').selectOption({ label: 'Page 2: Teaching' })
  await expect
    .poll(() => card(page, 4).getByLabel('Question', { exact: true }).inputValue())
    .toBe('What do you teach?')
  const third = card(page, 3)
  await third.getByRole('button', { name: 'Move question 3 up' }).click()
  await expect
    .poll(() => card(page, 2).getByLabel('Question', { exact: true }).inputValue())
    .toBe('Years of teaching')
  await card(page, 2).getByRole('button', { name: 'Move question 2 down' }).click()
  await card(page, 3).getByRole('button', { name: 'Move question 3 down' }).click()
  await expect.poll(() => card(page, 3).getByLabel('Page of question 3').inputValue()).toBe('1')
  expect(await card(page, 3).getByLabel('Question', { exact: true }).inputValue()).toBe('Years of teaching')
}

describe('the builder’s flow', { timeout: 240_000 }, () => {
  it('splits a form into pages, in question order, and saves them', async () => {
    const formId = await createForm(ctx, survey)
    const page = await editor(formId)
    await buildPages(page)
    await page.getByRole('heading', { level: 2, name: 'Page 2 of 3' }).scrollIntoViewIfNeeded()
    await checkScreen(page, 'builder-flow-pages', { fullPage: false })
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect
      .poll(async () => (await storedForm(formId)).pages)
      .toEqual([
        { id: 'page_1', questions: ['q_role', 'q_name'] },
        { id: 'page_2', title: 'Teaching', questions: ['q_years', 'q_subject'] },
        { id: 'page_3', questions: ['q_feedback'] },
      ])
    expect((await storedForm(formId)).questions.map((q: { id: string }) => q.id)).toEqual([
      'q_role',
      'q_name',
      'q_years',
      'q_subject',
      'q_feedback',
    ])
    // Removing page 2 gives its questions to page 1.
    await page.getByRole('button', { name: 'Remove page 2' }).click()
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect
      .poll(async () => (await storedForm(formId)).pages)
      .toEqual([
        { id: 'page_1', questions: ['q_role', 'q_name', 'q_years', 'q_subject'] },
        { id: 'page_3', questions: ['q_feedback'] },
      ])
    await page.context().close()
  })
})
