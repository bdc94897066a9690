import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SheetWriter } from '../../src/domain/forms/xlsx.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { createForm, submit } from './fixtures.js'

// `format=xlsx`: the CSV's columns in an Office Open XML workbook, read back with exceljs.

let ctx: TestContext
let formId: string
const long = `${'Lorem ipsum dolor sit amet. '.repeat(400).slice(0, 9_997)}END`
const submitted: { id: string; submitted_at: string }[] = []

const form = {
  title: 'Sheet',
  questions: [
    { id: 'q_name', title: 'Name', type: 'short_text' },
    { id: 'q_story', title: 'Story', type: 'long_text' },
    { id: 'q_age', title: 'Age', type: 'number' },
    { id: 'q_day', title: 'Birthday', type: 'date' },
    {
      id: 'q_colour',
      title: 'Colours',
      type: 'multiple_choice',
      properties: { allow_multiple: true, choices: ['Red', 'Blue'] },
    },
    { id: 'q_again', title: 'Name', type: 'short_text' },
  ],
  hidden: ['source'],
  variables: [{ name: 'score', initial: 1.5 }],
}

beforeAll(async () => {
  ctx = await createTestContext()
  formId = await createForm(ctx, form)
  const bodies = [
    {
      answers: {
        q_name: 'Jörg Müller 🎉',
        q_story: long,
        q_age: 42,
        q_day: '1990-02-28',
        q_colour: ['Blue', 'Red'],
      },
      hidden: { source: '=HYPERLINK("http://x")' },
    },
    { answers: { q_name: '<b>&amp;</b>', q_again: '  spaced  ' } },
  ]
  for (let i = 0; i < 600; i++) bodies.push({ answers: { q_name: `Bulk ${i}`, q_age: i } } as never)
  for (const body of bodies) {
    const response = await submit(ctx, formId, body)
    if (response.statusCode !== 201) throw new Error(response.body)
    submitted.push(response.json())
  }
}, 120_000)
afterAll(() => ctx.close())

async function workbookOf(query: string) {
  const response = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses/export?${query}` })
  expect(response.statusCode, response.body.slice(0, 500)).toBe(200)
  expect(response.headers['content-type']).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  )
  expect(response.headers['content-disposition']).toBe(`attachment; filename="responses-${formId}.xlsx"`)
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer)
  const sheet = workbook.getWorksheet('Responses')
  if (!sheet) throw new Error('no sheet named Responses')
  const rows: unknown[][] = []
  sheet.eachRow({ includeEmpty: true }, (row) => {
    rows.push((row.values as unknown[]).slice(1))
  })
  return rows
}

async function read(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  const sheet = workbook.getWorksheet('Responses')
  if (!sheet) throw new Error('no sheet named Responses')
  return sheet
}

describe('the XLSX sheet writer', () => {
  it('cuts a text longer than a cell holds, and replaces what XML cannot hold', async () => {
    const item = {
      id: 'rsp_1',
      submitted_at: '2026-11-22T10:04:05.123456Z',
      answers: [],
      hidden: [],
      variables: [],
    }
    const huge = `${'x'.repeat(32_765)}🎉tail`
    const writer = new SheetWriter([
      { header: 'huge', kind: 'text', value: () => huge },
      { header: 'odd', kind: 'text', value: () => 'a\u0001b\uD800c\uFFFEd\te' },
      { header: 'big', kind: 'number', value: () => '123456789012345678901' },
      { header: 'bad date', kind: 'date', value: () => 'not a date' },
    ])
    const bytes = Buffer.concat([...writer.start(), ...writer.row(item as never), ...writer.end()])
    const sheet = await read(bytes)
    const values = (sheet.getRow(2).values as unknown[]).slice(1)
    // Cut before the emoji rather than between the halves of its surrogate pair.
    expect(values[0]).toBe(`${'x'.repeat(32_765)}…`)
    expect(values[1]).toBe('a\uFFFDb\uFFFDc\uFFFDd\te')
    expect(values[2]).toBe('123456789012345678901')
    expect(values[3]).toBe('not a date')
  })
})

describe('XLSX export', () => {
  it('has the CSV columns, every response newest first, and typed cells', async () => {
    const rows = await workbookOf('format=xlsx')
    expect(rows[0]).toEqual([
      'id',
      'submitted_at',
      'Name',
      'Story',
      'Age',
      'Birthday',
      'Colours',
      'Name (2)',
      'source',
      'score',
    ])
    expect(rows).toHaveLength(1 + submitted.length)
    expect(rows.slice(1).map((row) => row[0])).toEqual([...submitted].reverse().map((item) => item.id))
    const first = rows.at(-1) as unknown[]
    const [id, at, name, story, age, day, colours, again, source, score] = first
    expect(id).toBe(submitted[0]?.id)
    // A real date, to the millisecond Excel keeps.
    expect(at).toBeInstanceOf(Date)
    expect((at as Date).toISOString()).toBe(`${submitted[0]?.submitted_at.slice(0, 23)}Z`)
    expect(name).toBe('Jörg Müller 🎉')
    expect(story).toHaveLength(10_000)
    expect(story).toBe(long)
    expect(age).toBe(42)
    expect((day as Date).toISOString()).toBe('1990-02-28T00:00:00.000Z')
    expect(colours).toBe('Blue, Red')
    expect(again).toBeUndefined()
    // Text, never a formula.
    expect(source).toBe('=HYPERLINK("http://x")')
    expect(score).toBe(1.5)
    const second = rows.at(-2) as unknown[]
    expect(second[2]).toBe('<b>&amp;</b>')
    expect(second[7]).toBe('  spaced  ')
    expect(second[4]).toBeUndefined()
    expect(rows[1]?.[2]).toBe('Bulk 599')
    expect(rows[1]?.[4]).toBe(599)
  })

  it('takes the list filters, query included', async () => {
    const rows = await workbookOf('format=xlsx&query=m%C3%BCller')
    expect(rows).toHaveLength(2)
    expect(rows[1]?.[0]).toBe(submitted[0]?.id)
    const window = await workbookOf(
      `format=xlsx&sort=submitted_at,asc&since=${submitted[1]?.submitted_at}&until=${submitted[3]?.submitted_at}`,
    )
    expect(window.slice(1).map((row) => row[0])).toEqual(submitted.slice(1, 4).map((item) => item.id))
    const none = await workbookOf('format=xlsx&since=2999-01-01T00:00:00Z')
    expect(none).toHaveLength(1)
  })

  it('refuses an unknown format, and answers 404 for an unknown form', async () => {
    for (const format of ['xls', 'XLSX', 'pdf', '']) {
      const response = await ctx.request({
        method: 'GET',
        url: `/v1/forms/${formId}/responses/export?format=${format}`,
      })
      expect(response.statusCode, format).toBe(400)
      expect(response.json().code).toBe('validation_failed')
    }
    const missing = await ctx.request({
      method: 'GET',
      url: '/v1/forms/frm_nope/responses/export?format=xlsx',
    })
    expect(missing.statusCode).toBe(404)
  })
})
