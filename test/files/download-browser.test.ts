import { readFile, rm } from 'node:fs/promises'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedPath } from '../../src/domain/files/links.js'
import { launchChromium } from '../support/browser.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { sleep } from '../support/wait.js'
import { fileBody } from './support.js'

// docs/api.md#file-uploads in Chromium: an uploaded HTML page opened by its signed link, or with a
// token, is a download, never a page of Canvass's origin: no script of it runs, no dialog opens.

let ctx: TestContext
let base: string
let browser: Browser

beforeAll(async () => {
  ctx = await createTestContext({ publicRateLimit: 0 })
  base = (await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1')
  browser = await launchChromium()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await ctx?.close()
  if (ctx) await rm(ctx.config.filesDir, { recursive: true, force: true })
})

/** A page whose script, if it ever ran, would open a dialog and ask the server for a marked address. */
const page = (at: string) =>
  Buffer.from(
    `<!doctype html><title>Invoice</title><script>fetch('${at}/healthz?script-ran');alert(1)</script>\n`,
  )

async function uploadedPage(): Promise<{ id: string; bytes: Buffer }> {
  const created = await ctx.request({
    method: 'POST',
    url: '/v1/forms',
    payload: { title: 'Claims', questions: [{ id: 'doc', title: 'Any document', type: 'file_upload' }] },
  })
  expect(created.statusCode, created.body).toBe(201)
  const bytes = page(base)
  const { body, contentType } = fileBody('invoice.html', 'text/html', bytes)
  const uploaded = await ctx.request({
    method: 'POST',
    url: `/v1/forms/${created.json().id}/files?question=doc`,
    headers: { 'content-type': contentType },
    payload: body,
  })
  expect(uploaded.statusCode, uploaded.body).toBe(201)
  return { id: uploaded.json().id, bytes }
}

describe('an uploaded page in a browser', () => {
  it('downloads by its signed link or with a token, and none of it runs', async () => {
    const { id, bytes } = await uploadedPage()
    const row = await ctx.database.db
      .selectFrom('files')
      .select(['id', 'secret'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    const ways: { url: string; headers: Record<string, string> }[] = [
      { url: `${base}${signedPath(row, Math.floor(Date.now() / 1000) + 3600)}`, headers: {} },
      { url: `${base}/v1/files/${id}`, headers: { authorization: `Bearer ${ctx.token}` } },
    ]
    for (const { url, headers } of ways) {
      const context = await browser.newContext({ acceptDownloads: true, extraHTTPHeaders: headers })
      context.setDefaultTimeout(30_000)
      const tab = await context.newPage()
      const dialogs: string[] = []
      const requested: string[] = []
      tab.on('dialog', (dialog) => {
        dialogs.push(dialog.message())
        void dialog.dismiss()
      })
      tab.on('request', (request) => requested.push(request.url()))
      await tab.route(/^(?!http:\/\/127\.0\.0\.1[:/]).*/, (route) => route.abort())
      const [download] = await Promise.all([
        tab.waitForEvent('download'),
        // Chromium aborts a navigation that turns into a download.
        tab.goto(url).catch(() => undefined),
      ])
      expect(download.suggestedFilename()).toBe('invoice.html')
      expect((await readFile(await download.path())).equals(bytes)).toBe(true)
      // Time for a script to have run, had the page been shown.
      await sleep(1000)
      expect(dialogs).toEqual([])
      expect(requested).toEqual([url])
      expect(tab.url()).toBe('about:blank')
      await context.close()
    }
  })
})
