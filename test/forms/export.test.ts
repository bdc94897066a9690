import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../support/context.js'
import { createForm, everyKindAnswers, everyKindForm, submit } from './fixtures.js'

let ctx: TestContext
let formId: string
const items: { id: string; submitted_at: string }[] = []

beforeAll(async () => {
  ctx = await createTestContext()
  // Two questions share a title, so the CSV must tell their columns apart.
  formId = await createForm(ctx, {
    ...everyKindForm,
    questions: [...everyKindForm.questions, { id: 'q_again', title: 'Name', type: 'short_text' }],
  })
  items.push(
    (await submit(ctx, formId, { answers: everyKindAnswers, hidden: { source: 'mail, "quoted"' } })).json(),
  )
  items.push((await submit(ctx, formId, { answers: { q_short: 'Bo', q_again: 'Second' } })).json())
  for (let i = 0; i < 2100; i += 700) {
    // Enough rows for several keyset batches (250 per batch).
    await ctx.database.transaction(async (trx) => {
      const { storeResponses } = await import('../../src/domain/forms/responses/store.js')
      const stored = await storeResponses(trx, ctx.clock, ctx.deliverySignal, {
        workspaceId: ctx.workspaceId,
        formId,
        submissions: Array.from({ length: 700 }, (_, k) => ({
          answers: { q_short: `Bulk ${i + k}`, q_nps: (i + k) % 11 },
        })),
      })
      for (const outcome of stored ?? []) if ('stored' in outcome) items.push(outcome.stored.item)
    })
  }
})
afterAll(() => ctx.close())

const exportOf = (query: string, token?: string) =>
  ctx.request({
    method: 'GET',
    url: `/v1/forms/${formId}/responses/export?${query}`,
    ...(token ? { token } : {}),
  })

describe('export', () => {
  it('streams every response as NDJSON, newest first, each line the listed item', async () => {
    const response = await exportOf('format=ndjson')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8')
    const lines = response.body.trimEnd().split('\n')
    expect(lines).toHaveLength(items.length)
    const parsed = lines.map((line) => JSON.parse(line))
    expect(parsed.map((item) => item.id)).toEqual([...items].reverse().map((item) => item.id))
    expect(parsed.at(-1)).toEqual(items[0])
    const listed = (
      await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses?page_size=3` })
    ).json()
    expect(parsed.slice(0, 3)).toEqual(listed.items)
  })

  it('defaults to NDJSON and honours the list filters', async () => {
    const since = items[1]?.submitted_at
    const until = items[5]?.submitted_at
    const response = await exportOf(`since=${since}&until=${until}&sort=submitted_at,asc`)
    expect(response.statusCode).toBe(200)
    const ids = response.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line).id)
    expect(ids).toEqual(items.slice(1, 6).map((item) => item.id))
    const chosen = await exportOf(`format=ndjson&included_response_ids=${items[0]?.id},${items[3]?.id}`)
    expect(
      chosen.body
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).id),
    ).toEqual([items[3]?.id, items[0]?.id])
    const none = await exportOf('format=ndjson&since=2999-01-01T00:00:00Z')
    expect(none.statusCode).toBe(200)
    expect(none.body).toBe('')
  })

  it('writes CSV with id, submitted_at, one column per question, hidden fields and variables', async () => {
    const response = await exportOf('format=csv&sort=submitted_at,asc')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toContain('attachment')
    const rows = parse(response.body, { bom: true }) as string[][]
    expect(rows[0]).toEqual([
      'id',
      'submitted_at',
      'Name',
      'Story',
      'E-mail',
      'Website',
      'Phone',
      'Age',
      'Rating',
      'Opinion',
      'Recommend',
      'Satisfied',
      'Again?',
      'Colour',
      'Toppings',
      'Country',
      'Birthday',
      'Name (2)',
      'source',
      'campaign',
      'score',
      'flat',
    ])
    expect(rows).toHaveLength(items.length + 1)
    expect(rows[1]).toEqual([
      items[0]?.id,
      items[0]?.submitted_at,
      'Ada',
      'A long story.\nWith lines.',
      'ada@example.com',
      'https://example.com/x?y=1',
      '+4915112345678',
      '-3',
      '7',
      '5',
      '9',
      '1',
      'false',
      'Green',
      'Olives, Cheese',
      'FR',
      '2024-02-29',
      '',
      'mail, "quoted"',
      '',
      '41',
      '1.5',
    ])
    expect(rows[2]?.[2]).toBe('Bo')
    expect(rows[2]?.[17]).toBe('Second')
    expect(rows.at(-1)?.[2]).toBe('Bulk 2099')
  })

  it('CSV cells a spreadsheet would run as formulas are neutralised; numbers are not', async () => {
    const form = await createForm(ctx, {
      title: 'Formulas',
      questions: [
        { id: 't', title: '=Title', type: 'short_text' },
        { id: 'n', title: 'N', type: 'number' },
      ],
      hidden: ['h'],
    })
    const stored = await submit(ctx, form, {
      answers: { t: '=HYPERLINK("http://x")', n: -3 },
      hidden: { h: '@SUM(1)' },
    })
    expect(stored.statusCode).toBe(201)
    const response = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${form}/responses/export?format=csv`,
    })
    const rows = parse(response.body, { bom: true }) as string[][]
    expect(rows[0]).toEqual(['id', 'submitted_at', "'=Title", 'N', 'h'])
    expect(rows[1]?.slice(2)).toEqual([`'=HYPERLINK("http://x")`, '-3', "'@SUM(1)"])
    // NDJSON carries the data as stored.
    const ndjson = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${form}/responses/export?format=ndjson`,
    })
    expect(JSON.parse(ndjson.body.trim()).answers[0].text).toBe('=HYPERLINK("http://x")')
  })

  it('writes a response longer than one write whole, its multi-byte characters intact', async () => {
    const form = await createForm(ctx, {
      title: 'Long',
      questions: ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, title: id, type: 'long_text' })),
    })
    // ~75 KB of UTF-8: the export's 16 KiB writes end inside it, on every width of character.
    const story = 'Grüße 😀 €, '.repeat(833)
    const answers = { a: story, b: story, c: story, d: story, e: story }
    const stored = await submit(ctx, form, { answers })
    expect(stored.statusCode).toBe(201)
    for (const format of ['ndjson', 'csv']) {
      const response = await ctx.request({
        method: 'GET',
        url: `/v1/forms/${form}/responses/export?format=${format}`,
      })
      expect(response.statusCode).toBe(200)
      expect(response.rawPayload.toString('utf8').includes(story)).toBe(true)
      if (format === 'ndjson') expect(response.body).toBe(`${stored.body}\n`)
    }
  })

  it('refuses an unknown format and bad filters, and 404s unknown forms', async () => {
    expect((await exportOf('format=xml')).statusCode).toBe(400)
    expect((await exportOf('since=2026-01-02T00:00:00Z&until=2026-01-01T00:00:00Z')).statusCode).toBe(400)
    const unknown = await ctx.request({
      method: 'GET',
      url: '/v1/forms/frm_nope/responses/export?format=csv',
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.headers['content-type']).toBe('application/problem+json; charset=utf-8')
  })
})

describe('CSV for spreadsheet programs (CONTRACT.md section 3; issue 27, item 15)', () => {
  it('begins with a UTF-8 byte order mark, so Excel shows Müller; NDJSON has none', async () => {
    const form = await createForm(ctx, {
      title: 'Names',
      questions: [{ id: 'n', title: 'Nachname', type: 'short_text' }],
    })
    expect((await submit(ctx, form, { answers: { n: 'Müller' } })).statusCode).toBe(201)
    const csv = await ctx.request({ method: 'GET', url: `/v1/forms/${form}/responses/export?format=csv` })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const rows = parse(csv.rawPayload.subarray(3).toString('utf8')) as string[][]
    expect(rows[0]).toEqual(['id', 'submitted_at', 'Nachname'])
    expect(rows[1]?.[2]).toBe('Müller')
    // Müller's ü is the two bytes of UTF-8, which is what the mark announces.
    expect(csv.rawPayload.includes(Buffer.from([0x4d, 0xc3, 0xbc, 0x6c]))).toBe(true)

    const ndjson = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${form}/responses/export?format=ndjson`,
    })
    expect(ndjson.rawPayload[0]).toBe(0x7b) // "{"
  })

  it('an empty export is the mark and the header line alone', async () => {
    const form = await createForm(ctx, {
      title: 'Nobody',
      questions: [{ id: 'n', title: 'Name', type: 'short_text' }],
    })
    const csv = await ctx.request({ method: 'GET', url: `/v1/forms/${form}/responses/export?format=csv` })
    expect(csv.rawPayload.toString('utf8')).toBe('\uFEFFid,submitted_at,Name\n')
  })
})
