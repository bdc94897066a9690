import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

// When an answer's client has gone. A response's 'close' alone does not say: an HTTP/1.1 answer
// queued behind another on a pipelined connection has no socket yet, so when the client hangs up
// Node emits 'close' on the socket and on the request, never on that response (nor 'drain': a
// write waiting for room waits for ever). Whatever an answer holds (memory budget, a stream's
// slot and timers) is let go of on this signal, never on the response's 'close' alone.

/** Per socket, one 'close' listener, however many answers a pipelining client queues on it. */
const watchers = new WeakMap<Socket, Set<() => void>>()

function watchSocket(socket: Socket, gone: () => void): () => void {
  let set = watchers.get(socket)
  if (!set) {
    const created = new Set<() => void>()
    socket.once('close', () => {
      for (const watcher of created) watcher()
    })
    watchers.set(socket, created)
    set = created
  }
  set.add(gone)
  return () => set.delete(gone)
}

/**
 * Calls `then` once the answer is over (sent, or cut) or its client has gone: the response's
 * 'close', the socket's 'close' or the request's abort, whichever comes first; at once when that
 * happened already. Listeners are removed once it has been called.
 */
export function whenClientGone(request: IncomingMessage, response: ServerResponse, then: () => void): void {
  const socket = request.socket
  if (response.closed || socket.destroyed || request.errored) {
    then()
    return
  }
  // An answer that holds its socket hears of a hang-up through its own 'close'. Only one queued
  // behind another needs the socket's and the request's too: this keeps every other answer (the
  // hot page among them) at one listener.
  if (response.socket === socket) {
    response.once('close', then)
    return
  }
  const gone = () => {
    response.off('close', gone)
    request.off('close', requestClosed)
    unwatch()
    then()
  }
  // A request also closes once its body has been read: only an aborted one says the client has gone.
  const requestClosed = () => {
    if (request.errored || socket.destroyed) gone()
  }
  const unwatch = watchSocket(socket, gone)
  response.once('close', gone)
  request.once('close', requestClosed)
}

/** The same moment as an AbortSignal, for whatever races it (a stream's writes and timers). */
export function clientGone(request: IncomingMessage, response: ServerResponse): AbortSignal {
  const controller = new AbortController()
  whenClientGone(request, response, () => controller.abort())
  return controller.signal
}
