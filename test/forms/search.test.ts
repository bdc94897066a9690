import { parse } from 'csv-parse/sync'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest } from '../../src/db/migrate.js'
import { migrations } from '../../src/db/migrations/index.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { mailTables, undoTeam } from '../support/migrations.js'
import { createForm, everyKindAnswers, everyKindForm, submit } from './fixtures.js'

// `query` on the listing, the export and insights: text answers, choice labels and hidden values,
// case- and accent-insensitive, LIKE wildcards matched as themselves, pages exact.

let ctx: TestContext
let formId: string
/** The id of each response by a name for it. */
const ids = new Map<string, string>()
/** Ids of the 30 paging responses, oldest first. */
const paged: string[] = []

async function add(name: string, answers: object, hidden?: object) {
  const response = await submit(ctx, formId, { answers, ...(hidden ? { hidden } : {}) })
  if (response.statusCode !== 201) throw new Error(response.body)
  ids.set(name, response.json().id)
  return response.json().id as string
}

beforeAll(async () => {
  ctx = await createTestContext()
  formId = await createForm(ctx, {
    ...everyKindForm,
    questions: everyKindForm.questions.map((q) => (q.id === 'q_short' ? { ...q, properties: {} } : q)),
  })
  await add('every', everyKindAnswers, { source: 'Newsletter', campaign: 'autumn' })
  await add('muller', { q_short: 'Anna Müller' })
  await add('MULLER', { q_short: 'x', q_long: 'Signed: MÜLLER GmbH' })
  await add('strasse', { q_short: 'Hauptstraße 5' })
  await add('percent', { q_short: '100% sure' })
  await add('hundred', { q_short: '100 percent' })
  await add('underscore', { q_short: 'under_score' })
  await add('space', { q_short: 'under score' })
  await add('backslash', { q_short: 'back\\slash' })
  await add('emoji', { q_short: 'Party 🎉 time' })
  await add('numbers', { q_short: 'n', q_nps: 7, q_number: 77, q_date: '2024-07-07' })
  for (let i = 0; i < 30; i++) paged.push(await add(`page${i}`, { q_short: `Paging Row ${i}` }))
  await add('after', { q_short: 'unrelated' })
})
afterAll(() => ctx.close())

const list = (query: string) => ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses?${query}` })

async function found(search: string): Promise<string[]> {
  const response = await list(`page_size=1000&query=${encodeURIComponent(search)}`)
  expect(response.statusCode, response.body).toBe(200)
  const names = new Map([...ids].map(([name, id]) => [id, name]))
  return response.json().items.map((item: { id: string }) => names.get(item.id))
}

describe('search in text answers', () => {
  it('finds text answers case- and accent-insensitively, and ß as ss', async () => {
    expect(await found('müller')).toEqual(['MULLER', 'muller'])
    expect(await found('MULLER')).toEqual(['MULLER', 'muller'])
    expect(await found('Müller gmbh')).toEqual(['MULLER'])
    expect(await found('STRASSE')).toEqual(['strasse'])
    expect(await found('straße')).toEqual(['strasse'])
    expect(await found('🎉')).toEqual(['emoji'])
  })

  it('looks in long text, e-mail, URL, phone, choice labels and hidden values; not numbers or dates', async () => {
    expect(await found('long story')).toEqual(['every'])
    expect(await found('ada@EXAMPLE')).toEqual(['every'])
    expect(await found('?y=1')).toEqual(['every'])
    expect(await found('+49151')).toEqual(['every'])
    expect(await found('green')).toEqual(['every'])
    expect(await found('olives')).toEqual(['every'])
    expect(await found('newsletter')).toEqual(['every'])
    expect(await found('77')).toEqual([])
    expect(await found('2024-07')).toEqual([])
    // Question titles and ids are not answers.
    expect(await found('Recommend')).toEqual([])
    expect(await found('q_short')).toEqual([])
  })

  it('matches %, _ and \\ as themselves', async () => {
    expect(await found('100%')).toEqual(['percent'])
    expect(await found('%')).toEqual(['percent'])
    expect(await found('r_s')).toEqual(['underscore'])
    expect(await found('_')).toEqual(['underscore'])
    expect(await found('k\\s')).toEqual(['backslash'])
    expect(await found("' or 1=1 --")).toEqual([])
  })

  it('pages a filtered list exactly, in either order, and counts it in insights', async () => {
    const pages = []
    for (let page = 1; page <= 4; page++)
      pages.push(await list(`query=paging%20row&page=${page}&page_size=12`))
    const newestFirst = [...paged].reverse()
    expect(pages[0]?.json().items.map((item: { id: string }) => item.id)).toEqual(newestFirst.slice(0, 12))
    expect(pages[1]?.json().items.map((item: { id: string }) => item.id)).toEqual(newestFirst.slice(12, 24))
    expect(pages[2]?.json().items.map((item: { id: string }) => item.id)).toEqual(newestFirst.slice(24))
    expect(pages[3]?.json().items).toEqual([])
    expect(pages[1]?.headers.link).toContain('rel="next"')
    expect(pages[2]?.headers.link).not.toContain('rel="next"')
    const ascending = await list('query=PAGING&sort=submitted_at,asc&page=2&page_size=5')
    expect(ascending.json().items.map((item: { id: string }) => item.id)).toEqual(paged.slice(5, 10))
    const since = (await list('query=paging&page_size=1&sort=submitted_at,asc&page=11')).json().items[0]
    const windowed = await list(`query=paging&since=${since.submitted_at}&page_size=100`)
    expect(windowed.json().items).toHaveLength(20)

    const insights = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${formId}/insights?query=paging+row`,
    })
    expect(insights.statusCode).toBe(200)
    expect(insights.json().responses).toBe(30)
    const both = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${formId}/insights?query=paging&since=${since.submitted_at}`,
    })
    expect(both.json().responses).toBe(20)
    const none = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${formId}/insights?query=nothing-like-it`,
    })
    expect(none.json().responses).toBe(0)
  })

  it('exports only the matching responses', async () => {
    const ndjson = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${formId}/responses/export?format=ndjson&query=muller`,
    })
    expect(ndjson.statusCode).toBe(200)
    const lines = ndjson.body.trimEnd().split('\n')
    expect(lines.map((line) => JSON.parse(line).id)).toEqual([ids.get('MULLER'), ids.get('muller')])
    const csv = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${formId}/responses/export?format=csv&query=${encodeURIComponent('100%')}`,
    })
    const rows = parse(csv.body, { bom: true }) as string[][]
    expect(rows).toHaveLength(2)
    expect(rows[1]?.[2]).toBe('100% sure')
  })

  it('leaves the listing as it was without a query, or with an empty one', async () => {
    const plain = await list('page_size=7&page=2')
    expect((await list('page_size=7&page=2&query=')).body).toBe(plain.body)
    expect((await list('page_size=7&page=2&query=%20%20')).body).toBe(plain.body)
    expect(plain.json().items).toHaveLength(7)
  })

  it('finds responses stored before search existed, once the migration has filled their texts', async () => {
    const before = await found('müller')
    const { db } = ctx.database
    // Back to before 014: its table and those of the migrations after it go (each added here).
    const since = Object.keys(migrations).filter((name) => name >= '014_response_search')
    expect(since).toEqual([
      '014_response_search',
      '015_drafts',
      '016_funnel',
      '017_mail',
      '018_draft_recipients',
      '019_team',
      '020_files',
    ])
    for (const table of [
      'files',
      'response_search',
      'drafts',
      'funnel_entries',
      'funnel_counts',
      ...mailTables,
    ])
      await sql`drop table ${sql.table(table)}`.execute(db)
    await undoTeam(db)
    await sql`delete from kysely_migration where name >= '014_response_search'`.execute(db)
    expect(await migrateToLatest(ctx.database)).toEqual(since)
    expect(await found('müller')).toEqual(before)
    expect(await found('newsletter')).toEqual(['every'])
    expect(await found('paging row')).toHaveLength(30)
  })

  it('forgets deleted responses', async () => {
    const id = await add('doomed', { q_short: 'Doomed Zebra' })
    expect(await found('zebra')).toEqual(['doomed'])
    const deleted = await ctx.request({
      method: 'DELETE',
      url: `/v1/forms/${formId}/responses?included_response_ids=${id}`,
    })
    expect(deleted.statusCode).toBe(204)
    expect(await found('zebra')).toEqual([])
  })

  it('refuses a query over 200 characters or with control characters, with a 400 on every operation', async () => {
    expect((await list(`query=${'a'.repeat(200)}`)).statusCode).toBe(200)
    for (const query of ['a'.repeat(201), 'é'.repeat(5000), 'a%00b', 'line%0Abreak', '%1B[31m']) {
      for (const path of ['responses', 'responses/export?format=csv&', 'insights']) {
        const url = path.endsWith('&')
          ? `/v1/forms/${formId}/${path}query=${query}`
          : `/v1/forms/${formId}/${path}?query=${query}`
        const response = await ctx.request({ method: 'GET', url })
        expect(response.statusCode, `${url}: ${response.body}`).toBe(400)
        expect(response.json().code).toBe('validation_failed')
        expect(response.json().errors[0].path).toBe('/query')
      }
    }
  })
})
