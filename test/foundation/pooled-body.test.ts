import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { type BodyPart, POOL_WRITE_BYTES, POOL_WRITES, PooledBody } from '../../src/http/pooled-body.js'

// The export's writer (src/http/pooled-body.ts) reuses a few Buffers: what comes out must be every
// part's bytes, whole and in order, however the parts fall across Buffers; a destination that stops
// taking writes holds it to its few Buffers; and destroyed mid-way, its producer stops.

/** A destination that keeps a copy of each write, and completes writes only when told to. */
function destination(complete: 'at once' | 'when told') {
  const received: Buffer[] = []
  const pending: (() => void)[] = []
  const sink = new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _encoding, callback) {
      received.push(Buffer.from(chunk))
      if (complete === 'at once') setImmediate(callback)
      else pending.push(() => callback())
    },
  })
  const ended = new Promise<void>((resolve) => sink.on('finish', resolve))
  return { sink, received, pending, ended }
}

async function written(parts: BodyPart[]): Promise<Buffer[]> {
  const { sink, received, ended } = destination('at once')
  new PooledBody(async (writer) => {
    for (const part of parts) await writer.write(part)
  }).pipe(sink)
  await ended
  return received
}

describe('a pooled body', () => {
  it('writes every part whole and in order, texts as UTF-8, longer ones split across Buffers', async () => {
    // Multi-byte characters and surrogate pairs at every alignment, so that Buffer ends fall on them.
    const long = 'a€😀ü'.repeat(20_000)
    const bytes = Buffer.from(Array.from({ length: 3 * POOL_WRITE_BYTES + 5 }, (_, n) => n % 251))
    const parts: BodyPart[] = [
      '{"first":1}\n',
      long,
      '\n',
      bytes,
      '',
      new Uint8Array(0),
      'x'.repeat(100),
      long,
    ]
    const received = await written(parts)
    const expected = Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)))
    expect(Buffer.concat(received).equals(expected)).toBe(true)
    for (const chunk of received) expect(chunk.length).toBeLessThanOrEqual(POOL_WRITE_BYTES)
    // Small parts are gathered into writes, not written one each.
    const small = await written(Array.from({ length: 1000 }, (_, n) => `{"n":${n}}\n`))
    expect(small.length).toBeLessThan(10)
  })

  it('holds at most its few Buffers for a destination that stops taking writes, then goes on', async () => {
    const { sink, received, pending, ended } = destination('when told')
    let copied = 0
    new PooledBody(async (writer) => {
      for (let n = 0; n < 10_000; n++) {
        await writer.write('y'.repeat(999))
        copied++
      }
    }).pipe(sink)
    await new Promise((resolve) => setTimeout(resolve, 100))
    // Everything copied so far is in Buffers handed over and not yet given back, or the one being filled.
    expect(pending.length + received.length).toBeLessThanOrEqual(POOL_WRITES)
    expect(copied * 999).toBeLessThanOrEqual((POOL_WRITES + 1) * POOL_WRITE_BYTES)
    const stalled = copied
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(copied).toBe(stalled)
    // The destination takes writes again: the rest comes.
    const drain = setInterval(() => {
      for (const done of pending.splice(0)) done()
    }, 1)
    await ended
    clearInterval(drain)
    expect(copied).toBe(10_000)
    expect(Buffer.concat(received).length).toBe(10_000 * 999)
  })

  it('stops its producer when destroyed while it waits for a Buffer', async () => {
    const { sink, pending } = destination('when told')
    let returned = false
    const body = new PooledBody(async (writer, gone) => {
      try {
        while (!gone.aborted) await writer.write('z'.repeat(4000))
      } finally {
        returned = true
      }
    })
    body.pipe(sink)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(pending.length).toBeGreaterThan(0)
    expect(returned).toBe(false)
    body.destroy()
    await new Promise((resolve) => setImmediate(resolve))
    expect(returned).toBe(true)
    expect(pending.length).toBeLessThanOrEqual(POOL_WRITES)
  })
})
