import { describe, expect, it } from 'vitest'
import { useTestContext } from '../support/context.js'
import { createForm, submitMany, tinyForm } from './fixtures.js'

const ctx = useTestContext()

async function listIds(formId: string, query = '?page_size=1000'): Promise<string[]> {
  const response = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses${query}` })
  return response.json().items.map((item: { id: string }) => item.id)
}

const remove = (formId: string, query: string) =>
  ctx.request({ method: 'DELETE', url: `/v1/forms/${formId}/responses?${query}` })

describe('deleting responses', () => {
  it('deletes the named responses, ignores unknown ids, and keeps every page right', async () => {
    const formId = await createForm(ctx, tinyForm)
    const ids = await submitMany(ctx, formId, 12)
    const gone = [ids[2], ids[7], ids[11]] as string[]
    const response = await remove(formId, `included_response_ids=${gone.join(',')},rsp_unknown`)
    expect(response.statusCode).toBe(204)
    expect(response.body).toBe('')
    const left = ids.filter((id) => !gone.includes(id))
    expect(await listIds(formId)).toEqual([...left].reverse())
    // Pages of every size and both orders agree with the remaining order.
    for (const size of [1, 2, 4, 5]) {
      for (const sort of ['submitted_at,desc', 'submitted_at,asc']) {
        const seen: string[] = []
        for (let page = 1; page <= Math.ceil(left.length / size) + 1; page++) {
          seen.push(...(await listIds(formId, `?page=${page}&page_size=${size}&sort=${sort}`)))
        }
        expect(seen).toEqual(sort === 'submitted_at,asc' ? left : [...left].reverse())
      }
    }
    const form = (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })).json()
    expect(form.response_count).toBe(left.length)
    // New responses keep numbering after the survivors.
    const [newest] = await submitMany(ctx, formId, 1)
    expect(await listIds(formId, '?page_size=2')).toEqual([newest, left.at(-1)])
    expect(await listIds(formId, `?page=${left.length + 1}&page_size=1`)).toEqual([left[0]])
  })

  it('accepts included_tokens as a synonym, and both together', async () => {
    const formId = await createForm(ctx, tinyForm)
    const ids = await submitMany(ctx, formId, 4)
    expect((await remove(formId, `included_tokens=${ids[0]}`)).statusCode).toBe(204)
    expect(
      (await remove(formId, `included_tokens=${ids[1]}&included_response_ids=${ids[2]}`)).statusCode,
    ).toBe(204)
    expect(await listIds(formId)).toEqual([ids[3]])
  })

  it('deleting only unknown ids changes nothing', async () => {
    const formId = await createForm(ctx, tinyForm)
    const ids = await submitMany(ctx, formId, 2)
    expect((await remove(formId, 'included_response_ids=rsp_a,rsp_b')).statusCode).toBe(204)
    expect(await listIds(formId)).toEqual([...ids].reverse())
  })

  it('never deletes another form’s responses', async () => {
    const formA = await createForm(ctx, tinyForm)
    const formB = await createForm(ctx, tinyForm)
    const [a] = await submitMany(ctx, formA, 1)
    expect((await remove(formB, `included_response_ids=${a}`)).statusCode).toBe(204)
    expect(await listIds(formA)).toEqual([a])
  })

  it('refuses no ids, more than 1000 ids, and unknown parameters', async () => {
    const formId = await createForm(ctx, tinyForm)
    const ids = await submitMany(ctx, formId, 1)
    expect((await ctx.request({ method: 'DELETE', url: `/v1/forms/${formId}/responses` })).statusCode).toBe(
      400,
    )
    expect((await remove(formId, 'included_response_ids=')).statusCode).toBe(204)
    const many = Array.from({ length: 1001 }, (_, i) => `rsp_${i}`)
    const tooMany = await remove(formId, `included_response_ids=${many.join(',')}`)
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().errors[0].path).toBe('/included_response_ids')
    const split = await remove(
      formId,
      `included_response_ids=${many.slice(0, 600).join(',')}&included_tokens=${many.slice(600).join(',')}`,
    )
    expect(split.statusCode).toBe(400)
    expect((await remove(formId, `ids=${ids[0]}`)).statusCode).toBe(400)
    expect(await listIds(formId)).toEqual(ids)
    const exactly = await remove(formId, `included_response_ids=${[...many.slice(0, 999), ids[0]].join(',')}`)
    expect(exactly.statusCode).toBe(204)
    expect(await listIds(formId)).toEqual([])
  })
})
