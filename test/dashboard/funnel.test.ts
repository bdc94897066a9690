import type { AddressInfo } from 'node:net'
import type { Browser, Locator } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { completeDraft, patchDraft, startDraft } from '../drafts/support.js'
import { ensureDashboardBuilt, launchChromium, signedInDashboard } from '../support/browser.js'
import { useTestContext } from '../support/context.js'
import { checkScreen } from '../support/screens.js'

// The form's page in a real browser: the funnel of its insights (docs/api.md#insights) as a table
// a person and a screen reader can read, and the Drafts tab, there only while the form's
// settings.partial_responses shows drafts to the team.

ensureDashboardBuilt()
const ctx = useTestContext({ publicRateLimit: 1000 })
let browser: Browser
let base: string
let formId: string
let hiddenDraftsId: string

const tripForm = {
  title: 'Trip survey',
  questions: [
    { id: 'travelled', title: 'Did you travel?', type: 'yes_no', required: true },
    { id: 'rating', title: 'How was it?', type: 'rating', required: true },
    { id: 'comment', title: 'Anything else?', type: 'short_text' },
  ],
  pages: [
    { id: 'start', title: 'Welcome', questions: ['travelled'] },
    { id: 'trip', title: 'About the trip', questions: ['rating'] },
    { id: 'last', questions: ['comment'] },
  ],
  logic: [{ if: { question: 'travelled', op: 'equals', value: false }, then: [{ jump_to: 'last' }] }],
}

async function createForm(settings: object): Promise<string> {
  const created = await ctx.request({
    method: 'POST',
    url: '/v1/forms',
    payload: { ...tripForm, settings: { public: true, ...settings } },
  })
  expect(created.statusCode).toBe(201)
  return created.json().id
}

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  browser = await launchChromium()
  formId = await createForm({ partial_responses: true })
  hiddenDraftsId = await createForm({})
  // Four started: one is left on the trip page, one has answered nothing, one sent everything in
  // one go, one completed its draft after skipping the trip page.
  const onTrip = (await startDraft(ctx, formId, { answers: {} })).json().resume_token
  expect((await patchDraft(ctx, onTrip, { answers: { travelled: true } })).statusCode).toBe(200)
  expect((await startDraft(ctx, formId, { answers: {} })).statusCode).toBe(201)
  const oneGo = await ctx.request({
    method: 'POST',
    url: `/v1/public/forms/${formId}/responses`,
    token: null,
    payload: { answers: { travelled: true, rating: 5, comment: 'Lovely' } },
  })
  expect(oneGo.statusCode).toBe(201)
  const skipped = (await startDraft(ctx, formId, { answers: { travelled: false } })).json().resume_token
  expect((await completeDraft(ctx, skipped)).statusCode).toBe(201)
}, 120_000)

afterAll(async () => {
  await browser?.close()
})

/** The rows of a table as the cells' texts. */
const rowsOf = (table: Locator) =>
  table.evaluate((element) =>
    Array.from((element as HTMLTableElement).rows).map((row) =>
      Array.from(row.cells).map((cell) => cell.textContent?.trim() ?? ''),
    ),
  )

describe("the form's page", () => {
  it('shows the funnel: started, each page reached, completed, with counts and percentages', async () => {
    const page = await signedInDashboard(browser, base, ctx.token, { path: `/app/forms/${formId}/insights` })
    const funnel = page.getByRole('region', { name: 'Funnel' }).getByRole('table')
    await funnel.waitFor()
    expect(await rowsOf(funnel)).toEqual([
      ['Step', 'People', '% of started'],
      ['Started', '4', '100 %'],
      ['Reached Page 1: Welcome', '4', '100 %'],
      ['Reached Page 2: About the trip', '2', '50 %'],
      ['Reached Page 3', '2', '50 %'],
      ['Completed', '2', '50 %'],
    ])
    // The trip page's question was shown only to the response that travelled.
    const rating = page.getByRole('region', { name: 'How was it?' })
    await expect.poll(() => rating.getByText('1 answered of 1 shown').isVisible()).toBe(true)
    await checkScreen(page, 'funnel')
    await page.context().close()
  })

  it('lists open drafts, newest first, in a Drafts tab only while partial_responses is on', async () => {
    const page = await signedInDashboard(browser, base, ctx.token, { path: `/app/forms/${formId}` })
    const tabs = page.getByRole('navigation', { name: 'Form sections' })
    await tabs.getByRole('link', { name: 'Drafts' }).click()
    const drafts = page.getByRole('region', { name: 'Drafts table' }).getByRole('table')
    await drafts.waitFor()
    const rows = await rowsOf(drafts)
    expect(rows[0]).toEqual(['Started', 'Updated', 'Last page', 'Answers'])
    // The draft that answered nothing first (newest), then the one on the trip page.
    expect(rows.slice(1).map((row) => row.slice(2))).toEqual([
      ['Page 1: Welcome', '—'],
      ['Page 2: About the trip', 'Did you travel?: Yes'],
    ])
    await checkScreen(page, 'drafts')

    await page.goto(`${base}/app/forms/${hiddenDraftsId}`)
    await page.getByRole('heading', { level: 1, name: 'Trip survey' }).waitFor()
    await expect
      .poll(() => tabs.getByRole('link').allInnerTexts())
      .toEqual(['Responses', 'Insights', 'Invitations', 'Webhooks', 'Share'])
    await page.context().close()
  })
})
