import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../support/context.js'
import { createForm, submitMany, tinyForm } from './fixtures.js'

// The list of forms as the dashboard reads it (issue 27, item 14): newest first on request, a
// search by title, and when the latest response arrived.

let ctx: TestContext
/** Form ids in creation order (oldest first). */
const ids: string[] = []
const titles = ['Team lunch', 'Customer survey 2026', 'Lunch & learn feedback', '100% satisfaction_check']

beforeAll(async () => {
  ctx = await createTestContext()
  for (const title of titles) ids.push(await createForm(ctx, { ...tinyForm, title }))
})
afterAll(() => ctx.close())

interface FormItem {
  id: string
  title: string
  response_count: number
  last_response_at: string | null
  created_at: string
}

async function list(query: string, token?: string) {
  const response = await ctx.request({ method: 'GET', url: `/v1/forms${query}`, token })
  return { response, items: (response.json() as { items: FormItem[] }).items }
}

describe('the list of forms', () => {
  it('lists oldest first by default and newest first when asked', async () => {
    expect((await list('')).items.map((form) => form.id)).toEqual(ids)
    const newest = await list('?sort=created_at,desc')
    expect(newest.response.statusCode).toBe(200)
    expect(newest.items.map((form) => form.id)).toEqual([...ids].reverse())
  })

  it('pages newest first, the Link header keeping the order and the search', async () => {
    const first = await list('?sort=created_at,desc&page_size=3&title=e')
    expect(first.items.map((form) => form.title)).toEqual([
      '100% satisfaction_check',
      'Lunch & learn feedback',
      'Customer survey 2026',
    ])
    expect(first.response.headers.link).toContain('sort=created_at%2Cdesc')
    expect(first.response.headers.link).toContain('title=e')
    const second = await list('?sort=created_at,desc&page_size=3&page=2&title=e')
    expect(second.items.map((form) => form.title)).toEqual(['Team lunch'])
  })

  it('finds forms by a part of the title, ignoring case, with % and _ matching themselves', async () => {
    const lunch = await list('?title=LUNCH')
    expect(lunch.items.map((form) => form.title)).toEqual(['Team lunch', 'Lunch & learn feedback'])
    expect((await list(`?title=${encodeURIComponent('100%')}`)).items.map((form) => form.title)).toEqual([
      '100% satisfaction_check',
    ])
    expect((await list('?title=%25')).items).toHaveLength(1)
    expect((await list('?title=_')).items).toHaveLength(1)
    expect((await list('?title=nothing+like+this')).items).toEqual([])
  })

  it('keeps each workspace to its own forms when searching', async () => {
    expect((await list('?title=lunch', ctx.otherToken)).items).toEqual([])
  })

  it('says when the latest response arrived, null before the first', async () => {
    const before = (await list('')).items[0] as FormItem
    expect(before.last_response_at).toBeNull()
    await submitMany(ctx, ids[0] as string, 2)
    const after = (await list('')).items[0] as FormItem
    expect(after.response_count).toBe(2)
    expect(after.last_response_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/)
    expect(Date.parse(after.last_response_at as string)).toBeGreaterThanOrEqual(Date.parse(after.created_at))
    const one = await ctx.request({ method: 'GET', url: `/v1/forms/${ids[0]}` })
    expect(one.json().last_response_at).toBe(after.last_response_at)
  })

  it('names the newest response the form still has once later ones are deleted, null once none is left', async () => {
    const formId = ids[1] as string
    await submitMany(ctx, formId, 3)
    const listed = await ctx.request({
      method: 'GET',
      url: `/v1/forms/${formId}/responses?sort=submitted_at,asc`,
    })
    const [first, second, third] = listed.json().items as { id: string; submitted_at: string }[]
    const lastResponse = async () => (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })).json()
    expect((await lastResponse()).last_response_at).toBe(third?.submitted_at)
    const remove = (id: string | undefined) =>
      ctx.request({ method: 'DELETE', url: `/v1/forms/${formId}/responses?included_response_ids=${id}` })
    expect((await remove(third?.id)).statusCode).toBe(204)
    expect(await lastResponse()).toMatchObject({ response_count: 2, last_response_at: second?.submitted_at })
    // Deleting an older one changes nothing; deleting every one leaves none to name.
    expect((await remove(first?.id)).statusCode).toBe(204)
    expect((await lastResponse()).last_response_at).toBe(second?.submitted_at)
    expect((await remove(second?.id)).statusCode).toBe(204)
    expect(await lastResponse()).toMatchObject({ response_count: 0, last_response_at: null })
    // The next response is newer than every one before it, deleted or not.
    await submitMany(ctx, formId, 1)
    const next = (await lastResponse()).last_response_at
    expect(Date.parse(next)).toBeGreaterThanOrEqual(Date.parse(third?.submitted_at as string))
  })

  it('refuses an unknown order or an empty search with a 400 naming the parameter', async () => {
    for (const query of ['?sort=title', '?title=']) {
      const { response } = await list(query)
      expect(response.statusCode).toBe(400)
      expect(response.headers['content-type']).toContain('application/problem+json')
      expect(JSON.stringify(response.json())).toMatch(/sort|title/)
    }
  })
})
