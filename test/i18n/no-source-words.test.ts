import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogs } from '../../src/shared/i18n/catalogs/index.js'
import { LOCALES, type Locale, type MessageKey } from '../../src/shared/i18n/locales.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { translated } from './support.js'

// Every hosted page state, in every shipped language, and not one string of the source language
// (English) left on it: neither the form's own (each is translated here) nor Canvass's (every
// literal piece of an English catalog message that the language's message does not share).
// What is read is what a person meets: the text, and the names and titles of controls.

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext({ publicRateLimit: 1000 })
})
afterAll(async () => {
  await ctx.close()
})

const others = LOCALES.filter((locale) => locale !== 'en')

// Source strings that no catalog could hold by chance.
const onePage = {
  title: 'Zebra harbour survey',
  hidden: ['source'],
  questions: [
    {
      id: 'colour',
      title: 'Favourite zebra colour',
      description: 'Stripes included',
      type: 'multiple_choice',
      required: true,
      properties: { choices: ['Striped black', 'Striped white'] },
    },
    { id: 'count', title: 'Zebras counted', type: 'number', properties: { min: 0, max: 9 } },
    { id: 'ok', title: 'Zebras are fine', type: 'yes_no' },
    { id: 'feel', title: 'Zebra mood rating', type: 'nps' },
    {
      id: 'grid',
      title: 'Zebra grid',
      type: 'matrix',
      properties: { rows: ['Mane row'], columns: ['Tail one', 'Tail two'] },
    },
    {
      id: 'order',
      title: 'Zebra order',
      type: 'ranking',
      properties: { choices: ['Hoof first', 'Hoof last'] },
    },
    {
      id: 'pick',
      title: 'Zebra pick',
      type: 'dropdown',
      properties: { choices: ['Meadow pick', 'River pick'] },
    },
    { id: 'agree', title: 'Zebra terms', type: 'consent' },
    { id: 'scan', title: 'Zebra scan', type: 'file_upload', properties: { max_size: 2_000_000 } },
  ],
}

const sourceStrings = [
  'Zebra',
  'Stripes included',
  'Striped',
  'Mane row',
  'Tail one',
  'Hoof first',
  'Meadow pick',
  'Harbour pages',
  'First stretch',
]

/** Every literal piece of an ICU message, plural branches included. */
function literals(elements: MessageFormatElement[]): string[] {
  return elements.flatMap((element) => {
    if (element.type === 0) return [element.value]
    if ('options' in element)
      return Object.values(element.options).flatMap((option) => literals(option.value))
    return []
  })
}

/** The English pieces a page in `locale` must not show: those its own message does not share. */
function englishPieces(locale: Locale): string[] {
  const pieces = new Set<string>()
  for (const key of Object.keys(catalogs.en) as MessageKey[]) {
    const own = catalogs[locale][key]
    for (const piece of literals(parse(catalogs.en[key]))) {
      const text = piece.trim()
      // Punctuation, digits and examples (name@example.com) are not English.
      if (text.replace(/[^A-Za-z]/g, '').length < 3 || own.includes(text)) continue
      pieces.add(text)
    }
  }
  return [...pieces]
}

/** What a person meets on a page: its text, and its controls' names, titles and values shown. */
function visibleText(html: string): string {
  const attributes = [...html.matchAll(/\s(?:aria-label|title|placeholder|alt)="([^"]*)"/g)].map((m) => m[1])
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, '\n')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
  return [text, ...attributes].join('\n')
}

async function create(body: object): Promise<string> {
  const response = await ctx.request({ method: 'POST', url: '/v1/forms', payload: body })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id
}

const form = (url: string, fields: [string, string][], headers: Record<string, string> = {}) =>
  ctx.request({
    method: 'POST',
    url,
    token: null,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  })

describe('no word of the source language on a translated page', () => {
  it('holds for every page state in every language', async () => {
    const languages = ['en', ...others]
    const translations = translated(onePage)
    const past = '2020-01-01T00:00:00Z'
    const future = '2099-01-01T00:00:00Z'
    const settings = { public: true, thank_you: { title: 'Zebra thanks', message: 'Zebra message' } }
    const open = await create({ ...onePage, languages, translations, settings })
    const defaults = await create({ ...onePage, languages, translations, settings: { public: true } })
    const closed = await create({
      ...onePage,
      languages,
      translations,
      settings: { ...settings, closes_at: past, closed_message: 'Zebra gate shut' },
    })
    const closedDefault = await create({
      ...onePage,
      languages,
      translations,
      settings: { public: true, closes_at: past },
    })
    const notOpen = await create({
      ...onePage,
      languages,
      translations,
      settings: { public: true, opens_at: future },
    })
    const paged = await create({
      ...onePage,
      title: 'Harbour pages',
      languages,
      translations: translated(onePage, ['p1']),
      settings,
      pages: [
        { id: 'p1', title: 'First stretch', questions: ['colour', 'count', 'ok', 'feel'] },
        { id: 'p2', questions: ['grid', 'order', 'pick', 'agree', 'scan'] },
      ],
    })

    for (const locale of others) {
      const lang = { 'accept-language': locale }
      const get = (url: string) => ctx.request({ method: 'GET', url, token: null, headers: lang })
      const pages: [string, { statusCode: number; body: string }][] = [
        ['blank', await get(`/f/${open}`)],
        ['with a hidden field', await get(`/f/${open}?source=x&lang=${locale}`)],
        [
          'invalid',
          await form(`/f/${open}?lang=${locale}`, [
            ['count', '99'],
            ['ok', 'maybe'],
          ]),
        ],
        ['thanks', await get(`/f/${open}/thanks?lang=${locale}`)],
        ['thanks by default', await get(`/f/${defaults}/thanks?lang=${locale}`)],
        ['closed', await get(`/f/${closed}`)],
        ['closed by default', await get(`/f/${closedDefault}`)],
        ['not open yet', await get(`/f/${notOpen}`)],
        ['first of several pages', await get(`/f/${paged}?lang=${locale}`)],
        [
          'a page with problems',
          await form(`/f/${paged}?lang=${locale}`, [
            ['canvass:page', 'p1'],
            ['canvass:action', 'next'],
            ['count', '-4'],
          ]),
        ],
        [
          'continue later',
          await form(`/f/${paged}?lang=${locale}`, [
            ['canvass:page', 'p1'],
            ['canvass:action', 'later'],
            ['count', '4'],
          ]),
        ],
        ['no such form', await get('/f/frm_missing')],
        ['no such link', await get('/i/not-a-link')],
        ['no such unsubscribe link', await get('/u/not-a-link')],
        ['a resume link gone', await get(`/f/${paged}/r/not-a-token`)],
        [
          'an unreadable post',
          await ctx.request({
            method: 'POST',
            url: `/f/${open}`,
            token: null,
            headers: { 'content-type': 'application/x-www-form-urlencoded; charset=latin1', ...lang },
            payload: 'count=1',
          }),
        ],
      ]
      const pieces = englishPieces(locale)
      for (const [state, response] of pages) {
        expect([locale, state, response.statusCode < 500]).toEqual([locale, state, true])
        const text = visibleText(response.body)
        expect([locale, state, response.body.slice(0, 60)]).toEqual([
          locale,
          state,
          expect.stringContaining(`<html lang="${locale}"`),
        ])
        const leaked = [...pieces, ...sourceStrings].filter((piece) => text.includes(piece))
        expect({ locale, state, leaked }).toEqual({ locale, state, leaked: [] })
      }
    }
  })
})
