import { randomBytes } from 'node:crypto'
import { get, type IncomingMessage } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storeResponses } from '../../src/domain/forms/responses/store.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { createForm } from './fixtures.js'

// The XLSX export is paced by its client, as the other formats are: a client that stops reading
// stops the export, and what the server holds meanwhile does not grow with the rows still to come.
// ~25 MB of workbook that barely compresses (random text), read by a client that pauses at once.

const ROWS = 25_000
let ctx: TestContext
let base: string
let formId: string

beforeAll(async () => {
  ctx = await createTestContext()
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  formId = await createForm(ctx, { title: 'Big', questions: [{ id: 't', title: 'Text', type: 'long_text' }] })
  for (let done = 0; done < ROWS; done += 1000) {
    await ctx.database.transaction((trx) =>
      storeResponses(trx, ctx.clock, ctx.deliverySignal, {
        workspaceId: ctx.workspaceId,
        formId,
        submissions: Array.from({ length: 1000 }, () => ({
          answers: { t: randomBytes(600).toString('base64') },
        })),
      }),
    )
  }
}, 300_000)
afterAll(() => ctx.close())

describe('the XLSX export', () => {
  it('stops when its client stops reading, then finishes when it reads again', async () => {
    const sockets: Socket[] = []
    ctx.app.server.on('connection', (socket: Socket) => sockets.push(socket))
    const response = await new Promise<IncomingMessage>((resolve) => {
      get(
        `${base}/v1/forms/${formId}/responses/export?format=xlsx`,
        { headers: { authorization: `Bearer ${ctx.token}` } },
        resolve,
      )
    })
    try {
      expect(response.statusCode).toBe(200)
      response.pause()
      await new Promise((resolve) => setTimeout(resolve, 3000))
      // What the server has made of the workbook while the client did not read: sent (into the
      // sockets' buffers) or waiting to be. Unpaced, that would be all of it.
      const made = sockets.reduce((sum, socket) => sum + socket.bytesWritten + socket.writableLength, 0)
      let bytes = 0
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length
      })
      response.resume()
      await new Promise((resolve) => response.on('end', resolve))
      expect(bytes).toBeGreaterThan(ROWS * 600)
      expect(made).toBeLessThan(bytes / 2)
    } finally {
      response.destroy()
    }
  }, 120_000)
})
