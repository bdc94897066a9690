import type { IncomingMessage } from 'node:http'

// A body over the limit is refused before it has all arrived. Closing the connection at once
// makes the kernel reset it while the client is still writing, and many clients (Node's fetch
// among them) then report a broken pipe instead of the 413. So the rest of the body is read and
// dropped first, up to a bound in bytes and in time, past which the connection is closed anyway.

/** Most bytes read and dropped after a body is refused as too large. */
export const DISCARD_MAX_BYTES = 16 * 1024 * 1024
/** Longest wait for the rest of a refused body. */
export const DISCARD_MAX_MS = 10_000

export function discardRest(request: IncomingMessage): Promise<void> {
  const declared = Number(request.headers['content-length'])
  // Too much to wait for: the client will see the connection close, as before.
  if (request.readableEnded || request.destroyed || declared > DISCARD_MAX_BYTES) return Promise.resolve()
  return new Promise((done) => {
    let dropped = 0
    const finish = () => {
      clearTimeout(timer)
      request.off('data', onData)
      request.off('end', finish)
      request.off('error', finish)
      request.off('close', finish)
      done()
    }
    const onData = (chunk: Buffer) => {
      dropped += chunk.length
      if (dropped > DISCARD_MAX_BYTES) finish()
    }
    const timer = setTimeout(finish, DISCARD_MAX_MS)
    request.on('data', onData)
    request.once('end', finish)
    request.once('error', finish)
    request.once('close', finish)
    request.resume()
  })
}
