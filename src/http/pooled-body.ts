import { Readable } from 'node:stream'

// An answer's body written through a few Buffers reused for the whole answer: each part's bytes are
// copied into the current one, a full one is handed to the destination, and it is reused once the
// destination's write callback says it is done with it. An export allocates no Buffer per row, so
// no external memory piles up between collections (docs/performance.md, the export rows). Fastify
// and the compression plugin pipe a stream body into the response; `pipe` is where this body
// writes to it itself, to have each write's callback.

/** Bytes a pool Buffer holds: one write. */
export const POOL_WRITE_BYTES = 16 * 1024
/** Writes in flight at once: what a client that stops reading holds the server to. */
export const POOL_WRITES = 8
// A slice of a text this long encodes to at most one pool Buffer (at most 3 bytes a UTF-16 unit).
const SLICE_UNITS = Math.floor(POOL_WRITE_BYTES / 3)

/** A part of a body: a text (written as UTF-8) or bytes. */
export type BodyPart = string | Uint8Array

/** Where a body's parts are written; `write` resolves once they are copied, waiting for a free Buffer. */
export interface PartWriter {
  write(part: BodyPart): Promise<void> | undefined
}

type Destination = NodeJS.WritableStream & {
  write(chunk: Uint8Array, callback: (error?: unknown) => void): boolean
}

class Stopped extends Error {}

/**
 * The Buffers of one answer, and the one being filled. `gone` stops a wait for a free Buffer: the
 * client went away, and the callbacks of writes in flight may never come.
 */
class WritePool {
  readonly #free: Buffer[] = []
  readonly #waiting: (() => void)[] = []
  #made = 0
  #current: Buffer | undefined
  #used = 0

  constructor(
    private readonly destination: Destination,
    private readonly gone: AbortSignal,
  ) {
    gone.addEventListener('abort', () => {
      for (const wake of this.#waiting.splice(0)) wake()
    })
  }

  /** Copies `part` in; a promise only when it had to wait for a Buffer to come back. */
  write(part: BodyPart): Promise<void> | undefined {
    if (part.length === 0) return undefined
    if (typeof part === 'string') {
      // Most parts fit as they are, and a text of n units is at most 3n bytes.
      const room = this.#current ? this.#current.length - this.#used : 0
      if (part.length * 3 <= room || Buffer.byteLength(part) <= room) {
        this.#used += (this.#current as Buffer).write(part, this.#used)
        return undefined
      }
      return this.#writeText(part)
    }
    const room = this.#current ? this.#current.length - this.#used : 0
    if (part.length <= room) {
      ;(this.#current as Buffer).set(part, this.#used)
      this.#used += part.length
      return undefined
    }
    return this.#writeBytes(part)
  }

  async #writeText(text: string): Promise<void> {
    for (let at = 0; at < text.length; ) {
      let end = Math.min(text.length, at + SLICE_UNITS)
      // Never between the two halves of a surrogate pair: each half alone would encode as U+FFFD.
      const last = text.charCodeAt(end - 1)
      if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--
      const slice = text.slice(at, end)
      const bytes = Buffer.byteLength(slice)
      if (!this.#current || this.#current.length - this.#used < bytes) await this.#next()
      this.#used += (this.#current as Buffer).write(slice, this.#used)
      at = end
    }
  }

  async #writeBytes(bytes: Uint8Array): Promise<void> {
    for (let at = 0; at < bytes.length; ) {
      if (!this.#current || this.#used === this.#current.length) await this.#next()
      const current = this.#current as Buffer
      const end = Math.min(bytes.length, at + current.length - this.#used)
      current.set(bytes.subarray(at, end), this.#used)
      this.#used += end - at
      at = end
    }
  }

  /** Hands the current Buffer over, if it holds anything, and takes a free one. */
  async #next(): Promise<void> {
    this.flush()
    this.#current = await this.#take()
    this.#used = 0
  }

  /** Hands what the current Buffer holds to the destination; the Buffer comes back in the write's callback. */
  flush(): void {
    const buffer = this.#current
    if (!buffer || this.#used === 0) return
    this.#current = undefined
    this.destination.write(buffer.subarray(0, this.#used), () => this.#give(buffer))
  }

  async #take(): Promise<Buffer> {
    for (;;) {
      if (this.gone.aborted) throw new Stopped()
      const free = this.#free.pop()
      if (free) return free
      if (this.#made < POOL_WRITES) {
        this.#made++
        return Buffer.allocUnsafe(POOL_WRITE_BYTES)
      }
      await new Promise<void>((wake) => this.#waiting.push(wake))
    }
  }

  #give(buffer: Buffer): void {
    this.#free.push(buffer)
    this.#waiting.shift()?.()
  }
}

/**
 * A body whose parts `produce` writes (awaiting each write that returns a promise), sent through a
 * WritePool to whatever it is piped into. Destroyed (the client went away, or the response closed
 * early), it stops `produce`'s next wait through `gone`, and `produce` is expected to return.
 */
export class PooledBody extends Readable {
  readonly #stop = new AbortController()

  constructor(private readonly produce: (writer: PartWriter, gone: AbortSignal) => Promise<void>) {
    super()
  }

  override _read(): void {}

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#stop.abort()
    callback(error)
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    const pool = new WritePool(destination as unknown as Destination, this.#stop.signal)
    this.produce(pool, this.#stop.signal).then(
      () => {
        if (this.destroyed) return
        pool.flush()
        if (options?.end !== false) destination.end()
        // Ended, for whoever waits on this stream (Fastify, the compression plugin's pipeline).
        this.push(null)
        this.resume()
      },
      (error: unknown) => {
        if (error instanceof Stopped || this.destroyed) return
        this.destroy(error instanceof Error ? error : new Error(String(error)))
      },
    )
    return destination
  }
}
