import { mkdir, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { pruneUnclaimedFiles, sweepFileDirectories } from '../../src/domain/files/tidy.js'
import { DeliverySignal } from '../../src/domain/webhooks/signal.js'
import { TestClock } from '../support/clock.js'
import { useTestContext } from '../support/context.js'
import { fileBody, multipart, pngOf } from './support.js'

// What a refused or abandoned upload leaves: nothing. A post a page refuses (over its address's
// rate limit, a bot's, too many fields) keeps no file; unclaimed files go once no draft can hold
// them, but not while a draft saved since holds them; a form holds so many unclaimed files from
// outside and no more; a file answers only while its question, as it is now, takes it; and the
// tidying of CANVASS_FILES_DIR touches only what Canvass wrote there.

const DAY_MS = 86_400_000
const clock = new TestClock()
const ctx = useTestContext({ publicRateLimit: 0 }, { clock })
const limited = useTestContext({ publicRateLimit: 1 })
const unbounded = useTestContext({ publicRateLimit: 0, uploadMax: 1024 ** 4 })

const claims = {
  title: 'Claims',
  questions: [
    {
      id: 'photo',
      title: 'A photo',
      type: 'file_upload',
      properties: { max_size: 50_000, types: ['image/*'] },
    },
    { id: 'email', title: 'Your e-mail', type: 'email', required: true },
  ],
  settings: { public: true },
}

async function createForm(context = ctx, body: object = claims): Promise<string> {
  const response = await context.request({ method: 'POST', url: '/v1/forms', payload: body })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id
}

function postPage(
  context: typeof ctx,
  formId: string,
  parts: Parameters<typeof multipart>[0],
  cookie?: string,
) {
  const { body, contentType } = multipart(parts)
  return context.request({
    method: 'POST',
    url: `/f/${formId}`,
    headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}) },
    payload: body,
    token: null,
  })
}

const photo = (size = 1000) => ({
  name: 'photo',
  file: { filename: 'roof.png', type: 'image/png', bytes: pngOf(size) },
})

const onDisk = (context: typeof ctx, formId: string) =>
  readdir(join(context.config.filesDir, formId)).catch(() => [] as string[])
const rows = async (context: typeof ctx, formId: string) =>
  (await context.database.db.selectFrom('files').select('id').where('form_id', '=', formId).execute()).length

/** Neither a row nor bytes of the form's files, once what the request set going has settled. */
async function nothingKept(context: typeof ctx, formId: string) {
  await expect.poll(() => rows(context, formId)).toBe(0)
  await expect.poll(() => onDisk(context, formId)).toEqual([])
}

describe('a hosted page post that is refused', () => {
  it('over its address’s rate limit keeps no file, and shows what was typed', async () => {
    const formId = await createForm(limited)
    const first = await postPage(limited, formId, [photo(), { name: 'email', value: 'ann@example.com' }])
    expect(first.statusCode, first.body).toBe(303)
    const over = await postPage(limited, formId, [photo(2000), { name: 'email', value: 'bob@example.com' }])
    expect(over.statusCode).toBe(429)
    expect(over.body).toContain('value="bob@example.com"')
    expect(await rows(limited, formId)).toBe(1)
    expect(await onDisk(limited, formId)).toHaveLength(1)
  })

  it('from a bot (its honeypot filled) keeps no file, and deletes no other', async () => {
    const formId = await createForm()
    const trapped = await postPage(ctx, formId, [
      photo(),
      { name: 'email', value: 'bot@example.com' },
      { name: 'canvass:website', value: 'http://spam.example' },
    ])
    expect(trapped.statusCode).toBe(303)
    await nothingKept(ctx, formId)
    expect((await ctx.request({ url: `/v1/forms/${formId}/responses` })).json().items).toEqual([])
    // A respondent's upload waiting for its submission: a bot that names it is not its owner.
    const { body, contentType } = fileBody('mine.png', 'image/png', pngOf(1200))
    const theirs = await ctx.request({
      method: 'POST',
      url: `/v1/public/forms/${formId}/files?question=photo`,
      headers: { 'content-type': contentType },
      payload: body,
      token: null,
    })
    expect(theirs.statusCode).toBe(201)
    const named = await postPage(ctx, formId, [
      { name: 'photo', value: theirs.json().id },
      photo(),
      { name: 'email', value: 'bot@example.com' },
      { name: 'canvass:website', value: 'http://spam.example' },
    ])
    expect(named.statusCode).toBe(303)
    await expect.poll(() => rows(ctx, formId)).toBe(1)
    expect(await onDisk(ctx, formId)).toEqual([theirs.json().id])
  })

  it('for fields larger than a page may post keeps no file sent before them (413)', async () => {
    const formId = await createForm()
    // 275,000 bytes of fields, over the 256 KiB a page's fields may carry, while the whole body
    // stays ~85 KB under what the page's file questions leave room for: the fields' bound refuses it.
    const padding = Array.from({ length: 5 }, (_, n) => ({ name: `pad${n}`, value: 'x'.repeat(55_000) }))
    const refused = await postPage(ctx, formId, [
      photo(),
      { name: 'email', value: 'ann@example.com' },
      ...padding,
    ])
    expect(refused.statusCode).toBe(413)
    await nothingKept(ctx, formId)
  })
})

describe('an API upload that is refused', () => {
  it('for fields around its file keeps no file (413)', async () => {
    const formId = await createForm()
    const { body, contentType } = multipart([photo(), { name: 'note', value: 'n'.repeat(8000) }])
    const refused = await ctx.request({
      method: 'POST',
      url: `/v1/public/forms/${formId}/files?question=photo`,
      headers: { 'content-type': contentType },
      payload: body,
      token: null,
    })
    expect(refused.statusCode, refused.body).toBe(413)
    expect(refused.headers['content-type']).toContain('application/problem+json')
    await nothingKept(ctx, formId)
  })

  it('from outside waits while the form holds 1,000 unclaimed files; the workspace’s own may go on', async () => {
    const formId = await createForm()
    const now = clock.nowMicros()
    const pending = Array.from({ length: 1000 }, (_, n) => ({
      id: `file_${String(n).padStart(22, 'p')}`,
      form_id: formId,
      question_id: 'photo',
      response_id: null,
      name: `pending-${n}.png`,
      size: 100,
      type: 'image/png',
      secret: 'not-used',
      created_at: now,
    }))
    for (let at = 0; at < pending.length; at += 100)
      await ctx.database.db
        .insertInto('files')
        .values(pending.slice(at, at + 100))
        .execute()
    const { body, contentType } = fileBody('roof.png', 'image/png', pngOf(1000))
    const upload = (token: string | null, url: string) =>
      ctx.request({ method: 'POST', url, headers: { 'content-type': contentType }, payload: body, token })
    const waiting = await upload(null, `/v1/public/forms/${formId}/files?question=photo`)
    expect(waiting.statusCode, waiting.body).toBe(429)
    expect(waiting.json()).toMatchObject({ code: 'rate_limited' })
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0)
    const page = await postPage(ctx, formId, [photo(), { name: 'email', value: 'ann@example.com' }])
    expect(page.statusCode).toBe(422)
    expect(page.body).toContain('This form cannot take files right now. Please try again later.')
    expect(page.body).toContain('value="ann@example.com"')
    expect(await rows(ctx, formId)).toBe(1000)
    expect(await onDisk(ctx, formId)).toEqual([])
    // A day on, those files no longer count against the form's uploads (they expire later).
    clock.advance(DAY_MS + 60_000)
    const nextDay = await upload(null, `/v1/public/forms/${formId}/files?question=photo`)
    expect(nextDay.statusCode, nextDay.body).toBe(201)
    await ctx.database.db.deleteFrom('files').where('form_id', '=', formId).execute()
    const own = await upload(ctx.token, `/v1/forms/${formId}/files?question=photo`)
    expect(own.statusCode, own.body).toBe(201)
  })
})

describe('an upload to a server whose CANVASS_UPLOAD_MAX is 1 TiB', () => {
  it('is taken: its deadline, days long, is not cut short by a timer’s limit', async () => {
    const formId = await createForm(unbounded, {
      ...claims,
      questions: [{ id: 'photo', title: 'A photo', type: 'file_upload' }, claims.questions[1]],
    })
    const { body, contentType } = fileBody('roof.png', 'image/png', pngOf(1000))
    const uploaded = await unbounded.request({
      method: 'POST',
      url: `/v1/public/forms/${formId}/files?question=photo`,
      headers: { 'content-type': contentType },
      payload: body,
      token: null,
    })
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    const page = await postPage(unbounded, formId, [photo(), { name: 'email', value: 'ann@example.com' }])
    expect(page.statusCode, page.body).toBe(303)
  })
})

describe('a file no response has claimed', () => {
  const paged = {
    title: 'Paged',
    questions: [
      { id: 'photo', title: 'A photo', type: 'file_upload', required: true },
      { id: 'email', title: 'Your e-mail', type: 'email', required: true },
      { id: 'note', title: 'A note', type: 'short_text', required: true },
    ],
    pages: [
      { id: 'one', questions: ['photo'] },
      { id: 'two', questions: ['email'] },
      { id: 'three', questions: ['note'] },
    ],
    settings: { public: true },
  }
  const prune = () => pruneUnclaimedFiles(ctx.database, clock, new DeliverySignal(), ctx.config)

  it('goes with its bytes once no draft could hold it (CANVASS_DRAFT_DAYS, a day later)', async () => {
    const formId = await createForm()
    const { body, contentType } = fileBody('roof.png', 'image/png', pngOf(1000))
    const uploaded = await ctx.request({
      method: 'POST',
      url: `/v1/public/forms/${formId}/files?question=photo`,
      headers: { 'content-type': contentType },
      payload: body,
      token: null,
    })
    expect(uploaded.statusCode).toBe(201)
    clock.advance((ctx.config.draftDays + 2) * DAY_MS)
    while ((await prune()) > 0) {}
    await nothingKept(ctx, formId)
  })

  it('is kept while a draft that holds it is saved again, though a later page did not name it', async () => {
    const formId = await createForm(ctx, paged)
    const one = await postPage(ctx, formId, [{ name: 'canvass:page', value: 'one' }, photo()])
    expect(one.statusCode, one.body).toBe(303)
    const cookie = String(one.headers['set-cookie']).split(';')[0] as string
    clock.advance(20 * DAY_MS)
    const two = await postPage(
      ctx,
      formId,
      [
        { name: 'canvass:page', value: 'two' },
        { name: 'email', value: 'ann@example.com' },
      ],
      cookie,
    )
    expect(two.statusCode, two.body).toBe(303)
    clock.advance((ctx.config.draftDays - 10) * DAY_MS)
    while ((await prune()) > 0) {}
    expect(await rows(ctx, formId)).toBe(1)
    const three = await postPage(
      ctx,
      formId,
      [
        { name: 'canvass:page', value: 'three' },
        { name: 'note', value: 'the roof' },
      ],
      cookie,
    )
    expect(three.statusCode, three.body).toBe(303)
    expect(three.headers.location).toContain('/thanks')
    const [item] = (await ctx.request({ url: `/v1/forms/${formId}/responses` })).json().items
    expect(item.answers[0].file).toMatchObject({ name: 'roof.png', size: 1000 })
  })
})

describe('a file uploaded before its question changed', () => {
  it('no longer answers it when the question now takes smaller files or other types', async () => {
    const formId = await createForm()
    const { body, contentType } = fileBody('roof.png', 'image/png', pngOf(5000))
    const upload = async () => {
      const uploaded = await ctx.request({
        method: 'POST',
        url: `/v1/public/forms/${formId}/files?question=photo`,
        headers: { 'content-type': contentType },
        payload: body,
        token: null,
      })
      expect(uploaded.statusCode).toBe(201)
      return uploaded.json().id as string
    }
    const replaced = async (properties: object) => {
      const questions = [{ ...claims.questions[0], properties }, claims.questions[1]]
      const put = await ctx.request({
        method: 'PUT',
        url: `/v1/forms/${formId}`,
        payload: { ...claims, questions },
      })
      expect(put.statusCode, put.body).toBe(200)
    }
    const submit = (id: string) =>
      ctx.request({
        method: 'POST',
        url: `/v1/public/forms/${formId}/responses`,
        payload: { answers: { photo: { id }, email: 'ann@example.com' } },
        token: null,
      })
    const small = await upload()
    await replaced({ max_size: 1000 })
    const tooLarge = await submit(small)
    expect(tooLarge.statusCode).toBe(400)
    expect(tooLarge.json().errors).toEqual([
      { path: '/answers/photo', message: expect.stringContaining('larger than 1000 bytes') },
    ])
    await replaced({ types: ['application/pdf'] })
    const wrongType = await submit(small)
    expect(wrongType.statusCode).toBe(400)
    expect(wrongType.json().errors).toEqual([
      { path: '/answers/photo', message: expect.stringContaining('image/png') },
    ])
    await replaced({ types: ['image/*'] })
    expect((await submit(small)).statusCode).toBe(201)
  })
})

describe('the tidying of CANVASS_FILES_DIR', () => {
  it('removes the directory of a form that is gone, and nothing it did not write', async () => {
    const root = ctx.config.filesDir
    const goneForm = `frm_${'g'.repeat(22)}`
    await mkdir(join(root, goneForm), { recursive: true })
    await writeFile(join(root, goneForm, `file_${'g'.repeat(22)}`), 'orphaned bytes')
    await writeFile(join(root, 'canvass.sqlite'), 'a database someone keeps here')
    await mkdir(join(root, 'notes'), { recursive: true })
    await writeFile(join(root, 'notes', 'todo.txt'), 'their own')
    clock.advance(11 * 60_000)
    await sweepFileDirectories(ctx.database, clock, new DeliverySignal(), ctx.config)
    const left = await readdir(root)
    expect(left).not.toContain(goneForm)
    expect(left).toEqual(expect.arrayContaining(['canvass.sqlite', 'notes']))
    expect(await readdir(join(root, 'notes'))).toEqual(['todo.txt'])
  })
})
