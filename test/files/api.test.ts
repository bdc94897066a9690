import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTestContext } from '../support/context.js'
import { fileBody, multipart, pngOf } from './support.js'

// docs/api.md#file-uploads, CONTRACT.md section 14: a file_upload question's file uploaded
// (streamed, limited, sniffed), named by a submission, listed as {name, size, type, url}, read
// with a token or a signed link, and gone with its response, its form and by erasure.

const ctx = useTestContext({ publicRateLimit: 0 })

const form = {
  title: 'Claims',
  questions: [
    {
      id: 'photo',
      title: 'A photo of the damage',
      type: 'file_upload',
      required: true,
      properties: { max_size: 100_000, types: ['image/*'] },
    },
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

const filesOf = async (formId: string) =>
  readdir(join(ctx.config.filesDir, formId)).catch(() => [] as string[])

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
    const pdf = await upload(
      formId,
      'photo',
      'a.png',
      'image/png',
      Buffer.from('%PDF-1.4\n%...........\n1 0 obj\n'),
    )
    expect(pdf.statusCode, pdf.body).toBe(415)
    expect(await filesOf(formId)).toEqual([])
    const ok = (await upload(formId, 'photo', 'a.png', 'image/png', pngOf(100))).json()
    const first = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${formId}/responses`,
      payload: { answers: { photo: { id: ok.id } } },
    })
    expect(first.statusCode, first.body).toBe(201)
    const again = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${formId}/responses`,
      payload: { answers: { photo: { id: ok.id } } },
    })
    expect(again.statusCode).toBe(400)
    expect(again.json().errors[0].path).toBe('/answers/photo')
  })

  it('take an old Office file as the type claimed for it, which its bytes cannot tell apart', async () => {
    const formId = await createForm({
      ...form,
      questions: [
        {
          id: 'doc',
          title: 'Your Word file',
          type: 'file_upload',
          properties: { types: ['application/msword'] },
        },
      ],
    })
    // A Compound File Binary header: what .doc, .xls and .ppt files all begin with.
    const compound = Buffer.alloc(6000)
    Buffer.from('D0CF11E0A1B11AE1', 'hex').copy(compound)
    const doc = await upload(formId, 'doc', 'minutes.doc', 'application/msword', compound)
    expect(doc.statusCode, doc.body).toBe(201)
    expect(doc.json()).toMatchObject({ name: 'minutes.doc', type: 'application/msword' })
    // Claimed as something else, the container is only itself, which this question does not take.
    const claimedPng = await upload(formId, 'doc', 'minutes.png', 'image/png', compound)
    expect(claimedPng.statusCode).toBe(415)
    expect(claimedPng.json().detail).toContain('application/x-cfb')
  })
})

describe('the hosted page with a file question', () => {
  const page = {
    title: 'Claims',
    questions: [
      {
        id: 'photo',
        title: 'A photo of the damage',
        type: 'file_upload',
        required: true,
        properties: { max_size: 2000, types: ['image/*'] },
      },
      { id: 'email', title: 'Your e-mail', type: 'email', required: true },
    ],
    settings: { public: true },
  }
  const post = (formId: string, parts: Parameters<typeof multipart>[0]) => {
    const { body, contentType } = multipart(parts)
    return ctx.request({
      method: 'POST',
      url: `/f/${formId}`,
      headers: { 'content-type': contentType },
      payload: body,
      token: null,
    })
  }

  it('posts multipart with JavaScript off: the file stored with the response', async () => {
    const formId = await createForm(page)
    const shown = await ctx.request({ url: `/f/${formId}`, token: null })
    expect(shown.body).toContain('enctype="multipart/form-data"')
    expect(shown.body).toMatch(/<input type="file" id="q-photo" name="photo" accept="image\/\*"/)
    const png = pngOf(1500)
    const sent = await post(formId, [
      { name: 'photo', file: { filename: 'roof.png', type: 'image/png', bytes: png } },
      { name: 'email', value: 'ann@example.com' },
    ])
    expect(sent.statusCode, sent.body).toBe(303)
    const [item] = (await ctx.request({ url: `/v1/forms/${formId}/responses` })).json().items
    expect(item.answers[0].file).toMatchObject({ name: 'roof.png', size: 1500, type: 'image/png' })
  })

  it('keeps the other answers and a good file when the page is refused, and says what is wrong with a file', async () => {
    const formId = await createForm(page)
    const tooLarge = await post(formId, [
      { name: 'photo', file: { filename: 'huge.png', type: 'image/png', bytes: pngOf(5000) } },
      { name: 'email', value: 'ann@example.com' },
    ])
    expect(tooLarge.statusCode).toBe(422)
    expect(tooLarge.body).toContain('This file is too large')
    expect(tooLarge.body).toContain('value="ann@example.com"')
    expect(await filesOf(formId)).toEqual([])
    const badEmail = await post(formId, [
      { name: 'photo', file: { filename: 'roof.png', type: 'image/png', bytes: pngOf(1000) } },
      { name: 'email', value: 'not an address' },
    ])
    expect(badEmail.statusCode).toBe(422)
    expect(badEmail.body).toContain('A file is attached')
    const kept = /<input type="hidden" name="photo" value="(file_[^"]+)"/.exec(badEmail.body)?.[1]
    expect(kept).toBeDefined()
    const fixed = await post(formId, [
      { name: 'photo', value: kept as string },
      { name: 'photo', file: { filename: '', type: 'application/octet-stream', bytes: Buffer.alloc(0) } },
      { name: 'email', value: 'ann@example.com' },
    ])
    expect(fixed.statusCode, fixed.body).toBe(303)
    const [item] = (await ctx.request({ url: `/v1/forms/${formId}/responses` })).json().items
    expect(item.answers[0].file).toMatchObject({ name: 'roof.png', size: 1000 })
  })
})
