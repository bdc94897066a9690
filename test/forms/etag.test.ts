import { describe, expect, it } from 'vitest'
import { useTestContext } from '../support/context.js'
import { createForm, submit, tinyForm } from './fixtures.js'

// Two people editing one form (issue 17): forms carry an ETag on GET, POST and PUT, and a PUT with
// If-Match replaces the form only if nobody saved it since; otherwise 412 and nothing changes.

const ctx = useTestContext()

async function getForm(formId: string) {
  const response = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })
  expect(response.statusCode).toBe(200)
  return { form: response.json(), etag: response.headers['etag'] as string }
}

function put(formId: string, title: string, ifMatch?: string) {
  return ctx.request({
    method: 'PUT',
    url: `/v1/forms/${formId}`,
    headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
    payload: { ...tinyForm, title },
  })
}

describe('form versions (ETag, If-Match)', () => {
  it('POST, GET and PUT give the version; a response arriving does not change it', async () => {
    const created = await ctx.request({ method: 'POST', url: '/v1/forms', payload: tinyForm })
    expect(created.statusCode).toBe(201)
    const etag = created.headers['etag'] as string
    expect(etag).toMatch(/^"[0-9a-z]+"$/)
    const formId = created.json().id
    expect((await getForm(formId)).etag).toBe(etag)
    expect((await submit(ctx, formId, { answers: { n: 7 } })).statusCode).toBe(201)
    const after = await getForm(formId)
    expect(after.form.response_count).toBe(1)
    expect(after.etag).toBe(etag)
    const saved = await put(formId, 'Renamed', etag)
    expect(saved.statusCode).toBe(200)
    expect(saved.headers['etag']).not.toBe(etag)
    expect((await getForm(formId)).etag).toBe(saved.headers['etag'])
  })

  it('a save based on an older version is refused with 412 and the current ETag; nothing changes', async () => {
    const formId = await createForm(ctx, tinyForm)
    const { etag: seenByBoth } = await getForm(formId)
    const first = await put(formId, 'First editor', seenByBoth)
    expect(first.statusCode).toBe(200)
    const second = await put(formId, 'Second editor', seenByBoth)
    expect(second.statusCode).toBe(412)
    expect(second.headers['content-type']).toContain('application/problem+json')
    const problem = second.json()
    expect(problem.code).toBe('precondition_failed')
    expect(problem.status).toBe(412)
    expect(problem.detail).toContain('If-Match')
    expect(second.headers['etag']).toBe(first.headers['etag'])
    expect((await getForm(formId)).form.title).toBe('First editor')
    // With the current version, the second editor's save goes through.
    const retried = await put(formId, 'Second editor', second.headers['etag'] as string)
    expect(retried.statusCode).toBe(200)
    expect(retried.json().title).toBe('Second editor')
  })

  it('without If-Match, or with *, the last save wins as before', async () => {
    const formId = await createForm(ctx, tinyForm)
    const { etag } = await getForm(formId)
    expect((await put(formId, 'Changed')).statusCode).toBe(200)
    expect((await put(formId, 'Star', '*')).statusCode).toBe(200)
    expect((await getForm(formId)).form.title).toBe('Star')
    expect((await put(formId, 'Stale', etag)).statusCode).toBe(412)
  })

  it('any tag of a list may match; weak and foreign tags never do; a malformed header is a 400', async () => {
    const formId = await createForm(ctx, tinyForm)
    const { etag } = await getForm(formId)
    expect((await put(formId, 'Weak', `W/${etag}`)).statusCode).toBe(412)
    expect((await put(formId, 'Foreign', '"not-ours", "zzzzzzzzzzzzzzzzzzzzzz"')).statusCode).toBe(412)
    const malformed = await put(formId, 'Malformed', 'abc')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().code).toBe('validation_failed')
    expect(malformed.json().errors[0].path).toBe('/headers/if-match')
    expect((await getForm(formId)).form.title).toBe(tinyForm.title)
    const listed = await put(formId, 'Listed', `"abc", ${etag}`)
    expect(listed.statusCode).toBe(200)
  })

  it('of two concurrent saves from the same version, exactly one lands', async () => {
    const formId = await createForm(ctx, tinyForm)
    const { etag } = await getForm(formId)
    const answers = await Promise.all(Array.from({ length: 6 }, (_, n) => put(formId, `Editor ${n}`, etag)))
    const statuses = answers.map((answer) => answer.statusCode).sort()
    expect(statuses).toEqual([200, 412, 412, 412, 412, 412])
    const winner = answers.find((answer) => answer.statusCode === 200)?.json().title
    expect((await getForm(formId)).form.title).toBe(winner)
  })

  it('an unknown form is a 404 with or without If-Match; an invalid body is a 400 before any version check', async () => {
    expect((await put('frm_unknown', 'X', '"abc"')).statusCode).toBe(404)
    const formId = await createForm(ctx, tinyForm)
    const invalid = await ctx.request({
      method: 'PUT',
      url: `/v1/forms/${formId}`,
      headers: { 'if-match': '"stale"' },
      payload: { title: '' },
    })
    expect(invalid.statusCode).toBe(400)
  })
})
