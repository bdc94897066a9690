import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTestContext } from '../support/context.js'
import { fileBody, pngOf } from './support.js'

// docs/api.md#file-uploads, CONTRACT.md section 14: a file_upload question's file uploaded
// (streamed, limited, sniffed), named by a submission, listed as {name, size, type, url}, read
// with a token or a signed link, and gone with its response, its form and by erasure.

const ctx = useTestContext({ publicRateLimit: 0 })

const form = {
  title: 'Claims',
  questions: [
    { id: 'photo', title: 'A photo of the damage', type: 'file_upload', required: true, properties: { max_size: 100_000, types: ['image/*'] } },
    { id: 'doc', title: 'Any document', type: 'file_upload' },
    { id: 'email', title: 'Your e-mail', type: 'email' },
  ],
  hidden: [],
  settings: { public: true },
}

async function createForm(body: object = form): Promise<string> {
  const response = await ctx.request({ method: 'POST', url: '/v1/forms', payload: body })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id
}

async function upload(formId: string, question: string, filename: string, type: string, bytes: Buffer) {
  const { body, contentType } = fileBody(filename, type, bytes)
  return ctx.request({
    method: 'POST',
    url: `/v1/public/forms/${formId}/files?question=${question}`,
    headers: { 'content-type': contentType },
    payload: body,
    token: null,
  })
}

const filesOf = async (formId: string) => readdir(join(ctx.config.filesDir, formId)).catch(() => [] as string[])

describe('file uploads', () => {
  it('store a file, sniffed, which a submission names and the listing shows', async () => {
    const formId = await createForm()
    const png = pngOf(5000)
    const uploaded = await upload(formId, 'photo', 'damage.jpg', 'text/html', png)
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    const file = uploaded.json()
    expect(file).toMatchObject({ name: 'damage.jpg', size: 5000, type: 'image/png' })
    expect(file.id).toMatch(/^file_/)
    expect(file.url).toMatch(new RegExp(`/v1/files/${file.id}$`))
    const submitted = await ctx.request({
      method: 'POST',
      url: `/v1/public/forms/${formId}/responses`,
      payload: { answers: { photo: { id: file.id, name: 'evil.exe', size: 1 } } },
      token: null,
    })
    expect(submitted.statusCode, submitted.body).toBe(201)
    const listed = await ctx.request({ url: `/v1/forms/${formId}/responses` })
    const [item] = listed.json().items
    expect(item.answers[0]).toMatchObject({
      type: 'file',
      file: { name: 'damage.jpg', size: 5000, type: 'image/png', url: file.url },
    })
    const read = await ctx.request({ url: `/v1/files/${file.id}` })
    expect(read.statusCode).toBe(200)
    expect(read.rawPayload.equals(png)).toBe(true)
    expect(read.headers['content-disposition']).toContain('attachment')
    expect(await ctx.request({ url: `/v1/files/${file.id}`, token: null })).toMatchObject({ statusCode: 401 })
  })

  it('refuses a file over max_size, of a type not accepted, or a file named twice', async () => {
    const formId = await createForm()
    const big = await upload(formId, 'photo', 'big.png', 'image/png', pngOf(100_001))
    expect(big.statusCode, big.body).toBe(413)
    const pdf = await upload(formId, 'photo', 'a.png', 'image/png', Buffer.from('%PDF-1.4\n%...........\n1 0 obj\n'))
    expect(pdf.statusCode, pdf.body).toBe(415)
    expect(await filesOf(formId)).toEqual([])
    const ok = (await upload(formId, 'photo', 'a.png', 'image/png', pngOf(100))).json()
    const first = await ctx.request({ method: 'POST', url: `/v1/forms/${formId}/responses`, payload: { answers: { photo: { id: ok.id } } } })
    expect(first.statusCode, first.body).toBe(201)
    const again = await ctx.request({ method: 'POST', url: `/v1/forms/${formId}/responses`, payload: { answers: { photo: { id: ok.id } } } })
    expect(again.statusCode).toBe(400)
    expect(again.json().errors[0].path).toBe('/answers/photo')
  })
})
