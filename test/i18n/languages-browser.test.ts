import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Words, wordsFor } from '../../src/shared/i18n/words.js'
import { accessibilityViolations, launchBrowser, screenshots } from '../respondents/support/browser.js'
import { createTestContext, type TestContext } from '../support/context.js'

// docs/api.md#languages in Chromium: a translated form in German and in Arabic (right to left),
// with JavaScript on (the script says its checks in the page's language, from data-messages) and
// off (the server says the same), at a phone's width and a desktop's: no axe violation, nothing
// wider than the screen, the summary in the language with the translated titles, the answers
// stored by their source labels, and a switcher that changes the language.

let ctx: TestContext
let base: string
let browser: Browser

const survey = {
  title: 'Museum visit',
  languages: ['en', 'de', 'ar'],
  settings: { public: true },
  questions: [
    { id: 'name', title: 'Your name', type: 'short_text', required: true },
    {
      id: 'room',
      title: 'Best room',
      type: 'multiple_choice',
      required: true,
      properties: { choices: ['Paintings', 'Sculptures'] },
    },
    { id: 'score', title: 'Would you recommend us?', type: 'nps' },
    {
      id: 'grid',
      title: 'How was it?',
      type: 'matrix',
      properties: { rows: ['Light', 'Noise'], columns: ['Poor', 'Good'] },
    },
  ],
  translations: {
    de: {
      title: 'Museumsbesuch',
      questions: {
        name: { title: 'Ihr Name' },
        room: { title: 'Bester Saal', choices: { Paintings: 'Gemälde', Sculptures: 'Skulpturen' } },
        score: { title: 'Würden Sie uns empfehlen?' },
        grid: {
          title: 'Wie war es?',
          choices: { Light: 'Licht', Noise: 'Lärm', Poor: 'Schlecht', Good: 'Gut' },
        },
      },
    },
    ar: {
      title: 'زيارة المتحف',
      questions: {
        name: { title: 'اسمك' },
        room: { title: 'أفضل قاعة', choices: { Paintings: 'اللوحات', Sculptures: 'المنحوتات' } },
        score: { title: 'هل تنصح بنا؟' },
        grid: {
          title: 'كيف كانت؟',
          choices: { Light: 'الإضاءة', Noise: 'الضجيج', Poor: 'سيئة', Good: 'جيدة' },
        },
      },
    },
  },
}

const titles = {
  de: { name: 'Ihr Name', room: 'Bester Saal', choice: 'Skulpturen' },
  ar: { name: 'اسمك', room: 'أفضل قاعة', choice: 'المنحوتات' },
} as const

let formId: string
beforeAll(async () => {
  ctx = await createTestContext({ publicRateLimit: 1000 })
  base = (await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1')
  browser = await launchBrowser()
  const response = await ctx.request({ method: 'POST', url: '/v1/forms', payload: survey })
  expect(response.statusCode).toBe(201)
  formId = response.json().id
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await ctx?.close()
})

async function open(url: string, javaScriptEnabled: boolean, width: number): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 800 } })
  context.setDefaultTimeout(45_000)
  const page = await context.newPage()
  await page.goto(url)
  await page.waitForLoadState('load')
  return page
}

async function expectSummary(page: Page, words: Words, lines: string[]): Promise<void> {
  const summary = page.getByRole('alert')
  await summary.waitFor()
  await expect(summary.getByRole('heading').textContent()).resolves.toBe(
    words.t('form.summary', { count: lines.length }),
  )
  await expect(summary.getByRole('link').allTextContents()).resolves.toEqual(lines)
}

for (const javaScriptEnabled of [true, false]) {
  describe(`a translated form, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    for (const lang of ['de', 'ar'] as const) {
      it(`is answered in ${lang}, at a phone's width and a desktop's, and stored in the source`, async () => {
        const words = wordsFor(lang)
        const { t } = words
        for (const width of [360, 1280]) {
          const page = await open(`${base}/f/${formId}?lang=${lang}`, javaScriptEnabled, width)
          try {
            await expect(page.locator('html').getAttribute('dir')).resolves.toBe(
              lang === 'ar' ? 'rtl' : 'ltr',
            )
            // axe runs in the page: with JavaScript on (the markup is the server's either way).
            if (javaScriptEnabled) expect(await accessibilityViolations(page)).toEqual([])
            await page.getByRole('button', { name: t('form.submit') }).click()
            const required = t('error.required')
            await expectSummary(page, words, [
              t('form.summaryLine', { title: titles[lang].name, message: required }),
              t('form.summaryLine', { title: titles[lang].room, message: required }),
            ])
            await page.waitForLoadState()
            expect(await page.title()).toBe(
              t('layout.errorTitle', { title: survey.translations[lang].title }),
            )
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
            if (javaScriptEnabled) {
              expect(await accessibilityViolations(page)).toEqual([])
              if (width === 1280) await screenshots(page, `language-${lang}-invalid`)
            }
            await page.getByRole('textbox', { name: titles[lang].name }).fill('Ada')
            await page.getByRole('radio', { name: titles[lang].choice }).check()
            await page.getByRole('button', { name: t('form.submit') }).click()
            await page.waitForURL(`${base}/f/${formId}/thanks?lang=${lang}`)
            await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
              t('outcome.thanksHeading'),
            )
          } finally {
            await page.context().close()
          }
        }
        const items = (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses` })).json()
          .items
        expect(items[0].answers.find((answer: { type: string }) => answer.type === 'choice').choice).toEqual({
          label: 'Sculptures',
        })
      })
    }

    it('moves between the pages of a form of several in its language', async () => {
      const created = await ctx.request({
        method: 'POST',
        url: '/v1/forms',
        payload: {
          ...survey,
          pages: [
            { id: 'p1', questions: ['name', 'room'] },
            { id: 'p2', questions: ['score', 'grid'] },
          ],
        },
      })
      const pagedId = created.json().id
      const { t } = wordsFor('de')
      const page = await open(`${base}/f/${pagedId}?lang=de`, javaScriptEnabled, 1280)
      try {
        await page.evaluate(() => Object.assign(window, { sameDocument: true }))
        await page.getByRole('textbox', { name: 'Ihr Name' }).fill('Ada')
        await page.getByRole('radio', { name: 'Gemälde' }).check()
        await page.getByRole('button', { name: t('form.next') }).click()
        await page.waitForURL(`${base}/f/${pagedId}/p/p2?lang=de`)
        await expect(page.locator('#progress-hint').textContent()).resolves.toBe(
          t('form.pageOf', { index: 2, count: 2 }),
        )
        await expect(page.getByRole('button', { name: t('form.submit') }).isVisible()).resolves.toBe(true)
        // With the script, without a reload; without it, the server's next page in the language.
        if (javaScriptEnabled) await expect(page.evaluate(() => 'sameDocument' in window)).resolves.toBe(true)
        await expect(page.locator('html').getAttribute('lang')).resolves.toBe('de')
      } finally {
        await page.context().close()
      }
    })

    it('changes language from the switcher', async () => {
      const page = await open(`${base}/f/${formId}?lang=ar`, javaScriptEnabled, 390)
      try {
        if (javaScriptEnabled) await screenshots(page, 'language-ar-blank')
        const switcher = page.getByRole('navigation', { name: wordsFor('ar').t('layout.language') })
        await expect(
          switcher.getByRole('link', { name: 'العربية' }).getAttribute('aria-current'),
        ).resolves.toBe('true')
        await switcher.getByRole('link', { name: 'Deutsch' }).click()
        await page.waitForURL(`${base}/f/${formId}?lang=de`)
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Museumsbesuch')
        await expect(page.locator('html').getAttribute('lang')).resolves.toBe('de')
      } finally {
        await page.context().close()
      }
    })
  })
}
