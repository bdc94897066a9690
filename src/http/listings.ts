import { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { TSchema } from 'typebox'
import { chunksOf } from '../chunks.js'
import type { Batch, Listing, MemoryBudget, Page, StoredJson } from '../domain/listing.js'
import { PIECE_BYTES, pieces } from '../pieces.js'
import { whenClientGone } from './client-gone.js'
import { pageResult } from './pagination.js'
import { type BodyPart, PooledBody } from './pooled-body.js'

// The one writer of listings (src/domain/listing.ts): a page's envelope or an export's lines. A
// listing read in one query is sent as one value, its bytes given back to the budget once it is
// sent; any other page is written a batch at a time, in pieces of 64 KiB (src/pieces.ts), each its
// own Buffer, so what waits in the socket's queue never pins a whole batch. An export is copied
// into a few Buffers reused for the whole answer (pooled-body.ts): it allocates no Buffer per row,
// whose garbage V8 would collect only under external memory pressure (docs/performance.md). Either
// way the next batch is read only once the client has taken this one.

/** For the OpenAPI description of every operation that answers with stored items. */
export const boundedMemoryNote =
  'Large items are read in batches and streamed; the bytes are the same as for small ones. All such ' +
  'answers of a process together hold at most `CANVASS_LIST_MEMORY` bytes of stored items (default ' +
  '64 MiB); more wait for room. A stored item larger than that is a `409 conflict`.'

const jsonType = 'application/json; charset=utf-8'
const comma = Buffer.from(',')

/** How an item is written: stored JSON as it is, or an object by the route's schema. */
export type ItemWriter<T> = (item: T) => StoredJson

const asStored: ItemWriter<StoredJson> = (item) => item

/** The route's own serialiser for one item, so a batched page has the bytes a one-go page would. */
export function itemSerializer<T>(reply: FastifyReply, schema: TSchema): ItemWriter<T> {
  return reply.compileSerializationSchema(schema as unknown as Record<string, unknown>) as unknown as (
    item: T,
  ) => string
}

/**
 * Sends `{"page":"n","page_size":"n","items":[...]}` with its Link header. The items are written
 * as they are (stored JSON texts, which a page read in one query may hold joined into one) or by
 * `write`; the bytes are the same however the page was read.
 */
export function sendPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  budget: MemoryBudget,
  page: Page,
  listing: Listing<T>,
  write?: ItemWriter<T>,
): FastifyReply {
  const toJson = write ?? (asStored as ItemWriter<unknown>)
  pageResult(request, reply, page, [], listing.more)
  const head = `{"page":"${page.page}","page_size":"${page.page_size}","items":[`
  const { batches } = listing
  if (Array.isArray(batches)) {
    const [batch] = batches
    giveWhenSent(reply, budget, batch.held)
    return reply
      .code(200)
      .type(jsonType)
      .send(joinItems(head, batch.items.map(toJson), ']}'))
  }
  let first = true
  // A generator: each piece of an item is encoded only once the one before has been written.
  const parts = function* (item: T) {
    if (!first) yield comma
    first = false
    yield* pieces(toJson(item))
  }
  const body = written(request, reply, budget, batches, Buffer.from(head), () => [Buffer.from(']}')], parts)
  return reply.code(200).type(jsonType).send(body)
}

/** How an export writes: `head` (CSV's header line), each item's line, then `tail` (XLSX's end). */
export interface ExportWriting {
  head: Uint8Array | undefined
  prepare?: ((items: StoredJson[]) => Promise<void>) | undefined
  line(item: StoredJson): BodyPart[]
  tail?: () => BodyPart[]
}

/**
 * Sends an export through a PooledBody (pooled-body.ts): a batch's bytes stay taken from the budget
 * until its lines have been copied into the pool, and are given back at once when the client goes
 * away mid-batch (the body is destroyed, its writer's wait stops, the loop returns).
 */
export function sendExport(
  request: FastifyRequest,
  reply: FastifyReply,
  budget: MemoryBudget,
  listing: Listing<StoredJson>,
  lines: ExportWriting,
): FastifyReply {
  const { batches } = listing
  const read = Array.isArray(batches) ? alreadyRead(reply, budget, batches) : batches
  const body = new PooledBody(async (writer, gone) => {
    if (lines.head) await writer.write(lines.head)
    for await (const batch of read(gone)) {
      try {
        if (gone.aborted) return
        if (lines.prepare) await lines.prepare(batch.items)
        for (const item of batch.items) {
          for (const part of lines.line(item)) {
            // A promise only when the pool had no free Buffer: most parts are copied at once.
            const waiting = writer.write(part)
            if (waiting) await waiting
          }
        }
      } finally {
        budget.give(batch.held)
      }
    }
    // Computed only once every item is written: what ends an XLSX depends on what came before.
    if (!gone.aborted) for (const part of lines.tail?.() ?? []) await writer.write(part)
  })
  // Fastify hears of a hang-up through the response's 'close' only, which an answer queued on a
  // pipelined connection never emits, and its writes would wait for room for ever.
  whenClientGone(request.raw, reply.raw, () => body.destroy())
  return reply.send(body)
}

/** A batch read already, as batches to write: its bytes given back once the answer is sent. */
function alreadyRead<T>(reply: FastifyReply, budget: MemoryBudget, [batch]: [Batch<T>]) {
  giveWhenSent(reply, budget, batch.held)
  return async function* () {
    yield { items: batch.items, held: 0 }
  }
}

// Small parts are gathered into writes of up to 16 KiB: a part each would be a write each. A batch
// joined into one string (~400 KB) would land in V8's large-object space, which only a full
// collection frees: at export speed those piled up in resident memory (`npm run bench -- --only export`).
const WRITE_BYTES = 16 * 1024

/**
 * The stream of `head`, each item's parts, then the parts of `tail`: a batch's bytes stay taken from the budget
 * until its parts have been handed to the socket, and are given back at once when the client goes
 * away mid-batch (the stream is destroyed, the generator returns). Destroyed once its client has
 * gone: Fastify hears of a hang-up through the response's 'close' only, which an answer queued on a
 * pipelined connection never emits, and its writes would wait for room for ever.
 */
function written<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  budget: MemoryBudget,
  batches: (gone: AbortSignal) => AsyncIterable<Batch<T>>,
  head: Buffer | undefined,
  tail: (() => Buffer[]) | undefined,
  parts: (item: T) => Iterable<Buffer>,
): Readable {
  const gone = new AbortController()
  const body = async function* () {
    if (head) yield head
    for await (const batch of batches(gone.signal)) {
      try {
        if (gone.signal.aborted) return
        const each = (function* () {
          for (const item of batch.items) yield* parts(item)
        })()
        for (const run of chunksOf(each, { bytes: WRITE_BYTES, size: (part) => part.length }))
          yield run.length === 1 ? (run[0] as Buffer) : Buffer.concat(run)
      } finally {
        budget.give(batch.held)
      }
    }
    // Computed only once every item is written: what ends an XLSX depends on what came before.
    if (tail) yield* tail()
  }
  const stream = Readable.from(body(), { objectMode: false, highWaterMark: PIECE_BYTES })
  whenClientGone(request.raw, reply.raw, () => {
    gone.abort()
    stream.destroy()
  })
  return stream
}

/**
 * `head` + items separated by commas + `tail`: one Buffer when the items were read as bytes. Joined
 * here rather than by the database, which would copy the page once more; and a Buffer made by the
 * SQLite driver costs more to send than one Node allocated (docs/performance.md), so the copy is
 * not wasted.
 */
function joinItems(head: string, items: StoredJson[], tail: string): string | Buffer {
  if (items.every((item) => typeof item === 'string')) return `${head}${items.join(',')}${tail}`
  const parts: Buffer[] = [Buffer.from(head)]
  for (const [index, item] of items.entries()) {
    if (index > 0) parts.push(comma)
    parts.push(typeof item === 'string' ? Buffer.from(item) : item)
  }
  parts.push(Buffer.from(tail))
  return Buffer.concat(parts)
}

/** Gives `bytes` back once the reply is sent, or the client has gone away (client-gone.ts). */
export function giveWhenSent(reply: FastifyReply, budget: MemoryBudget, bytes: number): void {
  if (bytes > 0) whenClientGone(reply.request.raw, reply.raw, () => budget.give(bytes))
}
