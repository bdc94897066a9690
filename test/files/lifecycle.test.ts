import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { erased } from '../erasure/support.js'
import { insightsOf } from '../insights/support.js'
import { useTestContext } from '../support/context.js'
import { fileBody, multipart, pngOf } from './support.js'

// docs/api.md#file-uploads: a file goes with its response, its form and by erasure (bytes too);
// the export writes a signed link that opens it without a token; insights count files and bytes;
// a form of several pages keeps a file through its pages; a limit over CANVASS_UPLOAD_MAX is refused.

const ctx = useTestContext({ publicRateLimit: 0, uploadMax: 1_000_000 })

const form = {
  title: 'Receipts',
  questions: [
    { id: 'receipt', title: 'Your receipt', type: 'file_upload', properties: { max_size: 50_000 } },
    { id: 'email', title: 'E-mail', type: 'email' },
  ],
  settings: { public: true },
}

async function createForm(body: object = form): Promise<string> {
  const response = await ctx.request({ method: 'POST', url: '/v1/forms', payload: body })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id
}

/** Uploads a file and submits a response naming it; the file's id and the response's. */
async function answered(formId: string, size: number, email?: string) {
  const { body, contentType } = fileBody('receipt.png', 'image/png', pngOf(size))
  const uploaded = await ctx.request({
    method: 'POST',
    url: `/v1/forms/${formId}/files?question=receipt`,
    headers: { 'content-type': contentType },
    payload: body,
  })
  expect(uploaded.statusCode, uploaded.body).toBe(201)
  const file = uploaded.json() as { id: string }
  const answers = { receipt: { id: file.id }, ...(email ? { email } : {}) }
  const submitted = await ctx.request({
    method: 'POST',
    url: `/v1/forms/${formId}/responses`,
    payload: { answers },
  })
  expect(submitted.statusCode, submitted.body).toBe(201)
  return { fileId: file.id, responseId: submitted.json().id as string }
}

const onDisk = (formId: string) => readdir(join(ctx.config.filesDir, formId)).catch(() => [] as string[])
const status = async (url: string) => (await ctx.request({ url })).statusCode

describe('a file', () => {
  it('goes with its response, bytes and all', async () => {
    const formId = await createForm()
    const kept = await answered(formId, 1000)
    const gone = await answered(formId, 2000)
    expect((await onDisk(formId)).sort()).toEqual([kept.fileId, gone.fileId].sort())
    const deleted = await ctx.request({
      method: 'DELETE',
      url: `/v1/forms/${formId}/responses?included_response_ids=${gone.responseId}`,
    })
    expect(deleted.statusCode).toBe(204)
    expect(await onDisk(formId)).toEqual([kept.fileId])
    expect(await status(`/v1/files/${gone.fileId}`)).toBe(404)
    expect(await status(`/v1/files/${kept.fileId}`)).toBe(200)
  })

  it('goes with its form', async () => {
    const formId = await createForm()
    const { fileId } = await answered(formId, 1000)
    expect(await ctx.request({ method: 'DELETE', url: `/v1/forms/${formId}` })).toMatchObject({
      statusCode: 204,
    })
    expect(await onDisk(formId)).toEqual([])
    expect(await status(`/v1/files/${fileId}`)).toBe(404)
  })

  it('goes by erasure with the responses of the address', async () => {
    const formId = await createForm()
    const erasedOne = await answered(formId, 1000, 'gone@example.com')
    const other = await answered(formId, 1000, 'stays@example.com')
    expect((await erased(ctx, 'gone@example.com')).responses).toBe(1)
    expect(await onDisk(formId)).toEqual([other.fileId])
    expect(await status(`/v1/files/${erasedOne.fileId}`)).toBe(404)
  })

  it('is a signed link in the export, which opens it without a token until it expires', async () => {
    const formId = await createForm()
    const { fileId } = await answered(formId, 3000)
    const csv = await ctx.request({ url: `/v1/forms/${formId}/responses/export?format=csv` })
    expect(csv.statusCode).toBe(200)
    const link = new RegExp(`https?://[^,\\s"]+/files/${fileId}\\?expires=(\\d+)&signature=([\\w-]+)`).exec(
      csv.body,
    )
    expect(link, csv.body).not.toBeNull()
    const path = new URL((link as RegExpExecArray)[0]).pathname + new URL((link as RegExpExecArray)[0]).search
    const opened = await ctx.request({ url: path, token: null })
    expect(opened.statusCode).toBe(200)
    expect(opened.rawPayload.length).toBe(3000)
    const [, expires, signature] = link as RegExpExecArray
    expect(
      await ctx.request({
        url: `/files/${fileId}?expires=${Number(expires) + 1}&signature=${signature}`,
        token: null,
      }),
    ).toMatchObject({ statusCode: 404 })
    expect(
      await ctx.request({ url: `/files/${fileId}?expires=1000&signature=${signature}`, token: null }),
    ).toMatchObject({ statusCode: 404 })
  })

  it('is counted in insights: how many files and their bytes in all', async () => {
    const formId = await createForm()
    await answered(formId, 1000)
    await answered(formId, 2500)
    const insights = await insightsOf(ctx, formId)
    expect(insights.questions[0]).toMatchObject({ id: 'receipt', answered: 2, bytes: 3500 })
  })

  it('may not accept more than CANVASS_UPLOAD_MAX', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/v1/forms',
      payload: {
        title: 'Big',
        questions: [{ id: 'f', title: 'File', type: 'file_upload', properties: { max_size: 1_000_001 } }],
      },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual([
      { path: '/questions/0/properties/max_size', message: expect.stringContaining('CANVASS_UPLOAD_MAX') },
    ])
  })

  it('is kept through the pages of a form of several pages, with JavaScript off', async () => {
    const paged = {
      title: 'Paged',
      questions: [
        { id: 'receipt', title: 'Your receipt', type: 'file_upload', required: true },
        { id: 'email', title: 'E-mail', type: 'email', required: true },
      ],
      pages: [
        { id: 'one', questions: ['receipt'] },
        { id: 'two', questions: ['email'] },
      ],
      settings: { public: true },
    }
    const formId = await createForm(paged)
    const first = await ctx.request({ url: `/f/${formId}`, token: null })
    expect(first.body).toContain('enctype="multipart/form-data"')
    const pageOne = multipart([
      { name: 'canvass:page', value: 'one' },
      { name: 'receipt', file: { filename: 'scan.png', type: 'image/png', bytes: pngOf(4000) } },
    ])
    const next = await ctx.request({
      method: 'POST',
      url: `/f/${formId}`,
      headers: { 'content-type': pageOne.contentType },
      payload: pageOne.body,
      token: null,
    })
    expect(next.statusCode, next.body).toBe(303)
    const draftCookie = String(next.headers['set-cookie']).split(';')[0] as string
    const pageTwo = multipart([
      { name: 'canvass:page', value: 'two' },
      { name: 'email', value: 'ann@example.com' },
    ])
    const done = await ctx.request({
      method: 'POST',
      url: `/f/${formId}`,
      headers: { 'content-type': pageTwo.contentType, cookie: draftCookie },
      payload: pageTwo.body,
      token: null,
    })
    expect(done.statusCode, done.body).toBe(303)
    const [item] = (await ctx.request({ url: `/v1/forms/${formId}/responses` })).json().items
    expect(item.answers.map((answer: { type: string }) => answer.type)).toEqual(['file', 'email'])
    expect(item.answers[0].file).toMatchObject({ name: 'scan.png', size: 4000, type: 'image/png' })
  })
})
