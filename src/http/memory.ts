import { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { TSchema } from 'typebox'
import { chunksOf } from '../chunks.js'
import type { PlannedPage } from '../domain/paging.js'
import { PIECE_BYTES, pieces } from '../pieces.js'
import { whenClientGone } from './client-gone.js'
import { ApiError } from './errors.js'
import { type Page, pageResult } from './pagination.js'

// Pages and exports hold stored items (responses, contacts, forms) in memory while they write
// them. A page of 1000 responses of 4 MB each is 4 GB: it is read in batches, each taken from a
// process-wide budget of bytes first, and written to the socket with backpressure. Concurrent
// large answers wait for room instead of exhausting the heap (issue 11).

/** For the OpenAPI description of every operation that answers with stored items. */
export const boundedMemoryNote =
  'Large items are read in batches and streamed; the bytes are the same as for small ones. All such ' +
  'answers of a process together hold at most `CANVASS_LIST_MEMORY` bytes of stored items (default ' +
  '64 MiB); more wait for room. A stored item larger than that is a `409 conflict`.'

/** A counting semaphore over bytes, one per app (built from CANVASS_LIST_MEMORY). */
export class MemoryBudget {
  private used = 0
  private readonly waiting: { bytes: number; grant: () => void }[] = []

  /** `limit`: bytes of stored items held at once; `batchBytes`: the most one answer takes at a time. */
  constructor(
    readonly limit: number,
    readonly batchBytes = Math.floor(limit / 4),
  ) {}

  /** Waits until `bytes` fit (first come, first served). Callers never ask for more than `limit`. */
  take(bytes: number): Promise<void> | undefined {
    if (this.waiting.length === 0 && this.used + bytes <= this.limit) {
      this.used += bytes
      return undefined
    }
    return new Promise((grant) => {
      this.waiting.push({ bytes, grant })
    })
  }

  give(bytes: number): void {
    this.used -= bytes
    for (let next = this.waiting[0]; next && this.used + next.bytes <= this.limit; next = this.waiting[0]) {
      this.waiting.shift()
      this.used += next.bytes
      next.grant()
    }
  }

  /** Gives `bytes` back once the reply is sent, or the client has gone away (client-gone.ts). */
  giveWhenSent(reply: FastifyReply, bytes: number): void {
    whenClientGone(reply.request.raw, reply.raw, () => this.give(bytes))
  }

  /** A 409 when one stored item is larger than the whole budget: no answer could ever hold it. */
  check(itemBytes: number, what: string): void {
    if (itemBytes > this.limit) {
      throw new ApiError(
        'conflict',
        `${what} is ${itemBytes} bytes, more than this server holds in memory for answers at once ` +
          `(CANVASS_LIST_MEMORY=${this.limit}); an operator can raise it`,
      )
    }
  }
}

/** A slice of a page: its stored size (as estimated before loading) and how to load its JSON texts. */
export interface ItemBatch {
  bytes: number
  load(): Promise<(string | Buffer)[]>
}

// Written in pieces of 64 KiB (src/pieces.ts): each is its own Buffer, so what waits in the
// socket's queue never pins a whole batch, and the next batch is loaded only when the client has
// taken this one.

/**
 * Writes `{"page":"n","page_size":"n","items":[...]}`, byte for byte what a one-string page
 * would be, one batch at a time: each batch's bytes are taken from the budget before it is
 * loaded and given back once it has been handed to the socket.
 */
export function sendPageStream(
  request: FastifyRequest,
  reply: FastifyReply,
  budget: MemoryBudget,
  page: Page,
  hasMore: boolean,
  batches: ItemBatch[],
): FastifyReply {
  const shaped = pageResult(request, reply, page, [], hasMore)
  let gone = false
  whenClientGone(request.raw, reply.raw, () => {
    gone = true
  })
  const body = async function* () {
    yield Buffer.from(`{"page":"${shaped.page}","page_size":"${shaped.page_size}","items":[`)
    let first = true
    for (const batch of batches) {
      const bytes = Math.min(batch.bytes, budget.limit)
      await budget.take(bytes)
      try {
        if (gone) return
        for (const item of await batch.load()) {
          if (!first) yield Buffer.from(',')
          first = false
          yield* pieces(item)
        }
      } finally {
        // Also when the client goes away mid-batch (the stream is destroyed, the generator returns).
        budget.give(bytes)
      }
    }
    yield Buffer.from(']}')
  }
  const stream = Readable.from(body(), { objectMode: false, highWaterMark: PIECE_BYTES })
  return reply
    .code(200)
    .type('application/json; charset=utf-8')
    .send(endWhenClientGone(request, reply, stream))
}

/**
 * A streamed answer that holds part of a budget while it is written, destroyed once its client has
 * gone: Fastify hears of a hang-up through the response's 'close' only, which an answer queued on
 * a pipelined connection never emits, and its writes would wait for room for ever.
 */
export function endWhenClientGone<T extends Readable>(
  request: FastifyRequest,
  reply: FastifyReply,
  stream: T,
): T {
  whenClientGone(request.raw, reply.raw, () => stream.destroy())
  return stream
}

/**
 * Sends a page planned as rows of known stored size (`limit` = page size + 1 rows: the extra one
 * only says that another page follows), loading and serialising one batch at a time. A loaded row
 * is counted at three times its stored size: the row itself and its serialised text, which
 * escaping can make up to twice as long.
 */
export function sendPlannedPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  budget: MemoryBudget,
  page: Page,
  plan: { id: string; bytes: number }[],
  load: (ids: string[]) => Promise<T[]>,
  serialize: (item: T) => string,
): FastifyReply {
  const rows = plan.slice(0, page.page_size)
  const cost = (row: { bytes: number }) => 3 * Number(row.bytes) + 512
  for (const row of rows) budget.check(cost(row), `item ${row.id}`)
  const batches = [...chunksOf(rows, { bytes: budget.batchBytes, size: cost })].map((batch) => ({
    bytes: batch.reduce((sum, row) => sum + cost(row), 0),
    load: async () => (await load(batch.map((row) => row.id))).map(serialize),
  }))
  return sendPageStream(request, reply, budget, page, plan.length > page.page_size, batches)
}

/** The route's own serialiser for one item, so a batched page has the bytes a one-go page would. */
export function pageItemSerializer<T>(reply: FastifyReply, schema: TSchema): (item: T) => string {
  return reply.compileSerializationSchema(schema as unknown as Record<string, unknown>) as unknown as (
    item: T,
  ) => string
}

/** sendPlannedPage for a page the domain planned, each item serialised by the route's schema. */
export function sendPlannedItems<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  budget: MemoryBudget,
  page: Page,
  planned: PlannedPage<T>,
  itemSchema: TSchema,
): FastifyReply {
  return sendPlannedPage(
    request,
    reply,
    budget,
    page,
    planned.plan,
    planned.load,
    pageItemSerializer<T>(reply, itemSchema),
  )
}

/** Request bodies up to this size are read at once, without waiting; larger ones share a budget. */
export const LARGE_BODY_BYTES = 1024 * 1024

/**
 * A preParsing hook: a request body over 1 MiB is read only once its bytes fit in `budget`
 * (CANVASS_BODY_MEMORY), and they stay taken until the answer is sent. Reading, decoding,
 * parsing, validating and storing a 4 MiB body holds several copies of it for a while; a few
 * at once grew a process by hundreds of MB (docs/performance.md). Waiting bodies stay in the
 * socket, unread; small bodies (every public page and nearly every API call) never wait. It runs
 * after authentication, so only a holder of a token can make others wait.
 */
export function bodyMemoryGate(budget: MemoryBudget, bodyLimit: number) {
  return (request: FastifyRequest, reply: FastifyReply, _payload: unknown, done: () => void): void => {
    const declared = request.headers['content-length']
    const chunked = declared === undefined && request.headers['transfer-encoding'] !== undefined
    const length = chunked ? bodyLimit : Number(declared ?? 0)
    // Over the body limit: refused at once by the parser, without reading.
    if (!(length > LARGE_BODY_BYTES) || length > bodyLimit) {
      done()
      return
    }
    const bytes = Math.min(length, budget.limit)
    let granted = false
    let closed = false
    whenClientGone(request.raw, reply.raw, () => {
      closed = true
      if (granted) budget.give(bytes)
    })
    const grant = () => {
      granted = true
      if (closed) budget.give(bytes)
      done()
    }
    const waiting = budget.take(bytes)
    if (waiting) waiting.then(grant)
    else grant()
  }
}
