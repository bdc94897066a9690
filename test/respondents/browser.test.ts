import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { everyKindAnswers, everyKindForm, tinyForm } from '../forms/fixtures.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { type Receiver, startReceiver } from '../support/receiver.js'
import {
  accessibilityViolations,
  launchBrowser,
  screenshots,
  startOtherOrigin,
  tabTo,
} from './support/browser.js'

// docs/api.md#hosted-form-pages in a real browser: a respondent answers the hosted form by keyboard, with and without
// JavaScript, meets errors, closed forms and limits; other sites call /v1/public and embed the form.

let ctx: TestContext
let base: string
let browser: Browser
let receiver: Receiver
let other: Awaited<ReturnType<typeof startOtherOrigin>>
const otherPages = new Map<string, string>()

beforeAll(async () => {
  ctx = await createTestContext({ publicRateLimit: 1000, webhookRetrySchedule: [1] })
  base = (await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1')
  ctx.startWorker()
  receiver = await startReceiver()
  other = await startOtherOrigin(otherPages)
  browser = await launchBrowser()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await other?.close()
  await receiver?.close()
  await ctx?.close()
})

async function formWith(settings: object, body: object = everyKindForm): Promise<string> {
  const response = await ctx.request({ method: 'POST', url: '/v1/forms', payload: { ...body, settings } })
  expect(response.statusCode).toBe(201)
  return response.json().id
}

async function listed(formId: string) {
  return (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses` })).json().items
}

async function newPage(
  options: { javaScriptEnabled?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
    ...options,
  })
  const page = await context.newPage()
  // Nothing beyond this machine: any other request fails the test.
  await page.route(/^(?!http:\/\/127\.0\.0\.1[:/]).*/, (route) => {
    throw new Error(`request outside 127.0.0.1: ${route.request().url()}`)
  })
  return { context, page }
}

/** Answers everyKindForm with the keyboard alone, finding each control by its visible label. */
async function answerEveryKindByKeyboard(page: Page): Promise<void> {
  const type = async (label: string, text: string) => {
    await tabTo(page, page.getByLabel(label, { exact: false }))
    await page.keyboard.type(text)
  }
  const choose = async (group: string, first: string, arrows: number) => {
    await tabTo(
      page,
      page.getByRole('group', { name: group }).getByRole('radio', { name: first, exact: true }),
    )
    if (arrows === 0) await page.keyboard.press('Space')
    for (let step = 0; step < arrows; step++) await page.keyboard.press('ArrowRight')
  }
  await type('Name', everyKindAnswers.q_short)
  await tabTo(page, page.getByLabel('Story'))
  await page.keyboard.type('A long story.')
  await page.keyboard.press('Enter')
  await page.keyboard.type('With lines.')
  await type('E-mail', everyKindAnswers.q_email)
  await type('Website', everyKindAnswers.q_url)
  await type('Phone', everyKindAnswers.q_phone)
  await type('Age', String(everyKindAnswers.q_number))
  await choose('Rating', '1', everyKindAnswers.q_rating - 1)
  await choose('Opinion', '1', everyKindAnswers.q_opinion - 1)
  await choose('Recommend', '0', everyKindAnswers.q_nps)
  await choose('Satisfied', '1', everyKindAnswers.q_csat - 1)
  await choose('Again?', 'Yes', 1)
  await choose('Colour', 'Red', 1)
  for (const label of ['Cheese', 'Olives']) {
    await tabTo(page, page.getByRole('checkbox', { name: label }))
    await page.keyboard.press('Space')
  }
  await tabTo(page, page.getByLabel('Country'))
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await tabTo(page, page.getByLabel('Birthday'))
  await page.keyboard.type('02292024')
  await tabTo(page, page.getByRole('button', { name: 'Submit' }))
  await page.keyboard.press('Enter')
}

/** The stored answers in the request shape, to compare with what was typed. */
function answersOf(item: { answers: { question: { id: string }; type: string; [key: string]: unknown }[] }) {
  return Object.fromEntries(
    item.answers.map((answer) => {
      const value = answer[answer.type] as unknown
      if (answer.type === 'number') return [answer.question.id, Number(value)]
      if (answer.type === 'choice') return [answer.question.id, (value as { label: string }).label]
      if (answer.type === 'choices') return [answer.question.id, (value as { labels: string[] }).labels]
      return [answer.question.id, value]
    }),
  )
}

const expectedAnswers = { ...everyKindAnswers, q_choices: ['Cheese', 'Olives'] }

describe.each([
  ['with JavaScript', true],
  ['with JavaScript off', false],
])('a respondent %s', (_name, javaScriptEnabled) => {
  it('answers every question kind by keyboard, sees the thanks, and the response and webhook arrive', async () => {
    const formId = await formWith({ public: true, thank_you: { title: 'Thanks a lot' } })
    const hook = await ctx.request({
      method: 'PUT',
      url: `/v1/forms/${formId}/webhooks/browser`,
      payload: { url: receiver.url },
    })
    expect(hook.statusCode).toBe(201)
    const { context, page } = await newPage({ javaScriptEnabled })
    try {
      await page.goto(`${base}/f/${formId}?source=browser`)
      if (javaScriptEnabled) await screenshots(page, 'form')
      await answerEveryKindByKeyboard(page)
      await page.waitForURL(`${base}/f/${formId}/thanks`)
      await expect(page.getByRole('heading', { name: 'Thanks a lot' }).isVisible()).resolves.toBe(true)
      if (javaScriptEnabled) {
        await screenshots(page, 'thanks')
        expect(await accessibilityViolations(page)).toEqual([])
      }
      const items = await listed(formId)
      expect(items).toHaveLength(1)
      expect(answersOf(items[0])).toEqual(expectedAnswers)
      expect(items[0].hidden).toEqual([{ name: 'source', value: 'browser' }])
      await receiver.waitFor((requests) => requests.some((request) => request.body.includes(items[0].id)))
      const event = JSON.parse(
        receiver.requests.find((request) => request.body.includes(items[0].id))?.body ?? '{}',
      )
      expect(event.form_response).toEqual({ form_id: formId, ...items[0], ending: null })
    } finally {
      await context.close()
    }
  })

  it('shows a wrong answer beside its control and in a focused summary, keeping the other values', async () => {
    const formId = await formWith({ public: true })
    const { context, page } = await newPage({ javaScriptEnabled })
    try {
      await page.goto(`${base}/f/${formId}`)
      await page.getByLabel('Name').fill('Grace')
      await page.getByLabel('E-mail').fill('grace@')
      await page.getByRole('group', { name: 'Recommend' }).getByRole('radio', { name: '8' }).check()
      const posts: number[] = []
      page.on('response', (r) => {
        if (r.request().method() === 'POST') posts.push(r.status())
      })
      await page.getByRole('button', { name: 'Submit' }).click()
      const summary = page.getByRole('alert')
      await summary.waitFor()
      // With JavaScript the page's own check stops the post; without it the server answers 422.
      await page.waitForLoadState()
      expect(posts).toEqual(javaScriptEnabled ? [] : [422])
      await expect(summary.evaluate((element) => element === document.activeElement)).resolves.toBe(true)
      const message = 'Enter an e-mail address, e.g. name@example.com'
      await expect(summary.getByRole('link', { name: `E-mail: ${message}` }).count()).resolves.toBe(1)
      const email = page.getByLabel('E-mail')
      expect(await email.getAttribute('aria-invalid')).toBe('true')
      await expect(
        email.evaluate((element) => {
          const ids = (element.getAttribute('aria-describedby') ?? '').split(' ')
          return ids.map((id) => document.getElementById(id)?.textContent).join(' | ')
        }),
      ).resolves.toContain(message)
      expect(await email.inputValue()).toBe('grace@')
      expect(await page.getByLabel('Name').inputValue()).toBe('Grace')
      expect(
        await page.getByRole('group', { name: 'Recommend' }).getByRole('radio', { name: '8' }).isChecked(),
      ).toBe(true)
      // The summary's link takes the respondent to the control.
      await summary.getByRole('link', { name: `E-mail: ${message}` }).click()
      await expect(email.evaluate((element) => element === document.activeElement)).resolves.toBe(true)
      if (javaScriptEnabled) {
        await screenshots(page, 'error')
        expect(await accessibilityViolations(page)).toEqual([])
      }
      expect(await listed(formId)).toEqual([])
    } finally {
      await context.close()
    }
  })
})

describe('the hosted form in a browser', () => {
  it('passes hidden fields from the query string and follows redirect_url', async () => {
    otherPages.set('/done', '<!doctype html><title>Done</title><h1>Back on our site</h1>')
    const formId = await formWith(
      { public: true, thank_you: { redirect_url: `${other.origin}/done` } },
      tinyForm,
    )
    const { context, page } = await newPage()
    try {
      await page.goto(`${base}/f/${formId}?k=from-mail&other=ignored`)
      await page.getByRole('radio', { name: '6' }).check()
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.waitForURL(`${other.origin}/done`)
      expect(await page.getByRole('heading').textContent()).toBe('Back on our site')
      const [item] = await listed(formId)
      expect(item.hidden).toEqual([{ name: 'k', value: 'from-mail' }])
      expect(item.answers[0].number).toBe('6')
    } finally {
      await context.close()
    }
  })

  it('shows closed, unpublished and full forms; a filled honeypot stores nothing', async () => {
    const closed = await formWith({
      public: true,
      closes_at: '2020-01-01T00:00:00Z',
      closed_message: 'Entries closed.',
    })
    const unpublished = await formWith({})
    const full = await formWith({ public: true, max_responses: 1 }, tinyForm)
    const { context, page } = await newPage()
    try {
      expect((await page.goto(`${base}/f/${closed}`))?.status()).toBe(410)
      expect(await page.getByText('Entries closed.').isVisible()).toBe(true)
      await screenshots(page, 'closed')
      expect(await accessibilityViolations(page)).toEqual([])
      expect((await page.goto(`${base}/f/${unpublished}`))?.status()).toBe(404)
      expect(await page.getByRole('heading', { name: 'This form is not available' }).isVisible()).toBe(true)

      await page.goto(`${base}/f/${full}`)
      // A bot fills every field it finds, the hidden trap included.
      await page.locator('[name="canvass:website"]').fill('http://spam.test')
      await page.getByRole('radio', { name: '3' }).check()
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.waitForURL(`${base}/f/${full}/thanks`)
      expect(await listed(full)).toEqual([])

      await page.goto(`${base}/f/${full}`)
      await page.getByRole('radio', { name: '4' }).check()
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.waitForURL(`${base}/f/${full}/thanks`)
      expect(await listed(full)).toHaveLength(1)
      expect((await page.goto(`${base}/f/${full}`))?.status()).toBe(410)
    } finally {
      await context.close()
    }
  })

  it('refuses submissions past the address limit with a 429 page', async () => {
    const limited = await createTestContext({ publicRateLimit: 2 })
    const limitedBase = (await limited.app.listen({ port: 0, host: '127.0.0.1' })).replace(
      'localhost',
      '127.0.0.1',
    )
    const formId = (
      await limited.request({
        method: 'POST',
        url: '/v1/forms',
        payload: { ...tinyForm, settings: { public: true } },
      })
    ).json().id
    const { context, page } = await newPage()
    try {
      const statuses: number[] = []
      for (let attempt = 0; attempt < 3; attempt++) {
        await page.goto(`${limitedBase}/f/${formId}`)
        await page.getByRole('radio', { name: '5' }).check()
        const response = page.waitForResponse((r) => r.request().method() === 'POST')
        await page.getByRole('button', { name: 'Submit' }).click()
        statuses.push((await response).status())
        await page.waitForLoadState()
      }
      expect(statuses).toEqual([303, 303, 429])
      expect(await page.getByRole('heading', { name: 'Too many submissions' }).isVisible()).toBe(true)
    } finally {
      await context.close()
      await limited.close()
    }
  })

  it('renders hostile titles as text and runs no script of theirs', async () => {
    const hostile = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', 'שלום <b>עולם</b>']
    const formId = await formWith(
      { public: true },
      {
        title: hostile[0],
        questions: [
          { id: 'a', title: hostile[1], type: 'short_text', required: true },
          { id: 'b', title: hostile[2], type: 'multiple_choice', properties: { choices: hostile } },
        ],
      },
    )
    const { context, page } = await newPage()
    const dialogs: string[] = []
    // Any dialog at all is the failure (asserted below); dismissing it only unblocks the page, and may
    // find it gone if the test has already moved on.
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      dialog.dismiss().catch(() => {})
    })
    try {
      await page.goto(`${base}/f/${formId}`)
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(hostile[0])
      expect(await page.title()).toBe(hostile[0])
      expect(await page.getByRole('textbox', { name: hostile[1] }).count()).toBe(1)
      expect(await page.getByRole('group', { name: hostile[2] }).getByRole('radio').count()).toBe(3)
      expect(await page.locator('img').count()).toBe(0)
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.waitForLoadState()
      expect(await page.getByRole('link', { name: `${hostile[1]}: Required` }).count()).toBe(1)
      expect(dialogs).toEqual([])
    } finally {
      await context.close()
    }
  })
})

describe('other sites', () => {
  it('may post to /v1/public with fetch; the browser refuses them a token route', async () => {
    const formId = await formWith({ public: true }, tinyForm)
    otherPages.set('/app', '<!doctype html><title>Their app</title><h1>Their app</h1>')
    const { context, page } = await newPage()
    try {
      await page.goto(`${other.origin}/app`)
      const outcome = await page.evaluate(
        async ({ base, formId, token }) => {
          const form = await fetch(`${base}/v1/public/forms/${formId}`).then((r) => r.json())
          const posted = await fetch(`${base}/v1/public/forms/${formId}/responses`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ answers: { n: 10 }, hidden: { k: 'spa' } }),
          })
          let tokenRoute = 'allowed'
          try {
            await fetch(`${base}/v1/forms/${formId}/responses`, {
              headers: { Authorization: `Bearer ${token}` },
            })
          } catch (error) {
            tokenRoute = String(error)
          }
          return { title: form.title, status: posted.status, body: await posted.json(), tokenRoute }
        },
        { base, formId, token: ctx.token },
      )
      expect(outcome.title).toBe('Tiny')
      expect(outcome.status).toBe(201)
      expect(outcome.tokenRoute).toMatch(/TypeError/)
      const [item] = await listed(formId)
      expect(item.id).toBe(outcome.body.id)
      expect(item.hidden).toEqual([{ name: 'k', value: 'spa' }])
    } finally {
      await context.close()
    }
  })

  it('embed the form at its full height, and it submits from inside the frame', async () => {
    const formId = await formWith({ public: true })
    otherPages.set(
      '/embed',
      `<!doctype html><html lang="en"><title>Their page</title><h1>Our survey</h1>` +
        `<div data-canvass-form="${formId}" data-canvass-title="Survey"></div>` +
        `<script src="${base}/embed.js" async></script>`,
    )
    const { context, page } = await newPage()
    try {
      await page.goto(`${other.origin}/embed`)
      const frameElement = page.locator('iframe[title="Survey"]')
      const frame = page.frameLocator('iframe[title="Survey"]')
      await frame.getByLabel('Name').fill('Embedded')
      // The frame takes the height of its content: nothing scrolls inside it.
      let heights = { frame: 0, content: 100 }
      for (let attempt = 0; attempt < 50 && Math.abs(heights.frame - heights.content) > 2; attempt++) {
        await page.waitForTimeout(100)
        const frameHeight = await frameElement.evaluate((element) => element.clientHeight)
        const content = await frame
          .locator('html')
          .evaluate((element) => Math.ceil(element.getBoundingClientRect().height))
        heights = { frame: frameHeight, content }
      }
      expect(heights.content).toBeGreaterThan(1500)
      expect(Math.abs(heights.frame - heights.content)).toBeLessThanOrEqual(2)
      await frame.getByRole('button', { name: 'Submit' }).click()
      await frame.getByRole('heading', { name: 'Thank you!' }).waitFor()
      const [item] = await listed(formId)
      expect(item.answers[0].text).toBe('Embedded')
    } finally {
      await context.close()
    }
  })
})
