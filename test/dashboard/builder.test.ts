import { readFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import type { Browser, BrowserContext, Dialog, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createForm } from '../forms/fixtures.js'
import { ensureDashboardBuilt, expectAccessible, launchChromium, screenshots } from '../support/browser.js'
import { useTestContext } from '../support/context.js'

// The form builder (issue 17) in a real browser, used as a person would: by label and role. Each
// step checks what the page shows and, where the page makes a claim, what the server stored.

ensureDashboardBuilt()
// Sized for a busy 2-core machine: a step takes well under a second when it is quiet and several
// when the suite shares it, so vitest's 1 s for expect.poll and 30 s for a test are too tight here.
vi.setConfig({ expect: { poll: { timeout: 10_000, interval: 50 } } })
const ctx = useTestContext()
let browser: Browser
let base: string

const kinds = [
  ['short_text', 'Short text'],
  ['long_text', 'Long text'],
  ['email', 'E-mail'],
  ['url', 'Web address'],
  ['phone_number', 'Phone number'],
  ['number', 'Number'],
  ['rating', 'Rating'],
  ['opinion_scale', 'Opinion scale'],
  ['nps', 'Net Promoter Score'],
  ['customer_sat', 'Customer satisfaction'],
  ['yes_no', 'Yes / no'],
  ['multiple_choice', 'Multiple choice'],
  ['dropdown', 'Dropdown'],
  ['date', 'Date'],
] as const

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  browser = await launchChromium()
}, 60_000)

afterAll(async () => {
  await browser?.close()
})

async function signedInPage(token = ctx.token): Promise<{ context: BrowserContext; page: Page }> {
  // A test whose browser died (Chromium has been seen to exit on a loaded machine, once, after a
  // page closed with a dismissed "leave the page?") fails alone: the next one gets a new browser.
  if (!browser.isConnected()) browser = await launchChromium()
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })
  const page = await context.newPage()
  page.setDefaultTimeout(45_000)
  // A script error in the app is a failure worth seeing, whatever the step that then times out.
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`))
  await page.goto(`${base}/app`)
  await page.getByLabel('API token').fill(token)
  await page.getByRole('button', { name: 'Sign in with token' }).click()
  await page.getByRole('heading', { level: 1, name: 'Forms' }).waitFor()
  return { context, page }
}

async function getForm(formId: string) {
  const response = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })
  expect(response.statusCode).toBe(200)
  return response.json()
}

async function openEditor(page: Page, formId: string) {
  await page.goto(`${base}/app/forms/${formId}/edit`)
  await page.getByRole('heading', { level: 1, name: /^Edit / }).waitFor()
}

/**
 * Does what opens a browser dialog and dismisses that dialog before going on: a listener left to
 * dismiss it later raced the page's closing on a busy machine (`dialog.dismiss: No dialog is showing`).
 * The action is awaited after the dismissal, since a click stalls while its dialog is open.
 */
async function dismissDialogOf(page: Page, action: () => Promise<unknown>): Promise<string> {
  const shown = page.waitForEvent('dialog')
  const acted = action()
  try {
    const dialog = await shown
    await dialog.dismiss()
    return dialog.type()
  } finally {
    await acted
  }
}

const questionTitle = (page: Page, index: number) => page.locator(`#f-questions-${index}-title`)
const cardLabels = (page: Page) =>
  page.locator('.question-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')))

describe('the form builder', { timeout: 90_000 }, () => {
  it('builds a form of all 14 kinds, reorders by keyboard, publishes it; the public page takes an answer', async () => {
    const { context, page } = await signedInPage()
    await page.getByRole('link', { name: 'New form' }).click()
    await page.getByRole('heading', { level: 1, name: 'New form' }).waitFor()
    await page.getByLabel('Form title').fill('Every kind')
    for (const [index, [, label]] of kinds.entries()) {
      await page.getByLabel('Kind of the new question').selectOption({ label })
      await page.getByRole('button', { name: 'Add question' }).click()
      await expect.poll(() => questionTitle(page, index).count()).toBe(1)
      await questionTitle(page, index).fill(`About ${label}`)
    }
    // Choices: renamed, one added, the first moved down by keyboard; several may be picked.
    const choice = (question: number, at: number) =>
      page.locator(`#f-questions-${question}-properties-choices-${at}`)
    await choice(11, 0).fill('Parking')
    await choice(11, 1).fill('Wi-Fi')
    await page.locator('.question-card').nth(11).getByRole('button', { name: 'Add a choice' }).click()
    await choice(11, 2).fill('Spa')
    await page.getByRole('button', { name: 'Move choice 1 down' }).first().focus()
    await page.keyboard.press('Enter')
    await page.getByLabel('People may pick several').check()
    await page.locator('#f-questions-6-properties-steps').fill('7')

    // Reordering by keyboard: the move button, then Alt+Arrow on the focused card.
    await page.getByRole('button', { name: 'Move question 2 up' }).focus()
    await page.keyboard.press('Enter')
    await expect
      .poll(async () => (await cardLabels(page)).slice(0, 2))
      .toEqual(['Question 1: About Long text', 'Question 2: About Short text'])
    const focusedCard = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))
    await page.locator('.question-card').nth(0).focus()
    await page.keyboard.press('Alt+ArrowDown')
    // Focus follows the moved question, so the keyboard keeps moving the same one.
    await expect.poll(focusedCard).toBe('Question 2: About Long text')
    await page.keyboard.press('Alt+ArrowDown')
    await expect
      .poll(async () => (await cardLabels(page)).slice(0, 3))
      .toEqual(['Question 1: About Short text', 'Question 2: About E-mail', 'Question 3: About Long text'])
    await expect.poll(() => page.getByText('Question moved to position 3 of 14.').count()).toBe(1)

    // Dragged by its handle: the last question becomes the first. Playwright's mouse gestures start
    // no HTML drag in this headless Chromium, so the drag's events are dispatched, with one
    // DataTransfer as the browser would share it between them.
    const dataTransfer = await page.evaluateHandle(() => new DataTransfer())
    const target = page.locator('.question-card').nth(0)
    await page
      .locator('.question-card')
      .nth(13)
      .locator('.drag-handle')
      .dispatchEvent('dragstart', { dataTransfer })
    await target.dispatchEvent('dragover', { dataTransfer })
    await target.dispatchEvent('drop', { dataTransfer })
    await expect.poll(async () => (await cardLabels(page))[0]).toBe('Question 1: About Date')

    // A hidden field, and a variable whose one step adds the NPS answer.
    await page.getByRole('button', { name: 'Add a hidden field' }).click()
    await page.locator('#f-hidden-0').fill('utm_source')
    await page.getByRole('button', { name: 'Add a variable' }).click()
    await page.locator('#f-variables-0-name').fill('score')
    await page.getByRole('button', { name: 'Add a step' }).click()
    await page.getByRole('button', { name: 'Use an answer' }).click()
    await page
      .locator('#f-variables-0-calculations-0-question_id')
      .selectOption({ label: 'About Net Promoter Score' })

    await page.getByLabel('Most responses').fill('100')
    // An opening time already past: the form takes answers as soon as it is published.
    await page.getByLabel('Opens at (your time)').fill('2020-01-01T09:30')
    await page.getByLabel('Thank-you title').fill('Thanks a lot!')
    await expectAccessible(page)
    // Publish creates the form and makes it public in one step (issue 27, item 18).
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Edit Every kind' }).waitFor()
    const formId = decodeURIComponent(new URL(page.url()).pathname.split('/')[3] ?? '')
    expect(formId).toMatch(/^frm_/)
    await expect.poll(() => page.getByText('All changes saved').count()).toBe(1)

    const stored = await getForm(formId)
    expect(stored.questions.map((question: { type: string }) => question.type)).toEqual([
      'date',
      'short_text',
      'email',
      'long_text',
      ...kinds.slice(3, 13).map(([kind]) => kind),
    ])
    const ofKind = (kind: string) =>
      stored.questions.find((question: { type: string }) => question.type === kind)
    expect(ofKind('multiple_choice').properties).toEqual({
      choices: ['Wi-Fi', 'Parking', 'Spa'],
      allow_multiple: true,
    })
    expect(ofKind('rating').properties).toEqual({ steps: 7 })
    expect(stored.hidden).toEqual(['utm_source'])
    expect(stored.variables).toEqual([
      { name: 'score', initial: 0, calculations: [{ op: 'add', question_id: ofKind('nps').id }] },
    ])
    expect(stored.settings.public).toBe(true)
    expect(stored.settings.max_responses).toBe(100)
    expect(stored.settings.opens_at).toMatch(/^2020-01-01T\d\d:30:00\.000000Z$/)
    expect(stored.settings.thank_you.title).toBe('Thanks a lot!')

    // The preview is the hosted page, byte for byte: the same renderer drew it.
    const hosted = await (await fetch(`${base}/f/${formId}`)).text()
    await expect
      .poll(() => page.locator('iframe[title="Preview of the public page"]').getAttribute('srcdoc'))
      .toBe(hosted)
    // Each look finds the frame afresh, briefly: a preview redrawn meanwhile is a new document, and
    // one long wait on the document it replaced has been seen to outlast the poll on a busy machine.
    const preview = page.frameLocator('iframe[title="Preview of the public page"]')
    await expect
      .poll(
        () =>
          preview
            .getByRole('heading', { level: 1 })
            .textContent({ timeout: 2_000 })
            .catch(() => null),
        { timeout: 45_000 },
      )
      .toBe('Every kind')
    await screenshots(page, 'builder')

    // Published: someone without a token answers it.
    const respondent = await context.newPage()
    await respondent.goto(`${base}/f/${formId}?utm_source=newsletter`)
    await respondent.getByLabel('About Short text').fill('Built in the browser')
    await respondent.getByLabel('Parking').check()
    await respondent
      .getByRole('group', { name: /About Net Promoter Score/ })
      .getByLabel('9', { exact: true })
      .check()
    await respondent.getByRole('button', { name: 'Submit' }).click()
    await respondent.getByRole('heading', { name: 'Thanks a lot!' }).waitFor()
    const listed = (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses` })).json().items
    expect(listed).toHaveLength(1)
    expect(listed[0].hidden).toEqual([{ name: 'utm_source', value: 'newsletter' }])
    expect(listed[0].variables).toEqual([{ name: 'score', value: 9 }])

    await page.getByRole('link', { name: 'Every kind' }).click()
    await expect.poll(() => page.getByText('Built in the browser').count()).toBeGreaterThan(0)
    await context.close()
  }, 180_000)

  it('shows the server’s message at the field when a save is refused', async () => {
    const formId = await createForm(ctx, {
      title: 'Refused',
      questions: [{ id: 'a', title: 'A', type: 'short_text' }],
    })
    const { context, page } = await signedInPage()
    await openEditor(page, formId)
    // Typed rules are checked as you type, and the save is not even sent...
    await page.getByLabel('Form title').fill('')
    await expect.poll(() => page.locator('#f-title-error').textContent()).toBe('must not be empty')
    await page.getByLabel('Form title').fill('Refused')
    // ...a length only the server's schema knows is sent, refused, and shown at its field.
    await questionTitle(page, 0).fill('x'.repeat(1001))
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect.poll(() => page.locator('#f-questions-0-title-error').textContent()).toContain('1000')
    expect(await questionTitle(page, 0).getAttribute('aria-invalid')).toBe('true')
    await expect.poll(() => page.getByRole('link', { name: /^Question 1.*1000/ }).count()).toBe(1)
    await expectAccessible(page)
    await screenshots(page, 'builder-refused')
    expect((await getForm(formId)).questions[0].title).toBe('A')
    await context.close()
  }, 90_000)

  it('refuses to overwrite a save made since the form was opened, and can load that version', async () => {
    const formId = await createForm(ctx, {
      title: 'Shared',
      questions: [{ id: 'a', title: 'A', type: 'short_text' }],
    })
    const { context, page } = await signedInPage()
    await openEditor(page, formId)
    const elsewhere = await ctx.request({
      method: 'PUT',
      url: `/v1/forms/${formId}`,
      payload: { title: 'Changed elsewhere', questions: [{ id: 'a', title: 'A', type: 'short_text' }] },
    })
    expect(elsewhere.statusCode).toBe(200)
    await page.getByLabel('Form title').fill('Mine')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Someone else saved this form' }).count())
      .toBe(1)
    expect((await getForm(formId)).title).toBe('Changed elsewhere')
    await page.getByRole('button', { name: 'Load their version (discard mine)' }).click()
    await expect.poll(() => page.getByLabel('Form title').inputValue()).toBe('Changed elsewhere')
    await context.close()
  })

  it('keeps unsaved changes through a reload, and asks before leaving with them', async () => {
    const formId = await createForm(ctx, {
      title: 'Draft',
      questions: [{ id: 'a', title: 'A', type: 'short_text' }],
    })
    const { context, page } = await signedInPage()
    await openEditor(page, formId)
    await page.getByLabel('Form title').fill('Draft, edited')
    await expect
      .poll(() => page.getByText('Unsaved changes (kept in this tab until you save)').count())
      .toBe(1)
    // A person reloading says yes to the browser's "leave the page?"; Chromium asks only when the
    // page has had a gesture, so the answer is given if asked, not waited for. On a busy machine
    // the dialog has been seen to close before the answer reached it ("No dialog is showing"),
    // which leaves the reload cancelled: the person reloads again, as one would.
    const leave = (dialog: Dialog) => {
      if (dialog.type() === 'beforeunload') dialog.accept().catch(() => undefined)
    }
    page.on('dialog', leave)
    for (let attempt = 1; ; attempt++) {
      try {
        await page.reload({ timeout: 20_000 })
        break
      } catch (error) {
        if (attempt === 3) throw error
      }
    }
    page.off('dialog', leave)
    await expect.poll(() => page.getByLabel('Form title').inputValue()).toBe('Draft, edited')
    await expect
      .poll(() => page.getByText('Unsaved changes from earlier in this tab were restored.').count())
      .toBe(1)

    const asked: string[] = []
    asked.push(
      await dismissDialogOf(page, () => page.getByRole('main').getByRole('link', { name: 'Forms' }).click()),
    )
    expect(asked).toEqual(['confirm'])
    expect(new URL(page.url()).pathname).toBe(`/app/forms/${formId}/edit`)
    asked.push(await dismissDialogOf(page, () => page.close({ runBeforeUnload: true })))
    expect(asked).toEqual(['confirm', 'beforeunload'])
    expect((await getForm(formId)).title).toBe('Draft')
    // The page stayed (its "leave?" was answered no); it is closed without asking before its context.
    await page.close()
    await context.close()
  })

  it('warns before a save that would leave answers without their question or choice', async () => {
    const formId = await createForm(ctx, {
      title: 'Answered',
      questions: [
        {
          id: 'pick',
          title: 'Pick one',
          type: 'multiple_choice',
          properties: { choices: ['Tea', 'Coffee'] },
        },
        { id: 'why', title: 'Why?', type: 'short_text' },
      ],
    })
    for (const pick of ['Tea', 'Coffee', 'Coffee']) {
      const response = await ctx.request({
        method: 'POST',
        url: `/v1/forms/${formId}/responses`,
        payload: { answers: { pick, why: 'because' } },
      })
      expect(response.statusCode).toBe(201)
    }
    const { context, page } = await signedInPage()
    await openEditor(page, formId)
    await page.getByRole('button', { name: 'Remove choice 2' }).click()
    await page.getByRole('button', { name: 'Remove question 2' }).click()
    await page.getByRole('button', { name: 'Save changes' }).click()
    const dialog = page.getByRole('dialog', { name: 'Some answers would no longer have their question' })
    await dialog.waitFor()
    await expect.poll(() => dialog.textContent()).toContain('Removing “Why?” (3 answers)')
    await expect
      .poll(() => dialog.textContent())
      .toContain('Removing the choice “Coffee” of “Pick one” (2 answers)')
    await expectAccessible(page)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    expect((await getForm(formId)).questions).toHaveLength(2)
    await page.getByRole('button', { name: 'Save changes' }).click()
    await dialog.getByRole('button', { name: 'Save anyway' }).click()
    await expect.poll(async () => (await getForm(formId)).questions.length).toBe(1)
    expect((await getForm(formId)).questions[0].properties.choices).toEqual(['Tea'])
    await context.close()
  }, 90_000)

  it('downloads a definition and imports it into a new form: the round trip is exact', async () => {
    const definition = {
      title: 'Round trip',
      questions: [
        { id: 'nps', title: 'Recommend us?', type: 'nps', required: true, properties: {} },
        {
          id: 'extras',
          title: 'Extras',
          type: 'multiple_choice',
          required: false,
          properties: { choices: ['Parking', 'Wi-Fi'], allow_multiple: true },
        },
      ],
      hidden: ['utm_source'],
      variables: [{ name: 'score', initial: 1, calculations: [{ op: 'add', question_id: 'nps' }] }],
      settings: {
        public: true,
        opens_at: null,
        closes_at: null,
        max_responses: 50,
        closed_message: 'Closed now',
        thank_you: { title: 'Thanks', message: null, redirect_url: null },
        partial_responses: false,
        notify: null,
        confirmation: null,
        anonymous: false,
      },
    }
    const formId = (await ctx.request({ method: 'POST', url: '/v1/forms', payload: definition })).json().id
    const { context, page } = await signedInPage()
    await openEditor(page, formId)
    const download = async () => {
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download JSON' }).click(),
      ])
      return readFile((await file.path()) as string, 'utf8')
    }
    const first = await download()
    expect(JSON.parse(first)).toEqual(definition)

    await page.goto(`${base}/app/forms/new`)
    await page.getByRole('heading', { level: 1, name: 'New form' }).waitFor()
    await page.getByLabel('Form definition file').setInputFiles({
      name: 'round-trip.json',
      mimeType: 'application/json',
      buffer: Buffer.from(first),
    })
    await expect.poll(() => page.getByLabel('Form title').inputValue()).toBe('Round trip')
    await page.getByRole('button', { name: 'Create form' }).click()
    await page.getByRole('heading', { level: 1, name: 'Edit Round trip' }).waitFor()
    const copyId = decodeURIComponent(new URL(page.url()).pathname.split('/')[3] ?? '')
    expect(copyId).not.toBe(formId)
    expect(await download()).toBe(first)

    // A file that is not a definition is refused with a message, and changes nothing.
    await page.getByLabel('Form definition file').setInputFiles({
      name: 'notes.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"hello": "world"}'),
    })
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Could not import notes.json' }).count())
      .toBe(1)
    expect(await page.getByLabel('Form title').inputValue()).toBe('Round trip')
    await context.close()
  })

  it('is not offered to a read-only token', async () => {
    const readOnly = await ctx.tokenWithScopes(['forms:read', 'responses:read'])
    const { context, page } = await signedInPage(readOnly)
    expect(await page.getByRole('link', { name: 'New form' }).count()).toBe(0)
    await page.goto(`${base}/app/forms/new`)
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('cannot change forms')
    expect(await page.getByRole('button', { name: 'Create form' }).count()).toBe(0)
    await context.close()
  })
})
