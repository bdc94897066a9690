import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../support/browser.js'
import { useTestContext } from '../support/context.js'

// What a person's browser asks of a fresh server first: its root leads to the dashboard, and the
// site icon is a real image (decoded here by Chromium), cacheable, without a token.

const ctx = useTestContext()

describe('the server root', () => {
  it('redirects to the dashboard', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await ctx.request({ method, url: '/', token: null })
      expect(response.statusCode).toBe(302)
      expect(response.headers.location).toBe('/app')
    }
  })
})

describe('/favicon.ico', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('is an icon, served without a token and cacheable', async () => {
    const response = await ctx.request({ method: 'GET', url: '/favicon.ico', token: null })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/x-icon')
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d{4,}$/)
    // An ICO directory of one image.
    expect([...response.rawPayload.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0])
  })

  it('shows as a 32 px image of the Canvass mark in a browser', async () => {
    const icon = (await ctx.request({ method: 'GET', url: '/favicon.ico', token: null })).rawPayload
    const page = await browser.newPage()
    await page.setContent(`<img alt="icon" src="data:image/x-icon;base64,${icon.toString('base64')}">`)
    const drawn = await page.getByRole('img', { name: 'icon' }).evaluate(async (element) => {
      const image = element as HTMLImageElement
      await image.decode()
      const canvas = document.createElement('canvas')
      canvas.width = image.naturalWidth
      canvas.height = image.naturalHeight
      const context = canvas.getContext('2d') as CanvasRenderingContext2D
      context.drawImage(image, 0, 0)
      const at = (x: number, y: number) => [...context.getImageData(x, y, 1, 1).data]
      return {
        width: image.naturalWidth,
        height: image.naturalHeight,
        corner: at(0, 0),
        fill: at(4, 16),
        line: at(14, 16),
      }
    })
    await page.close()
    expect(drawn.width).toBe(32)
    expect(drawn.height).toBe(32)
    // Transparent outside the rounded square, blue inside it, a white line across it.
    expect(drawn.corner[3]).toBe(0)
    expect(drawn.fill).toEqual([0x29, 0x52, 0xcc, 255])
    expect(drawn.line).toEqual([255, 255, 255, 255])
  })
})
