import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ensureDashboardBuilt, launchChromium, signedInDashboard } from '../support/browser.js'
import { useTestContext } from '../support/context.js'
import { checkScreen } from '../support/screens.js'

// The builder's Languages section (docs/api.md#languages): the form's languages, every string a
// respondent reads beside its translation with the missing ones counted, typed in place or read
// from a translator's CSV, downloaded as one; a save keeps them, and the gaps close.

ensureDashboardBuilt()
vi.setConfig({ expect: { poll: { timeout: 10_000, interval: 50 } } })
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

const form = {
  title: 'Visit',
  languages: ['en', 'de'],
  questions: [
    { id: 'mood', title: 'How was it?', type: 'multiple_choice', properties: { choices: ['Good', 'Bad'] } },
    { id: 'note', title: 'Anything else?', type: 'long_text' },
  ],
  translations: { de: { title: 'Besuch' } },
}

describe('the builder’s languages', { timeout: 120_000 }, () => {
  it('translates side by side and from a CSV, downloads one, and saves them', async () => {
    const created = await ctx.request({ method: 'POST', url: '/v1/forms', payload: form })
    const formId = created.json().id
    expect(created.json().translation_gaps).toHaveLength(4)
    const page = await signedInDashboard(browser, base, ctx.token, {
      path: `/app/forms/${formId}/edit`,
      context: { viewport: { width: 1280, height: 900 }, acceptDownloads: true },
    })
    const section = page.getByRole('group', { name: 'Languages' })
    await section.waitFor()
    await expect.poll(() => section.getByText('1 of 5 strings translated').count()).toBe(1)
    expect(await section.getByRole('textbox', { name: 'German (de): Visit' }).inputValue()).toBe('Besuch')

    await section.getByRole('textbox', { name: 'German (de): How was it?' }).fill('Wie war es?')
    await expect.poll(() => section.getByText('2 of 5 strings translated').count()).toBe(1)

    // A translator's CSV: a path the form lacks is left out and said so.
    await section.getByLabel('Upload translated CSV').setInputFiles({
      name: 'visit-de.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'path,source,de\r\n/questions/mood/choices/Good,Good,Gut\r\n' +
          '"/questions/mood/choices/Bad",Bad,"Schlecht, sehr"\r\n/questions/gone/title,Gone,Weg\r\n',
      ),
    })
    await expect.poll(() => section.getByText('4 of 5 strings translated').count()).toBe(1)
    await expect
      .poll(() => section.getByRole('status').textContent())
      .toContain('1 row names a string this form no longer has and was left out')

    const download = page.waitForEvent('download')
    await section.getByRole('button', { name: 'Download CSV for translators' }).click()
    const csv = await (await download).createReadStream()
    const chunks: Buffer[] = []
    for await (const chunk of csv) chunks.push(chunk as Buffer)
    expect(Buffer.concat(chunks).toString('utf8').split('\r\n')).toEqual([
      'path,source,de',
      '/title,Visit,Besuch',
      '/questions/mood/title,How was it?,Wie war es?',
      '/questions/mood/choices/Good,Good,Gut',
      '/questions/mood/choices/Bad,Bad,"Schlecht, sehr"',
      '/questions/note/title,Anything else?,',
      '',
    ])

    await checkScreen(page, 'builder-languages', { fullPage: false })
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect
      .poll(
        async () =>
          (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })).json().translation_gaps,
      )
      .toEqual([{ language: 'de', path: '/questions/note/title', source: 'Anything else?' }])
    const saved = (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })).json()
    expect(saved.translations.de.questions.mood).toEqual({
      title: 'Wie war es?',
      choices: { Good: 'Gut', Bad: 'Schlecht, sehr' },
    })

    // A translated label renamed: its translation, naming a label no longer there, is not saved,
    // and the save goes through.
    await page.locator('#f-questions-0-properties-choices-1').fill('Poor')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect
      .poll(
        async () => (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })).json().questions[0],
      )
      .toMatchObject({ properties: { choices: ['Good', 'Poor'] } })
    expect(
      (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })).json().translations.de.questions
        .mood,
    ).toEqual({ title: 'Wie war es?', choices: { Good: 'Gut' } })

    // A language taken off the list takes its translations with it.
    const languages = section.getByLabel('Languages')
    await languages.fill('en')
    await languages.press('Tab')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect
      .poll(async () => (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })).json().languages)
      .toEqual(['en'])
    expect(
      (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })).json().translations,
    ).toBeUndefined()
    await page.context().close()
  })
})
