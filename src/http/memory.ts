import type { FastifyReply, FastifyRequest } from 'fastify'
import type { MemoryBudget } from '../domain/listing.js'
import { whenClientGone } from './client-gone.js'

// Request bodies hold memory while they are read, parsed and stored: large ones share a budget of
// their own (CANVASS_BODY_MEMORY), a MemoryBudget as listings have (src/domain/listing.ts).

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
    // Over the body limit: refused at once by the parser, without reading. A multipart body is
    // streamed to disk by its route (src/http/uploads.ts), never held: it takes no memory to wait
    // for, and a public upload (no token) that stalls must not make others wait.
    const streamed = (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data')
    if (streamed || !(length > LARGE_BODY_BYTES) || length > bodyLimit) {
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
