import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createForm } from '../forms/fixtures.js'
import {
  artifacts,
  ensureDashboardBuilt,
  expectAccessible,
  launchChromium,
  signedInDashboard,
} from '../support/browser.js'
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

/**
 * A part of the builder at a phone's width, light and dark, scrolled to it (checkScreen's own
 * shots start from wherever a resize leaves the page), with axe on each.
 */
async function phoneShots(page: Page, part: Locator, name: string) {
  await page.setViewportSize({ width: 390, height: 800 })
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await part.scrollIntoViewIfNeeded()
    await page.evaluate(() => window.scrollBy(0, -60))
    await expectAccessible(page)
    await page.screenshot({ path: join(artifacts, 'dashboard', `${name}-390-${colorScheme}.png`) })
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 800 })
}

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

/** Two endings, one per role. */
async function buildEndings(page: Page) {
  const endings = page.getByRole('group', { name: 'Endings' })
  await endings.getByRole('button', { name: 'Add an ending' }).click()
  await endings.getByRole('button', { name: 'Add an ending' }).click()
  const first = endings.getByRole('group', { name: 'Ending 1' })
  await first.getByLabel('Id', { exact: true }).fill('student')
  await first.getByLabel('Title', { exact: true }).fill('Good luck with your studies')
  const second = endings.getByRole('group', { name: 'Ending 2' })
  await second.getByLabel('Id', { exact: true }).fill('teacher')
  await second.getByLabel('Title', { exact: true }).fill('Thank you, teacher')
  // Recall: the subject taught, inserted where the caret was, before the full stop.
  const message = second.getByLabel('Message', { exact: true })
  await message.fill('We will write to you about .')
  await message.press('End')
  await message.press('ArrowLeft')
  const insert = second.getByRole('button', { name: 'Insert answer' }).last()
  expect(
    await insert.evaluate(
      (button) => document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent,
    ),
  ).toBe('Message')
  await insert.click()
  const options = second.getByRole('list').getByRole('button')
  // Every question's answer in the form's order, then the hidden fields and variables (none here).
  expect(await options.allTextContents()).toEqual(
    ['You are', 'Your school', 'Years of teaching', 'What do you teach?', 'Anything else?'].map(
      (title) => `Answer: ${title}`,
    ),
  )
  await second.getByRole('button', { name: 'Answer: What do you teach?' }).click()
  await expect.poll(() => message.inputValue()).toBe('We will write to you about {{question:q_subject}}.')
  // The caret is after what was inserted, in the field again (put back after the next render:
  // on a busy machine that can come after the value does).
  await expect
    .poll(() =>
      message.evaluate((field: HTMLTextAreaElement) => [
        document.activeElement === field,
        field.selectionStart,
      ]),
    )
    .toEqual([true, 49])
}

/**
 * A jump rule (students skip the teaching page and end on their own ending) and a show rule (the
 * subject is asked of teachers only), picked from what each select offers. The jump first goes to
 * page 1, a loop the save-time checks name beside it while it is there.
 */
async function buildRules(page: Page) {
  const rules = page.getByRole('group', { name: 'Rules' })
  await rules.getByRole('button', { name: 'Add a rule' }).click()
  const jump = rules.getByRole('group', { name: 'Rule 1' })
  await jump.getByLabel('Condition 1', { exact: true }).selectOption({ label: '1. You are' })
  // Only the tests that fit a choice question, and only its labels as values.
  expect(await jump.getByLabel('Test').locator('option').allTextContents()).toEqual([
    'is answered',
    'is not answered',
    'is',
    'is not',
    'includes',
    'does not include',
  ])
  await jump.getByLabel('Test').selectOption({ label: 'is' })
  expect(await jump.getByLabel('Value').locator('option').allTextContents()).toEqual(['Student', 'Teacher'])
  await jump.getByLabel('Value').selectOption('Student')
  await jump.getByLabel('Action 1', { exact: true }).selectOption({ label: 'Go to a page' })
  const target = jump.getByLabel('Page', { exact: true })
  await target.selectOption({ label: 'Page 1' })
  const loop = jump.getByText(/must be a page after page_1, where this rule is decided/)
  await expect.poll(() => loop.count()).toBe(1)
  expect(await target.getAttribute('aria-invalid')).toBe('true')
  // Saving now is refused before anything is sent: the list of problems names the rule's action.
  await page.getByRole('button', { name: 'Save changes' }).click()
  const summary = page.getByRole('alert').filter({ hasText: 'to fix before saving' })
  await expect.poll(() => summary.textContent()).toContain('Rule 1, action 1: must be a page after page_1')
  await target.selectOption({ label: 'Page 3' })
  await expect.poll(() => loop.count()).toBe(0)
  await expect.poll(() => summary.count()).toBe(0)
  expect(await target.getAttribute('aria-invalid')).toBe(null)
  await jump.getByRole('button', { name: 'Add an action' }).click()
  await jump.getByLabel('Action 2', { exact: true }).selectOption({ label: 'Choose the ending' })
  await jump.getByLabel('Ending').selectOption('student')

  await rules.getByRole('button', { name: 'Add a rule' }).click()
  const show = rules.getByRole('group', { name: 'Rule 2' })
  await show.getByLabel('Value').selectOption('Teacher')
  await show.getByLabel('Action 1', { exact: true }).selectOption({ label: 'Show a question' })
  await show.getByLabel('Question', { exact: true }).selectOption({ label: '4. What do you teach?' })
  await show.getByRole('button', { name: 'Add an action' }).click()
  await show.getByLabel('Action 2', { exact: true }).selectOption({ label: 'Choose the ending' })
  await show.getByLabel('Ending').selectOption('teacher')
  await expect.poll(() => show.textContent()).toContain('Decided when people leave page 1')

  // A second condition makes a group; a number offers comparisons and takes a number; the rule
  // then reads page 2, so it is decided there. Removing the condition makes it simple again.
  await show.getByRole('button', { name: 'Add a condition' }).click()
  await show.getByLabel('When', { exact: true }).selectOption({ label: 'any of these holds' })
  await show.getByLabel('Condition 2', { exact: true }).selectOption({ label: '3. Years of teaching' })
  const test = show.getByLabel('Test').nth(1)
  expect(await test.locator('option').allTextContents()).toEqual([
    'is answered',
    'is not answered',
    'is',
    'is not',
    'is less than',
    'is at most',
    'is more than',
    'is at least',
  ])
  await test.selectOption({ label: 'is more than' })
  await show.getByLabel('Value').nth(1).fill('10')
  await expect.poll(() => show.textContent()).toContain('Decided when people leave page 2: Teaching')
  await show.getByRole('button', { name: 'Remove condition 2' }).click()
  await expect.poll(() => show.getByLabel('When', { exact: true }).count()).toBe(0)
  await expect.poll(() => show.textContent()).toContain('Decided when people leave page 1')
}

/**
 * "Try a path" asks the server's simulate for the unsaved form: a teacher sees page 2 and ends on
 * the teachers' ending; an answer no submission could give is refused beside it.
 */
async function tryPaths(page: Page) {
  const preview = page.getByRole('complementary', { name: 'Preview' })
  await preview.getByRole('button', { name: 'Try a path' }).click()
  const trying = preview.getByRole('form', { name: 'Try a path' })
  await trying.getByLabel('1. You are').selectOption('Teacher')
  await trying.getByLabel('3. Years of teaching').fill('2.5')
  await trying.getByLabel('4. What do you teach?').selectOption('Art')
  await trying.getByRole('button', { name: 'Try this path' }).click()
  const years = trying.getByLabel('3. Years of teaching')
  await expect.poll(() => years.getAttribute('aria-invalid')).toBe('true')
  await years.fill('12')
  await trying.getByRole('button', { name: 'Try this path' }).click()
  const result = trying.getByRole('definition')
  await expect
    .poll(() => result.allTextContents())
    .toEqual([
      'Page 1 → Page 2: Teaching → Page 3',
      '1. You are; 2. Your school; 3. Years of teaching; 4. What do you teach?; 5. Anything else?',
      'none',
      'teacher (“Thank you, teacher”)',
    ])
  expect(await years.getAttribute('aria-invalid')).toBe(null)
  await checkScreen(page, 'builder-flow-try', { fullPage: false })
  await page.setViewportSize({ width: 390, height: 800 })
  await page.getByRole('tab', { name: 'Preview' }).click()
  await phoneShots(page, result.first(), 'builder-flow-try-phone')

  // The preview walks the same answers' path, page by page (the hosted page's own renderer: every
  // page is in it, the others hidden), and ends on their ending.
  await preview.getByRole('button', { name: 'Form', exact: true }).click()
  const frame = page.frameLocator('iframe[title="Preview of the public page"]')
  await expect.poll(() => preview.getByText(/^Page \d of \d/).textContent()).toBe('Page 1 of 3')
  await expect.poll(() => frame.getByText('You are').filter({ visible: true }).count()).toBe(1)
  expect(await frame.getByText('What do you teach?').filter({ visible: true }).count()).toBe(0)
  await preview.getByRole('button', { name: 'Next page' }).click()
  await expect.poll(() => preview.getByText(/^Page \d of \d/).textContent()).toBe('Page 2 of 3: Teaching')
  await expect.poll(() => frame.getByText('What do you teach?').filter({ visible: true }).count()).toBe(1)
  await preview.getByRole('button', { name: 'Thank-you' }).click()
  const thanks = page.frameLocator('iframe[title="Preview of the thank-you screen"]')
  await expect.poll(() => thanks.getByRole('heading', { level: 1 }).textContent()).toBe('Thank you, teacher')
  await expect.poll(() => thanks.getByText('We will write to you about Art.').count()).toBe(1)

  // A student skips page 2 and ends on the students' ending.
  await preview.getByRole('button', { name: 'Try a path' }).click()
  await trying.getByLabel('1. You are').selectOption('Student')
  await trying.getByRole('button', { name: 'Try this path' }).click()
  await expect.poll(async () => (await result.allTextContents())[0]).toBe('Page 1 → Page 3')
  expect((await result.allTextContents()).at(-1)).toBe('student (“Good luck with your studies”)')
  // Answers to page 2's questions are off this path: a submission would be refused for them.
  expect(await trying.textContent()).toContain('Answered, but not on the path')
  await preview.getByRole('button', { name: 'Form', exact: true }).click()
  await expect.poll(() => preview.getByText(/^Page \d of \d/).textContent()).toBe('Page 1 of 2')
  await preview.getByRole('button', { name: 'Next page' }).click()
  await expect.poll(() => preview.getByText(/^Page \d of \d/).textContent()).toBe('Page 2 of 2')
  await expect.poll(() => frame.getByText('Anything else?').filter({ visible: true }).count()).toBe(1)
}

describe('the builder’s flow', { timeout: 240_000 }, () => {
  it('splits a form into pages, in question order, and saves them', async () => {
    const formId = await createForm(ctx, survey)
    const page = await editor(formId)
    await buildPages(page)
    await page.getByRole('heading', { level: 2, name: 'Page 2 of 3' }).scrollIntoViewIfNeeded()
    await checkScreen(page, 'builder-flow-pages', { fullPage: false })
    await phoneShots(
      page,
      page.getByRole('heading', { level: 2, name: 'Page 2 of 3' }),
      'builder-flow-page-phone',
    )
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
  it('builds rules and endings with the checks speaking as they are typed, and saves them', async () => {
    const formId = await createForm(ctx, survey)
    const page = await editor(formId)
    await buildPages(page)
    await buildEndings(page)
    await buildRules(page)
    await page.getByRole('group', { name: 'Rule 1' }).scrollIntoViewIfNeeded()
    await checkScreen(page, 'builder-flow-rules', { fullPage: false })
    await phoneShots(page, page.getByRole('group', { name: 'Rule 1' }), 'builder-flow-rule-phone')
    await phoneShots(page, page.getByRole('group', { name: 'Ending 2' }), 'builder-flow-ending-phone')
    await tryPaths(page)
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect.poll(async () => (await storedForm(formId)).logic?.length).toBe(2)
    const stored = await storedForm(formId)
    expect(stored.logic).toEqual([
      {
        if: { question: 'q_role', op: 'equals', value: 'Student' },
        then: [{ jump_to: 'page_3' }, { set_ending: 'student' }],
      },
      {
        if: { question: 'q_role', op: 'equals', value: 'Teacher' },
        then: [{ show: 'q_subject' }, { set_ending: 'teacher' }],
      },
    ])
    expect(stored.endings).toEqual([
      { id: 'student', title: 'Good luck with your studies' },
      {
        id: 'teacher',
        title: 'Thank you, teacher',
        message: 'We will write to you about {{question:q_subject}}.',
      },
    ])
    // The saved form's path, as the server walks it: a student skips page 2.
    const simulated = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${formId}/simulate`,
      payload: { answers: { q_role: 'Student' } },
    })
    expect(simulated.json()).toMatchObject({ pages: ['page_1', 'page_3'], ending: 'student' })
    await page.context().close()
  })
})
