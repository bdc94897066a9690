import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pageEnd } from '../../src/db/hot-reads.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { createForm, submitMany, tinyForm } from './fixtures.js'

let ctx: TestContext
let formId: string
/** Response ids in submission order (oldest first). */
let ids: string[]
const N = 30

beforeAll(async () => {
  ctx = await createTestContext()
  formId = await createForm(ctx, tinyForm)
  ids = await submitMany(ctx, formId, N)
})
afterAll(() => ctx.close())

interface Item {
  id: string
  submitted_at: string
  hidden: { name: string; value: string }[]
}

async function list(query = '', form = formId) {
  const response = await ctx.request({ method: 'GET', url: `/v1/forms/${form}/responses${query}` })
  return { response, body: response.json() as { page: string; page_size: string; items: Item[] } }
}

const newestFirst = () => [...ids].reverse()

describe('order', () => {
  it('lists newest first by default, with strictly decreasing submission times, stable between calls', async () => {
    const { body } = await list('?page_size=1000')
    expect(body.items.map((item) => item.id)).toEqual(newestFirst())
    const times = body.items.map((item) => item.submitted_at)
    expect([...times].sort().reverse()).toEqual(times)
    expect(new Set(times).size).toBe(N)
    const again = await list('?page_size=1000')
    expect(again.response.body).toBe((await list('?page_size=1000')).response.body)
  })

  it('lists oldest first with sort=submitted_at,asc', async () => {
    const { body } = await list('?sort=submitted_at,asc&page_size=7&page=2')
    expect(body.items.map((item) => item.id)).toEqual(ids.slice(7, 14))
  })

  it('rejects an unknown sort', async () => {
    const { response } = await list('?sort=id,desc')
    expect(response.statusCode).toBe(400)
  })
})

describe('pagination', () => {
  it('defaults to page 1 of 25 with a next link', async () => {
    const { response, body } = await list()
    expect(body.page).toBe('1')
    expect(body.page_size).toBe('25')
    expect(body.items.map((item) => item.id)).toEqual(newestFirst().slice(0, 25))
    expect(response.headers.link).toBe(`</v1/forms/${formId}/responses?page=2>; rel="next"`)
  })

  it('answers a middle page with next and prev links', async () => {
    const { response, body } = await list('?page=3&page_size=4')
    expect(body).toEqual(expect.objectContaining({ page: '3', page_size: '4' }))
    expect(body.items.map((item) => item.id)).toEqual(newestFirst().slice(8, 12))
    expect(response.headers.link).toContain('page=4&page_size=4>; rel="next"')
    expect(response.headers.link).toContain('page=2&page_size=4>; rel="prev"')
  })

  it('answers the last page without a next link, and past the last page with no items', async () => {
    const last = await list('?page=2&page_size=25')
    expect(last.body.items.map((item) => item.id)).toEqual(newestFirst().slice(25))
    expect(last.response.headers.link).not.toContain('rel="next"')
    const past = await list('?page=9&page_size=25')
    expect(past.response.statusCode).toBe(200)
    expect(past.body).toEqual({ page: '9', page_size: '25', items: [] })
  })

  it('walks every page of size 1 in order', async () => {
    const seen: string[] = []
    for (let page = 1; page <= N + 1; page++) {
      const { body } = await list(`?page=${page}&page_size=1`)
      expect(body.items.length).toBe(page <= N ? 1 : 0)
      seen.push(...body.items.map((item) => item.id))
    }
    expect(seen).toEqual(newestFirst())
  })

  it('answers page_size 1000 with everything', async () => {
    const { response, body } = await list('?page_size=1000')
    expect(body.page_size).toBe('1000')
    expect(body.items).toHaveLength(N)
    expect(response.headers.link).toBeUndefined()
  })

  it.each([
    'page=0',
    'page=-1',
    'page=1.5',
    'page=abc',
    'page=',
    'page_size=0',
    'page_size=1001',
    'page_size=',
    'page=1e2',
  ])('rejects %s with 400', async (query) => {
    const { response } = await list(`?${query}`)
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('validation_failed')
  })
})

describe('pages read whole', () => {
  // Unfiltered pages are read as one value aggregated by the database; filtered ones row by row.
  // A filter that matches everything must give the same pages.
  const links = (link: string | undefined) =>
    [...String(link ?? '').matchAll(/[?&]page=(\d+)[^>]*>; rel="(\w+)"/g)].map((m) => `${m[2]} ${m[1]}`)

  it('are the pages read row by row, in both orders, at every size, past the last page too', async () => {
    for (const sort of ['submitted_at,desc', 'submitted_at,asc']) {
      for (const size of [1, 7, 29, 30, 31, 1000]) {
        for (let page = 1; page <= Math.ceil(N / size) + 1; page++) {
          const query = `?page=${page}&page_size=${size}&sort=${sort}`
          const whole = await list(query)
          const rows = await list(`${query}&since=2000-01-01T00:00:00Z`)
          expect(whole.response.statusCode).toBe(200)
          expect(whole.response.body).toBe(rows.response.body)
          expect(links(whole.response.headers.link as string)).toEqual(
            links(rows.response.headers.link as string),
          )
        }
      }
    }
    const last = await list('?page=3&page_size=14')
    expect(last.body.items.map((item) => item.id)).toEqual(newestFirst().slice(28))
    expect(links(last.response.headers.link as string)).toEqual(['prev 2'])
  })

  it('are checked to be in order: positions out of order or with a gap send the page the other way', () => {
    expect(pageEnd('7,6,5', 7, -1)).toBe(5)
    expect(pageEnd('3', 3, 1)).toBe(3)
    expect(pageEnd('4,5,6,7', 4, 1)).toBe(7)
    expect(pageEnd('7,5,6', 7, -1)).toBeUndefined()
    expect(pageEnd('6,5,4', 7, -1)).toBeUndefined()
    expect(pageEnd('4,5,7', 4, 1)).toBeUndefined()
  })
})

describe('filters', () => {
  it('since and until are inclusive bounds on submission time, in ISO 8601', async () => {
    const all = (await list('?page_size=1000&sort=submitted_at,asc')).body.items
    const since = all[5]?.submitted_at as string
    const until = all[9]?.submitted_at as string
    const { body } = await list(`?since=${since}&until=${until}&page_size=1000`)
    expect(body.items.map((item) => item.id)).toEqual(ids.slice(5, 10).reverse())
    const paged = await list(`?since=${since}&until=${until}&page_size=2&page=2&sort=submitted_at,asc`)
    expect(paged.body.items.map((item) => item.id)).toEqual(ids.slice(7, 9))
    const onlySince = await list(`?since=${since}&page_size=1000`)
    expect(onlySince.body.items).toHaveLength(N - 5)
    const onlyUntil = await list(`?until=${until}&page_size=1000`)
    expect(onlyUntil.body.items.map((item) => item.id)).toEqual(ids.slice(0, 10).reverse())
  })

  it('accepts Unix seconds and offsets', async () => {
    const now = Math.floor(Date.now() / 1000)
    expect((await list(`?since=${now - 3600}&page_size=1000`)).body.items).toHaveLength(N)
    expect((await list(`?since=${now + 3600}`)).body.items).toEqual([])
    expect((await list(`?until=${now - 3600}`)).body.items).toEqual([])
    expect((await list('?since=2000-01-01T01:00:00%2B01:00&page_size=1000')).body.items).toHaveLength(N)
  })

  it('rejects since after until, and timestamps that are neither form', async () => {
    const after = await list('?since=2026-01-02T00:00:00Z&until=2026-01-01T00:00:00Z')
    expect(after.response.statusCode).toBe(400)
    expect(after.response.json().errors).toEqual([{ path: '/since', message: 'must not be after until' }])
    for (const bad of ['yesterday', '2026-02-30T00:00:00Z', '']) {
      expect((await list(`?since=${bad}`)).response.statusCode).toBe(400)
    }
  })

  it('a bound written to the second covers that whole second; to the microsecond, that instant', async () => {
    const newest = (await list('?page_size=1')).body.items[0] as Item
    const second = `${newest.submitted_at.slice(0, 19)}Z`
    const unix = String(Math.floor(Date.parse(second) / 1000))
    for (const until of [second, unix, newest.submitted_at]) {
      const { body } = await list(`?until=${until}&page_size=1`)
      expect(body.items[0]?.id, until).toBe(newest.id)
    }
    const { body } = await list(`?since=${second}&until=${second}&page_size=1000`)
    expect(body.items.map((item) => item.id)).toContain(newest.id)
  })

  it('names every bad query parameter at once', async () => {
    const { response } = await list('?sort=bad&since=zz&until=yy&page=0')
    expect(response.statusCode).toBe(400)
    const paths = response.json().errors.map((error: { path: string }) => error.path)
    expect(paths.sort()).toEqual(['/page', '/since', '/sort', '/until'])
    expect(response.json().errors).toContainEqual({
      path: '/since',
      message: 'must be an ISO 8601 timestamp or Unix seconds',
    })
  })

  it('accepts page numbers written with leading zeros', async () => {
    const { body } = await list('?page=02&page_size=007')
    expect(body.page).toBe('2')
    expect(body.page_size).toBe('7')
    expect(body.items.map((item) => item.id)).toEqual(newestFirst().slice(7, 14))
  })

  it('included_response_ids selects those responses, in listing order, ignoring unknown ones', async () => {
    const wanted = [ids[3], ids[20], 'rsp_unknown', ids[11]].join(',')
    const { body } = await list(`?included_response_ids=${wanted}`)
    expect(body.items.map((item) => item.id)).toEqual([ids[20], ids[11], ids[3]])
    const paged = await list(`?included_response_ids=${wanted}&page=2&page_size=2&sort=submitted_at,asc`)
    expect(paged.body.items.map((item) => item.id)).toEqual([ids[20]])
    const withTime = await list(`?included_response_ids=${wanted}&until=${body.items[1]?.submitted_at}`)
    expect(withTime.body.items.map((item) => item.id)).toEqual([ids[11], ids[3]])
    expect((await list('?included_response_ids=nope,%20')).body.items).toEqual([])
    expect((await list('?included_response_ids=%21%21,*')).body.items).toEqual([])
    // An empty list is no filter.
    expect((await list('?included_response_ids=&page_size=1000')).body.items).toHaveLength(N)
  })

  it('answers extreme but valid bounds without failing', async () => {
    for (const query of [
      '?page=1000000000&page_size=1000',
      '?page=1000000000&page_size=1000&sort=submitted_at,asc',
      '?since=-999999999999&until=999999999999',
      '?since=0001-01-01T00:00:00Z&until=9999-12-31T23:59:59.999999Z&page=1000000000',
      `?included_response_ids=${ids[0]}&page=1000000000&page_size=1000`,
    ]) {
      const { response } = await list(query)
      expect(response.statusCode, query).toBe(200)
    }
  })

  it('rejects more than 1000 included ids and unknown query parameters', async () => {
    const many = Array.from({ length: 1001 }, (_, i) => `rsp_${i}`).join(',')
    expect((await list(`?included_response_ids=${many}`)).response.statusCode).toBe(400)
    expect((await list('?colour=red')).response.statusCode).toBe(400)
  })
})

describe('unknown and foreign forms', () => {
  it('answers 404 for an unknown form and for another workspace’s form, byte-identical', async () => {
    const unknown = await list('', 'frm_doesnotexist')
    expect(unknown.response.statusCode).toBe(404)
    const foreignForm = await createForm(ctx, tinyForm)
    const asOther = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${foreignForm}/responses`,
      token: ctx.otherToken,
    })
    expect(asOther.statusCode).toBe(404)
    expect(asOther.json()).toEqual(
      expect.objectContaining({ code: 'not_found', detail: `form ${foreignForm} does not exist` }),
    )
  })

  it('lists an empty form as an empty page, with any filter', async () => {
    const empty = await createForm(ctx, tinyForm)
    for (const query of [
      '',
      '?sort=submitted_at,asc',
      '?since=0',
      '?until=0',
      '?included_response_ids=x',
      '?page=5',
    ]) {
      const { response, body } = await list(query, empty)
      expect(response.statusCode).toBe(200)
      expect(body.items).toEqual([])
    }
  })
})
