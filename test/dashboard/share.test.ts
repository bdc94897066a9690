import { readFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import jsqr from 'jsqr'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ensureDashboardBuilt, launchChromium, signedInDashboard } from '../support/browser.js'
import { createTestContext, type TestContext, useTestContext } from '../support/context.js'
import { checkScreen } from '../support/screens.js'

// Issue 27, items 13 and 11: a form's Share tab (its link to copy, a QR code to download as SVG and
// PNG, the embed snippet, its status, why a private or closed form's link does not answer) and the
// status chips of the forms list and the form's page. Links are made from CANVASS_PUBLIC_URL; on a
// loopback address without it, the panel says they work only on this machine.

ensureDashboardBuilt()
vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 50 } } })
const ctx = useTestContext()
let browser: Browser
let base: string
/** A second server, as started with CANVASS_PUBLIC_URL set. */
let configured: TestContext
let configuredBase: string
const publicUrl = 'https://forms.example.com/survey'
const ids: Record<string, string> = {}
const day = 86_400_000

async function createForm(on: TestContext, title: string, settings: object): Promise<string> {
  const form = { title, questions: [{ id: 'q', title: 'Anything to add?', type: 'short_text' }], settings }
  const response = await on.request({ method: 'POST', url: '/v1/forms', payload: form })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id
}

const listen = async (on: TestContext) => {
  await on.app.listen({ port: 0, host: '127.0.0.1' })
  return `http://127.0.0.1:${(on.app.server.address() as AddressInfo).port}`
}

beforeAll(async () => {
  base = await listen(ctx)
  configured = await createTestContext({ publicUrl })
  configuredBase = await listen(configured)
  browser = await launchChromium()
  const soon = new Date(Date.now() + 7 * day).toISOString()
  const past = new Date(Date.now() - day).toISOString()
  ids['Team lunch'] = await createForm(ctx, 'Team lunch', { public: true })
  ids['Office move'] = await createForm(ctx, 'Office move', {})
  ids['Quarterly check-in'] = await createForm(ctx, 'Quarterly check-in', { public: true, closes_at: soon })
  ids['Old poll'] = await createForm(ctx, 'Old poll', { public: true, closes_at: past })
  ids['Raffle'] = await createForm(ctx, 'Raffle', { public: true, max_responses: 1 })
  ids['Last year'] = await createForm(ctx, 'Last year', { closes_at: past })
  ids['Open day'] = await createForm(ctx, 'Open day', { public: true, opens_at: soon })
  const entry = await ctx.request({
    method: 'POST',
    url: `/v1/forms/${ids['Raffle']}/responses`,
    payload: { answers: { q: 'me' } },
  })
  expect(entry.statusCode).toBe(201)
  ids['Elsewhere'] = await createForm(configured, 'Lunch "and" <more>', { public: true })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await configured?.close()
})

async function sharePage(title: string, on = { base, token: '', key: '' }): Promise<Page> {
  const page = await signedInDashboard(browser, on.base, on.token || ctx.token, {
    path: `/app/forms/${ids[on.key || title]}/share`,
  })
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: on.base })
  await page.getByRole('heading', { level: 1, name: title }).waitFor()
  return page
}

/** What a QR code image (SVG or PNG bytes) holds, read by jsQR from the picture the browser draws. */
async function decodeQr(page: Page, bytes: Buffer, type: string): Promise<string | undefined> {
  const side = 288
  const pixels = await page.evaluate(
    async ({ data, type, side }) => {
      const image = new Image()
      image.src = `data:${type};base64,${data}`
      await image.decode()
      const canvas = document.createElement('canvas')
      canvas.width = canvas.height = side
      const context = canvas.getContext('2d') as CanvasRenderingContext2D
      context.drawImage(image, 0, 0, side, side)
      return Array.from(context.getImageData(0, 0, side, side).data)
    },
    { data: bytes.toString('base64'), type, side },
  )
  return jsqr.default(Uint8ClampedArray.from(pixels), side, side)?.data
}

async function download(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()])
  const path = await file.path()
  return { name: file.suggestedFilename(), bytes: await readFile(path) }
}

const chip = (scope: Locator, state: string) => scope.getByText(`Status: ${state}`, { exact: true })

describe('the Share tab', { timeout: 240_000 }, () => {
  it('copies the link, whose QR code (on screen, SVG and PNG) holds it, and the embed snippet', async () => {
    const page = await sharePage('Team lunch')
    const link = `${base}/f/${ids['Team lunch']}`
    const main = page.getByRole('main')
    await expect
      .poll(() => main.getByRole('link', { name: 'Share' }).getAttribute('aria-current'))
      .toBe('page')
    await expect.poll(() => chip(main, 'Live').isVisible()).toBe(true)
    expect(await page.title()).toBe('Share · Team lunch · Canvass')

    expect(await page.getByLabel('Form link').inputValue()).toBe(link)
    expect(await main.textContent()).toContain('Anyone with the link can answer.')
    await page.getByRole('button', { name: 'Copy link' }).click()
    await expect.poll(() => main.getByRole('status').filter({ hasText: 'Link copied' }).count()).toBe(1)
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
    // The link answers: the form is live.
    expect((await fetch(link)).status).toBe(200)

    const qr = page.getByRole('img', { name: `QR code of ${link}` })
    expect(await decodeQr(page, await qr.screenshot(), 'image/png')).toBe(link)
    const svg = await download(page, page.getByRole('button', { name: 'Download SVG' }))
    expect(svg.name).toBe(`${ids['Team lunch']}-qr.svg`)
    expect(svg.bytes.toString()).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg" /,
    )
    expect(await decodeQr(page, svg.bytes, 'image/svg+xml')).toBe(link)
    const png = await download(page, page.getByRole('button', { name: 'Download PNG' }))
    expect(png.name).toBe(`${ids['Team lunch']}-qr.png`)
    expect(png.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    const width = png.bytes.readUInt32BE(16)
    expect(width).toBe(png.bytes.readUInt32BE(20))
    expect(width).toBeGreaterThanOrEqual(1000)
    expect(await decodeQr(page, png.bytes, 'image/png')).toBe(link)

    const snippet =
      `<div data-canvass-form="${ids['Team lunch']}" data-canvass-title="Team lunch"></div>\n` +
      `<script src="${base}/embed.js" async></script>`
    expect(await page.getByLabel('Embed code').inputValue()).toBe(snippet)
    await page.getByRole('button', { name: 'Copy embed code' }).click()
    await expect.poll(() => main.getByRole('status').filter({ hasText: 'Embed code copied' }).count()).toBe(1)
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet)
    expect((await fetch(`${base}/embed.js`)).status).toBe(200)

    // Served on 127.0.0.1 without CANVASS_PUBLIC_URL: the links work only here, and the panel says so.
    const notice = main.getByText('These links only work on this machine.')
    expect(await notice.isVisible()).toBe(true)
    expect(await main.textContent()).toContain(
      'set CANVASS_PUBLIC_URL to the address people reach this server at',
    )
    await checkScreen(page, 'share-live')
  })

  it('says why a draft’s link does not answer and where to publish it', async () => {
    const page = await sharePage('Office move')
    const main = page.getByRole('main')
    await expect.poll(() => chip(main, 'Draft').isVisible()).toBe(true)
    const why = main.getByText('This form is a draft: its link answers “not found”.')
    expect(await why.isVisible()).toBe(true)
    const paragraph = main.locator('.notice.warn')
    expect(await paragraph.textContent()).toContain(
      'To publish it, tick “Public” in Edit form, under Publishing.',
    )
    const edit = paragraph.getByRole('link', { name: 'Edit form, under Publishing' })
    expect(await edit.getAttribute('href')).toBe(`/app/forms/${ids['Office move']}/edit`)
    expect((await fetch(`${base}/f/${ids['Office move']}`)).status).toBe(404)
    await checkScreen(page, 'share-draft')
    await edit.click()
    await page.getByRole('group', { name: 'Publishing' }).waitFor()

    // A draft whose closing time has passed: publishing alone would not open it.
    const late = await sharePage('Last year')
    const lateText = await late.getByRole('main').locator('.notice.warn').textContent()
    expect(lateText).toContain(
      'tick “Public” in Edit form, under Publishing, and move “Closes at” later or clear it: it closed on',
    )
  })

  it('says why a closed form’s link shows the closed message, by date or by its most responses', async () => {
    const page = await sharePage('Old poll')
    const main = page.getByRole('main')
    await expect.poll(() => chip(main, 'Closed').isVisible()).toBe(true)
    const text = await main.locator('.notice.warn').textContent()
    expect(text).toContain(
      'This form is closed: its link shows the closed message instead of the questions, as it closed on',
    )
    expect(text).toContain(
      'To take answers again, move “Closes at” later or clear it in Edit form, under Publishing.',
    )
    expect((await fetch(`${base}/f/${ids['Old poll']}`)).status).toBe(410)
    await checkScreen(page, 'share-closed')

    const full = await sharePage('Raffle')
    const fullMain = full.getByRole('main')
    await expect.poll(() => chip(fullMain, 'Closed').isVisible()).toBe(true)
    const fullText = await fullMain.locator('.notice.warn').textContent()
    expect(fullText).toContain(
      'as it has its most responses (1 of 1). To take answers again, raise “Most responses” or clear it',
    )
    expect((await fetch(`${base}/f/${ids['Raffle']}`)).status).toBe(410)
  })

  it('shows each state’s chip in the forms list and on the form’s page, as /f answers', async () => {
    const page = await signedInDashboard(browser, base, ctx.token)
    const card = (title: string) =>
      page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) })
    const expected: [string, string, number][] = [
      ['Team lunch', 'Live', 200],
      ['Office move', 'Draft', 404],
      ['Quarterly check-in', 'Scheduled', 200],
      ['Old poll', 'Closed', 410],
      ['Raffle', 'Closed', 410],
      ['Last year', 'Draft', 404],
      ['Open day', 'Scheduled', 410],
    ]
    for (const [title, state, status] of expected) {
      await expect.poll(() => chip(card(title), state).isVisible(), { message: title }).toBe(true)
      expect(
        await card(title)
          .getByText(/^Status: /)
          .count(),
        title,
      ).toBe(1)
      expect((await fetch(`${base}/f/${ids[title]}`)).status, title).toBe(status)
    }
    // Scheduled says when it closes, in the viewer's time.
    const closes = card('Quarterly check-in').getByText(/^closes /)
    expect(await closes.isVisible()).toBe(true)
    expect(await closes.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/)

    await page.goto(`${base}/app/forms/${ids['Quarterly check-in']}`)
    const main = page.getByRole('main')
    await expect.poll(() => chip(main, 'Scheduled').isVisible()).toBe(true)
    expect(await main.getByText(/^closes /).isVisible()).toBe(true)
    await main.getByRole('link', { name: 'Share' }).click()
    await expect.poll(() => main.getByText(/^Anyone with the link can answer until /).isVisible()).toBe(true)
    await checkScreen(page, 'share-scheduled')

    // Scheduled to open: the chip says when it opens, the panel from when anyone can answer.
    await page.goto(`${base}/app/forms/${ids['Open day']}/share`)
    await expect.poll(() => chip(main, 'Scheduled').isVisible()).toBe(true)
    expect(await main.locator('.chip-note').first().textContent()).toMatch(/^opens /)
    expect(await main.locator('.chip-note time').first().getAttribute('datetime')).toMatch(
      /^\d{4}-\d\d-\d\dT/,
    )
    await expect
      .poll(() =>
        main
          .getByText(/^Anyone with the link can answer from .+ \(until then its link says when it opens\)\.$/)
          .isVisible(),
      )
      .toBe(true)
    const opening = await fetch(`${base}/f/${ids['Open day']}`)
    expect(await opening.text()).toContain('This form opens on')
  })

  it('makes the link and the snippet from CANVASS_PUBLIC_URL, in the panel and the forms list', async () => {
    const page = await sharePage('Lunch "and" <more>', {
      base: configuredBase,
      token: configured.token,
      key: 'Elsewhere',
    })
    const id = ids['Elsewhere']
    const link = `${publicUrl}/f/${id}`
    expect(await page.getByLabel('Form link').inputValue()).toBe(link)
    expect(await page.getByLabel('Embed code').inputValue()).toBe(
      `<div data-canvass-form="${id}" data-canvass-title="Lunch &quot;and&quot; &lt;more&gt;"></div>\n` +
        `<script src="${publicUrl}/embed.js" async></script>`,
    )
    expect(await page.getByRole('img', { name: `QR code of ${link}` }).isVisible()).toBe(true)
    const svg = await download(page, page.getByRole('button', { name: 'Download SVG' }))
    expect(await decodeQr(page, svg.bytes, 'image/svg+xml')).toBe(link)
    expect(await page.getByText('These links only work on this machine.').count()).toBe(0)

    await page.getByRole('main').getByRole('link', { name: 'Forms', exact: true }).click()
    await expect.poll(() => page.getByRole('link', { name: link }).isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Copy link' }).click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link)
  })
})
