import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { wordsFor } from '../../src/shared/i18n/words.js'
import { createTestContext, type TestContext } from '../support/context.js'

// docs/api.md#languages: a form's languages and translations, the gaps its answer reports, and
// the hosted page in the language ?lang= names, else the best for Accept-Language, else the
// source; Canvass's own words from its catalog; choices stored by their source label.

let ctx: TestContext
let base: string
beforeAll(async () => {
  ctx = await createTestContext({ publicRateLimit: 1000 })
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await ctx.close()
})

const de = wordsFor('de').t
const ar = wordsFor('ar').t

const visit = {
  title: 'Visit',
  hidden: ['source'],
  languages: ['en', 'de', 'ar'],
  settings: { public: true, thank_you: { title: 'Thanks a lot', message: 'We read every answer.' } },
  questions: [
    {
      id: 'mood',
      title: 'How was it?',
      type: 'multiple_choice',
      required: true,
      properties: { choices: ['Good', 'Bad'] },
    },
    { id: 'age', title: 'Your age', type: 'number', properties: { min: 0, max: 120 } },
  ],
  translations: {
    de: {
      title: 'Besuch',
      questions: {
        mood: { title: 'Wie war es?', choices: { Good: 'Gut', Bad: 'Schlecht' } },
        age: { title: 'Ihr Alter' },
      },
      thank_you: { title: 'Vielen Dank', message: 'Wir lesen jede Antwort.' },
    },
    // Partly translated: the rest is shown in English, and reported.
    ar: { title: 'زيارة', questions: { mood: { title: 'كيف كانت؟', choices: { Good: 'جيدة' } } } },
  },
}

async function create(body: object = visit): Promise<string> {
  const response = await ctx.request({ method: 'POST', url: '/v1/forms', payload: body })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id
}

const page = (url: string, headers: Record<string, string> = {}) =>
  ctx.request({ method: 'GET', url, token: null, headers })
const post = (url: string, fields: [string, string][]) =>
  ctx.request({
    method: 'POST',
    url,
    token: null,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  })

describe('a form of several languages', () => {
  it('is saved with its translations, and its answer lists what they miss', async () => {
    const created = await ctx.request({ method: 'POST', url: '/v1/forms', payload: visit })
    expect(created.statusCode).toBe(201)
    const form = created.json()
    expect(form.languages).toEqual(['en', 'de', 'ar'])
    expect(form.translations.de.questions.mood.choices).toEqual({ Good: 'Gut', Bad: 'Schlecht' })
    const got = (await ctx.request({ method: 'GET', url: `/v1/forms/${form.id}` })).json()
    expect(got.translation_gaps).toEqual([
      { language: 'ar', path: '/questions/mood/choices/Bad', source: 'Bad' },
      { language: 'ar', path: '/questions/age/title', source: 'Your age' },
      { language: 'ar', path: '/thank_you/title', source: 'Thanks a lot' },
      { language: 'ar', path: '/thank_you/message', source: 'We read every answer.' },
    ])
    expect(form.translation_gaps).toEqual(got.translation_gaps)
    // A listing is of definitions: no gaps worked out for every form of a page.
    const listed = (await ctx.request({ method: 'GET', url: '/v1/forms' })).json().items
    expect(listed.find((item: { id: string }) => item.id === form.id).translation_gaps).toBeUndefined()
  })

  it('keeps a form of one language as it was: no languages, no gaps', async () => {
    const { languages: _l, translations: _t, ...plain } = visit
    const form = (await ctx.request({ method: 'POST', url: '/v1/forms', payload: plain })).json()
    expect(form).not.toHaveProperty('languages')
    expect(form).not.toHaveProperty('translations')
    expect(form).not.toHaveProperty('translation_gaps')
  })

  it('writes tags in their canonical case and refuses every problem of its translations at once', async () => {
    const form = (
      await ctx.request({
        method: 'POST',
        url: '/v1/forms',
        payload: {
          ...visit,
          languages: ['EN', 'pt-br', 'de'],
          translations: { 'PT-BR': { title: 'Visita' } },
        },
      })
    ).json()
    expect(form.languages).toEqual(['en', 'pt-BR', 'de'])
    expect(Object.keys(form.translations)).toEqual(['pt-BR'])

    const refused = await ctx.request({
      method: 'POST',
      url: '/v1/forms',
      payload: {
        ...visit,
        languages: ['en', 'de', 'DE', 'x-'],
        translations: {
          fr: { title: 'Visite' },
          en: { title: 'Visit' },
          de: {
            questions: { nope: { title: 'Nein' }, mood: { choices: { Great: 'Toll' } } },
            pages: { p9: { title: 'Seite' } },
            endings: { e9: { title: 'Ende' } },
          },
        },
      },
    })
    expect(refused.statusCode).toBe(400)
    const paths = refused.json().errors.map((error: { path: string }) => error.path)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/languages/2',
        '/languages/3',
        '/translations/fr',
        '/translations/en',
        '/translations/de/questions/nope',
        '/translations/de/questions/mood/choices/Great',
        '/translations/de/pages/p9',
        '/translations/de/endings/e9',
      ]),
    )
    // One language translated twice, its tag in two cases: which one is meant is not guessed.
    const twice = await ctx.request({
      method: 'POST',
      url: '/v1/forms',
      payload: { ...visit, translations: { de: { title: 'A' }, DE: { title: 'B' } } },
    })
    expect(twice.statusCode).toBe(400)
    expect(twice.json().errors).toContainEqual({
      path: '/translations/DE',
      message: 'duplicates the translation into de, named in another case',
    })
    const { languages: _l, ...unlisted } = visit
    const without = await ctx.request({ method: 'POST', url: '/v1/forms', payload: unlisted })
    expect(without.statusCode).toBe(400)
    expect(without.json().errors).toContainEqual({
      path: '/translations/de',
      message: 'needs the form to list its languages, the source first, in `languages`',
    })
  })
})

describe('the hosted page in a language', () => {
  it('speaks ?lang=: the form in its translation, Canvass in its catalog, the values in the source', async () => {
    const id = await create()
    const response = await page(`/f/${id}?lang=de`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-language']).toBe('de')
    expect(response.headers.vary).toContain('accept-language')
    const html = response.body
    expect(html).toMatch(/^<!doctype html><html lang="de" dir="ltr">/)
    expect(html).toContain('<title>Besuch</title>')
    expect(html).toContain('Wie war es?')
    expect(html).toContain('Ihr Alter')
    expect(html).not.toContain('How was it?')
    // The label shown is the translation; the value posted stays the source label.
    expect(html).toMatch(/value="Good"[^>]*\/><span>Gut<\/span>/)
    expect(html).toContain(`<button type="submit">${de('form.submit')}</button>`)
    expect(html).toContain(de('hint.numberBetween', { min: 0, max: 120 }))
    expect(html).toContain(`action="/f/${id}?lang=de"`)
    expect(html).toContain(`data-locale="de"`)
  })

  it('offers the other languages, each named in itself, the current one marked, hidden fields kept', async () => {
    const id = await create()
    const html = (await page(`/f/${id}?lang=de&source=mail`)).body
    expect(html).toContain(`<nav class="languages" aria-label="${de('layout.language')}">`)
    expect(html).toContain(`<a href="/f/${id}?source=mail&amp;lang=en" lang="en" hreflang="en">English</a>`)
    expect(html).toContain(
      `<a href="/f/${id}?source=mail&amp;lang=de" lang="de" hreflang="de" aria-current="true">Deutsch</a>`,
    )
    expect(html).toContain(`lang="ar" hreflang="ar">العربية</a>`)
  })

  it('writes Arabic right to left, the untranslated strings in the source language', async () => {
    const id = await create()
    const html = (await page(`/f/${id}?lang=ar`)).body
    expect(html).toMatch(/<html lang="ar" dir="rtl">/)
    expect(html).toContain('كيف كانت؟')
    expect(html).toContain('<span>جيدة</span>')
    expect(html).toContain('<span>Bad</span>')
    expect(html).toContain('Your age')
    expect(html).toContain(ar('form.submit'))
  })

  it('without ?lang=, takes the best for Accept-Language, else the source', async () => {
    const id = await create()
    for (const [header, lang] of [
      ['de-AT,de;q=0.9,en;q=0.5', 'de'],
      ['fr-FR,fr;q=0.9', 'en'],
      ['fr;q=0.9, ar;q=0.8', 'ar'],
      ['en;q=0.1, de', 'de'],
      ['*', 'en'],
      ['not a tag!!, de;q=0.5', 'de'],
      [';;;,,,', 'en'],
    ] as const) {
      const html = (await page(`/f/${id}`, { 'accept-language': header })).body
      expect([header, html.slice(0, 45)]).toEqual([header, expect.stringContaining(`<html lang="${lang}"`)])
    }
    // ?lang= wins; one that is none of the form's languages is ignored.
    expect((await page(`/f/${id}?lang=de`, { 'accept-language': 'ar' })).body).toContain('<html lang="de"')
    expect((await page(`/f/${id}?lang=fr`, { 'accept-language': 'ar' })).body).toContain('<html lang="ar"')
    expect((await page(`/f/${id}?lang=fr`)).body).toContain('<html lang="en"')
  })

  it('is answered before the framework in the language Accept-Language asks', async () => {
    const id = await create()
    for (const lang of ['de', 'ar', 'en']) {
      const response = await fetch(`${base}/f/${id}`, { headers: { 'accept-language': lang } })
      expect(response.headers.get('content-language')).toBe(lang)
      expect(await response.text()).toContain(`<html lang="${lang}"`)
    }
  })

  it('stores the source label whatever language showed it, and thanks in that language', async () => {
    const id = await create()
    const sent = await post(`/f/${id}?lang=de`, [['mood', 'Good']])
    expect(sent.statusCode).toBe(303)
    expect(sent.headers.location).toBe(`/f/${id}/thanks?lang=de`)
    const thanks = await page(sent.headers.location as string)
    expect(thanks.body).toContain('Vielen Dank')
    expect(thanks.body).toContain('Wir lesen jede Antwort.')
    const items = (await ctx.request({ method: 'GET', url: `/v1/forms/${id}/responses` })).json().items
    expect(items[0].answers[0]).toMatchObject({ question: { id: 'mood' }, choice: { label: 'Good' } })
  })

  it('says what is wrong in the page language, with and beside the translated titles', async () => {
    const id = await create()
    const refused = await post(`/f/${id}?lang=de`, [['age', '500']])
    expect(refused.statusCode).toBe(422)
    const html = refused.body
    expect(html).toContain(`<title>${de('layout.errorTitle', { title: 'Besuch' })}</title>`)
    expect(html).toContain(de('form.summary', { count: 2 }))
    expect(html).toContain(de('form.summaryLine', { title: 'Wie war es?', message: de('error.required') }))
    expect(html).toContain(
      de('form.summaryLine', {
        title: 'Ihr Alter',
        message: de('error.numberBetween', { min: 0, max: 120 }),
      }),
    )
    expect(html).toContain(`value="500"`)
  })

  it('keeps a form of one language in English, whatever the browser asks', async () => {
    const { languages: _l, translations: _t, ...plain } = visit
    const id = await create(plain)
    const html = (await page(`/f/${id}?lang=de`, { 'accept-language': 'de' })).body
    expect(html).toMatch(/^<!doctype html><html lang="en" dir="ltr">/)
    expect(html).not.toContain('class="languages"')
    expect(html).toContain('<button type="submit">Submit</button>')
  })

  it('says its own pages in the best of its languages for the browser when no form chose one', async () => {
    const missing = await page('/f/frm_missing', { 'accept-language': 'pl-PL,pl;q=0.9' })
    expect(missing.statusCode).toBe(404)
    expect(missing.body).toContain('<html lang="pl" dir="ltr">')
    expect(missing.body).toContain(wordsFor('pl').t('notFound.heading'))
    const asked = await page('/f/frm_missing?lang=de', { 'accept-language': 'en' })
    expect(asked.body).toContain('<html lang="de" dir="ltr">')
    const arabic = await page('/i/not-a-link', { 'accept-language': 'ar' })
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">')
    expect(arabic.body).toContain(ar('link.unknownHeading'))
  })

  it('keeps ?lang= through "Continue later": the way back, the resume link and where it leads', async () => {
    const id = await create({
      ...visit,
      pages: [
        { id: 'p1', questions: ['mood'] },
        { id: 'p2', questions: ['age'] },
      ],
    })
    const later = await post(`/f/${id}?lang=de`, [
      ['canvass:page', 'p1'],
      ['canvass:action', 'later'],
      ['mood', 'Good'],
    ])
    expect(later.statusCode).toBe(200)
    expect(later.body).toContain('<html lang="de"')
    expect(later.body).toContain(`href="/f/${id}?lang=de"`)
    const resume = /href="(http[^"]*\/r\/[^"?]+\?lang=de)"/.exec(later.body)?.[1]
    expect(resume).toBeDefined()
    const opened = await page(new URL(resume as string).pathname + new URL(resume as string).search, {
      'accept-language': 'en',
    })
    expect(opened.statusCode).toBe(303)
    expect(opened.headers.location).toMatch(/[?&]lang=de$/)
  })
})
